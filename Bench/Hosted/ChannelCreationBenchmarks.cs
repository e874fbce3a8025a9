using BenchmarkDotNet.Attributes;
using Sing.Bench.Hosted.Contracts;

namespace Sing.Bench.Hosted
{
    /// <summary>CreateChannel (the SingBench CreateChannel row's host analogue), then Free of both ends.</summary>
    [MemoryDiagnoser]
    public class ChannelCreationBenchmarks
    {
        [Benchmark(Description = "CreateChannel + Free both ends")]
        public void CreateAndFree()
        {
            // Freeing is part of the operation: a channel that is never closed is not a steady state.
            Echo.CreateChannel(out Echo.Imp imp, out Echo.Exp exp);
            imp.Free();
            exp.Free();
        }
    }
}
