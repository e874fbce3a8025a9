using Sing.Kernel.Abi;
using Sing.Kernel.Channels;
using Sing.Kernel.Processes;
using Sing.Kernel.Threading;
using Singularity.V1;

namespace Sing.Kernel.Tests
{
    /// <summary>The handle table's promises, checked on the kind the boot chose: a handle resolves only while it is
    /// live, only as its own type and only in its own process's table; every other value gets its specific status.</summary>
    internal static unsafe class HandleTableTests
    {
        private sealed class Thing
        {
            public int Number;
        }

        public static void ForgedStaleAndMistypedAreRefused(TestContext t)
        {
            HandleTable table = HandleTable.Create();
            var a = new Thing { Number = 1 };
            var b = new Thing { Number = 2 };
            ulong ha = table.Add(HandleType.Event, a);
            ulong hb = table.Add(HandleType.Mutex, b);
            t.True(ha != 0 && hb != 0 && ha != hb, "two handles were given");
            t.Equal((ulong)AbiStatus.Ok, (ulong)table.Resolve(ha, HandleType.Event, out Thing ra), "the first resolves");
            t.True(ra == a, "to its own object");
            t.Equal((ulong)AbiStatus.Ok, (ulong)table.Resolve(hb, HandleType.Mutex, out Thing rb), "the second resolves");
            t.True(rb == b, "to its own object");
            t.Equal((ulong)AbiStatus.WrongHandleType, (ulong)table.Resolve(ha, HandleType.Mutex, out Thing _), "an event handle is not a mutex");
            ulong retyped = (ha & ~(0xFFUL << 56)) | ((ulong)HandleType.Mutex << 56);
            t.Equal((ulong)AbiStatus.WrongHandleType, (ulong)table.Resolve(retyped, HandleType.Mutex, out Thing _), "a type byte changed by the holder is refused");
            t.Equal((ulong)AbiStatus.WrongHandleType, (ulong)table.Close(retyped), "and closes nothing");
            t.Equal((ulong)AbiStatus.Ok, (ulong)table.Resolve(ha, HandleType.Event, out Thing _), "the handle still resolves after the retyped close");
            ulong future = HandleBits.Make(HandleType.Event, HandleBits.SlotOf(ha), HandleBits.GenerationOf(ha) + 1);
            t.Equal((ulong)AbiStatus.InvalidHandle, (ulong)table.Resolve(future, HandleType.Event, out Thing _), "a generation not yet given is invalid");
            t.Equal((ulong)AbiStatus.InvalidHandle, (ulong)table.Resolve(0, HandleType.Event, out Thing _), "the zero handle is invalid");
            t.Equal((ulong)AbiStatus.InvalidHandle, (ulong)table.Resolve(HandleBits.Make(HandleType.Event, 0, 1), HandleType.Event, out Thing _), "slot 0 is never a handle");
            t.Equal((ulong)AbiStatus.Ok, (ulong)table.Close(ha), "the first closes");
            t.Equal((ulong)AbiStatus.StaleHandle, (ulong)table.Resolve(ha, HandleType.Event, out Thing stale), "then it is stale");
            t.True(stale == null, "and names nothing");
            t.Equal((ulong)AbiStatus.StaleHandle, (ulong)table.Close(ha), "a second close is stale too");
            ulong hc = table.Add(HandleType.Event, new Thing { Number = 3 });
            t.Equal(HandleBits.SlotOf(ha), HandleBits.SlotOf(hc), "the freed slot is reused");
            t.Equal((ulong)AbiStatus.StaleHandle, (ulong)table.Resolve(ha, HandleType.Event, out Thing _), "the old handle to the reused slot stays stale");
            t.Equal((ulong)AbiStatus.Ok, (ulong)table.Resolve(hc, HandleType.Event, out Thing rc), "the new one resolves");
            t.True(rc != null && rc.Number == 3, "to the new object");
            table.Clear();
            t.Equal((ulong)AbiStatus.StaleHandle, (ulong)table.Resolve(hb, HandleType.Mutex, out Thing _), "after the process's end every handle is stale");
            t.Equal(0, (ulong)table.Count, "and none is counted");
        }

        public static void ProcessesCannotUseEachOthers(TestContext t)
        {
            HandleTable first = HandleTable.Create(), second = HandleTable.Create();
            var mine = new Thing { Number = 7 };
            ulong h1 = first.Add(HandleType.Event, mine);
            // The second table's first handle has the same slot and generation: the value is the same word.
            ulong h2 = second.Add(HandleType.Event, new Thing { Number = 8 });
            t.Equal(h1, h2, "two processes' first handles are the same value");
            t.Equal((ulong)AbiStatus.Ok, (ulong)second.Resolve(h1, HandleType.Event, out Thing got), "the value resolves in the second table");
            t.True(got != null && got.Number == 8, "to the second process's object, never the first's");
            t.Equal((ulong)AbiStatus.Ok, (ulong)first.Close(h1), "the first process closes its handle");
            t.Equal((ulong)AbiStatus.Ok, (ulong)second.Resolve(h2, HandleType.Event, out Thing still), "the second's handle of the same value still resolves");
            t.True(still != null && still.Number == 8, "to its own object");
            ulong h3 = second.Add(HandleType.Mutex, new Thing { Number = 9 });
            t.Equal((ulong)AbiStatus.InvalidHandle, (ulong)first.Resolve(h3, HandleType.Mutex, out Thing _), "a handle only the second process holds is invalid in the first");
            first.Clear();
            second.Clear();
        }

        public static void QuotaAndReuse(TestContext t)
        {
            HandleTable table = HandleTable.Create();
            table.Limit = 300;   // more than one page of window entries (256 per page)
            var handles = new ulong[300];
            for (int i = 0; i < 300; i++) handles[i] = table.Add(HandleType.Event, new Thing { Number = i });
            bool allGiven = true;
            for (int i = 0; i < 300; i++) allGiven &= handles[i] != 0;
            t.True(allGiven, "300 handles fit a quota of 300");
            t.Equal(0, table.Add(HandleType.Event, new Thing()), "the 301st is refused (0)");
            int right = 0;
            for (int i = 0; i < 300; i++)
                if (table.Resolve(handles[i], HandleType.Event, out Thing x) == AbiStatus.Ok && x.Number == i) right++;
            t.Equal(300, (ulong)right, "every handle resolves to its own object");
            for (int round = 0; round < 50; round++)
            {
                int i = round * 6 % 300;
                table.Close(handles[i]);
                handles[i] = table.Add(HandleType.Thread, new Thing { Number = 1000 + i });
            }
            right = 0;
            for (int i = 0; i < 300; i++)
            {
                HandleType type = HandleBits.TypeOf(handles[i]);
                if (table.Resolve(handles[i], type, out Thing x) == AbiStatus.Ok && (x.Number == i || x.Number == 1000 + i)) right++;
            }
            t.Equal(300, (ulong)right, "after closes and re-adds every live handle still resolves to its own object");
            table.Clear();
        }

        /// <summary>Slots far past the quota: under handles=mmu their window pages are not mapped, so the lookup faults
        /// and the fixup answers; under the others a bounds check answers. Either way: invalid, and the kernel runs on.</summary>
        public static void LookupOutsideTheWindowIsRefused(TestContext t)
        {
            int pagesBefore = HandleWindow.EntryPages;
            HandleTable table = HandleTable.Create();
            table.Limit = 16;
            ulong h = table.Add(HandleType.Event, new Thing());
            if (HandleLookup.Kind == HandleLookupKind.Mmu)
                t.True(HandleWindow.EntryPages > pagesBefore, "the first handle gave the window a page of entries");
            uint[] slots = { 300, 4096, 100_000, (1u << 17) + HandleBits.SlotOf(h), 0xFFFFFF };
            for (int i = 0; i < slots.Length; i++)
                t.Equal((ulong)AbiStatus.InvalidHandle, (ulong)table.Resolve(HandleBits.Make(HandleType.Event, slots[i], HandleBits.GenerationOf(h)), HandleType.Event, out Thing _),
                    "slot " + slots[i].ToString() + " is no handle");
            t.Equal((ulong)AbiStatus.Ok, (ulong)table.Resolve(h, HandleType.Event, out Thing _), "the live handle still resolves");
            table.Clear();
            // Other processes (an earlier test's SIPs ending) may give pages back meanwhile, never take any here.
            t.True(HandleWindow.EntryPages <= pagesBefore, "the window's pages went back with the table");
        }

        /// <summary>Every endpoint a process holds is a record in its handle table (seed 003's capability transfer): the
        /// channel entries find an endpoint's owner by looking the record up through the structure the boot chose. A
        /// carried endpoint leaves the sender's table and enters the receiver's; the record, not the pid in the block's
        /// header, is what makes a process the holder; a SIP cannot close or resolve a record; records come and go with
        /// their endpoints.</summary>
        public static void EndpointsAreRecordsInTheHoldersTable(TestContext t)
        {
            KernelProcess sender = Make(t), receiver = Make(t);
            if (sender == null || receiver == null) return;
            if (Channel.Create(sender, 2, out Endpoint* imp, out Endpoint* exp) != AbiStatus.Ok)
            {
                t.Fail("no channel for the sender");
                return;
            }
            t.Equal(2, (ulong)sender.Handles.EndpointCount, "both new ends are recorded in the creator's table");
            t.Equal(0, (ulong)sender.Handles.Count, "records are not handles: the quota and the count leave them out");
            t.True(Channel.Owned(exp, sender) != null && Channel.Owned(exp, receiver) == null, "the creator holds the end, nobody else");
            ulong before = exp->OwnerHandle;
            t.Equal((ulong)AbiStatus.InvalidHandle, (ulong)sender.Handles.Close(before), "the record's word closes nothing through the handle ABI");
            t.True(Channel.Owned(exp, sender) != null, "and the end is still its holder's");

            // What a send and a receive do to a carried endpoint.
            ulong flags = Channel.RoomForEndpoints(receiver, 2);
            ExchangeHeap.GiveUpLocked(ExchangeHeap.HeaderOf(exp), sender, ExchangeHeap.Kind.Endpoint);
            bool nobody = Channel.Owned(exp, sender) == null && Channel.Owned(exp, receiver) == null && exp->OwnerHandle == 0;
            ExchangeHeap.TakeEndpointLocked(ExchangeHeap.HeaderOf(exp), receiver);
            Scheduler.RestoreInterrupts(flags);
            t.True(nobody, "in transit the end is nobody's, its record gone from the sender's table");
            t.True(Channel.Owned(exp, receiver) != null && Channel.Owned(exp, sender) == null, "after the receive it is the receiver's alone");
            t.Equal(1, (ulong)sender.Handles.EndpointCount, "one record left in the sender's table");
            t.Equal(1, (ulong)receiver.Handles.EndpointCount, "one in the receiver's");
            t.True(exp->OwnerHandle != before, "under a new record");
            flags = Scheduler.DisableInterrupts();
            bool oldRecordHolds = sender.Handles.HoldsEndpointLocked(before, exp) || receiver.Handles.HoldsEndpointLocked(before, exp);
            // A header that claims the sender (a corrupted or forged pid) does not make it the holder: its table has no record.
            ExchangeHeap.Block* header = ExchangeHeap.HeaderOf(exp);
            int pid = header->OwnerPid;
            header->OwnerPid = sender.Id;
            bool forgedPidHolds = Channel.Owned(exp, sender) != null;
            header->OwnerPid = pid;
            Scheduler.RestoreInterrupts(flags);
            t.True(!oldRecordHolds, "the old record names the end in no table");
            t.True(!forgedPidHolds, "a header's pid without the holder's record is refused");

            // Many ends: the table grows past its first arrays (and window page) with interrupts on, before records go in.
            var ends = new ulong[200];
            int made = 0;
            for (int i = 0; i < ends.Length; i += 2)
            {
                if (Channel.Create(receiver, 1, out Endpoint* a, out Endpoint* b) != AbiStatus.Ok) break;
                ends[i] = (ulong)a;
                ends[i + 1] = (ulong)b;
                made += 2;
            }
            int held = 0;
            for (int i = 0; i < made; i++) if (Channel.Owned((void*)ends[i], receiver) != null) held++;
            t.Equal(200, (ulong)held, "200 more ends, each recorded and held");
            t.Equal(201, (ulong)receiver.Handles.EndpointCount, "201 records");
            for (int i = 0; i < made; i++) Channel.CloseEndpoint((Endpoint*)ends[i], receiver);
            t.Equal(1, (ulong)receiver.Handles.EndpointCount, "closing an end removes its record");
            ProcessManager.Terminate(sender, 0, "handle test");
            ProcessManager.Terminate(receiver, 0, "handle test");
            t.Equal(0, (ulong)receiver.Handles.EndpointCount, "an ended process's ends are closed and their records gone");
        }

        private static KernelProcess Make(TestContext t)
        {
            AbiStatus status = ProcessManager.Create("hello", "", null, out KernelProcess p, out string error);
            if (status != AbiStatus.Ok) t.Fail(string.Concat("cannot create hello: ", error));
            return p;
        }
    }
}
