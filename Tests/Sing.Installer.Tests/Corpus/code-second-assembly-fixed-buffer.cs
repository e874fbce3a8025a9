// expect: SINGI066 in method Test.Lib.Fixed.At (IL offset
// A second code assembly indexing a fixed buffer: pointer arithmetic with no pointer type in any signature.
/* manifest
<manifest xmlns="urn:singularity:manifest:v1" name="app" kind="application" publisher="Tests" version="1.0.0">
  <abi version="1"/>
  <code><assembly name="App"/><assembly name="Lib"/></code>
</manifest>
*/
/* library Lib
namespace Test.Lib
{
    public unsafe struct Packet { public fixed byte Bytes[16]; }
    public static unsafe class Fixed { public static byte At(ref Packet p, int i) => p.Bytes[i]; }
}
*/
using System.Runtime.InteropServices;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() { var p = new Test.Lib.Packet(); return Test.Lib.Fixed.At(ref p, 100); }
    }
}
