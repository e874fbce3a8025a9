using System.IO;
using System.Linq;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using Sing.Installer.Il;
using Xunit;

namespace Sing.Installer.Tests
{
    /// <summary>Our corelib is named System.Private.CoreLib (ILC emits reflection metadata only for that name), like the
    /// stock one; the installer tells them apart by the public key token a reference to the stock one carries.</summary>
    public class CoreLibIdentityTests
    {
        [Fact]
        public void AProgramBuiltAgainstOurCoreLibReferencesItWithoutAToken()
        {
            string dir = ProgramCompiler.TempDirectory();
            string dll = ProgramCompiler.Compile("Plain", "namespace P { public static class C { public static int F() => 1; } }", dir);
            Assert.True(ReferencesSingularityCoreLib(dll));
        }

        [Fact]
        public void TheStockFrameworkReferencesItsCoreLibWithAToken()
        {
            // System.Runtime.dll of the host's shared framework forwards to the stock, signed System.Private.CoreLib.
            string systemRuntime = Path.Combine(Path.GetDirectoryName(typeof(object).Assembly.Location)!, "System.Runtime.dll");
            Assert.False(ReferencesSingularityCoreLib(systemRuntime));
        }

        private static bool ReferencesSingularityCoreLib(string path)
        {
            using var stream = File.OpenRead(path);
            using var pe = new PEReader(stream);
            MetadataReader r = pe.GetMetadataReader();
            AssemblyReferenceHandle h = r.AssemblyReferences.Single(a => r.GetString(r.GetAssemblyReference(a).Name) == CodeManifestChecker.CoreLib);
            return CodeManifestChecker.IsSingularityCoreLib(r, h);
        }
    }
}
