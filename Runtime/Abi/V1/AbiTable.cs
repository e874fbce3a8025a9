using System.Runtime.InteropServices;

namespace Singularity.V1
{
    /// <summary>Version 1 of the kernel ABI, the only way a SIP reaches the kernel. The kernel passes this table
    /// to a SIP's entry point; each entry is a plain call in the SIP-Phys configuration (a ring-3 configuration
    /// routes the same entries through a system-call stub). Arguments are scalars, pointers into the caller's
    /// own memory, and opaque handles: no object reference ever crosses. Grouped as 001 §2.1 groups the ABI.
    /// This file is compiled into both the kernel and every SIP, so the layout cannot drift.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe struct AbiTable
    {
        public const uint CurrentVersion = 1;

        public uint Version;
        public uint Size;

        // Diagnostics
        public delegate* unmanaged<byte*, int, void> DebugWrite;
        // An exception no handler caught: (MethodTable address, message, length, return addresses, count). The
        // kernel names them from the image's symbols; the SIP then exits.
        public delegate* unmanaged<void*, char*, int, ulong*, int, void> ReportUnhandledException;

        // Processes
        public delegate* unmanaged<int, void> ExitProcess;
        public delegate* unmanaged<char*, int, char*, int, ProcessHandle*, AbiStatus> CreateProcess;
        public delegate* unmanaged<ProcessHandle, AbiStatus> StartProcess;
        public delegate* unmanaged<ProcessHandle, ulong, int*, AbiStatus> JoinProcess;
        public delegate* unmanaged<ProcessHandle, AbiStatus> KillProcess;
        public delegate* unmanaged<ProcessHandle, AbiStatus> StopProcess;       // asks the process to exit (see GetStopEvent)
        public delegate* unmanaged<EventHandle*, AbiStatus> GetStopEvent;        // set when someone asked this process to stop
        public delegate* unmanaged<ulong, AbiStatus> CloseHandle;
        public delegate* unmanaged<int> GetProcessId;
        public delegate* unmanaged<char*, int, int> GetArguments;      // copies up to capacity chars, returns the full length

        // Threads and synchronization
        public delegate* unmanaged<delegate* unmanaged<nint, void>, nint, ThreadHandle*, AbiStatus> CreateThread;
        public delegate* unmanaged<ThreadHandle, ulong, AbiStatus> JoinThread;
        public delegate* unmanaged<void> YieldThread;
        public delegate* unmanaged<ulong, void> Sleep;
        public delegate* unmanaged<int> GetCurrentThreadId;
        public delegate* unmanaged<int, int, EventHandle*, AbiStatus> CreateEvent;
        public delegate* unmanaged<EventHandle, AbiStatus> SetEvent;
        public delegate* unmanaged<EventHandle, AbiStatus> ResetEvent;
        public delegate* unmanaged<EventHandle*, int, ulong, int*, AbiStatus> WaitAny;  // events and mutexes
        public delegate* unmanaged<EventHandle*, AbiStatus> CreateMutex;
        public delegate* unmanaged<EventHandle, AbiStatus> ReleaseMutex;

        // Paged memory
        public delegate* unmanaged<ulong, void*> AllocatePages;
        public delegate* unmanaged<void*, ulong, AbiStatus> FreePages;

        // Exchange heap: blocks outside every object space, moved (not copied) between SIPs.
        public delegate* unmanaged<ulong, void*> ExchangeAllocate;
        public delegate* unmanaged<void*, AbiStatus> ExchangeFree;
        // 0 unless the caller owns the block. No GC transition, as the message entries below: asked for every received block.
        public delegate* unmanaged[SuppressGCTransition]<void*, ulong> ExchangeSize;

        // Channels: endpoints are exchange-heap blocks the caller owns.
        public delegate* unmanaged<int, void**, void**, AbiStatus> ChannelCreate;
        // The message entries make no GC transition (SuppressGCTransition): this runtime's transition frames are
        // empty (its collectors find a SIP's frames through the crossing mark), so skipping them only saves time.
        public delegate* unmanaged[SuppressGCTransition]<void*, ChannelMessage*, AbiStatus> ChannelSend;
        public delegate* unmanaged[SuppressGCTransition]<void*, ulong, ChannelMessage*, AbiStatus> ChannelReceive;
        public delegate* unmanaged[SuppressGCTransition]<void**, int, ulong, int*, AbiStatus> ChannelSelect;
        public delegate* unmanaged<void*, AbiStatus> ChannelClose;
        public delegate* unmanaged<ContractTable*, int, void**, void**, AbiStatus> ChannelCreateForContract;

        // Name service.
        public delegate* unmanaged<char*, int, void**, AbiStatus> NameRegister;
        public delegate* unmanaged<char*, int, void**, AbiStatus> NameBind;
        public delegate* unmanaged<char*, int, char*, int, int> NameEnumerate;
        public delegate* unmanaged<char*, int, void**, AbiStatus> NameWatch;

        // Runtime support: the collector's view of this SIP's stacks, fault redirection, time.
        public delegate* unmanaged<nuint> GetStackTop;
        public delegate* unmanaged<delegate*<nint*, nint*, void>, void> EnumerateOtherStacks;
        public delegate* unmanaged<void*, void> RegisterFaultTrampoline;
        public delegate* unmanaged<ulong> GetTimestampFrequency;
        // The runtime's heap sections: the timer does not preempt the thread in between (a deferred
        // preemption happens at EnablePreemption).
        public delegate* unmanaged<void> DisablePreemption;
        public delegate* unmanaged<void> EnablePreemption;

        // Configuration: what the kernel's binder prepared from the program's manifest before it started, the
        // system manifest (the installed programs), and the process list.
        public delegate* unmanaged<char*, int, char*, int, int> GetStartupParameter;    // value length, -1 if unset
        public delegate* unmanaged<char*, int, void**, AbiStatus> GetStartupEndpoint;   // once per endpoint
        public delegate* unmanaged<char*, int, ResourceGrant*, AbiStatus> GetStartupResource;
        public delegate* unmanaged<char*, int, int> GetSystemManifest;                  // copies up to capacity, returns length
        public delegate* unmanaged<char*, int, int> EnumerateProcesses;                 // one line per process
        public delegate* unmanaged<int, AbiStatus> KillProcessById;                     // privilege process-control
        public delegate* unmanaged<int, AbiStatus> Shutdown;                            // privilege system: ends the machine

        // Console (privilege console): the serial console without the per-line process prefix of DebugWrite.
        public delegate* unmanaged<byte*, int, void> ConsoleWrite;
        public delegate* unmanaged<byte*, int, ulong, int> ConsoleRead;                 // bytes read; 0 on timeout

        // Hardware access (privilege hardware): only resources the manifest declared and the binder granted.
        public delegate* unmanaged<ulong, uint, int, uint*, AbiStatus> IoPortRead;      // handle, offset, width 1/2/4
        public delegate* unmanaged<ulong, uint, int, uint, AbiStatus> IoPortWrite;
        public delegate* unmanaged<ulong, ulong, AbiStatus> IrqWait;                    // handle, timeout ms
        public delegate* unmanaged<ulong, ulong, int, ulong*, AbiStatus> IoMemoryRead;  // handle, offset, width 1/2/4/8
        public delegate* unmanaged<ulong, ulong, int, ulong, AbiStatus> IoMemoryWrite;

        // Channels, added after the first 58 entries (new entries go at the end, so older SIPs keep their offsets):
        // send the message, then receive the next one on the same endpoint into the same buffer, in one crossing.
        // The send's status if it failed (nothing was sent), else the receive's (Timeout: sent, no reply yet).
        public delegate* unmanaged[SuppressGCTransition]<void*, ChannelMessage*, ulong, AbiStatus> ChannelCall;

        // The generation of an exchange block or endpoint the caller owns (0 otherwise): a number given to the block
        // when it was made, never reused, so a value kept past a free is told from the block that reuses its address.
        public delegate* unmanaged<void*, ulong> ExchangeGeneration;

        // The PCI functions the kernel found, one line each (as GetSystemManifest: copies up to capacity, returns length).
        public delegate* unmanaged<char*, int, int> EnumerateDevices;

        // DMA memory (entries 62-65, privilege hardware): the contiguous pages a driver's <dmaMemory> granted, read and
        // written through a bounds-checked handle. The driver never learns a physical address: the kernel writes it,
        // as the device will read it (64-bit little-endian), into the driver's own DMA memory at offset `at`.
        public delegate* unmanaged<ulong, ulong, int, ulong*, AbiStatus> DmaMemoryRead;    // handle, offset, width 1/2/4/8
        public delegate* unmanaged<ulong, ulong, int, ulong, AbiStatus> DmaMemoryWrite;
        public delegate* unmanaged<ulong, ulong, ulong, AbiStatus> DmaStoreAddress;        // handle, at, offset of the target in the same DMA memory
        // handle, at, an exchange block (data address) the caller owns, offset and length inside it: the range must be
        // physically contiguous (InvalidState if not). The caller's process loses nothing by this; see Drivers/README.md
        // on why a driver that programs a device is trusted with the bus anyway (no IOMMU).
        public delegate* unmanaged<ulong, ulong, void*, ulong, ulong, AbiStatus> DmaStoreBlockAddress;
        // io-memory handle, offset of a 64-bit device register (two 32-bit writes, low then high), DMA memory handle,
        // offset of the target in it: how a driver tells its device where the DMA structures lie (entry 66).
        public delegate* unmanaged<ulong, ulong, ulong, ulong, AbiStatus> IoMemoryStoreDmaAddress;

        // (entry 67) The stacks of the caller's other threads, for its collector: writes up to capacity (low, high) pairs, returns
        // how many there are (-1 for a bad buffer). Replaces EnumerateOtherStacks, whose callback the kernel would
        // have to call, which a ring-3 caller's code must never be.
        public delegate* unmanaged<ulong*, int, int> GetOtherStacks;

        // (entry 68) The boot services the kernel supervises, one line each (as GetSystemManifest: copies up to capacity,
        // returns length): program, restart policy, state, current pid, restarts.
        public delegate* unmanaged<char*, int, int> EnumerateServices;

        // (entry 69) Makes every channel bound to the caller's registration (its requests endpoint) follow the contract
        // of the table, which must be the one the caller's manifest declares for that name: channels already waiting
        // in the request queue are checked against the messages their clients sent so far (a client that broke the
        // contract is ended and its request dropped), later binds are created checked.
        public delegate* unmanaged<void*, ContractTable*, AbiStatus> NameCheckContract;

        // (entry 70) Whether an endpoint the caller owns may be used as the given side (0 importer, 1 exporter) of the
        // table's contract in the given state: Ok for an unchecked channel or one the kernel checks against the same
        // state machine with this end as that side in that state; ProtocolViolation otherwise (an endpoint that arrived
        // in a message follows another contract: using it as this one could break the kernel's contract for it).
        public delegate* unmanaged<void*, ContractTable*, int, int, AbiStatus> ChannelFollows;

        // (entry 71) Gives an exchange block or endpoint the caller owns under the given generation a new generation and
        // returns it (0 when the caller does not own it under that generation: nothing changes). Every other value that
        // names the block with the old generation stops working: the contract library adopts a raw endpoint this way,
        // so no copy of the raw value can close or send it behind the contract endpoint's back.
        public delegate* unmanaged<void*, ulong, ulong> ExchangeRenew;

        // (entry 72) IrqWait and ChannelSelect in one wait: the handle's interrupt line is unmasked and the caller waits
        // for its next interrupt or for a message or close on one of the endpoints (at most 256), whichever comes
        // first; *ready is the endpoint's index, or the count for the interrupt. A driver serves its device and its
        // clients from one thread this way, without polling either.
        public delegate* unmanaged<ulong, void**, int, ulong, int*, AbiStatus> IrqSelect;

        // (entry 73) The channels between live processes, as EnumerateProcesses copies its text: one line per pair of
        // processes and contract, "pid TAB peer pid TAB channels TAB contract".
        public delegate* unmanaged<char*, int, int> EnumerateChannels;

        // (entry 74) System-wide memory and time figures, one "name TAB value" line each: uptime, idle time, pages,
        // exchange-heap blocks, bytes and pages, the kernel's collections, context switches.
        public delegate* unmanaged<char*, int, int> EnumerateMemory;

        // (entry 75, privilege roles) CreateProcess with the child in a role of the caller's choosing (name, args, role):
        // what a login program does for the user it authenticated. Without the privilege a child takes its creator's role.
        public delegate* unmanaged<char*, int, char*, int, char*, int, ProcessHandle*, AbiStatus> CreateProcessInRole;

        // (entry 76) The compound principal that messages arriving at an endpoint the caller owns speak for (who is at the
        // other end: the client on a service's end of a bound channel, the service on the client's, the creator on both
        // ends of a channel a process made), as GetSystemManifest copies text: up to capacity chars, returns the full
        // length, -1 when the caller does not own the endpoint or the buffer is not its own. Set by the kernel when the
        // channel was made or bound; it does not change when the endpoint travels, unless its holder delegates it (entry 78).
        public delegate* unmanaged<void*, char*, int, int> ChannelPrincipal;

        // (entry 77) The caller's own compound principal, copied the same way.
        public delegate* unmanaged<char*, int, int> GetPrincipal;

        // (entry 78) Delegates an endpoint the caller owns (001 §3.6): the next process that receives it is added to the
        // chain its peer records, so the other side sees the caller's authority exercised by that receiver. Ok, or
        // NotOwner/StaleHandle/InvalidArgument for an endpoint the caller does not own, ChannelClosed when the peer is gone.
        public delegate* unmanaged<void*, AbiStatus> ChannelDelegate;

        // (entry 79) How often the principal ChannelPrincipal reads for an endpoint the caller owns has changed since
        // the channel was made (each change a delegation by the holder of the other end); -1 when the caller does not
        // own the endpoint. A service that asks before each request reads the text again only when this moved.
        public delegate* unmanaged<void*, int> ChannelPrincipalChanges;

        // (entry 80) The content hash ("sha256:" and 64 hex digits) of the code run by the process that the last link of
        // an endpoint's principal (entry 76) names: its manifest and verified code assemblies as installed, the hash its
        // publisher signed; copied as entry 76 copies text; 0 when that process has none recorded (the kernel), -1 when
        // the caller does not own the endpoint or the buffer is not its own.
        public delegate* unmanaged<void*, char*, int, int> ChannelContent;

        // (entry 81) The caller's own content hash, copied the same way.
        public delegate* unmanaged<char*, int, int> GetContent;
    }

    /// <summary>A hardware resource handed to a driver at startup: its handle and where it lies.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct ResourceGrant
    {
        public ulong Handle;
        public ulong Base;
        public ulong Length;
    }

    /// <summary>Result of an ABI call. Failures never harm the kernel: a bad handle is answered, not trusted.</summary>
    public enum AbiStatus
    {
        Ok = 0,
        InvalidHandle = 1,
        WrongHandleType = 2,
        StaleHandle = 3,
        NotFound = 4,
        OutOfMemory = 5,
        InvalidArgument = 6,
        Timeout = 7,
        InvalidState = 8,
        AbiVersionRefused = 9,
        BadImage = 10,
        ChannelClosed = 11,
        QueueFull = 12,
        NotOwner = 13,
        NameInUse = 14,
        ProtocolViolation = 15,
        NotPermitted = 16,
        /// <summary>The caller reached one of its quotas (Kernel/Processes/Quotas.cs) or the kernel's reserve.</summary>
        QuotaExceeded = 17,
    }

    /// <summary>What a handle value denotes; the kernel checks it on every use.</summary>
    public enum HandleType : byte
    {
        None = 0,
        Process = 1,
        Thread = 2,
        Event = 3,
        Mutex = 4,
        IoPorts = 5,
        Irq = 6,
        IoMemory = 7,
        Dma = 8,
        DmaMemory = 9,
    }

    /// <summary>Handle encoding: slot index (low 24 bits), generation (next 32 bits, changes when the slot is
    /// reused, so a stale handle is detected), type (top 8 bits).</summary>
    public static class HandleBits
    {
        public static ulong Make(HandleType type, uint slot, uint generation) =>
            ((ulong)type << 56) | ((ulong)generation << 24) | (slot & 0xFFFFFF);

        public static HandleType TypeOf(ulong value) => (HandleType)(value >> 56);

        public static uint SlotOf(ulong value) => (uint)(value & 0xFFFFFF);

        public static uint GenerationOf(ulong value) => (uint)((value >> 24) & 0xFFFFFFFF);
    }

    /// <summary>A process (SIP) the caller created. Strongly typed so a thread handle cannot be passed where a
    /// process is expected without the compiler noticing; the kernel checks the type again at run time.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct ProcessHandle
    {
        public ulong Value;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct ThreadHandle
    {
        public ulong Value;
    }

    [StructLayout(LayoutKind.Sequential)]
    public struct EventHandle
    {
        public ulong Value;
    }

    /// <summary>Marker placed in every SIP image (section .singularity.abi): magic and the ABI version the image
    /// was built against. The loader refuses versions the kernel does not export.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct AbiImageMarker
    {
        public const ulong Magic = 0x0049424147_4E4953; // "SINGABI" little-endian, 7 bytes
        public ulong MagicValue;
        public uint AbiVersion;
        public uint Reserved;
    }
}
