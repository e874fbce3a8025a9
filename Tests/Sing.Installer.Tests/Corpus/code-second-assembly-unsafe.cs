// expect: SINGI051 a local variable has pointer type System.Int64*
// The program's second code assembly: every declared assembly is compiled into the image, so every one is verified.
/* manifest
<manifest xmlns="urn:singularity:manifest:v1" name="app" kind="application" publisher="Tests" version="1.0.0">
  <abi version="1"/>
  <code><assembly name="App"/><assembly name="Lib"/></code>
</manifest>
*/
/* library Lib
namespace Test.Lib
{
    public static unsafe class Peek
    {
        public static long At(long x) { long* p = &x; return *p; }
    }
}
*/
using System.Runtime.InteropServices;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => (int)Test.Lib.Peek.At(1);
    }
}
