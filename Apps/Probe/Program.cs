using System;
using System.Runtime.InteropServices;
using Singularity.V1;

namespace Sing.Apps.Probe
{
    /// <summary>Arguments: "exit N" | "null" | "divide" | "overflow-stack" | "throw" | "block" | "spin" |
    /// "forge" | "threads" | "spawn IMAGE ARGS..." | "foreign-thread" | "alloc MiB" | "enums" | "floats" | "poke HEXADDRESS" | "poke-code".</summary>
    /// <summary>Probe's one parameter (Manifests/Programs/probe.xml): the verb and its operands.</summary>
    [Singularity.Configuration.ProgramStartup]
    internal sealed partial class ProbeStartup
    {
        [Singularity.Configuration.Parameter("args")] public string Args;
    }

    internal static unsafe class Program
    {
        internal static int Main(ProbeStartup startup) => Run(startup.Args);

        private static object s_null;
        private static int s_zero;

        // Image data of several pages (.bss) and a word of its own: "statics" checks that a pooled image copy comes
        // back as the file holds it, whatever the previous process of the image wrote.
        private struct ManyPages
        {
            public fixed long Words[PagesOfStatics * 512];
        }

        private const int PagesOfStatics = 8;
        private static ManyPages s_pages;
        private static long s_marker;

        /// <summary>0 when every page of this image's statics holds what the file says (zeros), else 1 + the pages
        /// that did not; then writes one word in each page, as a previous process of this image would have.</summary>
        private static int DirtyStatics()
        {
            int stale = s_marker != 0 ? 1 : 0;
            for (int page = 0; page < PagesOfStatics; page++)
                for (int word = 0; word < 512; word += 64)
                    if (s_pages.Words[page * 512 + word] != 0) { stale++; break; }
            for (int page = 0; page < PagesOfStatics; page++) s_pages.Words[page * 512 + (page * 37 % 512)] = page + 1;
            s_marker = 1;
            return stale == 0 ? 0 : 1 + stale;
        }

        private static int Run(string args)
        {
            string verb = args, rest = "";
            int space = args.IndexOf(' ');
            if (space >= 0)
            {
                verb = args.Substring(0, space);
                rest = args.Substring(space + 1);
            }
            switch (verb)
            {
                case "exit": return int.Parse(rest);
                case "statics": return DirtyStatics();
                case "null": return s_null.GetHashCode();                       // unhandled NullReferenceException
                case "divide": return 10 / s_zero;                               // unhandled DivideByZeroException
                case "throw": throw new InvalidOperationException("probe threw on purpose");
                case "overflow-stack": return Recurse(1);
                case "block": return Block();
                case "spin": return Spin();
                case "forge": return Forge();
                case "threads": return RunThreads();
                case "spawn": return Spawn(rest);
                case "foreign-thread": return ForeignThread();
                case "alloc": return Allocate(int.Parse(rest));
                case "wait-stop": return WaitForStop();
                case "stop-and-kill": return StopAndKill();
                case "mutex": return MutexCounter();
                case "thread-foreground": return ThreadProbe.Foreground();
                case "thread-unhandled": return ThreadProbe.Unhandled();
                case "thread-async-void": return ThreadProbe.AsyncVoid();
                case "thread-quota": return ThreadProbe.Quota();
                case "environment-exit": return ThreadProbe.Exit();
                case "thread-contended": return ThreadProbe.Contended();
                case "enums": return EnumProbe.Run();
                case "floats": return FloatProbe.Run();
                case "unprivileged": return Unprivileged();
                case "poke": return Poke(ParseHex(rest));
                case "poke-code": return PokeCode();
                default:
                    Debug.WriteLine("unknown probe verb: " + verb);
                    return 2;
            }
        }

        private static int Recurse(int depth)
        {
            long* pad = stackalloc long[32];
            pad[depth % 32] = depth;
            return Recurse(depth + 1) + (int)pad[depth % 32];
        }

        /// <summary>Writes one byte at an address it was given (another SIP's page, the kernel's): in a hardware
        /// domain that does not map it, this faults and the kernel ends this SIP alone. Returns 0 if the write landed.</summary>
        private static int Poke(ulong address)
        {
            byte* target = (byte*)address;
            *target = (byte)(*target ^ 0x5A);
            Debug.WriteLine("poke: the write landed");
            return 0;
        }

        /// <summary>Writes one byte of its own code (the first of <see cref="Poke"/>): a ring-3 image's code is
        /// read-only once loaded, so this faults there and the next process of the image, which reuses the copy,
        /// runs what the file holds. In ring 0 the write lands.</summary>
        private static int PokeCode()
        {
            delegate*<ulong, int> poke = &Poke;
            return Poke((ulong)poke);
        }

        private static ulong ParseHex(string text)
        {
            ulong value = 0;
            foreach (char c in text.ToCharArray())
                value = value * 16 + (ulong)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
            return value;
        }

        private static int Block()
        {
            Threads.CreateEvent(false, false, out EventHandle never);
            Debug.WriteLine("blocking forever");
            Threads.WaitAny(new[] { never }, ulong.MaxValue, out _);
            return 1;
        }

        private static int Spin()
        {
            ulong n = 0;
            while (true)
            {
                n++;
                if ((n & 0xFFFFF) == 0) Threads.Yield();
            }
        }

        /// <summary>Every kind of bad handle must be refused with the right status, and nothing else happens.</summary>
        /// <summary>Probe's manifest grants console and process-control but not system: shutting the machine down
        /// must be refused, and the refusal must leave this process running.</summary>
        private static int Unprivileged()
        {
            if (SystemControl.Shutdown(0) != AbiStatus.NotPermitted) return 1;
            if (SystemControl.Kill(Processes.CurrentId) != AbiStatus.InvalidArgument) return 2;   // a SIP exits, it does not kill itself
            if (SystemControl.Kill(1_000_000) != AbiStatus.NotFound) return 3;
            return 0;
        }

        private static int Forge()
        {
            int failures = 0;
            Threads.CreateEvent(false, false, out EventHandle real);
            Expect(Threads.Set(new EventHandle { Value = 0 }), AbiStatus.InvalidHandle, "zero handle", ref failures);
            Expect(Threads.Set(new EventHandle { Value = 0x0300000000FFFFFF }), AbiStatus.InvalidHandle, "slot out of range", ref failures);
            Expect(Threads.Set(new EventHandle { Value = real.Value + (1UL << 24) }), AbiStatus.InvalidHandle, "wrong generation", ref failures);
            Expect(Processes.Start(new ProcessHandle { Value = real.Value }), AbiStatus.WrongHandleType, "event used as a process", ref failures);
            Expect(Processes.Kill(new ProcessHandle { Value = (real.Value & ~(0xFFUL << 56)) | (1UL << 56) }), AbiStatus.WrongHandleType, "event retyped as a process", ref failures);
            Expect(Processes.Close(new ProcessHandle { Value = real.Value }), AbiStatus.WrongHandleType, "an event closed as a process", ref failures);
            Expect(Threads.Close(real), AbiStatus.Ok, "closing the real handle", ref failures);
            Expect(Threads.Set(real), AbiStatus.StaleHandle, "use after close", ref failures);
            Expect(Pages.Free((void*)0x200000, 1), AbiStatus.InvalidArgument, "freeing pages it does not own", ref failures);
            Debug.WriteLine($"forged handles: {failures} unexpected results");
            return failures == 0 ? 0 : 100 + failures;
        }

        private static void Expect(AbiStatus actual, AbiStatus expected, string what, ref int failures)
        {
            if (actual == expected) return;
            failures++;
            Debug.WriteLine($"{what}: expected {(int)expected}, got {(int)actual}");
        }

        private static int s_counter;
        private static EventHandle s_go;

        [UnmanagedCallersOnly]
        private static void Worker(nint amount)
        {
            Threads.WaitAny(new[] { s_go }, ulong.MaxValue, out _);
            for (int i = 0; i < (int)amount; i++)
            {
                System.Threading.Interlocked.Increment(ref s_counter);
                try { if (i % 100 == 0) throw new InvalidOperationException("in a thread"); }
                catch (InvalidOperationException) { Threads.Yield(); }
            }
        }

        private static int RunThreads()
        {
            Threads.CreateEvent(true, false, out s_go);
            var handles = new ThreadHandle[3];
            for (int i = 0; i < handles.Length; i++)
                Threads.Create(&Worker, 1000, out handles[i]);
            var garbage = new System.Collections.Generic.List<string>();
            for (int i = 0; i < 5000; i++) garbage.Add(i.ToString());
            GC.Collect();
            Threads.Set(s_go);
            for (int i = 0; i < handles.Length; i++) Threads.Join(handles[i]);
            Debug.WriteLine($"threads done: counter {s_counter}");
            return s_counter == 3000 ? 0 : 1;
        }

        private static int Spawn(string rest)
        {
            int space = rest.IndexOf(' ');
            string image = space < 0 ? rest : rest.Substring(0, space);
            string childArgs = space < 0 ? "" : rest.Substring(space + 1);
            AbiStatus status = Processes.Create(image, childArgs, out ProcessHandle child);
            if (status != AbiStatus.Ok) return 200 + (int)status;
            Processes.Start(child);
            Processes.Join(child, ulong.MaxValue, out int code);
            Processes.Close(child);
            Debug.WriteLine($"child {image} exited with {code}");
            return 100 + code;
        }

        private static int ForeignThread()
        {
            // A thread must start in the SIP's own code: an address outside the image is refused.
            AbiStatus status = Threads.Create((delegate* unmanaged<nint, void>)0x100000, 0, out _);
            return status == AbiStatus.InvalidArgument ? 0 : 1;
        }

        /// <summary>Runs until asked to stop, then exits with 17.</summary>
        private static int WaitForStop()
        {
            Threads.WaitAny(new[] { Processes.StopEvent }, ulong.MaxValue, out _);
            return 17;
        }

        /// <summary>Stops one child gracefully and kills another that ignores requests: exit codes 17 and -1.</summary>
        private static int StopAndKill()
        {
            Processes.Create("probe", "wait-stop", out ProcessHandle polite);
            Processes.Create("probe", "block", out ProcessHandle stubborn);
            Processes.Start(polite);
            Processes.Start(stubborn);
            Threads.Sleep(10);
            Processes.Stop(polite);
            Processes.Stop(stubborn);
            Processes.Join(polite, 5000, out int politeCode);
            AbiStatus waited = Processes.Join(stubborn, 50, out _);
            Processes.Kill(stubborn);
            Processes.Join(stubborn, 5000, out int stubbornCode);
            Debug.WriteLine($"stopped child exited {politeCode}; ignored stop: {(int)waited}; killed child exited {stubbornCode}");
            return politeCode == 17 && waited == AbiStatus.Timeout && stubbornCode == -1 ? 0 : 1;
        }

        private static EventHandle s_mutex;
        private static int s_shared, s_inside, s_overlaps;

        [UnmanagedCallersOnly]
        private static void MutexWorker(nint rounds)
        {
            for (int i = 0; i < (int)rounds; i++)
            {
                Threads.WaitAny(new[] { s_mutex }, ulong.MaxValue, out _);
                if (++s_inside != 1) s_overlaps++;
                int value = s_shared;
                Threads.Yield();
                s_shared = value + 1;
                s_inside--;
                Threads.ReleaseMutex(s_mutex);
            }
        }

        /// <summary>Three threads increment a counter under an ABI mutex, yielding inside the critical section.</summary>
        private static int MutexCounter()
        {
            Threads.CreateMutex(out s_mutex);
            var handles = new ThreadHandle[3];
            for (int i = 0; i < 3; i++) Threads.Create(&MutexWorker, 100, out handles[i]);
            for (int i = 0; i < 3; i++) Threads.Join(handles[i]);
            return s_shared == 300 && s_overlaps == 0 ? 0 : 1;
        }

        private static int Allocate(int mebibytes)
        {
            var blocks = new byte[mebibytes][];
            for (int i = 0; i < mebibytes; i++) blocks[i] = new byte[1 << 20];
            return blocks.Length;
        }
    }
}
