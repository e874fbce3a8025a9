using System.Collections.Generic;
using Sing.Kernel.Abi;
using Sing.Kernel.Threading;

namespace Sing.Kernel.Processes
{
    internal enum ProcessState
    {
        Created,
        Running,
        Exited,
    }

    /// <summary>A software-isolated process: its sealed image, the pages it owns, its threads and handles, and
    /// its identity (the image name, for now) and exit code.</summary>
    internal sealed unsafe class KernelProcess
    {
        public readonly int Id;
        public readonly string Name;
        public readonly string Arguments;
        public ProcessState State;

        /// <summary>Its compound principal (001 §3.6, Runtime/Security/README.md): its invoker's principal, then its own
        /// link "publisher/program@role". The role is its creator's unless a holder of the roles privilege chose one.</summary>
        public string Principal = Security.PrincipalTable.KernelPrincipal;
        public string Role = Singularity.Security.PrincipalName.SystemRole;

        /// <summary>What its code is (001 §3.6: a sealed process is identified by its code content): the content hash the
        /// installer computed over its manifest and verified code assemblies, which its publisher signed ("sha256:..."),
        /// its image having been checked against the installer's record before it ran (Security.ImageIntegrity); "" for
        /// the kernel and images the kernel registered from memory.</summary>
        public string Content => Manifest?.Content ?? "";

        /// <summary>Its principal's number in Security.PrincipalTable once a channel needed it (0: not yet).</summary>
        internal int PrincipalNumber;

        /// <summary>The principal of the last child it created, with the program and role it was made for
        /// (ProcessManager.PrincipalFor reuses it for the same pair). Replaced whole, never changed, so a reader on
        /// another thread sees one consistent triple.</summary>
        internal ChildPrincipal LastChild;

        internal sealed class ChildPrincipal
        {
            public readonly Singularity.Manifests.ProgramManifest Manifest;
            public readonly string Role;
            public readonly string Principal;

            public ChildPrincipal(Singularity.Manifests.ProgramManifest manifest, string role, string principal)
            {
                Manifest = manifest;
                Role = role;
                Principal = principal;
            }
        }

        /// <summary>The processor every thread of the process runs on (Smp.Processors.NextHome): all of a SIP's threads
        /// share one, so its runtime's sections (preemption off) still exclude each other.</summary>
        public int HomeProcessor;
        public int ExitCode;
        public readonly KernelProcess Parent;
        public readonly List<KernelProcess> Children = new List<KernelProcess>();
        public readonly ManualResetEvent Exited = new ManualResetEvent(false);

        /// <summary>Set when another process (or the kernel) asks this one to stop; the program decides how to end.</summary>
        public readonly ManualResetEvent StopRequested = new ManualResetEvent(false);

        /// <summary>Its protection domain's address space (null: the kernel's) and the owner number its pages are
        /// taken for (Memory.MemoryOwner; the kernel's in configurations without hardware domains).</summary>
        internal Domains.AddressSpace Space;
        internal ushort MemoryOwner;
        internal ulong Cr3 => Space == null ? 0 : Space.Cr3;

        /// <summary>Whether its code runs in ring 3 (a user domain); then its ABI table and stubs live in its domain
        /// (Domains.Ring3Abi) and its threads' functions return into the thread-exit stub.</summary>
        internal bool Ring3;
        internal ulong UserAbiTable;
        internal ulong ThreadExitStub;

        internal byte* ImageBase;
        internal ulong ImagePages;
        internal byte* ImageFile;              // the installed file it was loaded from (the pool reuses the copy)
        internal ulong ImageWritableOffset;    // where its writable pages start (ElfImage.Loaded.WritableOffset)
        internal ulong Entry;
        internal ulong FaultTrampoline;
        internal Diagnostics.SymbolFile Symbols;   // the image's symbols (image-relative addresses), if installed
        internal readonly HandleTable Handles = HandleTable.Create();
        internal readonly List<KernelThread> Threads = new List<KernelThread>();
        internal readonly Dictionary<ulong, ulong> OwnedPages = new Dictionary<ulong, ulong>(); // address -> count
        internal ulong OwnedPageCount;

        /// <summary>Moves each time a run leaves <see cref="OwnedPages"/>; the run a caller-memory check last found an
        /// address in (CallerMemory) answers the next check first while the epoch it was found in holds.</summary>
        internal ulong OwnedPagesEpoch;
        internal ulong HeldRunStart, HeldRunEnd, HeldRunEpoch = ulong.MaxValue;   // no run remembered yet

        /// <summary>Move each time the process gives up an exchange-heap endpoint or data block (see
        /// KernelThread.LastOwnedEndpoint): a remembered validation older than the epoch no longer counts.</summary>
        internal ulong EndpointEpoch;
        internal ulong BlockEpoch;

        /// <summary>The contract tables it registered or matched before (interrupts off).</summary>
        internal Channels.ContractMemo Contracts;

        /// <summary>Pages this process's thread took for a child it is creating (its image), and the child while it is
        /// being made: until the child is published they are this process's, so that a kill of this process
        /// in the middle of creating it gives them back (ProcessManager.ReleaseResources). Interrupts off.</summary>
        private Dictionary<ulong, ulong> _held;
        internal KernelProcess Creating;

        internal void Hold(byte* pages, ulong count) => (_held ??= new Dictionary<ulong, ulong>())[(ulong)pages] = count;

        internal void Unhold(byte* pages) => _held?.Remove((ulong)pages);

        /// <summary>A domain made for a child this process is creating, until the child takes it (interrupts off).</summary>
        internal Domains.AddressSpace HeldDomain;

        /// <summary>Gives back what <see cref="Hold"/> kept and the held domain (the process is being released).</summary>
        internal void FreeHeld()
        {
            Domains.AddressSpace domain = HeldDomain;
            HeldDomain = null;
            if (domain != null) Domains.Placement.Release(domain);
            if (_held == null) return;
            foreach (var pages in _held) Memory.PageAllocator.Free((void*)pages.Key, pages.Value);
            _held.Clear();
        }

        /// <summary>Live processes below this one (children, theirs, ...), which its children quota bounds; and
        /// whether this one is counted in its ancestors' (from its publication to its exit). Interrupts off.</summary>
        internal int LiveDescendants;
        internal bool CountedByAncestors;

        /// <summary>Its quotas (Quotas.For its manifest).</summary>
        internal ProcessLimits Limits = new ProcessLimits();

        /// <summary>Exchange-heap pages the process owns now (blocks and endpoints; see Quotas.ExchangePages).</summary>
        internal ulong ExchangePages;

        /// <summary>The manifest it was created from, its parameters bound from the command line, the endpoints
        /// the binder connected (name -> Endpoint*) and the hardware it was granted.</summary>
        internal Singularity.Manifests.ProgramManifest Manifest;
        internal readonly List<Singularity.Manifests.ParameterValue> Parameters = new List<Singularity.Manifests.ParameterValue>();
        internal readonly Dictionary<string, ulong> StartupEndpoints = new Dictionary<string, ulong>();
        internal readonly List<Hardware.GrantedResource> Grants = new List<Hardware.GrantedResource>();

        /// <summary>Refusals of this process's calls the kernel has logged (see <see cref="LogRefusal"/>).</summary>
        private int _refusalsLogged;

        /// <summary>Most refusals logged per process: a program that keeps making bad calls must not flood the console.</summary>
        public const int RefusalsLogged = 20;

        /// <summary>Logs why a call of this process was refused, up to <see cref="RefusalsLogged"/> times; then one
        /// line says the rest are not shown.</summary>
        public void LogRefusal(string message)
        {
            int n = ++_refusalsLogged;
            if (n <= RefusalsLogged) Console.Log.Line(string.Concat("[kernel] ", message));
            else if (n == RefusalsLogged + 1) Console.Log.Line(string.Concat("[kernel] ", Name, " (pid ", Id.ToString(), "): further refusals are not logged"));
        }

        /// <summary>Why the kernel ended the process, when it did (fault, kill); null after a normal exit.</summary>
        public string TerminationReason;
        /// <summary>How many instances of this boot service the supervisor started before this one (0: the first).</summary>
        public int Restarts;
        /// <summary>Timer ticks (milliseconds at 1000 Hz) at which one of its threads was running: sampled CPU time.</summary>
        public ulong CpuTicks;

        internal KernelProcess(int id, string name, string arguments, KernelProcess parent)
        {
            Id = id;
            Name = name;
            Arguments = arguments;
            Parent = parent;
        }

        public bool ContainsCode(ulong address) =>
            ImageBase != null && address >= (ulong)ImageBase && address < (ulong)ImageBase + ImagePages * Memory.PageAllocator.PageSize;

        public ulong ImageOffset(ulong address) => address - (ulong)ImageBase;

        /// <summary>Writes "symbol+0xoffset" for an address in this SIP's image, or "image+0xoffset".</summary>
        public void WriteLocation(ulong address)
        {
            if (Symbols != null && ContainsCode(address) && Symbols.Find(ImageOffset(address)) >= 0) Symbols.WriteLocation(ImageOffset(address));
            else
            {
                Console.Log.Write("image+");
                Console.Log.Hex(address - (ulong)ImageBase);
            }
        }
    }
}
