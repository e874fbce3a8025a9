// expect: SINGI021 uses contract Sing.Apps.Echo.EchoContract, which the manifest of app does not declare
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
    internal static class Talk { public static int Send() => Sing.Apps.Echo.EchoContract.Imp.Send(1); }
}
