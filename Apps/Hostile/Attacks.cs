using System;
using Singularity.V1;

namespace Sing.Apps.Hostile
{
    /// <summary>One method per attack; each returns 0 when the system held, else the number of the failed check.</summary>
    internal static class Attacks
    {
        /// <summary>A refused allocation must not leave a block whose length reaches memory from address 0.</summary>
        public static int RefusedAllocationSpansNothing()
        {
            ExchangeBlock huge = Exchange.Allocate(1UL << 40);
            if (!huge.IsNull || huge.Length != 0) return 1;
            var bytes = new byte[64];
            if (huge.Read(0, bytes) == AbiStatus.Ok) return 2;
            if (huge.Write(4096, bytes) == AbiStatus.Ok) return 3;
            if (huge.IsOwned) return 4;
            return 0;
        }

        /// <summary>A copy of a block value kept after the block was freed (or sent) names nothing.</summary>
        public static int StaleBlockCopiesFail()
        {
            var bytes = new byte[16];
            ExchangeBlock block = Exchange.Allocate(4096);
            ExchangeBlock copy = block;
            if (block.Write(0, bytes) != AbiStatus.Ok || !copy.IsOwned) return 1;
            if (block.Write(4090, bytes) != AbiStatus.InvalidArgument) return 2;   // past the end
            if (block.Read(ulong.MaxValue, bytes) != AbiStatus.InvalidArgument) return 3;
            if (Exchange.Free(block) != AbiStatus.Ok) return 4;
            if (copy.IsOwned) return 5;
            if (copy.Write(0, bytes) != AbiStatus.NotOwner) return 6;
            if (copy.Read(0, bytes) != AbiStatus.NotOwner) return 7;
            if (Exchange.Free(copy) == AbiStatus.Ok) return 8;

            // Sent away: the sender's copy stops working at once.
            if (Channels.Create(4, out ChannelEndpoint imp, out ChannelEndpoint exp) != AbiStatus.Ok) return 9;
            ExchangeBlock sent = Exchange.Allocate(4096);
            if (Channels.Send(imp, 1, 0, sent) != AbiStatus.Ok) return 10;
            if (sent.Write(0, bytes) != AbiStatus.NotOwner || sent.IsOwned) return 11;
            if (Channels.Receive(exp, out ReceivedMessage m, 1000) != AbiStatus.Ok) return 12;
            ExchangeBlock arrived = m.Block;
            if (!arrived.IsOwned || arrived.Write(0, bytes) != AbiStatus.Ok) return 13;
            Exchange.Free(arrived);
            if (m.Block.IsOwned || m.Block.Length != 0) return 14;   // the message's block is gone with it
            Channels.Close(imp);
            Channels.Close(exp);

            // Freed, and its address taken by a new block of this process: the old copy still names nothing.
            ExchangeBlock first = Exchange.Allocate(4096);
            ExchangeBlock keptCopy = first;
            Exchange.Free(first);
            ExchangeBlock second = Exchange.Allocate(4096);
            if (keptCopy.IsOwned || keptCopy.Write(0, bytes) != AbiStatus.NotOwner) return 15;
            if (Exchange.Free(keptCopy) != AbiStatus.StaleHandle) return 16;
            if (!second.IsOwned || second.Write(0, bytes) != AbiStatus.Ok || Exchange.Free(second) != AbiStatus.Ok) return 17;

            // The same for endpoints: a copy of a closed endpoint acts on none, not on the channel that reuses it.
            for (int round = 0; round < 4; round++)
            {
                if (Channels.Create(4, out ChannelEndpoint oldImp, out ChannelEndpoint oldExp) != AbiStatus.Ok) return 18;
                ChannelEndpoint staleImp = oldImp, staleExp = oldExp;
                Channels.Close(oldImp);
                Channels.Close(oldExp);
                if (Channels.Create(4, out ChannelEndpoint newImp, out ChannelEndpoint newExp) != AbiStatus.Ok) return 19;
                if (staleImp.IsOwned || Channels.Send(staleImp, 9) != AbiStatus.StaleHandle) return 20;
                if (Channels.Close(staleExp) != AbiStatus.StaleHandle || Channels.Receive(staleExp, out _, 0) != AbiStatus.StaleHandle) return 21;
                if (Channels.Select(new[] { staleExp }, 0, out _) != AbiStatus.StaleHandle) return 22;
                bool wrapRefused = false;
                try { Sing.Contracts.Sip.KernelEndpoints.Wrap(staleImp); }
                catch (Sing.Contracts.LinearityViolationException) { wrapRefused = true; }
                if (!wrapRefused) return 24;   // the contract transport would work on the reused address
                if (Channels.Send(newImp, 3, 77) != AbiStatus.Ok || Channels.Receive(newExp, out ReceivedMessage r, 1000) != AbiStatus.Ok || r.InlineInt64() != 77) return 23;
                Channels.Close(newImp);
                Channels.Close(newExp);
            }
            return 0;
        }

        /// <summary>Two endpoints each put in the other's queue would be owned by nobody and freed by no close: an
        /// endpoint whose queue holds an endpoint cannot travel (InvalidState), and the kernel's end of a registration
        /// or a watch, which nothing receives from, takes no messages (QueueFull), so no such cycle can be made.</summary>
        public static int EndpointCycleRefused()
        {
            if (Channels.Create(4, out ChannelEndpoint x1, out ChannelEndpoint x2) != AbiStatus.Ok) return 1;
            if (Channels.Create(4, out ChannelEndpoint y1, out ChannelEndpoint y2) != AbiStatus.Ok) return 2;
            if (Channels.Send(x1, 1, 0, default, y2) != AbiStatus.Ok) return 3;     // y2 now waits in x2's queue
            if (Channels.Send(y1, 1, 0, default, x2) != AbiStatus.InvalidState) return 4;   // x2 holds y2: it stays
            if (!x2.IsOwned) return 5;
            Channels.Close(x1);
            Channels.Close(y1);
            Channels.Close(x2);   // frees y2 with its queue
            // The kernel's end of a registration or a watch takes no messages: one left there would wait for good, and
            // with this program's own end sent after it into the endpoint it carried, the registration would outlive
            // the program (the next run of this verb could not register the name again).
            if (Names.Register("/hostile/cycle", out ChannelEndpoint requests) != AbiStatus.Ok) return 6;
            if (Names.Watch("/hostile/", out ChannelEndpoint watch) != AbiStatus.Ok) return 7;
            if (Channels.Create(4, out ChannelEndpoint z1, out ChannelEndpoint z2) != AbiStatus.Ok) return 8;
            if (Channels.Send(requests, 1, 0, default, z1) != AbiStatus.QueueFull || !z1.IsOwned) return 9;
            if (Channels.Send(watch, 1, 0, default, z1) != AbiStatus.QueueFull || !z1.IsOwned) return 10;
            if (Channels.Send(requests, 1) != AbiStatus.QueueFull) return 11;
            if (Channels.Send(z2, 1, 0, default, requests) != AbiStatus.Ok) return 12;   // the registration travels on
            if (Channels.Send(z2, 1, 0, default, watch) != AbiStatus.Ok) return 13;      // and the watch
            Channels.Close(z2);
            Channels.Close(z1);   // closes both with its queue: the name is free again
            if (Names.Register("/hostile/cycle", out requests) != AbiStatus.Ok) return 14;
            Channels.Close(requests);
            return 0;
        }

        /// <summary>Inline reads outside the message's 40 bytes throw instead of reading the caller's stack.</summary>
        public static int InlineReadsStayInTheMessage()
        {
            if (Channels.Create(4, out ChannelEndpoint imp, out ChannelEndpoint exp) != AbiStatus.Ok) return 1;
            if (Channels.Send(imp, 7, 1234567890123L) != AbiStatus.Ok) return 2;
            if (Channels.Receive(exp, out ReceivedMessage m, 1000) != AbiStatus.Ok) return 3;
            if (m.InlineInt64(0) != 1234567890123L || m.InlineInt64(32) != 0 || m.InlineInt32(36) != 0) return 4;
            int[] offsets = { 33, 40, -1, int.MinValue, int.MaxValue, 1 << 20 };
            for (int i = 0; i < offsets.Length; i++)
            {
                bool threw = false;
                try { m.InlineInt64(offsets[i]); }
                catch (ArgumentOutOfRangeException) { threw = true; }
                if (!threw) return 10 + i;
            }
            bool threw32 = false;
            try { m.InlineInt32(37); }
            catch (ArgumentOutOfRangeException) { threw32 = true; }
            if (!threw32) return 20;
            Channels.Close(imp);
            Channels.Close(exp);
            return 0;
        }

        /// <summary>A select over more endpoints than the kernel takes is refused, not a stack overflow.</summary>
        public static int HugeSelectIsRefused()
        {
            if (Channels.Create(4, out ChannelEndpoint imp, out ChannelEndpoint exp) != AbiStatus.Ok) return 1;
            var many = new ChannelEndpoint[1_000_000];
            for (int i = 0; i < many.Length; i++) many[i] = exp;
            if (Channels.Select(many, 0, out int ready) != AbiStatus.InvalidArgument || ready != -1) return 2;
            if (Channels.Select(new ChannelEndpoint[Channels.MaxSelect + 1], 0, out _) != AbiStatus.InvalidArgument) return 3;
            if (Channels.Select(Array.Empty<ChannelEndpoint>(), 0, out _) != AbiStatus.InvalidArgument) return 4;
            Channels.Send(imp, 1);
            if (Channels.Select(new[] { exp }, 1000, out ready) != AbiStatus.Ok || ready != 0) return 5;   // still works
            Channels.Close(imp);
            Channels.Close(exp);
            return 0;
        }

        /// <summary>Checked binds cannot be forged: a table this program's manifest does not declare (here one named as
        /// the clock driver's contract, and a malformed one) is refused on its own registration and on a plain channel,
        /// a null endpoint is refused, and the registration still works afterwards.</summary>
        public static int CheckedBindsRefuseForgery()
        {
            var clock = new Sing.Contracts.ContractInfo("Sing.Drivers.Rtc.ClockContract", new[] { "Start" }, new[] { "GetTime", "Time" },
                new[] { true, false }, new[] { 0, 0, 0, 0, 1, 0 }, 0, 1, 1);
            var malformed = new Sing.Contracts.ContractInfo("Broken", new[] { "S" }, new[] { "M" }, new[] { true }, new[] { 0, 0, 99 }, 0, 1, 1);
            if (Names.Register("/hostile/checked", out ChannelEndpoint requests) != AbiStatus.Ok) return 1;
            if (Sing.Contracts.Sip.KernelEndpoints.CheckBinds(requests, clock) != AbiStatus.NotPermitted) return 2;
            if (Sing.Contracts.Sip.KernelEndpoints.CheckBinds(requests, malformed) != AbiStatus.NotPermitted) return 3;
            if (Sing.Contracts.Sip.KernelEndpoints.CheckBinds(default, clock) == AbiStatus.Ok) return 4;
            if (Channels.Create(4, out ChannelEndpoint imp, out ChannelEndpoint exp) != AbiStatus.Ok) return 5;
            if (Sing.Contracts.Sip.KernelEndpoints.CheckBinds(exp, clock) == AbiStatus.Ok) return 6;
            // The registration is as it was: a bind reaches it, unchecked (a message the forged table forbids goes through).
            if (Names.Bind("/hostile/checked", out ChannelEndpoint client) != AbiStatus.Ok) return 7;
            if (Channels.Send(client, 1) != AbiStatus.Ok) return 8;
            Channels.Close(client);
            Channels.Close(imp);
            Channels.Close(exp);
            return 0;
        }

        /// <summary>An application may not take names the policy reserves to drivers and services, nor more names than
        /// its quota.</summary>
        public static int NamingRulesAndNameQuota()
        {
            if (Names.Register("/dev/rtc", out _) == AbiStatus.Ok) return 1;
            if (Names.Register("/dev/hostile", out _) != AbiStatus.NotPermitted) return 2;
            if (Names.Register("/service/hostile", out _) != AbiStatus.NotPermitted) return 3;
            int registered = 0;
            AbiStatus last = AbiStatus.Ok;
            for (int i = 0; i < 100 && last == AbiStatus.Ok; i++)
            {
                last = Names.Register("/hostile/n" + i.ToString(), out ChannelEndpoint e);
                if (last == AbiStatus.Ok) registered++;
            }
            if (last != AbiStatus.QuotaExceeded) return 4;
            if (registered != 8) return 5;   // the quota the system policy sets for this program
            Debug.WriteLine($"names: {registered} registered, then {last}");
            return 0;
        }

        /// <summary>An application may start applications, not drivers or services.</summary>
        public static int CannotStartSystemPrograms()
        {
            if (Processes.Create("rtc", "", out _) != AbiStatus.NotPermitted) return 1;
            if (Processes.Create("shell", "", out _) != AbiStatus.NotPermitted) return 2;
            // Confused deputies: privileged or trusted programs started on an unprivileged, untrusted program's behalf
            // (probe writes any address it is given; singbench and channelprobe hold console or process control).
            if (Processes.Create("probe", "poke 100000", out _) != AbiStatus.NotPermitted) return 5;
            if (Processes.Create("singbench", "exit", out _) != AbiStatus.NotPermitted) return 6;
            if (Processes.Create("channelprobe", "", out _) != AbiStatus.NotPermitted) return 7;
            if (Processes.Create("abifuzz", "", out _) != AbiStatus.NotPermitted) return 8;
            if (Processes.Create("diskprobe", "info", out _) != AbiStatus.NotPermitted) return 9;
            if (Processes.Create("hello", "", out ProcessHandle child) != AbiStatus.Ok) return 3;
            if (Processes.Start(child) != AbiStatus.Ok || Processes.Join(child, 60_000, out int code) != AbiStatus.Ok || code != 42) return 4;
            return 0;
        }

        /// <summary>A handle retyped by its holder closes nothing; the real handle still works.</summary>
        public static int RetypedHandleClosesNothing()
        {
            if (Threads.CreateEvent(true, false, out EventHandle e) != AbiStatus.Ok) return 1;
            ulong retyped = (e.Value & ~(0xFFUL << 56)) | ((ulong)HandleType.Process << 56);
            if (Processes.Close(new ProcessHandle { Value = retyped }) == AbiStatus.Ok) return 2;
            if (Processes.Close(new ProcessHandle { Value = e.Value }) == AbiStatus.Ok) return 3;   // an event, not a process
            if (Threads.Set(e) != AbiStatus.Ok) return 4;
            // The thread and event Close wrappers check the type too.
            if (Processes.Create("hello", "", out ProcessHandle child) != AbiStatus.Ok) return 5;
            if (Threads.Close(new EventHandle { Value = child.Value }) != AbiStatus.WrongHandleType) return 6;
            if (Threads.Close(new ThreadHandle { Value = e.Value }) != AbiStatus.WrongHandleType) return 7;
            if (Processes.Kill(child) != AbiStatus.Ok || Processes.Close(child) != AbiStatus.Ok) return 8;
            if (Threads.Close(e) != AbiStatus.Ok || Threads.Set(e) != AbiStatus.StaleHandle) return 9;
            return 0;
        }

        /// <summary>Every copy starts as many copies of itself as the kernel lets it, then waits for them: without a
        /// quota over all descendants the tree would grow until memory ran out. Exits 0; the kernel test watches the
        /// process count.</summary>
        public static int ForkBomb()
        {
            var children = new System.Collections.Generic.List<ProcessHandle>();
            for (int i = 0; i < 100; i++)
            {
                if (Processes.Create("hostile", "fork-bomb", out ProcessHandle child) != AbiStatus.Ok) break;
                if (Processes.Start(child) != AbiStatus.Ok) break;
                children.Add(child);
            }
            for (int i = 0; i < children.Count; i++) Processes.Join(children[i], 120_000, out _);
            return 0;
        }

        /// <summary>Never-started children count against a quota; the kernel reclaims them when this process ends.</summary>
        public static int ChildrenQuota()
        {
            int created = 0;
            AbiStatus last = AbiStatus.Ok;
            for (int i = 0; i < 200 && last == AbiStatus.Ok; i++)
            {
                last = Processes.Create("hello", "", out _);
                if (last == AbiStatus.Ok) created++;
            }
            if (last != AbiStatus.QuotaExceeded) return 1;
            if (created != 16) return 2;   // the quota the system policy sets for this program
            Debug.WriteLine($"children: {created} created and never started, then {last}");
            return 0;
        }

        /// <summary>A writable span over a string[] seen as object[] would store a plain object where strings must
        /// be (type confusion): every way to make one throws ArrayTypeMismatchException; exact arrays still work.</summary>
        public static int SpanOverCovariantArray()
        {
            object[] strings = new string[2];
            int refused = 0;
            try { var s = new Span<object>(strings); s[0] = new object(); }
            catch (ArrayTypeMismatchException) { refused++; }
            try { Span<object> s = strings; s[1] = new object(); }
            catch (ArrayTypeMismatchException) { refused++; }
            try { var s = strings.AsSpan(1); s[0] = 42; }
            catch (ArrayTypeMismatchException) { refused++; }
            try { var s = new Span<object>(strings, 0, 1); s[0] = new object(); }
            catch (ArrayTypeMismatchException) { refused++; }
            try { strings[0] = new object(); }
            catch (ArrayTypeMismatchException) { refused++; }
            if (refused != 5) return 1;
            if (strings[0] != null || strings[1] != null) return 2;
            ReadOnlySpan<object> read = strings;   // reading through a covariant view is safe, as in .NET
            if (read.Length != 2) return 3;
            // An empty span's pinnable reference is null, never the element just past the array.
            int[] numbers = new int[4];
            int[] neighbour = new int[4];
            bool nullRef = false;
            try
            {
                ref int past = ref numbers.AsSpan(4).GetPinnableReference();
                past = 0x7777;
            }
            catch (NullReferenceException) { nullRef = true; }
            if (!nullRef || neighbour[0] != 0) return 5;
            object[] exact = new object[1];
            Span<object> fine = exact;
            fine[0] = "ok";
            if ((string)exact[0] != "ok") return 4;
            return 0;
        }

        /// <summary>Exchange-heap memory is capped per process: allocation is refused, the kernel stays up.</summary>
        public static int ExchangeQuota()
        {
            var blocks = new ExchangeBlock[1024];
            int count = 0;
            while (count < blocks.Length)
            {
                ExchangeBlock b = Exchange.Allocate(1UL << 20);
                if (b.IsNull) break;
                blocks[count++] = b;
            }
            if (count == blocks.Length || count < 8) return 1;
            Debug.WriteLine($"exchange: {count} MiB allocated, then refused");
            for (int i = 0; i < count; i++) if (Exchange.Free(blocks[i]) != AbiStatus.Ok) return 2;
            if (Exchange.Allocate(1UL << 20).IsNull) return 3;   // room again once freed
            return 0;
        }
    }
}
