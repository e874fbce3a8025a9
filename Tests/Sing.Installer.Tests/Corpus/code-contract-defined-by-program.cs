// expect: SINGI021 uses contract Test.App.MyContract
// manifest: Shared/app.xml
// contracts
/* manifest
<manifest xmlns="urn:singularity:manifest:v1" name="app" kind="application" publisher="Tests" version="1.0.0">
  <abi version="1"/>
  <code><assembly name="App"/><assembly name="Contracts"/></code>
</manifest>
*/
using System;
using System.Runtime.InteropServices;
using Singularity.V1;
using Singularity.Configuration;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => 0;
    }
    [Sing.Contracts.Contract]
    internal static class MyContract { }
}
