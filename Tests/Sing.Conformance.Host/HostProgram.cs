using System;
using System.Globalization;
using System.Text;

namespace Sing.Conformance
{
    /// <summary>Runs the suite on stock .NET with the invariant culture, the only culture a SIP has, and UTF-8
    /// output, as the system console receives it.</summary>
    internal static class HostProgram
    {
        private static int Main(string[] args)
        {
            CultureInfo.DefaultThreadCurrentCulture = CultureInfo.InvariantCulture;
            CultureInfo.DefaultThreadCurrentUICulture = CultureInfo.InvariantCulture;
            CultureInfo.CurrentCulture = CultureInfo.InvariantCulture;
            CultureInfo.CurrentUICulture = CultureInfo.InvariantCulture;
            Console.OutputEncoding = new UTF8Encoding(false);
            return Suite.Run(args.Length > 0 ? args[0] : "");
        }
    }
}
