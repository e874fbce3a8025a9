namespace Sing.Kernel.Threading
{
    /// <summary>One processor's part of the scheduler: the thread it runs, its idle thread, its two run lists and handoff
    /// slot (Scheduler: 001's two-list policy holds per processor), where its quantum ends and the address space it has
    /// loaded. Threads are named by address (they never move; Scheduler's thread list keeps them alive). Kept in
    /// unmanaged memory, one per processor the MADT may list.</summary>
    internal struct ProcessorRunState
    {
        public nint Current;
        public nint Idle;
        // Direct handoff: a thread woken while the unblocked list was empty is kept here instead of being linked in.
        // It is the unblocked list's head in every respect (Pick takes it first, a tick or a second wake links it in
        // first), so the two-list policy is unchanged; a channel round trip (wake the peer, then wait) switches to it
        // without touching the queues. Invariant: while set, Unblocked is empty.
        public nint Handoff;
        public ThreadQueue Unblocked;
        public ThreadQueue Preempted;
        public ulong QuantumEnd;
        // The address space loaded now (see KernelThread.Cr3): one value in the configurations without hardware
        // domains, so the switch never loads CR3 there.
        public ulong LoadedCr3;

        public readonly bool UnblockedIsEmpty
        {
            [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
            get => Handoff == 0 && Unblocked.IsEmpty;
        }

        /// <summary>Whether a thread other than the running one is ready here.</summary>
        public readonly bool HasWork
        {
            [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
            get => !UnblockedIsEmpty || !Preempted.IsEmpty;
        }

        /// <summary>Puts the handoff thread into the unblocked list proper (it is the head: the list was empty).</summary>
        public void LinkHandoff()
        {
            if (Handoff == 0) return;
            Unblocked.Enqueue(KernelThread.At(Handoff));
            Handoff = 0;
        }
    }
}
