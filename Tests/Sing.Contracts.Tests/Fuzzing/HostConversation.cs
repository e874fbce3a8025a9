using System;
using System.Threading;
using Sing.Contracts;
using Sing.Contracts.Fuzzing;

namespace Sing.Contracts.Tests.Fuzzing
{
    /// <summary>What one fuzzed conversation did.</summary>
    internal sealed class ConversationResult
    {
        public int ClientSent;
        public int ClientReceived;
        public int PeerSent;
        public int PeerReceived;
        public bool Refused;
        public string? RefusalMessage;
        public bool StateKeptAfterRefusal;
        /// <summary>The exporter saw ChannelClosed, or the conversation reached a terminal state.</summary>
        public bool PeerSawClosed;
        public bool ClientReachedTerminal;
        public string? Error;
    }

    /// <summary>One conversation over the hosted runtime between a fuzzing importer and a table-driven exporter on
    /// its own thread, both walking the contract's generated tables with random payloads. The exporter answers
    /// every request with a random message its state allows and frees what it receives; the importer follows a
    /// legal walk and, when asked, breaks the protocol once at a chosen step, then carries on legally.</summary>
    internal static class HostConversation
    {
        public static ConversationResult Run<TMsg>(ContractInfo contract, ulong seed, int steps, Violation violation, int violateAt,
            Func<IChannelTransport>? newChannel = null)
            where TMsg : struct, IMessage
        {
            var result = new ConversationResult();
            var shapes = new RandomMessages<TMsg>(contract, newChannel);
            EndpointCore<TMsg>.CreatePair(contract, out EndpointCore<TMsg> imp, out EndpointCore<TMsg> exp);
            var peer = new Thread(() => Serve(exp, shapes, seed, result)) { IsBackground = true };
            peer.Start();
            try
            {
                Drive(imp, shapes, seed, steps, violation, violateAt, result);
            }
            catch (Exception e) when (e is ProtocolViolationException or LinearityViolationException or ChannelClosedException)
            {
                result.Error ??= "client: " + e.Message;
            }

            imp.Close();
            if (!peer.Join(TimeSpan.FromSeconds(30)))
            {
                result.Error ??= "the exporter did not finish";
            }

            return result;
        }

        private static void Drive<TMsg>(EndpointCore<TMsg> imp, RandomMessages<TMsg> shapes, ulong seed, int steps,
            Violation violation, int violateAt, ConversationResult result)
            where TMsg : struct, IMessage
        {
            var walker = new ProtocolWalker(imp.Contract, isImp: true, seed);
            bool violated = violation == Violation.None;
            // The walk ends only where the importer may send (or at a terminal state), so no reply is left unread.
            for (int step = 0; !walker.IsTerminal && (step < steps || !walker.CanSend || !violated); step++)
            {
                // Closing early happens where no reply is on its way, so the accounting sees every block come back.
                if (!violated && step >= violateAt && walker.CanCommit(violation) && (violation != Violation.CloseEarly || walker.CanSend))
                {
                    violated = true;
                    if (violation == Violation.CloseEarly)
                    {
                        return;
                    }

                    int before = imp.State;
                    int bad = walker.PickViolating(violation);
                    WireMessage wire = shapes.Build(bad, walker);
                    TMsg message = RandomMessages<TMsg>.Unpack(ref wire);
                    try
                    {
                        imp.Send(ref message);
                        result.Error ??= "the runtime let " + walker.NameOf(bad) + " through in state " + walker.StateName;
                        return;
                    }
                    catch (ProtocolViolationException e)
                    {
                        result.Refused = true;
                        result.RefusalMessage = e.Message;
                        result.StateKeptAfterRefusal = imp.State == before && imp.State == walker.State;
                        RandomMessages<TMsg>.Release(ref message);
                    }

                    continue;
                }

                if (walker.CanSend)
                {
                    int tag = walker.PickLegal();
                    WireMessage wire = shapes.Build(tag, walker);
                    TMsg message = RandomMessages<TMsg>.Unpack(ref wire);
                    imp.Send(ref message);
                    walker.Sent(tag);
                    result.ClientSent++;
                }
                else
                {
                    if (!imp.Receive(out TMsg message))
                    {
                        result.Error ??= "the exporter closed in state " + walker.StateName;
                        return;
                    }

                    if (!walker.Received(message.Tag))
                    {
                        result.Error ??= "the exporter sent " + walker.NameOf(message.Tag) + " in state " + walker.StateName;
                    }

                    RandomMessages<TMsg>.Release(ref message);
                    result.ClientReceived++;
                }
            }

            result.ClientReachedTerminal = walker.IsTerminal;
        }

        private static void Serve<TMsg>(EndpointCore<TMsg> exp, RandomMessages<TMsg> shapes, ulong seed, ConversationResult result)
            where TMsg : struct, IMessage
        {
            var walker = new ProtocolWalker(exp.Contract, isImp: false, ~seed);
            try
            {
                while (!walker.IsTerminal)
                {
                    if (walker.CanSend && !walker.CanReceive)
                    {
                        int tag = walker.PickLegal();
                        WireMessage wire = shapes.Build(tag, walker);
                        TMsg reply = RandomMessages<TMsg>.Unpack(ref wire);
                        exp.Send(ref reply);
                        walker.Sent(tag);
                        result.PeerSent++;
                        continue;
                    }

                    if (!exp.Receive(out TMsg message))
                    {
                        result.PeerSawClosed = true;
                        break;
                    }

                    if (!walker.Received(message.Tag))
                    {
                        result.Error ??= "exporter: received " + walker.NameOf(message.Tag) + " in state " + walker.StateName;
                    }

                    RandomMessages<TMsg>.Release(ref message);
                    result.PeerReceived++;
                }
            }
            catch (Exception e) when (e is ProtocolViolationException or LinearityViolationException or ChannelClosedException)
            {
                result.Error ??= "exporter: " + e.Message;
            }

            result.PeerSawClosed |= walker.IsTerminal;   // a conversation that reached a terminal state is over too
            exp.Close();
        }
    }
}
