using Sing.Kernel.Channels;
using Sing.Kernel.Domains;
using Sing.Kernel.Processes;
using Sing.Kernel.Threading;
using Singularity.V1;

namespace Sing.Kernel.Tests
{
    /// <summary>Blocks of a page or more cross the ring-3 boundary by remapping (Domains/README.md, "Remapping"):
    /// ChannelProbe runs in ring-3 domains of its own (in every configuration) and sends such blocks to the kernel or to
    /// another ChannelProbe. The block arrives at the sender's address with its bytes, the sender's domain no longer
    /// maps it (a touch after the send ends the sender alone), and a kill mid-conversation leaves the exchange heap
    /// and the domains' transfer tables as they were.</summary>
    internal static unsafe class RemapTests
    {
        private const int Data = 1, Vector = 2;   // ChannelProbe's tags
        private const ulong Pattern = 0x9E3779B97F4A7C15UL;

        /// <summary>16 MiB from one ring-3 domain through a second to a third: the same pages, the pattern intact.</summary>
        public static void VectorMovesBetweenRing3Domains(TestContext t) => VectorThroughRelay(t, relayInRing3: true);

        /// <summary>The same through a relay in ring 0 where the configuration puts an application: the kernel's address
        /// space (SIP-Phys, SIP-Page: the case of HIP-R3's drivers and services) or a ring-0 domain (HIP-R0, HIP-R0-S).
        /// The block reaches ring 0 and leaves it by remapping too: the sink gets the source's address.</summary>
        public static void VectorThroughARing0Relay(TestContext t)
        {
            // Applications run in ring 3 there; the kernel-space path is SIP-Phys's and SIP-Page's.
            if (Isolation.Current == IsolationConfiguration.HipR3 || Isolation.Current == IsolationConfiguration.HipR3S) return;
            VectorThroughRelay(t, relayInRing3: false);
        }

        private static void VectorThroughRelay(TestContext t, bool relayInRing3)
        {
            ulong blocks = ExchangeHeap.BlocksLive, pages = ExchangeHeap.PagesLive, tables = AddressSpace.TransferTablePages;
            Placement.SetRing3("channelprobe", true);
            ulong chunks = Memory.PageAllocator.ChunksOf(Memory.MemoryOwner.Transfer);
            KernelProcess sink = ChannelTests.Start(t, "vector-sink /test/remap-sink");
            Placement.SetRing3("channelprobe", relayInRing3);
            KernelProcess relay = ChannelTests.Start(t, "vector-relay /test/remap-relay /test/remap-sink");
            Placement.SetRing3("channelprobe", true);
            KernelProcess source = ChannelTests.Start(t, "vector-source /test/remap-relay 16");
            Placement.SetRing3("channelprobe", false);
            t.True(source != null && source.Ring3 && sink != null && sink.Ring3 && source.Space != sink.Space, "source and sink run in ring-3 domains of their own");
            t.True(relay != null && relay.Ring3 == relayInRing3, relayInRing3 ? "the relay runs in ring 3" : "the relay runs in ring 0");
            t.Equal(0, (ulong)ChannelTests.Wait(t, source, "source"), "the 16 MiB vector reached the third domain at the same address, its contents intact");
            t.Equal(0, (ulong)ChannelTests.Wait(t, sink, "sink"), "sink verdict (1: another address, 2: not owned, 4: contents)");
            ChannelTests.Wait(t, relay, "relay");
            WaitHandle.Sleep(2);
            t.Equal(blocks, ExchangeHeap.BlocksLive, "exchange heap blocks back to their previous count");
            t.Equal(pages, ExchangeHeap.PagesLive, "exchange heap pages back to their previous size");
            ulong after = Memory.PageAllocator.ChunksOf(Memory.MemoryOwner.Transfer);
            t.True(after <= chunks + 1, string.Concat("the vector's nine transfer chunks went back to the pool but one (", chunks.ToString(), " before, ", after.ToString(), " after)"));
            t.Equal(tables, AddressSpace.TransferTablePages, "the three domains' transfer tables are freed");
        }

        /// <summary>A sender that writes a block after sending it faults and is ended alone; the write never lands.</summary>
        public static void TouchAfterSendEndsTheSender(TestContext t)
        {
            ulong blocks = ExchangeHeap.BlocksLive, pages = ExchangeHeap.PagesLive;
            Endpoint* requests = Serve(t, "/test/remap-touch");
            if (requests == null) return;
            KernelProcess sender = StartRing3(t, "remap-send /test/remap-touch 3 touch");
            Endpoint* conversation = Accept(t, requests);
            ChannelMessage m = default;
            if (conversation != null && Receive(t, conversation, &m, Vector))
            {
                CheckMoved(t, &m, 3);
                ChannelTests.Wait(t, sender, "the sender");
                string address = ((ulong)m.Block + 8).ToString("x");
                t.True(sender != null && sender.TerminationReason != null && sender.TerminationReason.Contains("Page fault")
                    && sender.TerminationReason.Contains(address) && sender.TerminationReason.Contains("outside its protection domain"),
                    string.Concat("its write to the sent block (0x", address, ") ends it with a fault report (", sender?.TerminationReason ?? "none", ")"));
                ulong space = Scheduler.EnterKernelSpace();
                t.Equal(Pattern, ((ulong*)m.Block)[1], "the write did not land");
                Scheduler.LeaveKernelSpace(space);
                FreeBlock(m.Block);
            }
            End(conversation, requests);
            t.Equal(blocks, ExchangeHeap.BlocksLive, "exchange heap blocks back to their previous count");
            t.Equal(pages, ExchangeHeap.PagesLive, "exchange heap pages back to their previous size");
        }

        /// <summary>An endpoint travelling with a remapped block works at the receiver.</summary>
        public static void EndpointWithRemappedBlockWorks(TestContext t)
        {
            Endpoint* requests = Serve(t, "/test/remap-endpoint");
            if (requests == null) return;
            KernelProcess sender = StartRing3(t, "remap-send /test/remap-endpoint 2 endpoint");
            Endpoint* conversation = Accept(t, requests);
            ChannelMessage m = default;
            if (conversation != null && Receive(t, conversation, &m, Vector))
            {
                CheckMoved(t, &m, 2);
                t.True(sender != null && sender.Space != null && !sender.Space.MapsTransferPage((ulong)m.Block)
                    && !sender.Space.MapsTransferPage((ulong)m.Block - Memory.PageAllocator.PageSize), "the sender's domain maps neither the data nor the header any more");
                var carried = (Endpoint*)m.Endpoint;
                t.True(carried != null, "the endpoint came with the block");
                if (carried != null)
                {
                    ChannelMessage question = default;
                    question.Tag = Data;
                    question.InlineLength = 8;
                    *(long*)question.Inline = 41;
                    t.True(Channel.Send(null, carried, &question) == AbiStatus.Ok, "a question goes out on the carried endpoint");
                    ChannelMessage answer = default;
                    t.True(Receive(t, carried, &answer, Data) && *(long*)answer.Inline == 42, "and its answer comes back on it");
                    Channel.CloseEndpoint(carried, null);
                }
                FreeBlock(m.Block);
                t.Equal(0, (ulong)ChannelTests.Wait(t, sender, "the sender"), "the sender saw its channel work and close");
            }
            End(conversation, requests);
        }

        /// <summary>The sender is killed with a remapped block in a queue and another in its domain: the queued one is
        /// still received intact, and the exchange heap and the transfer tables come back to where they were.</summary>
        public static void KillMidConversationBalances(TestContext t)
        {
            ImagePool.Drain();
            ulong blocks = ExchangeHeap.BlocksLive, pages = ExchangeHeap.PagesLive, tables = AddressSpace.TransferTablePages;
            Endpoint* requests = Serve(t, "/test/remap-kill");
            if (requests == null) return;
            KernelProcess sender = StartRing3(t, "remap-send /test/remap-kill 4 hang");
            Endpoint* conversation = Accept(t, requests);
            for (int i = 0; i < 400 && conversation != null && sender != null && !(conversation->Count == 2 && sender.Threads.Count == 1
                && sender.Threads[0].State == ThreadState.Blocked); i++) WaitHandle.Sleep(5);
            t.True(conversation != null && conversation->Count == 2, "the vector and a second message wait in the queue");
            t.True(sender != null && ExchangeHeap.CountOwnedBy(sender) >= 2, "the sender owns its endpoint and a second remappable block");
            if (sender != null)
            {
                ProcessManager.Terminate(sender, -1, "killed mid-conversation by the test");
                sender.Exited.WaitOne(10_000);
            }
            ChannelMessage m = default;
            if (conversation != null && Receive(t, conversation, &m, Vector))
            {
                CheckMoved(t, &m, 4);
                FreeBlock(m.Block);
            }
            End(conversation, requests);
            WaitHandle.Sleep(5);
            ImagePool.Drain();
            t.Equal(blocks, ExchangeHeap.BlocksLive, "exchange heap blocks back to their previous count");
            t.Equal(pages, ExchangeHeap.PagesLive, "exchange heap pages back to their previous size");
            t.Equal(tables, AddressSpace.TransferTablePages, "every transfer table of the killed domain is freed");
        }

        private static KernelProcess StartRing3(TestContext t, string args)
        {
            Placement.SetRing3("channelprobe", true);
            KernelProcess p = ChannelTests.Start(t, args);
            Placement.SetRing3("channelprobe", false);
            t.True(p == null || p.Ring3, "the sender runs in a ring-3 domain of its own");
            return p;
        }

        private static Endpoint* Serve(TestContext t, string path)
        {
            if (NameService.Register(null, path, null, out Endpoint* requests) == AbiStatus.Ok) return requests;
            t.Fail(string.Concat("cannot register ", path));
            return null;
        }

        private static Endpoint* Accept(TestContext t, Endpoint* requests)
        {
            ChannelMessage m = default;
            return Receive(t, requests, &m, NameService.ConnectRequestTag) ? (Endpoint*)m.Endpoint : null;
        }

        private static bool Receive(TestContext t, Endpoint* at, ChannelMessage* m, int tag)
        {
            AbiStatus status = Channel.Receive(Scheduler.Current, at, 30_000, m);
            t.True(status == AbiStatus.Ok && m->Tag == tag, string.Concat("message ", tag.ToString("x"), " arrived (status ", ((int)status).ToString(), ")"));
            return status == AbiStatus.Ok && m->Tag == tag;
        }

        /// <summary>The block is the sender's own pages (its address came inline), in transfer pages, with the pattern.</summary>
        private static void CheckMoved(TestContext t, ChannelMessage* m, ulong pages)
        {
            t.True(m->Block != null && (ulong)m->Block == *(ulong*)m->Inline, "the block arrives at the sender's address: remapped, not copied");
            if (m->Block == null) return;
            ulong space = Scheduler.EnterKernelSpace();
            ExchangeHeap.Block* block = ExchangeHeap.HeaderOf(m->Block);
            t.True(ExchangeHeap.IsTransfer(block) && block->DataBytes == pages * Memory.PageAllocator.PageSize, "a transfer block of the size sent");
            ulong bad = 0;
            for (ulong i = 0; i < block->DataBytes / 8; i++) if (((ulong*)m->Block)[i] != i * Pattern) bad++;
            Scheduler.LeaveKernelSpace(space);
            t.Equal(0, bad, "its contents are intact");
        }

        /// <summary>Frees a block the test received (in transit: only the kernel's space maps it).</summary>
        private static void FreeBlock(void* data)
        {
            ulong space = Scheduler.EnterKernelSpace();
            ExchangeHeap.Free(ExchangeHeap.HeaderOf(data), null);
            Scheduler.LeaveKernelSpace(space);
        }

        private static void End(Endpoint* conversation, Endpoint* requests)
        {
            if (conversation != null) Channel.CloseEndpoint(conversation, null);
            Channel.CloseEndpoint(requests, null);
            NameService.RemoveDeadRegistrations();
        }
    }
}
