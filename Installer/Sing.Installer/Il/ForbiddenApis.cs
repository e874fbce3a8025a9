using System;

namespace Sing.Installer.Il
{
    /// <summary>Runtime types an untrusted program may not touch: they reinterpret memory, pin or leak objects, or reach
    /// the runtime's and the kernel's internals, and so would let a program escape type safety.</summary>
    public static class ForbiddenApis
    {
        private static readonly (string Type, string Why)[] s_types =
        {
            ("System.Runtime.CompilerServices.Unsafe", "reinterprets references and memory without type checks"),
            ("System.Runtime.InteropServices.MemoryMarshal", "reinterprets memory without type checks"),
            ("System.Runtime.InteropServices.Marshal", "reads and writes raw memory"),
            ("System.Runtime.InteropServices.NativeMemory", "allocates raw memory outside the collector"),
            ("System.Runtime.InteropServices.GCHandle", "pins objects and turns them into raw addresses"),
            ("Singularity.V1.AbiTable", "is the raw kernel ABI table; use the typed API in Singularity.V1"),
            ("System.Runtime.TypeLoaderExports", "is the compiler's generic-dispatch helper: it reads a method handle as a dispatch descriptor and returns a code address"),
        };

        private static readonly (string Namespace, string Why)[] s_namespaces =
        {
            ("Internal", "is the runtime's implementation"),
            ("Singularity.V1.Abi", "is the raw kernel ABI; use the typed API in Singularity.V1"),
        };

        private static readonly char[] s_separators = { '<', '>', ',', '[', ']', '*', '&', ' ' };

        /// <summary>Why <paramref name="typeName"/> (possibly generic, e.g. "List&lt;Internal.X&gt;") is forbidden, or null.</summary>
        public static (string Type, string Why)? Find(string typeName)
        {
            foreach (string part in typeName.Split(s_separators, StringSplitOptions.RemoveEmptyEntries))
            {
                foreach (var (type, why) in s_types)
                    if (part == type || part.StartsWith(type + "+", StringComparison.Ordinal)) return (type, why);
                foreach (var (ns, why) in s_namespaces)
                    if (part.StartsWith(ns + ".", StringComparison.Ordinal)) return (part, why);
            }
            return null;
        }
    }
}
