using System;
using System.Diagnostics;
using System.Runtime.InteropServices;
using Singularity.V1;

namespace Sing.Apps.SingBench
{
    /// <summary>The paper's SingBench rows (004 §4.1), measured from a SIP: ABICall (GetTimestampFrequency, the
    /// analogue of the paper's GetCyclesPerSecond), PageAlloc, CreateThread, ThreadYield, CreateChannel,
    /// CreateProc, NameBind, SR-1/32/1K/32K (two threads of this SIP) and PSR-1/32/1K/32K (this SIP and a peer
    /// SIP), PSR-1-SendThenReceive (a round trip as separate send and receive calls), and the PSR rows again through a
    /// generated contract (PSR-n-Contract, see ContractRows). A round trip is one ChannelCall per side (send, then wait
    /// for the next message, in one crossing). Iteration counts are the paper's (10,000 ABI calls, 1,000 page allocations, 100 processes, 20,000
    /// otherwise); "quick" divides them by ten. Each row prints one line (the kernel prefixes the SIP's name):
    /// BENCH name cycles_per_op=N iterations=N repetitions=N min=N max=N collections=N suite=singbench-sip</summary>
    /// <summary>SingBench's one parameter (Manifests/Programs/singbench.xml): quick, exit, or serve PATH.</summary>
    [Singularity.Configuration.ProgramStartup]
    internal sealed partial class SingBenchStartup
    {
        [Singularity.Configuration.Parameter("args")] public string Args;
    }

    internal static unsafe class Program
    {
        private const int Repetitions = 5;

        internal static int Main(SingBenchStartup startup)
        {
            string args = startup.Args;
            if (args.StartsWith("exit")) return 0;                 // the child of CreateProc
            if (args.StartsWith("serve ")) return Serve(args.Substring(6)); // the peer SIP of NameBind and PSR
            int divisor = args.Contains("quick") ? 10 : 1;
            int only = args.IndexOf("only ");
            if (only >= 0) s_only = args.Substring(only + 5).Trim();   // one row, e.g. for a trace of its path
            Row("ABICall", 10_000 / divisor, &AbiCall);
            // Not a row of the paper: two ABI calls that each name a handle (seed 003's lookup, handles=table|mmu|hash).
            Row("Event.SetReset", 10_000 / divisor, &EventSetReset);
            Row("PageAlloc", 1_000 / divisor, &PageAlloc);
            Row("CreateThread", 20_000 / divisor, &CreateThread);
            Row("ThreadYield", 20_000 / divisor, &ThreadYield);
            Row("CreateChannel", 20_000 / divisor, &CreateChannel);
            Row("CreateProc", Math.Max(100 / divisor, 10), &CreateProc);
            StartPeer();
            Row("NameBind", 20_000 / divisor, &NameBind);
            // Not a row of the paper: the same bind to a name whose namespace rule has bind= principal patterns (the
            // kernel matches the binder's principal against each; Manifests/system.policy.xml, /bench/guarded/).
            Row("NameBind-Patterns", 20_000 / divisor, &NameBindPatterns);
            for (int size = 0; size < Sizes.Length; size++)
            {
                s_size = Sizes[size];
                Row(string.Concat("SR-", SizeNames[size]), 20_000 / divisor, &SendReceiveThreads);
            }
            for (int size = 0; size < Sizes.Length; size++)
            {
                s_size = Sizes[size];
                Row(string.Concat("PSR-", SizeNames[size]), 20_000 / divisor, &SendReceiveProcesses);
            }
            // The same round trip as two ABI calls per side (send, then receive), to show what ChannelCall saves.
            s_size = 1;
            Row("PSR-1-SendThenReceive", 20_000 / divisor, &SendThenReceiveProcesses);
            // Not a row of the paper: PSR-1 with an endpoint in the message each way (seed 003's capability transfer).
            Row("PSR-1-Endpoint", 20_000 / divisor, &SendReceiveProcessesCarryingEndpoint);
            ContractRows.Connect(s_peerChannel);
            Row("PSR-1-Contract", 20_000 / divisor, &ContractRows.Small);
            Row("PSR-1-Contract-SendThenReceive", 20_000 / divisor, &ContractRows.SmallSplit);
            Row("PSR-32-Contract", 20_000 / divisor, &ContractRows.Medium);
            s_size = 1024;
            Row("PSR-1K-Contract", 20_000 / divisor, &ContractRows.Large);
            s_size = 32 * 1024;
            Row("PSR-32K-Contract", 20_000 / divisor, &ContractRows.Large);
            ContractRows.Disconnect();
            StopPeer();
            // Not rows of the paper: what ordinary C# pays for a lock nobody else holds, and for handing work to
            // the thread pool and waiting for it (Linux: an uncontended pthread mutex; a mutex/condvar handoff).
            Row("Lock.EnterExit", 20_000 / divisor, &LockEnterExit);
            Row("Task.RunWait", 2_000 / divisor, &TaskRunWait);
            // Not a row of the paper: what a login costs the machine, the login program's password check (Apps/Accounts:
            // PBKDF2-HMAC-SHA256 at the users file's default iterations); reading the users file is File.OpenReadClose.
            Row("Login.PasswordCheck", divisor == 1 ? 2 : 1, &LoginPasswordCheck);
            // Not a row of the paper: a stand-in for 004's macro benchmark (the Bartok compiler), run in every
            // configuration to show what hardware domains cost a program that allocates and collects.
            Row("MemoryHeavy", Math.Max(40 / divisor, 4), &MemoryHeavy.Run);
            return 0;
        }

        private static string s_only;

        private static void Row(string name, int iterations, delegate*<int, long> body)
        {
            if (s_only != null && s_only != name) return;
            if (s_only != null) Debug.WriteLine($"row {name}: body at 0x{(ulong)(void*)body:x}");
            long* samples = stackalloc long[Repetitions];
            long collections = GC.CollectionCount(0);
            body(Math.Max(iterations / 10, 1));
            for (int r = 0; r < Repetitions; r++) samples[r] = body(iterations);
            for (int i = 1; i < Repetitions; i++)
            {
                long key = samples[i];
                int j = i - 1;
                while (j >= 0 && samples[j] > key) { samples[j + 1] = samples[j]; j--; }
                samples[j + 1] = key;
            }
            Debug.WriteLine($"BENCH {name} cycles_per_op={samples[Repetitions / 2] / iterations} iterations={iterations} repetitions={Repetitions} min={samples[0] / iterations} max={samples[Repetitions - 1] / iterations} collections={GC.CollectionCount(0) - collections} suite=singbench-sip");
        }

        private static long AbiCall(int n)
        {
            ulong sink = 0;
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++) sink += Abi.TimestampFrequency;
            long end = Stopwatch.GetTimestamp();
            return sink == 0 ? 0 : end - start;
        }

        /// <summary>Set, then reset, an event of this SIP's: each call resolves the event's handle in the kernel.</summary>
        private static long EventSetReset(int n)
        {
            if (Threads.CreateEvent(true, false, out EventHandle e) != AbiStatus.Ok) return 0;
            int failures = 0;
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++)
            {
                if (Threads.Set(e) != AbiStatus.Ok) failures++;
                if (Threads.Reset(e) != AbiStatus.Ok) failures++;
            }
            long end = Stopwatch.GetTimestamp();
            Threads.Close(e);
            return failures == 0 ? end - start : 0;
        }

        private static readonly object s_lockTarget = new object();
        private static long s_locked;

        private static long LockEnterExit(int n)
        {
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++)
            {
                lock (s_lockTarget) s_locked++;
            }
            return Stopwatch.GetTimestamp() - start;
        }

        private static readonly Action s_nothing = () => { };

        private static long TaskRunWait(int n)
        {
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++) System.Threading.Tasks.Task.Run(s_nothing).Wait();
            return Stopwatch.GetTimestamp() - start;
        }

        [UnmanagedCallersOnly]
        private static void Yielder(nint count)
        {
            for (int i = 0; i < (int)count; i++) Threads.Yield();
        }

        /// <summary>Two threads each yield n times; every yield switches to the other thread.</summary>
        private static long ThreadYield(int n)
        {
            Threads.Create(&Yielder, n, out ThreadHandle other);
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++) Threads.Yield();
            Threads.Join(other);
            long end = Stopwatch.GetTimestamp();
            Threads.Close(other);
            return (end - start) / 2;
        }

        [UnmanagedCallersOnly]
        private static void Nothing(nint unused) { }

        private static long CreateThread(int n)
        {
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++)
            {
                Threads.Create(&Nothing, 0, out ThreadHandle t);
                Threads.Join(t);
                Threads.Close(t);
            }
            return Stopwatch.GetTimestamp() - start;
        }

        private static long PageAlloc(int n)
        {
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++)
            {
                byte* page = (byte*)Pages.Allocate(1);
                page[0] = 1;
                Pages.Free(page, 1);
            }
            return Stopwatch.GetTimestamp() - start;
        }

        private static long CreateChannel(int n)
        {
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++)
            {
                Channels.Create(1, out ChannelEndpoint imp, out ChannelEndpoint exp);
                Channels.Close(imp);
                Channels.Close(exp);
            }
            return Stopwatch.GetTimestamp() - start;
        }

        // Message sizes of the SR and PSR rows: 1 and 32 bytes travel inline; 1 KiB and 32 KiB travel as an
        // exchange-heap block whose ownership moves back and forth (no copy).
        private static readonly int[] Sizes = { 1, 32, 1024, 32 * 1024 };
        private static readonly string[] SizeNames = { "1", "32", "1K", "32K" };
        private static int s_size;

        /// <summary>The message size of the row being measured.</summary>
        public static int CurrentSize => s_size;

        // Ping: echo with one ChannelCall (reply and wait for the next); PingSplit: echo with a send and a receive.
        private const int Ping = 1, Stop = 2, PingSplit = 4;

        /// <summary>The message of a row: 1 and 32 bytes inline, larger sizes as an exchange block.</summary>
        private static ChannelMessage Sized(int size, ExchangeBlock block, int tag)
        {
            ChannelMessage m = default;
            m.Tag = tag;
            if (size > ChannelMessage.InlineCapacity)
            {
                m.Block = block.Pointer;
                return m;
            }
            m.InlineLength = size;
            for (int i = 0; i < size; i++) m.Inline[i] = (byte)i;
            return m;
        }

        /// <summary>Sends each message straight back, block included, until told to stop (a thread of this SIP, or
        /// the peer SIP); the contract rows' connection request starts serving those. One buffer serves both
        /// directions.</summary>
        private static void EchoLoop(ChannelEndpoint at)
        {
            ChannelMessage m;
            AbiStatus status = Channels.Receive(at, &m);
            while (status == AbiStatus.Ok)
            {
                if (m.Tag == Ping) status = Channels.Call(at, &m);
                else if (m.Tag == PingSplit)
                {
                    status = Channels.Send(at, &m);
                    if (status == AbiStatus.Ok) status = Channels.Receive(at, &m);
                }
                else if (m.Tag == ContractRows.ConnectTag)
                {
                    ContractRows.Serve(new ChannelEndpoint(m.Endpoint));  // the contract rows, until the client closes that channel
                    status = Channels.Receive(at, &m);
                }
                else return;
            }
        }

        [UnmanagedCallersOnly]
        private static void EchoThread(nint endpoint) => EchoLoop(new ChannelEndpoint((void*)endpoint));

        /// <summary>Round trips between two threads of this SIP; one round trip is one SR operation.</summary>
        private static long SendReceiveThreads(int n)
        {
            Channels.Create(4, out ChannelEndpoint imp, out ChannelEndpoint exp);
            Threads.Create(&EchoThread, (nint)exp.Value, out ThreadHandle echo);
            long elapsed = RoundTrips(imp, n);
            Channels.Send(imp, Stop);
            Threads.Join(echo);
            Channels.Close(imp);
            Channels.Close(exp);
            return elapsed;
        }

        /// <summary>n round trips of one message: its payload is written once, and the reply (the same block, for
        /// block sizes: ownership came back, nothing was copied) is what goes out next.</summary>
        private static long RoundTrips(ChannelEndpoint to, int n, bool split = false)
        {
            ExchangeBlock block = s_size > ChannelMessage.InlineCapacity ? Exchange.Allocate((ulong)s_size) : default;
            ChannelMessage m = Sized(s_size, block, split ? PingSplit : Ping);
            long start = Stopwatch.GetTimestamp();
            if (split)
            {
                for (int i = 0; i < n; i++)
                {
                    Channels.Send(to, &m);
                    Channels.Receive(to, &m);
                }
            }
            else
            {
                for (int i = 0; i < n; i++) Channels.Call(to, &m);
            }
            long end = Stopwatch.GetTimestamp();
            if (!block.IsNull) Exchange.Free(block);
            return end - start;
        }

        private static ProcessHandle s_peer;
        private static ChannelEndpoint s_peerChannel;
        private const string PeerPath = "/bench/singbench-peer";
        private const string GuardedPeerPath = "/bench/guarded/singbench-peer";

        private static void StartPeer()
        {
            Processes.Create("singbench", string.Concat("serve ", PeerPath), out s_peer);
            Processes.Start(s_peer);
            while (Names.Bind(PeerPath, out s_peerChannel) != AbiStatus.Ok) Threads.Sleep(1);
        }

        private static void StopPeer()
        {
            Channels.Send(s_peerChannel, Stop);
            Processes.Join(s_peer, ulong.MaxValue, out _);
            Processes.Close(s_peer);
            Channels.Close(s_peerChannel);
        }

        /// <summary>Round trips to the peer SIP; one round trip is one PSR operation.</summary>
        private static long SendReceiveProcesses(int n) => RoundTrips(s_peerChannel, n);

        /// <summary>PSR-1 round trips whose message carries an endpoint there and back: the peer echoes the whole
        /// message, so each crossing checks the carried endpoint's ownership and moves it to the receiver.</summary>
        private static long SendReceiveProcessesCarryingEndpoint(int n)
        {
            if (Channels.Create(1, out ChannelEndpoint imp, out ChannelEndpoint exp) != AbiStatus.Ok) return 0;
            ChannelMessage m = Sized(1, default, Ping);
            m.Endpoint = exp.Address;
            int failures = 0;
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++)
                if (Channels.Call(s_peerChannel, &m) != AbiStatus.Ok || m.Endpoint != exp.Address) failures++;
            long end = Stopwatch.GetTimestamp();
            Channels.Close(imp);
            Channels.Close(new ChannelEndpoint(m.Endpoint));
            return failures == 0 ? end - start : 0;
        }

        /// <summary>Round trips to the peer SIP as a send and a receive on each side.</summary>
        private static long SendThenReceiveProcesses(int n) => RoundTrips(s_peerChannel, n, split: true);

        /// <summary>Bind to the peer's name (a fresh channel each time) and close the channel again; a row whose binds
        /// fail reports 0.</summary>
        private static long NameBind(int n) => BindAndClose(PeerPath, n);

        /// <summary>NameBind to the peer's name under /bench/guarded/, whose binds the policy's patterns decide.</summary>
        private static long NameBindPatterns(int n) => BindAndClose(GuardedPeerPath, n);

        private static long BindAndClose(string path, int n)
        {
            int failures = 0;
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++)
            {
                // A full queue of connect requests means the peer has not accepted the earlier binds yet: let it run
                // (each bind is counted when it succeeds, so the figure includes the peer's accept).
                AbiStatus status;
                ChannelEndpoint e;
                while ((status = Names.Bind(path, out e)) == AbiStatus.QueueFull) Threads.Yield();
                if (status != AbiStatus.Ok) failures++;
                Channels.Close(e);
            }
            long end = Stopwatch.GetTimestamp();
            return failures == 0 ? end - start : 0;
        }

        /// <summary>The peer SIP: the first connection becomes the echo channel for PSR rows; a second thread
        /// accepts the rest (NameBind's) and closes them at once, so the echo loop waits on one endpoint, like the
        /// Linux guest's echo side (no select per message). Ends when the echo channel says Stop.</summary>
        private static int Serve(string path)
        {
            // NameBind-Patterns' name first (the bench binds the other as the sign that both are there): every bind
            // accepted and closed by a thread of its own.
            if (Names.Register(GuardedPeerPath, out ChannelEndpoint guarded) == AbiStatus.Ok)
                Threads.Create(&AcceptAndClose, (nint)guarded.Value, out _);
            Names.Register(path, out ChannelEndpoint requests);
            Channels.Receive(requests, out ReceivedMessage first);
            ChannelEndpoint echo = first.Endpoint;
            Threads.Create(&AcceptAndClose, (nint)requests.Value, out _);
            EchoLoop(echo);
            return 0;
        }

        [UnmanagedCallersOnly]
        private static void AcceptAndClose(nint requests)
        {
            var at = new ChannelEndpoint((void*)requests);
            while (Channels.Receive(at, out ReceivedMessage request) == AbiStatus.Ok) Channels.Close(request.Endpoint);
        }

        private static Sing.Apps.Accounts.UserAccount s_account;
        private const string BenchPassword = "correct horse battery staple";

        /// <summary>One password check as the login program makes it, of an account made with the default iterations.</summary>
        private static long LoginPasswordCheck(int n)
        {
            if (s_account == null)
            {
                var users = new Sing.Apps.Accounts.UsersFile();
                if (users.Set("bench", BenchPassword, administrator: false) != null) return 0;
                s_account = users.Find("bench");
            }
            int failures = 0;
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++)
                if (!Sing.Apps.Accounts.UsersFile.Verify(s_account, BenchPassword)) failures++;
            long end = Stopwatch.GetTimestamp();
            return failures == 0 ? end - start : 0;
        }

        private static long CreateProc(int n)
        {
            long start = Stopwatch.GetTimestamp();
            for (int i = 0; i < n; i++)
            {
                Processes.Create("singbench", "exit", out ProcessHandle child);
                Processes.Start(child);
                Processes.Join(child, ulong.MaxValue, out _);
                Processes.Close(child);
            }
            return Stopwatch.GetTimestamp() - start;
        }
    }
}
