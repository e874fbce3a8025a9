// expect: SINGI067 is named like a system or framework assembly
// assembly: Sing.Contracts
/* manifest
<manifest xmlns="urn:singularity:manifest:v1" name="app" kind="application" publisher="Tests" version="1.0.0">
  <abi version="1"/>
  <code><assembly name="Sing.Contracts"/></code>
</manifest>
*/
using System.Runtime.InteropServices;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => 0;
    }
}
