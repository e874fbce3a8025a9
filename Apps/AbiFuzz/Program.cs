using Singularity.Configuration;
using Singularity.V1;

namespace Sing.Apps.AbiFuzz
{
    [ProgramStartup]
    internal sealed partial class AbiFuzzStartup
    {
        [Parameter("calls")] public long Calls;
        [Parameter("seed")] public long Seed;
    }

    internal static class Program
    {
        internal static int Main(AbiFuzzStartup startup)
        {
            var fuzzer = new Fuzzer((ulong)startup.Seed);
            long calls = startup.Calls < 0 ? 0 : startup.Calls;
            for (long i = 0; i < calls; i++) fuzzer.CallOne();
            fuzzer.ReleaseAll();
            Debug.WriteLine($"abifuzz: {calls} calls with seed {startup.Seed}: {fuzzer.Summary()}");
            if (fuzzer.ClosedARecord)
            {
                Debug.WriteLine("abifuzz: CloseHandle accepted an endpoint record's word");
                return 3;
            }
            return 0;
        }
    }
}
