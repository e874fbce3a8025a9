using Sing.Contracts;
using Sing.Contracts.Sip;
using Singularity.V1;

namespace Sing.Apps.ChannelProbe
{
    /// <summary>A client that outlives its server (ReconnectingEndpoint over the Echo contract) and a server that can be
    /// killed with a request in flight. The kernel test processes.reconnect_mid_conversation supervises the server, kills
    /// each instance when it shows the marker name, and checks the client's exit code.</summary>
    internal static class ReconnectVerbs
    {
        /// <summary>Ping of this value: the server takes the request, registers PATH-stalled, and never answers.</summary>
        private const long Stall = -1;

        /// <summary>Serves one client at a time over Echo (after the Connector handshake): Ping(v) answers v + 1, Ping(-1)
        /// stalls; a client that closes is replaced by the next connection; Quit ends the server with 0.</summary>
        public static int Server(string path)
        {
            if (Names.Register(path, out ChannelEndpoint requests) != AbiStatus.Ok) return 100;
            while (true)
            {
                if (Channels.Receive(requests, out ReceivedMessage connect) != AbiStatus.Ok) return 101;
                if (connect.Tag != Names.ConnectRequestTag || connect.Endpoint.IsNull) continue;
                Connector.Exp door = Connector.Exp.Attach(KernelEndpoints.Wrap(connect.Endpoint), Connector.States.Start);
                Connector.Exp.StartReceived hello = door.ReceiveStart();
                if (hello.Tag != Connector.Exp.StartTag.Connect)
                {
                    door.Free();
                    continue;
                }
                hello.GetConnect(out Echo.Exp echo);
                door.Free();
                if (Serve(echo, path)) return 0;
            }
        }

        /// <summary>True when the client said Quit; false when it closed the channel.</summary>
        private static bool Serve([Claims] Echo.Exp echo, string path)
        {
            while (true)
            {
                Echo.Exp.ReadyReceived r = echo.ReceiveReady();
                switch (r.Tag)
                {
                    case Echo.Exp.ReadyTag.Ping:
                        r.GetPing(out long value);
                        if (value == Stall)
                        {
                            // The request stays unanswered: the test sees the marker and kills this instance.
                            Names.Register(path + "-stalled", out _);
                            Threads.CreateEvent(false, false, out EventHandle never);
                            Threads.WaitAny(new[] { never }, ulong.MaxValue, out _);
                        }
                        echo.SendPong(value + 1);
                        break;
                    case Echo.Exp.ReadyTag.Data:
                        r.GetData(out ExVector<byte> buffer);
                        echo.SendDataBack(buffer);
                        break;
                    case Echo.Exp.ReadyTag.Quit:
                        echo.Free();
                        return true;
                    default:
                        echo.Free();
                        return false;
                }
            }
        }

        private static int s_opens;

        /// <summary>Binds PATH: the Connector handshake hands the server the exporter end of a fresh Echo channel.</summary>
        private static Echo.Imp Bind(string path)
        {
            if (KernelEndpoints.Bind(path) is not IChannelTransport transport) return null;
            Connector.Imp door = Connector.Imp.Attach(transport, Connector.States.Start);
            Echo.CreateChannel(out Echo.Imp mine, out Echo.Exp theirs);
            door.SendConnect(theirs);
            door.Free();
            return mine;
        }

        /// <summary>The opening exchange: a first Ping that must come back incremented (counted, to show it runs again).</summary>
        private static void Open(Echo.Imp echo)
        {
            echo.SendPing(0);
            echo.RecvPong(out long answer);
            if (answer != 1) throw new ProtocolViolationException("the opening Ping came back as " + answer.ToString());
            s_opens++;
        }

        private static long s_next;

        private static long Ping(Echo.Imp echo)
        {
            echo.SendPing(s_next);
            echo.RecvPong(out long answer);
            return answer;
        }

        /// <summary>One Ping whose first attempt stalls the server; a resend (after a loss) is an ordinary value.</summary>
        private static long StallThenPing(Echo.Imp echo)
        {
            long value = s_next;
            s_next = 9;
            echo.SendPing(value);
            echo.RecvPong(out long answer);
            return answer;
        }

        private static long Quit(Echo.Imp echo)
        {
            echo.SendQuit();
            return 0;
        }

        /// <summary>Exit 0 when: a request in flight at the server's death fails with ChannelClosed (not resent); the next
        /// one re-binds, re-runs the opening exchange and is served by the new instance; an idempotent request in flight
        /// at the next death is resent and answered; Quit ends the last server. Otherwise the number of the failed step.</summary>
        public static int Client(string path)
        {
            var service = new ReconnectingEndpoint<Echo.Imp>(path, Bind, Open, 10_000);
            s_next = 5;
            if (service.Call(Ping) != 6 || s_opens != 1) return 140;

            s_next = Stall;
            long lostAt;
            try
            {
                service.Call(Ping);
                return 141;                                   // the stalled request must not come back answered
            }
            catch (ChannelClosedException)
            {
                lostAt = System.Diagnostics.Stopwatch.GetTimestamp();
            }
            s_next = 41;
            if (service.Call(Ping) != 42) return 142;        // a new instance, after the opening exchange ran again
            long servedAt = System.Diagnostics.Stopwatch.GetTimestamp();
            if (s_opens != 2 || service.Connects != 2 || service.Losses != 1) return 143;
            Debug.WriteLine($"reconnect-client: the Ping in flight at the server's death failed with ChannelClosed; the next was served by the new instance {(servedAt - lostAt) * 1000 / System.Diagnostics.Stopwatch.Frequency} ms later (re-bound in {service.LastOutageMilliseconds} ms)");

            s_next = Stall;
            if (service.Call(StallThenPing, idempotent: true) != 10) return 144;
            if (s_opens != 3 || service.Losses != 2) return 145;
            Debug.WriteLine($"reconnect-client: an idempotent Ping in flight at the next death was sent again and answered (re-bound in {service.LastOutageMilliseconds} ms)");

            service.Call(Quit);
            service.Free();
            return 0;
        }
    }
}
