using BenchmarkDotNet.Attributes;
using Sing.Contracts;

namespace Sing.Bench.Hosted
{
    /// <summary>
    /// Allocating and freeing an exchange-heap block: the cost a payload pays once, as opposed to the
    /// per-message transfer measured in <see cref="RoundTripBenchmarks"/>. On the host a block is a
    /// managed array, so this is the one place where allocation grows with the payload.
    /// </summary>
    [MemoryDiagnoser]
    public class ExchangeHeapBenchmarks
    {
        [Params(1, 32, 1024, 32 * 1024)]
        public int PayloadBytes { get; set; }

        [Benchmark(Description = "NewVector<byte> + Free")]
        public int NewAndFree()
        {
            ExVector<byte> block = ExchangeHeap.NewVector<byte>(PayloadBytes);
            int length = block.Length;
            block.Free();
            return length;
        }
    }
}
