using Sing.Contracts;
using Sing.Contracts.Fuzzing;

namespace Sing.Apps.ContractFuzz
{
    /// <summary>One fuzzed conversation with a live server over a kernel channel the kernel checks against the
    /// contract: the walker picks each message from the contract's tables, the payloads come from the generated
    /// message layout, and every reply must be one the contract allows in the state it arrives in.</summary>
    internal static class Conversation
    {
        /// <summary>Messages both ways so far (all conversations of this process).</summary>
        public static long Messages;

        /// <summary>Runs a walk of about <paramref name="steps"/> messages; null when it went as the contract says,
        /// else what went wrong. With a violation other than CloseEarly it returns only if the kernel let it through.</summary>
        public static string Run<TMsg>(IChannelTransport channel, RandomMessages<TMsg> shapes, ContractInfo contract, int state,
            ulong seed, int steps, Violation violation, int violateAt) where TMsg : struct, IMessage
        {
            var walker = new ProtocolWalker(contract, isImp: true, seed, state);
            bool violated = violation == Violation.None;
            // A walk that must still commit its violation goes on past a terminal state (Echo's Quit): there every own
            // message is out of state, every peer message out of direction and an unknown tag unknown.
            for (int step = 0; (!walker.IsTerminal || !violated) && (step < steps || !walker.CanSend || !violated); step++)
            {
                if (!violated && (step >= violateAt || walker.IsTerminal) && walker.CanCommit(violation))
                {
                    violated = true;
                    if (violation == Violation.CloseEarly) return null;
                    int bad = walker.PickViolating(violation);
                    WireMessage wire = shapes.Build(bad, walker);
                    channel.Send(ref wire);        // the kernel's contract checker ends this process here
                    return "the kernel let " + walker.NameOf(bad) + " (" + violation.ToString() + ") through in state " + walker.StateName;
                }

                if (walker.IsTerminal) return null;   // CloseEarly after the end: nothing left to break

                if (walker.CanSend)
                {
                    int tag = walker.PickLegal();
                    WireMessage wire = shapes.Build(tag, walker);
                    channel.Send(ref wire);
                    walker.Sent(tag);
                }
                else
                {
                    if (!channel.Receive(out WireMessage reply))
                        return "the server closed the channel in state " + walker.StateName;
                    int tag = reply.Tag;
                    RandomMessages<TMsg>.ReleaseSlots(ref reply);
                    if (!walker.Received(tag))
                        return "the server sent " + walker.NameOf(tag) + " in state " + walker.StateName;
                }

                Messages++;
            }

            return null;
        }
    }
}
