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

        /// <summary>The conformance program's IL and the libraries it references (the solution build puts them there).</summary>
        public static string ConformanceBin => Metadata("ConformanceBin");

        /// <summary>The trusted libraries the installer recognises by their bytes (Build/Installer.props).</summary>
        public static string[] TrustedAssemblies => new[]
        {
            Path.Combine(RuntimeBin, "System.Private.CoreLib.dll"),
            Path.Combine(RuntimeBin, "Sing.SipRuntime.dll"),
            Path.Combine(ContractsSipBin, "Sing.Contracts.Sip.dll"),
        };

        public static string Project => Path.Combine(Root, "Tests", "Sing.Installer.Tests");

        public static string Corpus => Path.Combine(Project, "Corpus");
    }
}
