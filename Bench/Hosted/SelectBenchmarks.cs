using BenchmarkDotNet.Attributes;
using Sing.Bench.Hosted.Contracts;
using Sing.Contracts;

namespace Sing.Bench.Hosted
{
    /// <summary>
    /// Select over N endpoints: the scan alone (one thread, the last endpoint has a message waiting,
    /// timeout 0), and a server that selects over N channels while the client round-robins requests
    /// over them (the blocking path: attach a waiter to every endpoint, sleep, wake, detach).
    /// </summary>
    [MemoryDiagnoser]
    public class SelectBenchmarks
    {
        private Echo.Imp[]? _imps;
        private Endpoint[]? _exps;
        private EchoServer? _server;
        private Echo.Imp[]? _clients;
        private int _next;

        [Params(2, 8, 32)]
        public int Endpoints { get; set; }

        [GlobalSetup]
        public void Setup()
        {
            _imps = new Echo.Imp[Endpoints];
            _exps = new Endpoint[Endpoints];
            for (int i = 0; i < Endpoints; i++)
            {
                Echo.CreateChannel(out _imps[i], out Echo.Exp exp);
                _exps[i] = exp;
            }

            // The message stays queued: Select only looks, so every scan finds it at the end.
            _imps[Endpoints - 1].SendPing(1);
            _server = new EchoServer(Endpoints, out _clients);
        }

        [GlobalCleanup]
        public void Cleanup()
        {
            for (int i = 0; i < Endpoints; i++)
            {
                _imps![i].Free();
                _exps![i].Free();
                _clients![i].Free();
            }

            _server!.Join();
        }

        [Benchmark(Description = "Select.Wait(0), last of N ready")]
        public int Scan()
        {
            return Select.Wait(0, _exps!);
        }

        [Benchmark(Description = "round trip via a selecting server")]
        public int ServerRoundTrip()
        {
            Echo.Imp client = _clients![_next];
            _next = (_next + 1) % _clients.Length;
            client.SendPing(1);
            client.RecvPong(out int reply);
            return reply;
        }
    }
}
