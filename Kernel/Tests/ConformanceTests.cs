namespace Sing.Kernel.Tests
{
    /// <summary>Runs the conformance SIP (Apps/Conformance): ordinary C# printing "name: value" lines that the host
    /// compares with the same program on stock .NET (Tests/Sing.Boot.Tests/ConformanceTests.cs). Here it must run
    /// to the end and exit with 0.</summary>
    internal static class ConformanceTests
    {
        public static void InSip(TestContext t) =>
            t.Equal(0, (ulong)ProcessTests.Run(t, "conformance", "", 600), "the conformance SIP runs every group and exits with 0");
    }
}
