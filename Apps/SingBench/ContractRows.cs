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

        /// <summary>The round trip as a program writes an exchange: one call that sends and takes the reply (one kernel
        /// crossing per side).</summary>
        public static long Small(int n)
        {
            BenchEcho.Imp imp = s_imp.Acquire();
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++) imp.SendSmallAndRecvSmallBack((byte)i, out _);
            long elapsed = Stopwatch.GetTimestamp() - start;
            s_imp.Release(imp);
            return elapsed;
        }

        /// <summary>The same round trip as a send and a receive (two crossings on the client's side).</summary>
        public static long SmallSplit(int n)
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
            for (int i = 0; i < n; i++) imp.SendMediumAndRecvMediumBack(payload, out payload);
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
                imp.SendLargeAndRecvLargeBack(buffer, out ExVector<byte> back);
                buffer = back;
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
            // Each echo goes out with the receive of the next request (one crossing per round trip).
            BenchEcho.Exp.ReadyReceived r = exp.ReceiveReady();
            while (true)
            {
                switch (r.Tag)
                {
                    case BenchEcho.Exp.ReadyTag.Small:
                        r.GetSmall(out byte value);
                        r = exp.SendSmallBackAndReceive(value);
                        break;
                    case BenchEcho.Exp.ReadyTag.Medium:
                        r.GetMedium(out Payload32 payload);
                        r = exp.SendMediumBackAndReceive(payload);
                        break;
                    case BenchEcho.Exp.ReadyTag.Large:
                        r.GetLarge(out ExVector<byte> buffer);
                        r = exp.SendLargeBackAndReceive(buffer);
                        break;
                    case BenchEcho.Exp.ReadyTag.ChannelClosed:
                        exp.Free();
                        return;
                }
            }
        }
    }
}
