using System.Diagnostics;
using Sing.Contracts;
using Sing.Contracts.Sip;
using Singularity.V1;

namespace Sing.Apps.SingBench
{
    /// <summary>PSR rows through generated BenchEcho endpoints (Runtime/Sing.Contracts.Sip over kernel channels), next
    /// to the raw-ABI rows, so the report shows what the typed layer costs. The channel is created for the contract
    /// (the kernel checks every message) and its exporter end is handed to the peer SIP over the raw echo channel.</summary>
    internal static class ContractRows
    {
        public const int ConnectTag = 3;
        // Kept between rows in a TRef (an endpoint may not live in an ordinary field); each row takes it out and
        // puts it back, outside its timed loop.
        private static TRef<BenchEcho.Imp> s_imp;

        public static void Connect(ChannelEndpoint peer)
        {
            BenchEcho.CreateChannel(out BenchEcho.Imp imp, out BenchEcho.Exp exp);
            s_imp = new TRef<BenchEcho.Imp>(imp);
            Channels.Send(peer, ConnectTag, 0, default, KernelEndpoints.Unwrap(exp));
        }

        public static void Disconnect()
        {
            s_imp.Acquire().Free();
            s_imp = null;
        }

        public static long Small(int n)
        {
            BenchEcho.Imp imp = s_imp.Acquire();
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++)
            {
                imp.SendSmall((byte)i);
                imp.RecvSmallBack(out _);
            }
            long elapsed = Stopwatch.GetTimestamp() - start;
            s_imp.Release(imp);
            return elapsed;
        }

        public static long Medium(int n)
        {
            BenchEcho.Imp imp = s_imp.Acquire();
            Payload32 payload = new Payload32 { A = 1, B = 2, C = 3, D = 4 };
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++)
            {
                imp.SendMedium(payload);
                imp.RecvMediumBack(out payload);
            }
            long elapsed = Stopwatch.GetTimestamp() - start;
            s_imp.Release(imp);
            return elapsed;
        }

        public static long Large(int n)
        {
            BenchEcho.Imp imp = s_imp.Acquire();
            ExVector<byte> buffer = ExchangeHeap.NewVector<byte>(Program.CurrentSize);
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++)
            {
                imp.SendLarge(buffer);
                imp.RecvLargeBack(out buffer);
            }
            long end = Stopwatch.GetTimestamp();
            buffer.Free();
            s_imp.Release(imp);
            return end - start;
        }

        /// <summary>The peer's side: echoes every message until the client frees its end.</summary>
        public static void Serve(ChannelEndpoint endpoint)
        {
            BenchEcho.Exp exp = BenchEcho.Exp.Attach(KernelEndpoints.Wrap(endpoint), BenchEcho.States.Ready);
            while (true)
            {
                BenchEcho.Exp.ReadyReceived r = exp.ReceiveReady();
                switch (r.Tag)
                {
                    case BenchEcho.Exp.ReadyTag.Small:
                        r.GetSmall(out byte value);
                        exp.SendSmallBack(value);
                        break;
                    case BenchEcho.Exp.ReadyTag.Medium:
                        r.GetMedium(out Payload32 payload);
                        exp.SendMediumBack(payload);
                        break;
                    case BenchEcho.Exp.ReadyTag.Large:
                        r.GetLarge(out ExVector<byte> buffer);
                        exp.SendLargeBack(buffer);
                        break;
                    case BenchEcho.Exp.ReadyTag.ChannelClosed:
                        exp.Free();
                        return;
                }
            }
        }
    }
}
