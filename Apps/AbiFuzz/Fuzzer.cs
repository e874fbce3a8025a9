using System.Runtime.InteropServices;
using Singularity.V1;

namespace Sing.Apps.AbiFuzz
{
    /// <summary>Calls one ABI entry at a time with arguments drawn from classes of bad values (null, tiny, random,
    /// kernel, low-memory, guard-page, non-canonical and top-of-address-space pointers; forged, stale and retyped
    /// handles; negative, huge and random sizes and counts) mixed with values this process really owns, so that the
    /// kernel's checks are reached past the first one. Timeouts are 0 or 1 ms (the fuzzer must not block for ever),
    /// and it never asks to exit (every entry but ExitProcess is called). Pointers it passes as valid point into a
    /// scratch region of pages of its own, so the kernel may write there freely; its own state lives in arrays the
    /// kernel is never pointed at.</summary>
    internal sealed unsafe class Fuzzer
    {
        private const int PoolSize = 64;
        private const int ScratchBytes = 4096;
        private const int Entries = 53;

        private ulong _state;
        private readonly ulong[] _endpoints = new ulong[PoolSize];
        private readonly ulong[] _blocks = new ulong[PoolSize];
        private readonly ulong[] _handles = new ulong[PoolSize];
        private readonly ulong[] _stale = new ulong[PoolSize];
        private readonly ulong[] _pages = new ulong[PoolSize];
        private readonly ulong[] _pageCounts = new ulong[PoolSize];
        private readonly long[] _statuses = new long[20];
        private long _calls;

        // The scratch region: pages of this process that nothing else uses, so whatever the kernel writes into it
        // (anywhere in it: a buffer that starts near its end may be long) harms nothing. Valid pointers point into
        // its first ScratchBytes; the rest is room.
        private const ulong RegionPages = 16;
        private readonly byte* _scratch;

        public Fuzzer(ulong seed)
        {
            _state = seed == 0 ? 0x9E3779B97F4A7C15 : seed;
            _scratch = (byte*)Abi.RawTable->AllocatePages(RegionPages);
        }

        // ---- random values ----

        private ulong Next()
        {
            // xorshift64*: cheap, and the same seed gives the same sequence of calls.
            _state ^= _state >> 12;
            _state ^= _state << 25;
            _state ^= _state >> 27;
            return _state * 0x2545F4914F6CDD1D;
        }

        private int Below(int n) => (int)(Next() % (ulong)n);

        private bool OneIn(int n) => Below(n) == 0;

        private static ulong StackTop => (ulong)Abi.RawTable->GetStackTop();

        /// <summary>A pointer: mostly bad, sometimes into the scratch buffer (which the kernel may write).</summary>
        private ulong Pointer(byte* scratch)
        {
            switch (Below(13))
            {
                case 0: return 0;
                case 1: return 1 + (ulong)Below(4096);
                case 2: return Next();
                case 3: return 0x100000 + Next() % 0x100000;                          // the kernel's image
                case 4: return Next() % 0x100000;                                      // low memory
                case 5: return StackTop - KernelThreadStackBytes - 4096 * (1 + (ulong)Below(6)) + (ulong)Below(4096);   // guards and the kernel zone
                case 6: return 0x8000000000000000 | Next();                            // non-canonical
                case 7: return 0xFFFFFFFFFFFFF000 + (ulong)Below(4096);                // wraps past the end
                case 8: return Pick(_blocks, scratch);
                case 9: return Pick(_endpoints, scratch);
                case 10: return (ulong)scratch + ScratchBytes - (ulong)Below(16);      // runs off the scratch buffer
                default: return (ulong)scratch + (ulong)Below(ScratchBytes / 2);       // valid, maybe unaligned
            }
        }

        private const ulong KernelThreadStackBytes = 64 * 1024;

        private ulong Pick(ulong[] pool, byte* scratch)
        {
            ulong v = pool[Below(PoolSize)];
            return v != 0 ? v : (ulong)scratch + (ulong)Below(ScratchBytes / 2);
        }

        /// <summary>An address the kernel takes as an exchange block or endpoint.</summary>
        private ulong ExchangeAddress(ulong[] pool, byte* scratch)
        {
            switch (Below(6))
            {
                case 0: case 1: return pool[Below(PoolSize)];
                case 2: return ((Next() % 0x20000000) & ~0xFFFUL) + 64;                // a page start + header: forged
                case 3: return (StackTop & ~0xFFFUL) - KernelThreadStackBytes - 4096 + 64;   // the soft guard page
                default: return Pointer(scratch);
            }
        }

        private int Int()
        {
            switch (Below(8))
            {
                case 0: return 0;
                case 1: return -1;
                case 2: return int.MinValue;
                case 3: return int.MaxValue;
                case 4: return Below(64);
                case 5: return Below(4096);
                case 6: return 1 + Below(300);
                default: return (int)Next();
            }
        }

        private ulong Size()
        {
            switch (Below(7))
            {
                case 0: return 0;
                case 1: return 1;
                case 2: return 4096;
                case 3: return 1UL << 20;
                case 4: return 1UL << 40;
                case 5: return ulong.MaxValue;
                default: return Next() % 100000;
            }
        }

        /// <summary>The kernel's type for the record of an endpoint a process holds (Kernel/Abi/Handles/README.md): no
        /// entry accepts it, so closing one must never succeed.</summary>
        private const HandleType EndpointRecord = (HandleType)0x80;

        /// <summary>Set when CloseHandle accepted a word of the record type: the kernel let a SIP drop its own record.</summary>
        public bool ClosedARecord { get; private set; }

        private ulong Handle()
        {
            switch (Below(7))
            {
                case 0: return 0;
                case 1: return Next();
                case 5: return HandleBits.Make(EndpointRecord, 1 + (uint)Below(64), 1 + (uint)Below(8));   // an endpoint record's shape
                case 2: return _stale[Below(PoolSize)];
                case 3: return (_handles[Below(PoolSize)] & ~(0xFFUL << 56)) | ((ulong)Below(10) << 56);   // retyped
                case 4: return _handles[Below(PoolSize)] + (1UL << 24);                                   // next generation
                default: return _handles[Below(PoolSize)];
            }
        }

        private ulong Timeout() => (ulong)Below(2);

        // ---- pools of what this process owns ----

        private static void Remove(ulong[] pool, ulong value)
        {
            if (value == 0) return;
            for (int i = 0; i < pool.Length; i++)
                if (pool[i] == value) pool[i] = 0;
        }

        private void Record(AbiStatus status)
        {
            int s = (int)status;
            _statuses[s >= 0 && s < _statuses.Length - 1 ? s : _statuses.Length - 1]++;
        }

        [UnmanagedCallersOnly]
        private static void ThreadBody(nint argument) { }

        private static void Visit(nint* low, nint* high) { }

        // ---- one call ----

        public void CallOne()
        {
            byte* scratch = _scratch;
            if (scratch == null) return;
            for (int i = 0; i < ScratchBytes / 8; i++) ((ulong*)scratch)[i] = OneIn(2) ? 0 : Next();
            for (int i = 0; i < 8; i++) ((ulong*)(scratch + 2048))[i] = 0;   // where entries write handles
            AbiTable* t = Abi.RawTable;
            _calls++;
            switch (Below(Entries))
            {
                case 0: t->DebugWrite((byte*)Bad(scratch), Int()); break;
                case 1:
                    if (OneIn(500)) t->ReportUnhandledException((void*)Next(), (char*)Bad(scratch), Int(), (ulong*)Bad(scratch), Int());
                    break;
                case 2:
                {
                    // Mostly forged names; sometimes a real program, created and never started.
                    string name = OneIn(8) ? "hello" : OneIn(2) ? "rtc" : "no-such-program";
                    fixed (char* n = name)
                    {
                        ulong* handle = (ulong*)(scratch + 2048);
                        // CreateProcessInRole needs the roles privilege, which this program lacks: always NotPermitted.
                        AbiStatus s = OneIn(4)
                            ? t->CreateProcessInRole(n, name.Length, (char*)Pointer(scratch), OneIn(2) ? 0 : Int(), (char*)Pointer(scratch), Int(), (ProcessHandle*)handle)
                            : t->CreateProcess(OneIn(4) ? (char*)Pointer(scratch) : n, OneIn(4) ? Int() : name.Length,
                                (char*)Pointer(scratch), OneIn(2) ? 0 : Int(), OneIn(4) ? (ProcessHandle*)Pointer(scratch) : (ProcessHandle*)handle);
                        Record(s);
                        if (s == AbiStatus.Ok && OneIn(2)) Keep(_handles, *handle);
                    }
                    break;
                }
                case 3: Record(t->StartProcess(new ProcessHandle { Value = OneIn(2) ? Next() : _stale[Below(PoolSize)] })); break;
                case 4: Record(t->JoinProcess(new ProcessHandle { Value = Handle() }, Timeout(), (int*)Pointer(scratch))); break;
                case 5: Record(t->KillProcess(new ProcessHandle { Value = Handle() })); break;
                case 6: Record(t->StopProcess(new ProcessHandle { Value = Handle() })); break;
                case 7: Out(t->GetStopEvent((EventHandle*)OutPointer(scratch)), scratch); break;
                case 8:
                {
                    ulong h = Handle();
                    AbiStatus s = t->CloseHandle(h);
                    Record(s);
                    if (s == AbiStatus.Ok && HandleBits.TypeOf(h) == EndpointRecord) ClosedARecord = true;
                    if (s == AbiStatus.Ok)
                    {
                        Remove(_handles, h);
                        Keep(_stale, h);
                    }
                    break;
                }
                case 9: t->GetProcessId(); break;
                case 10: t->GetArguments((char*)Pointer(scratch), Int()); break;
                case 11:
                {
                    delegate* unmanaged<nint, void> entry = OneIn(2) ? &ThreadBody : (delegate* unmanaged<nint, void>)Pointer(scratch);
                    Out(t->CreateThread(entry, (nint)Next(), (ThreadHandle*)OutPointer(scratch)), scratch);
                    break;
                }
                case 12: Record(t->JoinThread(new ThreadHandle { Value = Handle() }, Timeout())); break;
                case 13: t->YieldThread(); break;
                case 14: t->Sleep(Timeout()); break;
                case 15: t->GetCurrentThreadId(); break;
                case 16: Out(t->CreateEvent(Int(), Int(), (EventHandle*)OutPointer(scratch)), scratch); break;
                case 17: Record(t->SetEvent(new EventHandle { Value = Handle() })); break;
                case 18: Record(t->ResetEvent(new EventHandle { Value = Handle() })); break;
                case 19:
                {
                    for (int i = 0; i < 8; i++) ((ulong*)scratch)[i] = Handle();
                    Record(t->WaitAny(OneIn(3) ? (EventHandle*)Pointer(scratch) : (EventHandle*)scratch, OneIn(2) ? Below(9) : Int(), Timeout(), (int*)Pointer(scratch)));
                    break;
                }
                case 20: Out(t->CreateMutex((EventHandle*)OutPointer(scratch)), scratch); break;
                case 21: Record(t->ReleaseMutex(new EventHandle { Value = Handle() })); break;
                case 22:
                {
                    ulong count = OneIn(2) ? (ulong)(1 + Below(4)) : Size();
                    void* pages = t->AllocatePages(count);
                    if (pages != null)
                    {
                        int slot = Below(PoolSize);
                        if (_pages[slot] != 0) t->FreePages((void*)_pages[slot], _pageCounts[slot]);
                        _pages[slot] = (ulong)pages;
                        _pageCounts[slot] = count;
                    }
                    break;
                }
                case 23:
                {
                    int slot = Below(PoolSize);
                    bool own = OneIn(2) && _pages[slot] != 0;
                    AbiStatus s = t->FreePages(own ? (void*)_pages[slot] : (void*)Bad(scratch), own && OneIn(2) ? _pageCounts[slot] : Size());
                    Record(s);
                    if (own && s == AbiStatus.Ok) _pages[slot] = 0;
                    break;
                }
                case 24:
                {
                    void* block = t->ExchangeAllocate(OneIn(2) ? (ulong)(1 + Below(20000)) : Size());
                    if (block != null && !Keep(_blocks, (ulong)block)) t->ExchangeFree(block);
                    break;
                }
                case 25:
                {
                    ulong block = ExchangeAddress(_blocks, scratch);
                    AbiStatus s = t->ExchangeFree((void*)block);
                    Record(s);
                    if (s == AbiStatus.Ok) Remove(_blocks, block);
                    break;
                }
                case 26:
                    t->ExchangeSize((void*)ExchangeAddress(_blocks, scratch));
                    void* named = (void*)ExchangeAddress(OneIn(2) ? _blocks : _endpoints, scratch);
                    ulong generation = t->ExchangeGeneration(named);
                    // Renewed with its own generation, a forged one or 0: only the first may change anything.
                    t->ExchangeRenew(named, OneIn(2) ? generation : OneIn(2) ? 0 : (ulong)Int());
                    break;
                case 27:
                {
                    void** imp = (void**)OutPointer(scratch), exp = (void**)OutPointer(scratch);
                    if (imp == exp) exp = (void**)(scratch + 3000);
                    AbiStatus s = t->ChannelCreate(OneIn(2) ? 1 + Below(16) : Int(), imp, exp);
                    Record(s);
                    if (s == AbiStatus.Ok) KeepEndpoints((ulong)*imp, (ulong)*exp);
                    break;
                }
                case 28: SendLike(t, scratch, 0); break;
                case 29: SendLike(t, scratch, 1); break;
                case 30: SendLike(t, scratch, 2); break;
                case 31:
                {
                    ulong* set = (ulong*)scratch;
                    for (int i = 0; i < 16; i++) set[i] = ExchangeAddress(_endpoints, scratch);
                    Record(t->ChannelSelect(OneIn(3) ? (void**)Pointer(scratch) : (void**)set, OneIn(2) ? 1 + Below(16) : Int(), Timeout(), (int*)Pointer(scratch)));
                    break;
                }
                case 32:
                {
                    ulong endpoint = ExchangeAddress(_endpoints, scratch);
                    AbiStatus s = t->ChannelClose((void*)endpoint);
                    Record(s);
                    if (s == AbiStatus.Ok) Remove(_endpoints, endpoint);
                    break;
                }
                case 33:
                {
                    ContractTable* table = (ContractTable*)(scratch + 1024);
                    table->StateCount = Int();
                    table->MessageCount = Int();
                    table->InitialState = Below(3);
                    table->TransitionCount = OneIn(2) ? Below(4) : Int();
                    table->Transitions = (int*)Pointer(scratch);
                    table->Name = (char*)Pointer(scratch);
                    table->NameLength = Int();
                    void** imp = (void**)(scratch + 3000), exp = (void**)(scratch + 3008);
                    AbiStatus s = t->ChannelCreateForContract(OneIn(3) ? (ContractTable*)Pointer(scratch) : table, Int(), OneIn(4) ? (void**)Pointer(scratch) : imp, exp);
                    Record(s);
                    if (s == AbiStatus.Ok) KeepEndpoints((ulong)*imp, (ulong)*exp);
                    break;
                }
                case 34: NameCall(t, scratch, 0); break;
                case 35: NameCall(t, scratch, 1); break;
                case 36: NameCall(t, scratch, 2); break;
                case 37: NameCall(t, scratch, 3); break;
                case 38: t->GetStackTop(); t->GetTimestampFrequency(); break;
                case 39: t->EnumerateOtherStacks(OneIn(2) ? &Visit : (delegate*<nint*, nint*, void>)Pointer(scratch)); break;
                case 40: t->RegisterFaultTrampoline((void*)(OneIn(2) ? Next() : Pointer(scratch))); break;
                case 41: t->DisablePreemption(); t->EnablePreemption(); break;
                case 42: t->GetStartupParameter((char*)Pointer(scratch), Int(), (char*)Pointer(scratch), Int()); break;
                case 43:
                {
                    void** endpoint = (void**)OutPointer(scratch);
                    AbiStatus s = t->GetStartupEndpoint((char*)Pointer(scratch), Int(), endpoint);
                    Record(s);
                    if (s == AbiStatus.Ok) KeepEndpoints((ulong)*endpoint, 0);
                    break;
                }
                case 44: Record(t->GetStartupResource((char*)Pointer(scratch), Int(), (ResourceGrant*)Pointer(scratch))); break;
                case 45:
                    t->GetSystemManifest((char*)Pointer(scratch), Int());
                    t->EnumerateProcesses((char*)Pointer(scratch), Int());
                    t->EnumerateDevices((char*)Pointer(scratch), Int());
                    t->EnumerateServices((char*)Pointer(scratch), Int());
                    t->GetOtherStacks((ulong*)Pointer(scratch), Int());   // forged buffers and counts: -1 or a bounded write
                    // Principals: forged buffers, and forged or real endpoints (-1 unless owned, never a fault).
                    t->GetPrincipal((char*)Pointer(scratch), Int());
                    t->GetContent((char*)Pointer(scratch), Int());
                    {
                        // Delegation on the same forged or real endpoint, then on one drawn afresh.
                        void* endpoint = (void*)ExchangeAddress(_endpoints, scratch);
                        t->ChannelPrincipal(endpoint, (char*)Pointer(scratch), Int());
                        t->ChannelPrincipalChanges(endpoint);
                        t->ChannelContent(endpoint, (char*)Pointer(scratch), Int());
                        Record(t->ChannelDelegate(endpoint));
                        Record(t->ChannelDelegate((void*)ExchangeAddress(_endpoints, scratch)));
                    }
                    break;
                case 46: Record(t->KillProcessById(OneIn(2) ? Below(64) : Int())); break;
                case 47: Record(t->Shutdown(Int())); break;
                case 48: t->ConsoleWrite((byte*)Pointer(scratch), Int()); t->ConsoleRead((byte*)Pointer(scratch), Int(), Timeout()); break;
                case 49: Record(t->IoPortRead(Handle(), (uint)Int(), Int(), (uint*)Pointer(scratch))); Record(t->IoPortWrite(Handle(), (uint)Int(), Int(), (uint)Next())); break;
                case 50:
                    Record(t->IrqWait(Handle(), Timeout()));
                    // This program holds no interrupt line: the handle is refused before the endpoints are looked at.
                    Record(t->IrqSelect(Handle(), (void**)Pointer(scratch), OneIn(2) ? Below(4) : Int(), Timeout(), (int*)Pointer(scratch)));
                    break;
                case 51:
                    // The DMA entries: this program holds no DMA memory or device range, so every call must be refused.
                    Record(t->DmaMemoryRead(Handle(), Next(), Int(), (ulong*)Pointer(scratch)));
                    Record(t->DmaMemoryWrite(Handle(), Next(), Int(), Next()));
                    Record(t->DmaStoreAddress(Handle(), Next(), Next()));
                    Record(t->DmaStoreBlockAddress(Handle(), Next(), (void*)ExchangeAddress(_blocks, scratch), Next(), Size()));
                    Record(t->IoMemoryStoreDmaAddress(Handle(), Next(), Handle(), Next()));
                    break;
                default: Record(t->IoMemoryRead(Handle(), Next(), Int(), (ulong*)Pointer(scratch))); Record(t->IoMemoryWrite(Handle(), Next(), Int(), Next())); break;
            }
        }

        /// <summary>A pointer that is never valid (the kernel only reads through these: text it would print).</summary>
        private ulong Bad(byte* scratch)
        {
            ulong p;
            do p = Pointer(scratch);
            while (p >= (ulong)scratch - 65536 && p < (ulong)scratch + RegionPages * 4096 + 65536);
            return p;
        }

        /// <summary>Where an entry writes a handle or an address: the scratch buffer, or a bad pointer.</summary>
        private ulong OutPointer(byte* scratch) => OneIn(3) ? Pointer(scratch) : (ulong)scratch + 2048 + 8 * (ulong)Below(8);

        /// <summary>Keeps a handle an entry wrote (to the scratch buffer) when it succeeded.</summary>
        private void Out(AbiStatus status, byte* scratch)
        {
            Record(status);
            if (status != AbiStatus.Ok) return;
            for (int i = 0; i < 8; i++)
            {
                ulong value = ((ulong*)(scratch + 2048))[i];
                if (value != 0 && HandleBits.TypeOf(value) != HandleType.None && HandleBits.TypeOf(value) <= HandleType.Dma) Keep(_handles, value);
            }
        }

        /// <summary>Puts <paramref name="value"/> in a free slot of <paramref name="pool"/>; false when it is full.</summary>
        private static bool Keep(ulong[] pool, ulong value)
        {
            if (value == 0) return true;
            for (int i = 0; i < pool.Length; i++)
                if (pool[i] == 0 || pool[i] == value)
                {
                    pool[i] = value;
                    return true;
                }
            return false;
        }

        private void KeepEndpoints(ulong imp, ulong exp)
        {
            if (imp != 0 && !Keep(_endpoints, imp)) Abi.RawTable->ChannelClose((void*)imp);
            if (exp != 0 && !Keep(_endpoints, exp)) Abi.RawTable->ChannelClose((void*)exp);
        }

        /// <summary>Send (0), receive (1) or call (2) on an endpoint with a message of random contents.</summary>
        private void SendLike(AbiTable* t, byte* scratch, int kind)
        {
            ChannelMessage* message = (ChannelMessage*)(scratch + 512);
            message->Tag = OneIn(2) ? Below(4) : Int();
            message->InlineLength = OneIn(2) ? Below(41) : Int();
            message->Carries = (short)(OneIn(2) ? 0 : Below(8));
            ulong block = OneIn(2) ? 0 : ExchangeAddress(_blocks, scratch);
            ulong carried = OneIn(2) ? 0 : ExchangeAddress(_endpoints, scratch);
            message->Block = (void*)block;
            message->Endpoint = (void*)carried;
            if (message->Carries != 0)
            {
                message->SecondBlock = (void*)ExchangeAddress(_blocks, scratch);
                message->SecondEndpoint = (void*)ExchangeAddress(_endpoints, scratch);
            }
            ulong secondBlock = (ulong)message->SecondBlock, secondEndpoint = (ulong)message->SecondEndpoint;
            short carries = message->Carries;
            ulong endpoint = ExchangeAddress(_endpoints, scratch);
            ChannelMessage* at = OneIn(4) ? (ChannelMessage*)Pointer(scratch) : message;
            AbiStatus s = kind == 0 ? t->ChannelSend((void*)endpoint, at)
                : kind == 1 ? t->ChannelReceive((void*)endpoint, Timeout(), at)
                : t->ChannelCall((void*)endpoint, at, Timeout());
            Record(s);
            if (at != message) return;
            // What a send moved is no longer this process's; what a receive delivered now is.
            if (kind != 1 && (s == AbiStatus.Ok || s == AbiStatus.Timeout))
            {
                Remove(_blocks, block);
                Remove(_endpoints, carried);
                if ((carries & ChannelMessage.CarriesSecondBlock) != 0) Remove(_blocks, secondBlock);
                if ((carries & ChannelMessage.CarriesSecondEndpoint) != 0) Remove(_endpoints, secondEndpoint);
            }
            if (kind != 0 && s == AbiStatus.Ok)
            {
                if (message->Block != null && !Keep(_blocks, (ulong)message->Block)) t->ExchangeFree(message->Block);
                if (message->Endpoint != null) KeepEndpoints((ulong)message->Endpoint, 0);
                if ((message->Carries & ChannelMessage.CarriesSecondBlock) != 0 && message->SecondBlock != null && !Keep(_blocks, (ulong)message->SecondBlock))
                    t->ExchangeFree(message->SecondBlock);
                if ((message->Carries & ChannelMessage.CarriesSecondEndpoint) != 0 && message->SecondEndpoint != null) KeepEndpoints((ulong)message->SecondEndpoint, 0);
            }
        }

        /// <summary>Register (0), bind (1), enumerate (2) or watch (3), with real and forged paths.</summary>
        private void NameCall(AbiTable* t, byte* scratch, int kind)
        {
            string path = Below(4) switch
            {
                0 => "/fuzz/n" + Below(40).ToString(),
                1 => "/dev/rtc",
                2 => "/service/fuzz",
                _ => "/Bad//Path/",
            };
            fixed (char* p = path)
            {
                char* text = OneIn(4) ? (char*)Pointer(scratch) : p;
                int length = OneIn(4) ? Int() : path.Length;
                void** endpoint = (void**)OutPointer(scratch);
                AbiStatus s = AbiStatus.Ok;
                switch (kind)
                {
                    case 0: s = t->NameRegister(text, length, endpoint); break;
                    case 1: s = t->NameBind(text, length, endpoint); break;
                    case 2: t->NameEnumerate(text, length, (char*)Pointer(scratch), Int()); return;
                    default: s = t->NameWatch(text, length, endpoint); break;
                }
                Record(s);
                if (s == AbiStatus.Ok) KeepEndpoints((ulong)*endpoint, 0);
                // Checked binds on what it got (or a forged endpoint), with a table of random bytes: refused, never a fault.
                if (OneIn(2)) Record(t->NameCheckContract(s == AbiStatus.Ok && OneIn(2) ? *endpoint : (void*)Pointer(scratch), (ContractTable*)Pointer(scratch)));
                if (OneIn(2)) Record(t->ChannelFollows(s == AbiStatus.Ok && OneIn(2) ? *endpoint : (void*)Pointer(scratch), (ContractTable*)Pointer(scratch), Below(3), Int()));
            }
        }

        /// <summary>Gives back what the pools hold (exit would too; this proves the kernel still takes them).</summary>
        public void ReleaseAll()
        {
            AbiTable* t = Abi.RawTable;
            for (int i = 0; i < PoolSize; i++)
            {
                if (_endpoints[i] != 0) t->ChannelClose((void*)_endpoints[i]);
                if (_blocks[i] != 0) t->ExchangeFree((void*)_blocks[i]);
                if (_pages[i] != 0) t->FreePages((void*)_pages[i], _pageCounts[i]);
                if (_handles[i] != 0) t->CloseHandle(_handles[i]);
                _endpoints[i] = _blocks[i] = _pages[i] = _handles[i] = 0;
            }
            if (_scratch != null) t->FreePages(_scratch, RegionPages);
        }

        public string Summary()
        {
            var text = new System.Text.StringBuilder();
            for (int i = 0; i < _statuses.Length; i++)
            {
                if (_statuses[i] == 0) continue;
                if (text.Length > 0) text.Append(", ");
                text.Append(i == _statuses.Length - 1 ? "other" : ((AbiStatus)i).ToString()).Append('=').Append(_statuses[i]);
            }
            return text.ToString();
        }
    }
}
