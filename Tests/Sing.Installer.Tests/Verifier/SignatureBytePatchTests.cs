using System.IO;
using System.Linq;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;
using Xunit;

namespace Sing.Installer.Tests.Verifier
{
    /// <summary>Metadata facts Mono.Cecil cannot write inconsistently (it derives one from the other), patched in the
    /// file's bytes instead.</summary>
    public sealed class SignatureBytePatchTests
    {
        /// <summary>II.22.20: a method signature whose generic parameter count differs from its GenericParam rows would
        /// let !!1 go unconstrained by the table while callers instantiate it (TypeRules, SINGI099).</summary>
        [Fact]
        public void GenericCountDisagreeingWithTheGenericParamTableIsRefused()
        {
            string dir = ProgramCompiler.TempDirectory();
            try
            {
                string dll = ProgramCompiler.Compile("App", MetadataCorpus.Source, dir);
                byte[] bytes = File.ReadAllBytes(dll);
                int at;
                using (var pe = new PEReader(new MemoryStream(bytes)))
                {
                    MetadataReader r = pe.GetMetadataReader();
                    MethodDefinition peek = r.MethodDefinitions.Select(r.GetMethodDefinition)
                        .First(m => r.GetString(m.Name) == "Peek" && r.GetString(r.GetTypeDefinition(m.GetDeclaringType()).Name) == "Keeper");
                    // The blob: a one-byte length (short blobs), the header (GENERIC | HASTHIS), then the generic count.
                    at = pe.PEHeaders.MetadataStartOffset + r.GetHeapMetadataOffset(HeapIndex.Blob) + MetadataTokens.GetHeapOffset(peek.Signature) + 2;
                    Assert.Equal(0x30, bytes[at - 1]);
                    Assert.Equal(1, bytes[at]);
                }
                bytes[at] = 2;
                File.WriteAllBytes(dll, bytes);
                var diagnostics = PatchedPrograms.Verify(dll, dir);
                Assert.Contains(diagnostics, d => d.Code == "SINGI099"
                    && d.Message.Contains("method Peek's signature has 2 generic parameter(s) but the GenericParam table gives it 1"));
            }
            finally
            {
                Directory.Delete(dir, recursive: true);
            }
        }
    }
}
