using BenchmarkDotNet.Attributes;
using Sing.Bench.Hosted.Contracts;
using Sing.Contracts;

namespace Sing.Bench.Hosted
{
    /// <summary>
    /// Round trip between two threads (SingBench's SR-n rows, host analogue): the client sends a
    /// request, the echo thread wakes, answers, and the client wakes for the reply. Payload 0 is a
    /// scalar message; otherwise an exchange-heap block of that many bytes goes there and back by
    /// ownership transfer (no copy), so the cost should not depend on its size.
    /// </summary>
    [MemoryDiagnoser]
    public class RoundTripBenchmarks
    {
        private EchoServer? _server;
        private Echo.Imp[]? _clients;
        private ExVector<byte>? _block;

        [Params(0, 1, 32, 1024, 32 * 1024)]
        public int PayloadBytes { get; set; }

        [GlobalSetup]
        public void Setup()
        {
            _server = new EchoServer(1, out _clients);
            _block = PayloadBytes > 0 ? ExchangeHeap.NewVector<byte>(PayloadBytes) : null;
        }

        [GlobalCleanup]
        public void Cleanup()
        {
            _block?.Free();
            _clients![0].Free();
            _server!.Join();
        }

        [Benchmark(Description = "round trip, 2 threads")]
        public int RoundTrip()
        {
            Echo.Imp client = _clients![0];
            if (_block is null)
            {
                client.SendPing(1);
                client.RecvPong(out int reply);
                return reply;
            }

            client.SendData(_block);
            client.RecvDataBack(out _block);
            return _block[0];
        }
    }
}
