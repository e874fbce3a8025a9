using Sing.Kernel.Channels;
using Sing.Kernel.Processes;

namespace Sing.Kernel.Security
{
    /// <summary>Delegation of authority over a channel (001 §3.6): the holder of an endpoint marks it delegated
    /// (ChannelDelegate) and sends it; when a process receives it, the principal its peer records (whom that end's
    /// messages speak for) gains the receiver's link, so the far side sees "holder's chain + receiver". Passing an
    /// endpoint without delegating keeps the record as it was: the receiver acts with the lender's authority, unnamed.
    /// Delegating can only lengthen a chain with the true receiver, never name anyone else. Interrupts off.</summary>
    internal static unsafe class Delegation
    {
        /// <summary>Marks an endpoint the caller owns: its next receiver joins its peer's chain.</summary>
        public static void Mark(Endpoint* e) => e->Delegating = 1;

        /// <summary><paramref name="e"/> was just received by <paramref name="receiver"/> (null: a kernel thread,
        /// which is the kernel already on every chain's behalf and adds nothing); nothing unless it was marked.</summary>
        public static void Received(Endpoint* e, KernelProcess receiver)
        {
            if (e->Delegating == 0) return;
            e->Delegating = 0;
            Endpoint* peer = e->Peer;
            if (peer == null || receiver == null) return;
            string chain = PrincipalTable.TextOf(peer->Principal);
            string extended = Singularity.Security.PrincipalName.Extend(chain, Singularity.Security.PrincipalName.LastLink(receiver.Principal), out string error);
            if (extended == null)
            {
                // The endpoint still arrives (refusing it would lose the message); the far side keeps seeing the chain it saw.
                receiver.LogRefusal(string.Concat("a delegated endpoint reached ", receiver.Name, " (pid ", receiver.Id.ToString(), ") but its chain was not extended: ", error));
                return;
            }
            int number = PrincipalTable.Acquire(extended, receiver.Content);
            PrincipalTable.Release(peer->Principal);
            peer->Principal = number;
            peer->PrincipalChanges++;
        }
    }
}
