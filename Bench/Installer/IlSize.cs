using System.IO;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;

namespace Sing.Bench.Installer
{
    /// <summary>How much IL the installer checks in a program's own assembly: methods with a body and their IL
    /// bytes (code only, no headers or exception tables).</summary>
    internal readonly record struct IlSize(int Methods, int Bytes)
    {
        public static IlSize Of(string assembly)
        {
            using var stream = File.OpenRead(assembly);
            using var pe = new PEReader(stream);
            MetadataReader md = pe.GetMetadataReader();
            int methods = 0, bytes = 0;
            foreach (MethodDefinitionHandle h in md.MethodDefinitions)
            {
                int rva = md.GetMethodDefinition(h).RelativeVirtualAddress;
                if (rva == 0) continue;
                methods++;
                bytes += pe.GetMethodBody(rva).GetILReader().Length;
            }
            return new IlSize(methods, bytes);
        }
    }
}
