using System.Collections.Generic;
using Sing.Kernel.Processes;
using Sing.Kernel.Threading;
using Singularity.V1;

namespace Sing.Kernel.Channels
{
    /// <summary>One end of a channel, living in the exchange heap (so it can itself travel in a message). Its
    /// queue of statically bounded size follows it in the same block. A send writes into the peer's queue and, if
    /// the peer's thread is blocked on it, makes that thread runnable (the scheduler's unblocked list: it runs on
    /// the sender's remaining quantum); it never blocks and never allocates. A receive takes from its own queue or
    /// blocks its thread until a send or a close.</summary>
    internal unsafe struct Endpoint
    {
        public const int MaxCapacity = 16;

        public Endpoint* Peer;          // null once the other side is closed
        public nint Waiter;             // the thread blocked receiving or selecting on this endpoint (a KernelThread)
        public int Contract;            // ContractChecker index, or -1 for an unchecked channel
        public int Principal;           // who the messages arriving here speak for (Security.PrincipalTable; 0: the kernel)
        public int Delegating;          // 1: its holder delegated it; its next receiver joins the chain its peer records (Security/Delegation)
        public int PrincipalChanges;    // how often Principal changed since the channel was made (each a delegation of the peer)
        public short* NextStates;       // the checker's dense next-state table (null: ask the checker)
        public int MessageCount;        // the contract's message count, bounds the table's message index
        public int Side;                // ContractChecker.ImporterSends for the Imp end, ExporterSends for the Exp end
        public int State;               // this end's view of the protocol state
        public int Capacity;
        public int Head;
        public int Count;
        public ulong OwnerHandle;       // the record of this endpoint in its owner's handle table (0: owned by nobody or the kernel)

        /// <summary>The queue's slots, right after the endpoint in its block.</summary>
        public static ChannelMessage* SlotsOf(Endpoint* e) => (ChannelMessage*)(e + 1);
    }

    /// <summary>Channel operations on behalf of a process. Every endpoint, block or endpoint-in-a-message a
    /// process names must be one it owns; ownership of what a message carries passes to nobody at send and to
    /// the receiver at receive (linearity: one owner at most, at every moment).</summary>
    internal static unsafe class Channel
    {
        public static ulong ChannelsCreated;

        public static AbiStatus Create(KernelProcess owner, int capacity, out Endpoint* imp, out Endpoint* exp)
        {
            imp = exp = null;
            if (capacity < 1 || capacity > Endpoint.MaxCapacity) return AbiStatus.InvalidArgument;
            ulong bytes = (ulong)sizeof(Endpoint) + (ulong)capacity * (ulong)sizeof(ChannelMessage);
            // Both ends are made and joined with interrupts off: the owner may be killed at any preemption, and its
            // exit closes every endpoint it owns, which must then be whole (zeroed, or joined to its peer). Its handle
            // table gets room for the two records first (that may allocate).
            ulong flags = RoomForEndpoints(owner, 2);
            if (flags == NoRoom) return AbiStatus.QuotaExceeded;
            imp = (Endpoint*)ExchangeHeap.Allocate(bytes, ExchangeHeap.Kind.Endpoint, owner);
            exp = (Endpoint*)ExchangeHeap.Allocate(bytes, ExchangeHeap.Kind.Endpoint, owner);
            if (imp == null || exp == null)
            {
                if (imp != null) ExchangeHeap.Free(BlockOf(imp), owner);
                if (exp != null) ExchangeHeap.Free(BlockOf(exp), owner);
                Scheduler.RestoreInterrupts(flags);
                imp = exp = null;
                return AbiStatus.OutOfMemory;
            }
            Initialize(imp, exp, capacity);
            Initialize(exp, imp, capacity);
            // The creator speaks on both ends until someone else's end is set (NameService.Bind: the service's).
            if (owner != null) Security.PrincipalTable.HoldTwice(owner, imp, exp);
            ChannelsCreated++;
            Scheduler.RestoreInterrupts(flags);
            return AbiStatus.Ok;
        }

        public const ulong NoRoom = ulong.MaxValue;

        /// <summary>Disables interrupts with room in <paramref name="owner"/>'s handle table for <paramref name="count"/>
        /// endpoint records (none for the kernel, null); the flags to restore, or <see cref="NoRoom"/> (interrupts as
        /// they were) when the table cannot hold them. Room is made with interrupts on, so the check is repeated with
        /// them off: another thread of the owner may have used it in between.</summary>
        public static ulong RoomForEndpoints(KernelProcess owner, int count)
        {
            while (true)
            {
                // Most often the room is there already: the reservation (a call that may allocate) only when not.
                if (owner != null && !owner.Handles.HasEndpointRoomLocked(count) && !owner.Handles.ReserveEndpointRoom(count)) return NoRoom;
                ulong flags = Scheduler.DisableInterrupts();
                if (owner == null || owner.Handles.HasEndpointRoomLocked(count)) return flags;
                Scheduler.RestoreInterrupts(flags);
            }
        }

        /// <summary>Makes <paramref name="e"/>, an end the kernel holds and never receives from (a name registration's,
        /// a watch's), refuse every message with QueueFull. Otherwise what a message left there would wait until its peer
        /// closed, and a message carrying an endpoint that holds, or comes to hold, that peer (the sender's own end, sent
        /// on in a second message) would wait for ever: a cycle through the kernel's table that no close reaches, with
        /// the name registered for good. Interrupts off.</summary>
        public static void ReceivesNothing(Endpoint* e) => e->Capacity = 0;

        private static void Initialize(Endpoint* e, Endpoint* peer, int capacity)
        {
            e->Peer = peer;
            e->Capacity = capacity;
            e->Contract = -1;
            e->Delegating = 0;
            e->PrincipalChanges = 0;
        }

        /// <summary>Makes both ends of a new channel follow a contract, starting in its initial state.</summary>
        public static void BindContract(Endpoint* imp, Endpoint* exp, int contract)
        {
            int initial = ContractChecker.Get(contract).InitialState;
            FollowContract(imp, contract, ContractChecker.ImporterSends, initial);
            FollowContract(exp, contract, ContractChecker.ExporterSends, initial);
        }

        /// <summary>Makes one end follow a contract as <paramref name="side"/>, in <paramref name="state"/>.</summary>
        public static void FollowContract(Endpoint* e, int contract, int side, int state)
        {
            ContractChecker checker = ContractChecker.Get(contract);
            e->Contract = contract;
            e->NextStates = checker.NextTable;
            e->MessageCount = checker.MessageCount;
            e->Side = side;
            e->State = state;
        }

        /// <summary>The protocol error of sending <paramref name="tag"/> from <paramref name="from"/>, or null.</summary>
        public static string CheckSend(Endpoint* from, int tag)
        {
            if (from->Contract < 0) return null;
            ContractChecker c = ContractChecker.Get(from->Contract);
            if (c.Next(from->State, tag, from->Side) >= 0) return null;
            return string.Concat("protocol violation on a ", c.Name, " channel: message ", tag.ToString(), " is not allowed for the ",
                from->Side == ContractChecker.ImporterSends ? "importer" : "exporter", " in state ", from->State.ToString());
        }

        /// <summary>The state of contract endpoint <paramref name="e"/> after <paramref name="side"/> sends
        /// <paramref name="tag"/>, or -1: one table load (the endpoint holds the checker's table). Not inlined: the
        /// raw channels' hot path stays small.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static int NextState(Endpoint* e, int tag, int side)
        {
            short* table = e->NextStates;
            if (table == null) return ContractChecker.Get(e->Contract).Next(e->State, tag, side);
            if ((uint)tag >= (uint)e->MessageCount) return -1;
            return table[(e->State * e->MessageCount + tag) * 2 + side] - 1;
        }

        /// <summary>Wakes the thread blocked on <paramref name="e"/>, if any. Interrupts must be off.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static void WakeWaiterLocked(Endpoint* e)
        {
            KernelThread waiter = KernelThread.In(ref e->Waiter);
            if (waiter == null) return;
            e->Waiter = 0;
            Scheduler.WakeLocked(waiter);
        }

        private static ExchangeHeap.Block* BlockOf(Endpoint* e) => (ExchangeHeap.Block*)((byte*)e - ExchangeHeap.HeaderBytes);

        /// <summary>The endpoint at <paramref name="address"/> if <paramref name="owner"/> owns it.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static AbiStatus ValidateOwned(void* address, KernelProcess owner, out Endpoint* endpoint)
        {
            endpoint = Owned(address, owner);
            return endpoint != null ? AbiStatus.Ok : WhyNotOwned(address, owner);
        }

        /// <summary>The endpoint at <paramref name="address"/> if it is one and <paramref name="owner"/> owns it, else
        /// null (<see cref="WhyNotOwned"/> says which). No out parameter: the hot entries keep it in a register.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static Endpoint* Owned(void* address, KernelProcess owner)
        {
            ulong flags = Scheduler.DisableInterrupts();   // one view of the owner's handle table
            Endpoint* e = HeldLocked(address, owner);
            Scheduler.RestoreInterrupts(flags);
            return e;
        }

        /// <summary><see cref="Owned"/> with interrupts already off.</summary>
        private static Endpoint* HeldLocked(void* address, KernelProcess owner)
        {
            ExchangeHeap.Block* block = ExchangeHeap.Validate(address, ExchangeHeap.Kind.Endpoint);
            return block != null && ExchangeHeap.EndpointHeldBy(block, owner) ? (Endpoint*)address : null;
        }

        /// <summary>Why <see cref="Owned"/> refused <paramref name="address"/>.</summary>
        public static AbiStatus WhyNotOwned(void* address, KernelProcess owner) =>
            ExchangeHeap.Validate(address, ExchangeHeap.Kind.Endpoint) == null ? AbiStatus.InvalidArgument : AbiStatus.NotOwner;

        // ---- The ABI's message entries: the caller's endpoint is validated with interrupts off, so the verdict holds
        // for the whole operation (another thread of the process cannot send the endpoint away in between). ----

        /// <summary>A send by <paramref name="caller"/> on the endpoint at <paramref name="endpoint"/>.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static AbiStatus SendFor(KernelThread caller, void* endpoint, ChannelMessage* message)
        {
            if ((uint)message->InlineLength > ChannelMessage.InlineCapacity) return AbiStatus.InvalidArgument;
            ulong flags = Scheduler.DisableInterrupts();
            Endpoint* from = OwnedLocked(caller, endpoint);
            AbiStatus status = from == null ? WhyNotOwned(endpoint, caller.Owner) : SendLocked(caller, caller.Owner, from, message);
            Scheduler.RestoreInterrupts(flags);
            return status;
        }

        /// <summary>A receive by <paramref name="caller"/> at the endpoint at <paramref name="endpoint"/>.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static AbiStatus ReceiveFor(KernelThread caller, void* endpoint, ulong timeoutMilliseconds, ChannelMessage* message)
        {
            ulong flags = Scheduler.DisableInterrupts();
            Endpoint* at = OwnedLocked(caller, endpoint);
            AbiStatus status = at == null ? WhyNotOwned(endpoint, caller.Owner) : ReceiveLocked(caller, at, timeoutMilliseconds, message);
            Scheduler.RestoreInterrupts(flags);
            if (status == NeedsEndpointRoom) status = ReceiveWithRoom(caller, endpoint, timeoutMilliseconds, message);
            return status;
        }

        /// <summary>What ReceiveLocked answers when the head message carries endpoints and the receiver's handle table has
        /// no room for their records: nothing was taken. Never leaves the kernel (the entries make room and retry).</summary>
        private const AbiStatus NeedsEndpointRoom = (AbiStatus)0x10000;

        /// <summary>A receive whose message carries endpoints that the receiver's handle table had no room to record
        /// (rare: the table grows by doubling). Makes the room, then receives again, the endpoint validated anew.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static AbiStatus ReceiveWithRoom(KernelThread caller, void* endpoint, ulong timeoutMilliseconds, ChannelMessage* message)
        {
            AbiStatus status = NeedsEndpointRoom;
            while (status == NeedsEndpointRoom)
            {
                ulong flags = RoomForEndpoints(caller.Owner, 2);
                if (flags == NoRoom) return AbiStatus.QuotaExceeded;
                Endpoint* at = OwnedLocked(caller, endpoint);
                status = at == null ? WhyNotOwned(endpoint, caller.Owner) : ReceiveLocked(caller, at, timeoutMilliseconds, message);
                Scheduler.RestoreInterrupts(flags);
            }
            return status;
        }

        /// <summary>Sends <paramref name="message"/> on the caller's endpoint, then receives the next message there into
        /// the same buffer: a request and its reply (or a reply and the next request) in one kernel entry. The send's
        /// status if it failed (nothing was sent, the buffer as it was), else the receive's: a receive that fails clears
        /// the buffer (<see cref="Unreceived"/>), so a caller whose message carried blocks or endpoints can tell from a
        /// ChannelClosed whether the peer took them (cleared: they are the peer's; named still: they are the caller's).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static AbiStatus CallFor(KernelThread caller, void* endpoint, ChannelMessage* message, ulong timeoutMilliseconds)
        {
            if ((uint)message->InlineLength > ChannelMessage.InlineCapacity) return AbiStatus.InvalidArgument;
            ulong flags = Scheduler.DisableInterrupts();
            Endpoint* at = OwnedLocked(caller, endpoint);
            AbiStatus status = at == null ? WhyNotOwned(endpoint, caller.Owner) : SendLocked(caller, caller.Owner, at, message);
            // The peer this send woke is the handoff thread: the wait below switches straight to it.
            if (status == AbiStatus.Ok) status = ReceiveLocked(caller, at, timeoutMilliseconds, message);
            Scheduler.RestoreInterrupts(flags);
            if (status == NeedsEndpointRoom) status = ReceiveWithRoom(caller, endpoint, timeoutMilliseconds, message);
            return status;
        }

        /// <summary>The endpoint at <paramref name="address"/> if <paramref name="caller"/>'s process owns it, else null.
        /// Interrupts must be off. The thread's memory of the last endpoint it validated answers first
        /// (<see cref="KernelThread.RememberOwnedEndpoint"/>); otherwise the full check, remembered when it passes.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static Endpoint* OwnedLocked(KernelThread caller, void* address)
        {
            if (address == caller.LastOwnedEndpoint && caller.LastOwnedEndpointEpoch == caller.Owner.EndpointEpoch) return (Endpoint*)address;
            return OwnedUncachedLocked(caller, address);
        }

        private static Endpoint* OwnedUncachedLocked(KernelThread caller, void* address)
        {
            Endpoint* e = HeldLocked(address, caller.Owner);
            if (e != null) caller.RememberOwnedEndpoint(e);
            return e;
        }

        // ---- Kernel-side operations on endpoints already validated ----

        // Send and Receive inline into their ABI entries: one kernel frame per channel call.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static AbiStatus Send(KernelProcess sender, Endpoint* from, ChannelMessage* message)
        {
            if ((uint)message->InlineLength > ChannelMessage.InlineCapacity) return AbiStatus.InvalidArgument;
            ulong flags = Scheduler.DisableInterrupts();
            AbiStatus status = SendLocked(null, sender, from, message);
            Scheduler.RestoreInterrupts(flags);
            return status;
        }

        // Inlined into Send: one frame for the whole send, the rare checks (block, endpoint, contract) stay branches.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static AbiStatus SendLocked(KernelThread caller, KernelProcess sender, Endpoint* from, ChannelMessage* message)
        {
            Endpoint* to = from->Peer;
            // A breach is a breach with the peer gone too (a message after the contract's end, to a server that closed).
            if (to == null) return from->Contract >= 0 && NextState(from, message->Tag, from->Side) < 0 ? AbiStatus.ProtocolViolation : AbiStatus.ChannelClosed;
            ExchangeHeap.Block* block = null, carried = null;
            if (message->Block != null)
            {
                // A block this thread received (or allocated) and its process has not given up since is still its
                // own; anything else gets the full check.
                if (caller != null && message->Block == caller.LastOwnedBlock && caller.LastOwnedBlockEpoch == sender.BlockEpoch)
                {
                    block = ExchangeHeap.HeaderOf(message->Block);
                }
                else
                {
                    // CheckCarriedBlock's test, written out: calling it here costs the plain message path a dozen
                    // instructions of register shuffling.
                    block = ExchangeHeap.Validate(message->Block, ExchangeHeap.Kind.Data);
                    if (block == null) return AbiStatus.InvalidArgument;
                    if (!ExchangeHeap.IsOwnedBy(block, sender)) return AbiStatus.NotOwner;
                }
            }
            if (message->Endpoint != null)
            {
                AbiStatus checkedEndpoint = CheckCarriedEndpoint(message->Endpoint, sender, from, to);
                if (checkedEndpoint != AbiStatus.Ok) return checkedEndpoint;
                carried = ExchangeHeap.HeaderOf(message->Endpoint);
            }
            // The contract is checked first: a sender that breaks it is told so (and ended), even when its breach
            // also overfills the peer's queue.
            int next = from->State;
            if (from->Contract >= 0)
            {
                next = NextState(from, message->Tag, from->Side);
                if (next < 0) return AbiStatus.ProtocolViolation;
            }
            // The finite-queue rule sizes the queue for a conforming peer: a full queue is a protocol violation.
            if (to->Count == to->Capacity) return AbiStatus.QueueFull;
            // Blocks and second slots, all in one branch: a message with neither (the common round trip) pays the two
            // tests it paid before ring-3 domains existed. A block from a ring-3 domain leaves it as a copy in the
            // kernel's exchange heap (004 §3.3), made out of line before anything changes, so a shortage refuses the
            // send and loses nothing.
            if (message->Carries != 0 || block != null)
            {
                // Ring-3 senders' blocks, and transfer blocks (a page or more from a ring-3 domain) that a ring-0
                // process passes on, leave the sender's domain here.
                bool secondBlock = (message->Carries & ChannelMessage.CarriesSecondBlock) != 0;
                bool crossingBlocks = sender != null && (block != null || secondBlock)
                    && (sender.Ring3 || secondBlock || block->InOwnDomain != 0);
                if (crossingBlocks)
                {
                    AbiStatus prepared = PrepareSendCopies(sender, from, to, message, block);
                    if (prepared != AbiStatus.Ok) return prepared;
                }
                // A second block or endpoint (rare) is checked and given up in one call, before anything changes.
                if (message->Carries != 0)
                {
                    AbiStatus second = GiveUpSecondSlots(sender, from, to, message);
                    if (second != AbiStatus.Ok) return second;
                }
                if (block != null) ExchangeHeap.GiveUpLocked(block, sender, ExchangeHeap.Kind.Data);
                if (crossingBlocks) FinishPendingCopies(message);
            }
            from->State = next;
            if (carried != null) ExchangeHeap.GiveUpLocked(carried, sender, ExchangeHeap.Kind.Endpoint);
            int tail = to->Head + to->Count;
            if (tail >= to->Capacity) tail -= to->Capacity;
            Endpoint.SlotsOf(to)[tail] = *message;
            to->Count++;
            WakeWaiterLocked(to);
            return AbiStatus.Ok;
        }

        /// <summary>For a ring-3 sender's message with blocks: kernel copies of them, and transfer blocks (a page or
        /// more) out of the sender's domain by remapping, unless the receiver shares its domain (threads of one
        /// process, HIP-R3's shared application domain). When the receiver is not yet known, only transfer blocks
        /// leave (a sender never keeps pages it sent); the others are copied by the receiver (ReceiveLocked).
        /// Interrupts off.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static AbiStatus PrepareSendCopies(KernelProcess sender, Endpoint* from, Endpoint* to, ChannelMessage* message, ExchangeHeap.Block* block)
        {
            KernelThread me = Scheduler.Current;
            me.PendingCopy = me.PendingSecondCopy = null;
            int receiver = BlockOf(to)->OwnerPid;
            if (receiver != 0 && (receiver == sender.Id || ProcessManager.SharesDomain(receiver, sender))) return AbiStatus.Ok;
            byte* copy = null, secondCopy = null;
            AbiStatus status = PrepareCopiesOut(sender, from, to, message, block, receiver != 0, &copy, &secondCopy);
            me.PendingCopy = copy;
            me.PendingSecondCopy = secondCopy;
            return status;
        }

        /// <summary>The prepared copies (KernelThread.PendingCopy) take the blocks' places in the message; the
        /// originals are freed.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static void FinishPendingCopies(ChannelMessage* message)
        {
            KernelThread me = Scheduler.Current;
            byte* copy = me.PendingCopy, secondCopy = me.PendingSecondCopy;
            me.PendingCopy = me.PendingSecondCopy = null;
            if (copy != null) message->Block = ExchangeHeap.FinishCopy(ExchangeHeap.HeaderOf(message->Block), copy);
            if (secondCopy != null) message->SecondBlock = ExchangeHeap.FinishCopy(ExchangeHeap.HeaderOf(message->SecondBlock), secondCopy);
        }

        /// <summary>Kernel copies (or remaps, ExchangeHeap.PrepareSendCrossing) of the blocks a ring-3 sender's message
        /// carries (those in its own domain; only transfer blocks unless <paramref name="copyAll"/>), made before the
        /// send changes anything; on a shortage or a bad second slot nothing is kept. Interrupts off.</summary>
        private static AbiStatus PrepareCopiesOut(KernelProcess sender, Endpoint* from, Endpoint* to, ChannelMessage* message,
            ExchangeHeap.Block* block, bool copyAll, byte** copy, byte** secondCopy)
        {
            if (message->Carries != 0)
            {
                AbiStatus valid = ValidateSecondSlots(sender, from, to, message);
                if (valid != AbiStatus.Ok) return valid;
            }
            if (block != null && block->InOwnDomain != 0 && (copyAll || ExchangeHeap.IsTransfer(block)))
            {
                *copy = ExchangeHeap.PrepareSendCrossing(block);
                if (*copy == null) return AbiStatus.OutOfMemory;
            }
            ExchangeHeap.Block* second = (message->Carries & ChannelMessage.CarriesSecondBlock) != 0 ? ExchangeHeap.HeaderOf(message->SecondBlock) : null;
            if (second != null && second->InOwnDomain != 0 && (copyAll || ExchangeHeap.IsTransfer(second)))
            {
                *secondCopy = ExchangeHeap.PrepareSendCrossing(second);
                if (*secondCopy == null)
                {
                    ExchangeHeap.DropPrepared(message->Block, *copy);
                    *copy = null;
                    return AbiStatus.OutOfMemory;
                }
            }
            return AbiStatus.Ok;
        }

        /// <summary>The second block and endpoint a message may carry (ChannelMessage.Carries): each must be present,
        /// valid, owned by the sender and distinct from the first (and an endpoint from the channel's own ends); the
        /// inline arguments must leave their 16 bytes free. Off the common path: most messages carry neither.</summary>
        private static AbiStatus GiveUpSecondSlots(KernelProcess sender, Endpoint* from, Endpoint* to, ChannelMessage* message)
        {
            AbiStatus status = ValidateSecondSlots(sender, from, to, message);
            if (status == AbiStatus.Ok) MoveSecondSlots(message, sender, null);
            return status;
        }

        private static AbiStatus ValidateSecondSlots(KernelProcess sender, Endpoint* from, Endpoint* to, ChannelMessage* message)
        {
            int carries = message->Carries;
            if ((carries & ~(ChannelMessage.CarriesSecondBlock | ChannelMessage.CarriesSecondEndpoint)) != 0
                || (uint)message->InlineLength > ChannelMessage.InlineCapacityWithSecondSlots) return AbiStatus.InvalidArgument;
            if ((carries & ChannelMessage.CarriesSecondBlock) != 0)
            {
                if (message->SecondBlock == message->Block) return AbiStatus.InvalidArgument;
                AbiStatus status = CheckCarriedBlock(message->SecondBlock, sender);
                if (status != AbiStatus.Ok) return status;
            }
            if ((carries & ChannelMessage.CarriesSecondEndpoint) != 0)
            {
                if (message->SecondEndpoint == message->Endpoint) return AbiStatus.InvalidArgument;
                AbiStatus status = CheckCarriedEndpoint(message->SecondEndpoint, sender, from, to);
                if (status != AbiStatus.Ok) return status;
            }
            return AbiStatus.Ok;
        }

        // Out of line, like the rest of the carried-item checks: the plain message's path stays small.
        /// <summary>A data block a message carries: a live block of the sender's.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static AbiStatus CheckCarriedBlock(void* data, KernelProcess sender)
        {
            ExchangeHeap.Block* block = ExchangeHeap.Validate(data, ExchangeHeap.Kind.Data);
            if (block == null) return AbiStatus.InvalidArgument;
            return ExchangeHeap.IsOwnedBy(block, sender) ? AbiStatus.Ok : AbiStatus.NotOwner;
        }

        /// <summary>An endpoint a message carries: one of the sender's, not an end of the channel it travels on, and no
        /// thread waiting on it.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static AbiStatus CheckCarriedEndpoint(void* address, KernelProcess sender, Endpoint* from, Endpoint* to)
        {
            ExchangeHeap.Block* block = ExchangeHeap.Validate(address, ExchangeHeap.Kind.Endpoint);
            if (block == null || (Endpoint*)address == from || (Endpoint*)address == to) return AbiStatus.InvalidArgument;
            if (!ExchangeHeap.EndpointHeldBy(block, sender)) return AbiStatus.NotOwner;
            if (((Endpoint*)address)->Waiter != 0) return AbiStatus.InvalidState;
            // An endpoint whose queue holds endpoints does not travel: otherwise two endpoints could end up each in
            // the other's queue, owned by nobody and reachable by no one once their peers close (a cycle no close
            // ever frees). Without such nesting every endpoint in transit is freed when the queue it sits in is.
            return HoldsEndpoints((Endpoint*)address) ? AbiStatus.InvalidState : AbiStatus.Ok;
        }

        private static bool HoldsEndpoints(Endpoint* e)
        {
            for (int i = 0, slot = e->Head; i < e->Count; i++, slot = slot + 1 == e->Capacity ? 0 : slot + 1)
            {
                ChannelMessage* m = Endpoint.SlotsOf(e) + slot;
                if (m->Endpoint != null || (m->Carries & ChannelMessage.CarriesSecondEndpoint) != 0) return true;
            }
            return false;
        }

        /// <summary>Moves a message's second block and endpoint: from the sender to nobody (<paramref name="to"/> null),
        /// or from nobody to the receiver. Interrupts must be off.</summary>
        private static void MoveSecondSlots(ChannelMessage* message, KernelProcess from, KernelProcess to)
        {
            if ((message->Carries & ChannelMessage.CarriesSecondBlock) != 0)
            {
                ExchangeHeap.Block* block = ExchangeHeap.HeaderOf(message->SecondBlock);
                if (from != null) ExchangeHeap.GiveUpLocked(block, from, ExchangeHeap.Kind.Data);
                else ExchangeHeap.TakeLocked(block, to);
            }
            if ((message->Carries & ChannelMessage.CarriesSecondEndpoint) != 0)
            {
                ExchangeHeap.Block* block = ExchangeHeap.HeaderOf(message->SecondEndpoint);
                if (from != null) ExchangeHeap.GiveUpLocked(block, from, ExchangeHeap.Kind.Endpoint);
                else
                {
                    ExchangeHeap.TakeEndpointLocked(block, to);
                    if (((Endpoint*)message->SecondEndpoint)->Delegating != 0) Security.Delegation.Received((Endpoint*)message->SecondEndpoint, to);
                }
            }
        }

        /// <summary>Takes the next message, waiting up to <paramref name="timeoutMilliseconds"/>. ChannelClosed once the
        /// peer is gone and the queue is empty.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static AbiStatus Receive(KernelThread me, Endpoint* at, ulong timeoutMilliseconds, ChannelMessage* message)
        {
            AbiStatus status;
            do
            {
                ulong flags = RoomForEndpoints(me.Owner, 2);
                if (flags == NoRoom) return AbiStatus.QuotaExceeded;
                status = ReceiveLocked(me, at, timeoutMilliseconds, message);
                Scheduler.RestoreInterrupts(flags);
            }
            while (status == NeedsEndpointRoom);   // another thread of the process used the room while this one waited
            return status;
        }

        // Interrupts stay off across the wait: the sender that woke this thread left a message (or closed the
        // channel), and nothing else can take it before this thread runs again.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static AbiStatus ReceiveLocked(KernelThread me, Endpoint* at, ulong timeoutMilliseconds, ChannelMessage* message)
        {
            while (at->Count == 0)
            {
                if (at->Peer == null) return Unreceived(message, AbiStatus.ChannelClosed);
                if (BlockOnLocked(me, at, timeoutMilliseconds)) return Unreceived(message, AbiStatus.Timeout);
            }
            *message = Endpoint.SlotsOf(at)[at->Head];
            // What a queued message carries was validated when it was sent and has had no owner since. A message
            // carrying nothing (the common round trip) pays one test here, and a ring-0 receiver of one block in the
            // kernel's layout (every block of SIP-Phys), which it can reach where it is, takes it inline; everything
            // else (copies, second slots, endpoints) is taken out of line.
            if (message->Carries != 0 || message->Block != null || message->Endpoint != null)
            {
                KernelProcess receiver = me.Owner;   // null: a kernel thread
                if (message->Carries != 0 || message->Endpoint != null
                    || (receiver != null && (receiver.Ring3 || ExchangeHeap.IsDomainLayout(message->Block))))
                {
                    AbiStatus carried = ReceiveCarriedLocked(me, at, message);
                    if (carried != AbiStatus.Ok) return carried;
                }
                else if (receiver != null)
                {
                    ExchangeHeap.TakeLocked(ExchangeHeap.HeaderOf(message->Block), receiver);
                    me.RememberOwnedBlock(message->Block);
                }
            }
            at->Head = at->Head + 1 == at->Capacity ? 0 : at->Head + 1;
            at->Count--;
            if (at->Contract >= 0)
            {
                // The receiver's view follows the message the peer was allowed to send.
                int next = NextState(at, message->Tag, 1 - at->Side);
                if (next >= 0) at->State = next;
            }
            return AbiStatus.Ok;
        }

        /// <summary>A receive that takes nothing leaves the buffer empty, as every failed receive does: in a call the
        /// buffer held the request, whose blocks and endpoints the send already gave to the peer.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static AbiStatus Unreceived(ChannelMessage* message, AbiStatus status)
        {
            *message = default;
            return status;
        }

        /// <summary>What the head message at <paramref name="at"/> (copied into <paramref name="message"/>) carries becomes
        /// the receiver's, before the message leaves the queue. Endpoints are recorded in the receiver's handle table,
        /// which must have room (recording allocates nothing): without it, <see cref="NeedsEndpointRoom"/> and nothing
        /// taken. A ring-3 receiver gets the blocks as copies in its own domain (004 §3.3), made before anything is
        /// taken: a shortage leaves the message queued and answers OutOfMemory. Either way the caller's copy is cleared
        /// (it names what the caller does not own). Interrupts off.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static AbiStatus ReceiveCarriedLocked(KernelThread me, Endpoint* at, ChannelMessage* message)
        {
            KernelProcess receiver = me.Owner;   // null: a kernel thread
            if ((message->Endpoint != null || (message->Carries & ChannelMessage.CarriesSecondEndpoint) != 0) && receiver != null
                && !receiver.Handles.HasEndpointRoomLocked(2))
            {
                *message = default;
                return NeedsEndpointRoom;
            }
            // Only a ring-3 receiver, a block in a domain's layout (page-aligned data) or a second block can need a copy.
            if (receiver != null && (message->Block != null || (message->Carries & ChannelMessage.CarriesSecondBlock) != 0)
                && (receiver.Ring3 || (message->Carries & ChannelMessage.CarriesSecondBlock) != 0 || ExchangeHeap.IsDomainLayout(message->Block)))
            {
                AbiStatus prepared = PrepareReceiveCopies(me, Endpoint.SlotsOf(at) + at->Head);
                if (prepared != AbiStatus.Ok)
                {
                    *message = default;
                    return prepared;
                }
                FinishReceiveCopies(me, message);
            }
            if (message->Block != null && receiver != null)
            {
                ExchangeHeap.TakeLocked(ExchangeHeap.HeaderOf(message->Block), receiver);
                me.RememberOwnedBlock(message->Block);
            }
            if (message->Carries != 0) MoveSecondSlots(message, null, receiver);
            if (message->Endpoint != null)
            {
                ExchangeHeap.TakeEndpointLocked(ExchangeHeap.HeaderOf(message->Endpoint), receiver);
                if (((Endpoint*)message->Endpoint)->Delegating != 0) Security.Delegation.Received((Endpoint*)message->Endpoint, receiver);
            }
            return AbiStatus.Ok;
        }

        private const ulong NoSpaceChange = ulong.MaxValue;

        /// <summary>The receive side's copies, before the message is taken (into KernelThread.PendingCopy): a block still
        /// in its sender's domain is read through the kernel's address space, entered here and left in
        /// <see cref="FinishReceiveCopies"/>. Interrupts off.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static AbiStatus PrepareReceiveCopies(KernelThread me, ChannelMessage* slot)
        {
            KernelProcess receiver = me.Owner;
            me.PendingCopy = me.PendingSecondCopy = null;
            me.PendingSpace = NoSpaceChange;
            bool elsewhere = ExchangeHeap.IsElsewhere(slot->Block, receiver)
                || ((slot->Carries & ChannelMessage.CarriesSecondBlock) != 0 && ExchangeHeap.IsElsewhere(slot->SecondBlock, receiver));
            ulong space = elsewhere ? Scheduler.EnterKernelSpace() : NoSpaceChange;
            byte* copy = null, secondCopy = null;
            AbiStatus prepared = PrepareCopiesIn(receiver, slot, &copy, &secondCopy);
            if (prepared != AbiStatus.Ok)
            {
                if (elsewhere) Scheduler.LeaveKernelSpace(space);
                return prepared;
            }
            me.PendingCopy = copy;
            me.PendingSecondCopy = secondCopy;
            me.PendingSpace = space;
            return prepared;
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static void FinishReceiveCopies(KernelThread me, ChannelMessage* message)
        {
            ulong space = me.PendingSpace;
            me.PendingSpace = NoSpaceChange;
            FinishPendingCopies(message);
            if (space != NoSpaceChange) Scheduler.LeaveKernelSpace(space);
        }

        /// <summary>Copies the receiver can reach, for the blocks of a queued message that lie in another domain or that
        /// a ring-3 receiver cannot reach (ExchangeHeap.CrossesToReceiver), made before the message is taken.
        /// Interrupts off.</summary>
        private static AbiStatus PrepareCopiesIn(KernelProcess receiver, ChannelMessage* queued, byte** copy, byte** secondCopy)
        {
            if (queued->Block != null && ExchangeHeap.CrossesToReceiver(queued->Block, receiver))
            {
                *copy = ExchangeHeap.PrepareReceiveCrossing(ExchangeHeap.HeaderOf(queued->Block), receiver);
                if (*copy == null) return AbiStatus.OutOfMemory;
            }
            if ((queued->Carries & ChannelMessage.CarriesSecondBlock) != 0
                && ExchangeHeap.CrossesToReceiver(queued->SecondBlock, receiver))
            {
                *secondCopy = ExchangeHeap.PrepareReceiveCrossing(ExchangeHeap.HeaderOf(queued->SecondBlock), receiver);
                if (*secondCopy == null)
                {
                    ExchangeHeap.DropPrepared(queued->Block, *copy);
                    *copy = null;
                    return AbiStatus.OutOfMemory;
                }
            }
            return AbiStatus.Ok;
        }

        /// <summary>Blocks the running thread until a send or close on one of the endpoints, or the timeout.
        /// Interrupts must be off. Returns true on timeout.</summary>
        private static bool BlockLocked(Endpoint** endpoints, int count, ulong timeoutMilliseconds)
        {
            if (timeoutMilliseconds == 0) return true;
            KernelThread me = Scheduler.Current;
            nint self = KernelThread.AddressOf(me);
            for (int i = 0; i < count; i++) endpoints[i]->Waiter = self;
            PrepareWait(me, timeoutMilliseconds);
            Scheduler.BlockLocked();
            for (int i = 0; i < count; i++)
                if (endpoints[i]->Waiter == self) endpoints[i]->Waiter = 0;
            return FinishWait(me);
        }

        /// <summary><see cref="BlockLocked"/> for one endpoint (Receive): no array, so the endpoint stays in a
        /// register across the switch instead of being reloaded from the stack.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static bool BlockOnLocked(KernelThread me, Endpoint* at, ulong timeoutMilliseconds)
        {
            if (timeoutMilliseconds == 0) return true;
            nint self = KernelThread.AddressOf(me);
            at->Waiter = self;
            PrepareWait(me, timeoutMilliseconds);
            Scheduler.BlockLocked(me);
            if (at->Waiter == self) at->Waiter = 0;
            return FinishWait(me);
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static void PrepareWait(KernelThread me, ulong timeoutMilliseconds)
        {
            me.WakeIndex = WaitHandle.Pending;
            if (timeoutMilliseconds != WaitHandle.Infinite)
            {
                ulong ticks = (timeoutMilliseconds * Arch.Timer.Hz + 999) / 1000;
                Scheduler.AddSleeperLocked(me, Arch.Timer.Ticks + (ticks == 0 ? 1 : ticks));
            }
        }

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static bool FinishWait(KernelThread me)
        {
            Scheduler.RemoveSleeper(me);
            return me.WakeIndex == WaitHandle.TimedOut;
        }

        /// <summary>Waits until one of the endpoints has a message or is closed; returns its index.</summary>
        public static AbiStatus Select(Endpoint** endpoints, int count, ulong timeoutMilliseconds, out int ready)
        {
            while (true)
            {
                ulong flags = Scheduler.DisableInterrupts();
                ready = FirstReadyLocked(endpoints, count);
                if (ready >= 0)
                {
                    Scheduler.RestoreInterrupts(flags);
                    return AbiStatus.Ok;
                }
                bool timedOut = BlockLocked(endpoints, count, timeoutMilliseconds);
                Scheduler.RestoreInterrupts(flags);
                if (timedOut) return AbiStatus.Timeout;
            }
        }

        /// <summary>The first endpoint with a message waiting or its peer gone, or -1 (interrupts off).</summary>
        private static int FirstReadyLocked(Endpoint** endpoints, int count)
        {
            for (int i = 0; i < count; i++)
                if (endpoints[i]->Count > 0 || endpoints[i]->Peer == null) return i;
            return -1;
        }

        /// <summary><see cref="Select"/> that also ends when <paramref name="signal"/> (a driver's interrupt event) is
        /// granted to the thread: <paramref name="ready"/> is then <paramref name="count"/>. A driver waits this way for
        /// its device and its clients at once, so neither waits for the other's timeout.</summary>
        public static AbiStatus SelectOr(Endpoint** endpoints, int count, WaitHandle signal, ulong timeoutMilliseconds, out int ready)
        {
            while (true)
            {
                ulong flags = Scheduler.DisableInterrupts();
                ready = FirstReadyLocked(endpoints, count);
                if (ready >= 0)
                {
                    Scheduler.RestoreInterrupts(flags);
                    return AbiStatus.Ok;
                }
                KernelThread me = Scheduler.Current;
                if (signal.TryAcquireLocked(me))
                {
                    ready = count;
                    Scheduler.RestoreInterrupts(flags);
                    return AbiStatus.Ok;
                }
                if (timeoutMilliseconds == 0)
                {
                    Scheduler.RestoreInterrupts(flags);
                    return AbiStatus.Timeout;
                }
                // The event grants the thread as a one-handle WaitAny would (WakeIndex 0); a message wakes it with
                // WakeIndex still pending; the timer sets TimedOut.
                WaitHandle[] single = me.SingleWait ??= new WaitHandle[1];
                single[0] = signal;
                me.WaitingOn = single;
                signal.AddWaiterLocked(me);
                nint self = KernelThread.AddressOf(me);
                for (int i = 0; i < count; i++) endpoints[i]->Waiter = self;
                PrepareWait(me, timeoutMilliseconds);
                Scheduler.BlockLocked();
                for (int i = 0; i < count; i++)
                    if (endpoints[i]->Waiter == self) endpoints[i]->Waiter = 0;
                signal.RemoveWaiterLocked(me);
                me.WaitingOn = null;
                single[0] = null;
                bool signalled = me.WakeIndex == 0;
                bool timedOut = FinishWait(me);
                Scheduler.RestoreInterrupts(flags);
                if (signalled)
                {
                    ready = count;
                    return AbiStatus.Ok;
                }
                if (timedOut) return AbiStatus.Timeout;
            }
        }

        /// <summary>Closes and frees an endpoint: its peer sees ChannelClosed; messages still queued here are dropped
        /// with what they carry (blocks freed, endpoints closed).</summary>
        public static void CloseEndpoint(Endpoint* e, KernelProcess owner)
        {
            ulong flags = Scheduler.DisableInterrupts();
            Endpoint* peer = e->Peer;
            if (peer != null)
            {
                peer->Peer = null;
                WakeWaiterLocked(peer);
            }
            e->Peer = null;
            e->Waiter = 0;
            if (e->Principal != 0) Security.PrincipalTable.Release(e->Principal);
            e->Principal = 0;
            e->Delegating = 0;
            Scheduler.RestoreInterrupts(flags);
            // Queued blocks may lie where only the kernel's space maps them (in transit, or in their sender's domain);
            // each was validated when it was sent and has had no owner since.
            ulong space = e->Count > 0 ? Scheduler.EnterKernelSpace() : NoSpaceChange;
            while (e->Count > 0)
            {
                ChannelMessage* slot = Endpoint.SlotsOf(e) + e->Head;
                e->Head = (e->Head + 1) % e->Capacity;
                e->Count--;
                if (slot->Block != null) ExchangeHeap.Free(ExchangeHeap.HeaderOf(slot->Block), null);
                if (slot->Endpoint != null) CloseEndpoint((Endpoint*)slot->Endpoint, null);
                if ((slot->Carries & ChannelMessage.CarriesSecondBlock) != 0) ExchangeHeap.Free(ExchangeHeap.HeaderOf(slot->SecondBlock), null);
                if ((slot->Carries & ChannelMessage.CarriesSecondEndpoint) != 0) CloseEndpoint((Endpoint*)slot->SecondEndpoint, null);
            }
            if (space != NoSpaceChange) Scheduler.LeaveKernelSpace(space);
            ExchangeHeap.Free(BlockOf(e), owner);
        }
    }
}
