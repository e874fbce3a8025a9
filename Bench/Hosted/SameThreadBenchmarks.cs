using BenchmarkDotNet.Attributes;
using Sing.Bench.Hosted.Contracts;
using Sing.Contracts;

namespace Sing.Bench.Hosted
{
    /// <summary>
    /// One-way send + receive with both ends on the calling thread: the queue, protocol checks and
    /// ownership transfer without any thread wake-up. The contract makes every request wait for a
    /// reply, so one invocation is a request and its reply, reported per message (two operations).
    /// </summary>
    [MemoryDiagnoser]
    public class SameThreadBenchmarks
    {
        private Echo.Imp? _imp;
        private Echo.Exp? _exp;
        private ExVector<byte>? _block;
        private Token.Imp? _tokenImp;
        private Token.Exp? _token;

        [GlobalSetup]
        public void Setup()
        {
            Echo.CreateChannel(out _imp, out _exp);
            _block = ExchangeHeap.NewVector<byte>(1024);
            Token.CreateChannel(out _tokenImp, out _token);
        }

        [GlobalCleanup]
        public void Cleanup()
        {
            _block!.Free();
            _token!.Free();
            _tokenImp!.Free();
            _imp!.Free();
            _exp!.Free();
        }

        [Benchmark(OperationsPerInvoke = 2, Description = "send+receive, scalar")]
        public int Scalar()
        {
            _imp!.SendPing(7);
            _exp!.RecvPing(out int value);
            _exp.SendPong(value + 1);
            _imp.RecvPong(out int reply);
            return reply;
        }

        [Benchmark(OperationsPerInvoke = 2, Description = "send+receive, ExVector<byte> block")]
        public void Block()
        {
            // The block changes owner twice; the receiver gets a new handle each time.
            _imp!.SendData(_block!);
            _exp!.RecvData(out ExVector<byte> buffer);
            _exp.SendDataBack(buffer);
            _imp.RecvDataBack(out _block);
        }

        [Benchmark(OperationsPerInvoke = 2, Description = "send+receive, endpoint in the message")]
        public void Endpoint()
        {
            _imp!.SendCarry(_token!);
            _exp!.RecvCarry(out Token.Exp token);
            _exp.SendCarryBack(token);
            _imp.RecvCarryBack(out _token);
        }
    }
}
