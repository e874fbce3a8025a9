// expect: SINGI099 type Test.App.S0: it is packed to 1 byte(s) but holds object references
// A packed struct whose reference lies twelve value-type levels down, four fields wide at each level: found in
// one pass over the types (each struct is looked into once), not 4^11 paths.
using System.Runtime.InteropServices;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() { S0 s = default; return s.F0.F0.F0.F0.F0.F0.F0.F0.F0.F0.F0.X; }
    }

    [StructLayout(LayoutKind.Sequential, Pack = 1)] public struct S0 { public S1 F0; public S1 F1; public S1 F2; public S1 F3; }
    public struct S1 { public S2 F0; public S2 F1; public S2 F2; public S2 F3; }
    public struct S2 { public S3 F0; public S3 F1; public S3 F2; public S3 F3; }
    public struct S3 { public S4 F0; public S4 F1; public S4 F2; public S4 F3; }
    public struct S4 { public S5 F0; public S5 F1; public S5 F2; public S5 F3; }
    public struct S5 { public S6 F0; public S6 F1; public S6 F2; public S6 F3; }
    public struct S6 { public S7 F0; public S7 F1; public S7 F2; public S7 F3; }
    public struct S7 { public S8 F0; public S8 F1; public S8 F2; public S8 F3; }
    public struct S8 { public S9 F0; public S9 F1; public S9 F2; public S9 F3; }
    public struct S9 { public S10 F0; public S10 F1; public S10 F2; public S10 F3; }
    public struct S10 { public S11 F0; public S11 F1; public S11 F2; public S11 F3; }
    public struct S11 { public int X; public string Name; }
}
