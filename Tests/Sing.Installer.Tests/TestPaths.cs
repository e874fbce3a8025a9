using System.IO;
using System.Linq;
using System.Reflection;

namespace Sing.Installer.Tests
{
    /// <summary>Where the repository and the built runtime are (recorded at build time).</summary>
    internal static class TestPaths
    {
        private static string Metadata(string key) =>
            typeof(TestPaths).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == key).Value!;

        public static string Root => Metadata("SingRoot");

        public static string RuntimeBin => Metadata("RuntimeBin");

        /// <summary>The SIP flavour of the contract library (with the SIP runtime and corelib beside it).</summary>
        public static string ContractsSipBin => Metadata("ContractsSipBin");

        public static string Project => Path.Combine(Root, "Tests", "Sing.Installer.Tests");

        public static string Corpus => Path.Combine(Project, "Corpus");
    }
}
