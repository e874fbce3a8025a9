using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Emit;

namespace Sing.Installer.Tests
{
    /// <summary>Compiles test programs the way Build/BareMetal.props does (no stdlib, our corelib and SIP runtime,
    /// unsafe allowed), into a temporary directory.</summary>
    internal static class ProgramCompiler
    {
        public const string ContractsSource = """
            using System;
            namespace Sing.Contracts
            {
                [AttributeUsage(AttributeTargets.Class)]
                public sealed class ContractAttribute : Attribute { }
            }
            namespace Sing.Apps.Echo
            {
                [Sing.Contracts.Contract]
                public static class EchoContract
                {
                    public static int Ping(int x) => x;
                    public static class Imp { public static int Send(int x) => x; }
                }
                [Sing.Contracts.Contract]
                public static class TimeContract { public static int Now() => 0; }
                public static class NotAContract { public static int Hello() => 1; }
            }
            """;

        private static readonly Lazy<MetadataReference[]> s_runtime = new(() => new[]
        {
            MetadataReference.CreateFromFile(Path.Combine(TestPaths.RuntimeBin, "System.Private.CoreLib.dll")),
            MetadataReference.CreateFromFile(Path.Combine(TestPaths.RuntimeBin, "Sing.SipRuntime.dll")),
        });

        /// <summary>Compiles <paramref name="source"/> as assembly <paramref name="name"/> into <paramref name="directory"/>;
        /// extra references are other dlls already there. Returns the dll path.</summary>
        public static string Compile(string name, string source, string directory, IEnumerable<string>? references = null, bool allowUnsafe = true)
        {
            var refs = s_runtime.Value.Concat((references ?? Enumerable.Empty<string>()).Select(r => MetadataReference.CreateFromFile(r)));
            var compilation = CSharpCompilation.Create(name,
                new[] { CSharpSyntaxTree.ParseText(source, new CSharpParseOptions(LanguageVersion.Latest)) },
                refs,
                new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, allowUnsafe: allowUnsafe, nullableContextOptions: NullableContextOptions.Disable));
            string path = Path.Combine(directory, name + ".dll");
            using (var stream = File.Create(path))
            {
                EmitResult result = compilation.Emit(stream, options: new EmitOptions(runtimeMetadataVersion: "v4.0.30319"));
                var errors = result.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
                if (errors.Count > 0) throw new InvalidOperationException($"test program {name} does not compile:\n" + string.Join("\n", errors));
            }
            return path;
        }

        public static string TempDirectory()
        {
            string dir = Path.Combine(Path.GetTempPath(), "sing-installer-tests", Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(dir);
            return dir;
        }
    }
}
