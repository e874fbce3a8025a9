using System;
using System.Runtime.InteropServices;
using Sing.Kernel.Arch;
using Sing.Kernel.Console;
using Sing.Kernel.Memory;
using Sing.Kernel.Processes;
using Sing.Kernel.Threading;
using Singularity.V1;

namespace Sing.Kernel.Abi
{
    /// <summary>The kernel side of ABI version 1. Each entry marks the stack at the crossing (so the kernel's and
    /// the SIP's collectors each scan only their own frames), does its work in a separate method, and answers
    /// with a status: no exception and no object reference crosses back into the SIP. Every entry affects only
    /// the calling SIP and what its handles name.</summary>
    internal static unsafe partial class AbiV1
    {
        public static AbiTable* Table;

        public static void Initialize()
        {
            Table = (AbiTable*)KernelHeap.Allocate((ulong)sizeof(AbiTable));
            Table->Version = AbiTable.CurrentVersion;
            Table->Size = (uint)sizeof(AbiTable);
            Table->DebugWrite = &DebugWrite;
            Table->ReportUnhandledException = &ReportUnhandledException;
            Table->ExitProcess = &ExitProcess;
            Table->CreateProcess = &CreateProcess;
            Table->StartProcess = &StartProcess;
            Table->JoinProcess = &JoinProcess;
            Table->KillProcess = &KillProcess;
            Table->StopProcess = &StopProcess;
            Table->GetStopEvent = &GetStopEvent;
            Table->CreateMutex = &CreateMutex;
            Table->ReleaseMutex = &ReleaseMutex;
            Table->CloseHandle = &CloseHandle;
            Table->GetProcessId = &GetProcessId;
            Table->GetArguments = &GetArguments;
            Table->GetCurrentThreadId = &GetCurrentThreadId;
            Table->CreateThread = &CreateThread;
            Table->JoinThread = &JoinThread;
            Table->YieldThread = &YieldThread;
            Table->Sleep = &Sleep;
            Table->CreateEvent = &CreateEvent;
            Table->SetEvent = &SetEvent;
            Table->ResetEvent = &ResetEvent;
            Table->WaitAny = &WaitAny;
            Table->AllocatePages = &AllocatePages;
            Table->FreePages = &FreePages;
            Table->ExchangeAllocate = &ExchangeAllocate;
            Table->ExchangeFree = &ExchangeFree;
            Table->ExchangeSize = (delegate* unmanaged[SuppressGCTransition]<void*, ulong>)(delegate* unmanaged<void*, ulong>)&ExchangeSize;
            Table->ChannelCreate = &ChannelCreate;
            // The message entries' table slots carry the SuppressGCTransition modifier (AbiTable.cs); the code is the same.
            Table->ChannelSend = (delegate* unmanaged[SuppressGCTransition]<void*, ChannelMessage*, AbiStatus>)(delegate* unmanaged<void*, ChannelMessage*, AbiStatus>)&ChannelSend;
            Table->ChannelReceive = (delegate* unmanaged[SuppressGCTransition]<void*, ulong, ChannelMessage*, AbiStatus>)(delegate* unmanaged<void*, ulong, ChannelMessage*, AbiStatus>)&ChannelReceive;
            Table->ChannelSelect = (delegate* unmanaged[SuppressGCTransition]<void**, int, ulong, int*, AbiStatus>)(delegate* unmanaged<void**, int, ulong, int*, AbiStatus>)&ChannelSelect;
            Table->ChannelClose = &ChannelClose;
            Table->ChannelCreateForContract = &ChannelCreateForContract;
            Table->ChannelCall = (delegate* unmanaged[SuppressGCTransition]<void*, ChannelMessage*, ulong, AbiStatus>)(delegate* unmanaged<void*, ChannelMessage*, ulong, AbiStatus>)&ChannelCall;
            Table->ExchangeGeneration = &ExchangeGeneration;
            Table->ExchangeRenew = &ExchangeRenew;
            Table->NameRegister = &NameRegister;
            Table->NameBind = &NameBind;
            Table->NameEnumerate = &NameEnumerate;
            Table->NameWatch = &NameWatch;
            Table->NameCheckContract = &NameCheckContract;
            Table->ChannelFollows = &ChannelFollows;
            Table->GetStackTop = &GetStackTop;
            Table->EnumerateOtherStacks = &EnumerateOtherStacks;
            Table->GetOtherStacks = &GetOtherStacks;
            Table->RegisterFaultTrampoline = &RegisterFaultTrampoline;
            Table->GetTimestampFrequency = &GetTimestampFrequency;
            Table->DisablePreemption = &DisablePreemption;
            Table->EnablePreemption = &EnablePreemption;
            InitializeConfiguration();
            InitializeConsole();
            InitializeHardware();
            InitializeDma();
            InitializePrincipals();
        }

        /// <summary>Records the crossing; returns the previous mark (nested crossings restore it).</summary>
        private static ulong Enter() => Enter(Scheduler.Current);

        // Inlined into the channel entries, which already hold the running thread.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static ulong Enter(KernelThread t)
        {
            ulong previous = t.AbiEntryStackPointer;
            if (t.KillRequested && previous == 0) ProcessManager.EndRequested(t);   // nothing done yet: a safe point
            t.AbiEntryStackPointer = Cpu.ReadStackPointer();
            return previous;
        }

        private static void Leave(ulong previous) => Leave(Scheduler.Current, previous);

        /// <summary>Leaves a crossing; a thread marked to end (its kernel work ran out of stack) ends here instead of
        /// returning to its SIP.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        private static void Leave(KernelThread t, ulong previous)
        {
            t.AbiEntryStackPointer = previous;
            if (t.KillRequested && previous == 0) ProcessManager.EndRequested(t);
        }

        private static KernelProcess Caller => Scheduler.Current.Owner;

        // ---- Diagnostics ----

        [UnmanagedCallersOnly]
        private static void DebugWrite(byte* text, int length)
        {
            ulong mark = Enter();
            DebugWriteCore(text, length);
            Leave(mark);
        }

        private static bool s_lineStart = true;
        // The process whose text ends the console's last line, when that line is still open (a prompt, a Write).
        private static int s_lineOwner;

        /// <summary>Another process's text starts on a line of its own: a line left open by one process (the shell's
        /// prompt, a Write without a newline) is ended before the next process writes.</summary>
        private static void TakeLine(KernelProcess p)
        {
            if (!s_lineStart && s_lineOwner != p.Id)
            {
                Log.WriteByte((byte)'\n');
                s_lineStart = true;
            }
            s_lineOwner = p.Id;
        }

        private static void DebugWriteCore(byte* text, int length)
        {
            if (length < 0 || length > 4096 || !CallerMemory.Holds(text, (ulong)length)) return;
            KernelProcess p = Caller;
            ulong flags = Scheduler.DisableInterrupts();   // one process's text at a time, whatever the processors
            if (length > 0) TakeLine(p);
            for (int i = 0; i < length; i++)
            {
                if (s_lineStart)
                {
                    Log.Write($"[{p.Name}:{p.Id}] ");
                    s_lineStart = false;
                }
                // The bytes go to the wire as they are: programs write UTF-8 (System.Console encodes it).
                byte b = text[i];
                Log.WriteByte(b);
                if (b == (byte)'\n') s_lineStart = true;
            }
            Scheduler.RestoreInterrupts(flags);
        }

        [UnmanagedCallersOnly]
        private static void ReportUnhandledException(void* methodTable, char* message, int length, ulong* frames, int count)
        {
            ulong mark = Enter();
            ReportCore((ulong)methodTable, message, length, frames, count);
            Leave(mark);
        }

        private static void ReportCore(ulong methodTable, char* message, int length, ulong* frames, int count)
        {
            KernelProcess p = Caller;
            if (length < 0 || !CallerMemory.Holds(message, Math.Min(length, 1024), sizeof(char))) length = 0;
            if (count < 0 || !CallerMemory.Holds(frames, Math.Min(count, 32), sizeof(ulong))) count = 0;
            Log.Write($"[kernel] SIP {p.Name} (pid {p.Id}): unhandled exception ");
            if (p.Symbols != null && p.ContainsCode(methodTable)) p.Symbols.WriteTypeName(p.ImageOffset(methodTable));
            else Log.Write("(unknown type)");
            Log.Write(": ");
            for (int i = 0; i < length && i < 1024; i++) Log.Write(message[i]);
            Log.Line();
            for (int i = 0; i < count && i < 32; i++)
            {
                Log.Write("    at ");
                p.WriteLocation(frames[i]);
                Log.Line();
            }
        }

        // ---- Processes ----

        [UnmanagedCallersOnly]
        private static void ExitProcess(int exitCode)
        {
            Enter();
            ProcessManager.Terminate(Caller, exitCode, null); // does not return
        }

        [UnmanagedCallersOnly]
        private static AbiStatus CreateProcess(char* name, int nameLength, char* args, int argsLength, ProcessHandle* handle)
        {
            ulong mark = Enter();
            AbiStatus status = CreateProcessCore(name, nameLength, args, argsLength, null, handle);
            Leave(mark);
            return status;
        }

        /// <summary>Creates the program for the caller; <paramref name="role"/> null: the child takes the caller's role.</summary>
        private static AbiStatus CreateProcessCore(char* name, int nameLength, char* args, int argsLength, string role, ProcessHandle* handle)
        {
            if (nameLength <= 0 || nameLength > 256 || argsLength < 0 || argsLength > 4096) return AbiStatus.InvalidArgument;
            if (!CallerMemory.Holds(name, nameLength, sizeof(char)) || !CallerMemory.Holds(handle, (ulong)sizeof(ProcessHandle))
                || (argsLength > 0 && !CallerMemory.Holds(args, argsLength, sizeof(char)))) return AbiStatus.InvalidArgument;
            if (Caller.Handles.IsFull) return AbiStatus.QuotaExceeded;
            string image = new string(name, 0, nameLength);
            string arguments = argsLength == 0 ? "" : new string(args, 0, argsLength);
            AbiStatus status = ProcessManager.Create(image, arguments, Caller, role, out KernelProcess child, out string error);
            if (status != AbiStatus.Ok)
            {
                Caller.LogRefusal($"{Caller.Name} could not create \"{image}\": {error}");
                return status;
            }
            handle->Value = Caller.Handles.Add(HandleType.Process, child);
            return AbiStatus.Ok;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus StartProcess(ProcessHandle handle)
        {
            ulong mark = Enter();
            AbiStatus status = Caller.Handles.Resolve(handle.Value, HandleType.Process, out KernelProcess p);
            if (status == AbiStatus.Ok) status = ProcessManager.Start(p);
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus JoinProcess(ProcessHandle handle, ulong timeoutMilliseconds, int* exitCode)
        {
            ulong mark = Enter();
            AbiStatus status = JoinProcessCore(handle, timeoutMilliseconds, exitCode);
            Leave(mark);
            return status;
        }

        private static AbiStatus JoinProcessCore(ProcessHandle handle, ulong timeoutMilliseconds, int* exitCode)
        {
            AbiStatus status = Caller.Handles.Resolve(handle.Value, HandleType.Process, out KernelProcess p);
            if (status != AbiStatus.Ok) return status;
            if (p.State == ProcessState.Created) return AbiStatus.InvalidState;
            if (exitCode != null && !CallerMemory.Holds(exitCode, sizeof(int))) return AbiStatus.InvalidArgument;
            if (!p.Exited.WaitOne(timeoutMilliseconds)) return AbiStatus.Timeout;
            if (exitCode != null) *exitCode = p.ExitCode;
            return AbiStatus.Ok;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus KillProcess(ProcessHandle handle)
        {
            ulong mark = Enter();
            AbiStatus status = Caller.Handles.Resolve(handle.Value, HandleType.Process, out KernelProcess p);
            if (status == AbiStatus.Ok) status = Kill(p);
            Leave(mark);
            return status;
        }

        /// <summary>Ends <paramref name="target"/> on the caller's behalf; a SIP exits, it does not kill itself.</summary>
        private static AbiStatus Kill(KernelProcess target)
        {
            if (target == Caller) return AbiStatus.InvalidArgument;
            ProcessManager.Terminate(target, ExitCodes.Killed, string.Concat("killed by ", Caller.Name));
            return AbiStatus.Ok;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus StopProcess(ProcessHandle handle)
        {
            ulong mark = Enter();
            AbiStatus status = Caller.Handles.Resolve(handle.Value, HandleType.Process, out KernelProcess p);
            if (status == AbiStatus.Ok)
            {
                if (p.State != ProcessState.Running) status = AbiStatus.InvalidState;
                else p.StopRequested.Set();
            }
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus GetStopEvent(EventHandle* handle)
        {
            ulong mark = Enter();
            AbiStatus status = AbiStatus.InvalidArgument;
            if (CallerMemory.Holds(handle, (ulong)sizeof(EventHandle)))
            {
                handle->Value = Caller.Handles.Add(HandleType.Event, Caller.StopRequested);
                status = handle->Value == 0 ? AbiStatus.QuotaExceeded : AbiStatus.Ok;
            }
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus CreateMutex(EventHandle* handle)
        {
            ulong mark = Enter();
            AbiStatus status = AbiStatus.InvalidArgument;
            if (CallerMemory.Holds(handle, (ulong)sizeof(EventHandle)))
            {
                handle->Value = Caller.Handles.Add(HandleType.Mutex, new Mutex());
                status = handle->Value == 0 ? AbiStatus.QuotaExceeded : AbiStatus.Ok;
            }
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus ReleaseMutex(EventHandle handle)
        {
            ulong mark = Enter();
            AbiStatus status = Caller.Handles.Resolve(handle.Value, HandleType.Mutex, out Mutex m);
            if (status == AbiStatus.Ok)
            {
                if (m.Owner != Scheduler.Current) status = AbiStatus.InvalidState;
                else m.Release();
            }
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus CloseHandle(ulong handle)
        {
            ulong mark = Enter();
            AbiStatus status = Caller.Handles.Close(handle);
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static int GetProcessId() => Caller.Id;

        [UnmanagedCallersOnly]
        private static int GetArguments(char* buffer, int capacity)
        {
            string args = Caller.Arguments;
            if (buffer != null && capacity > 0 && CallerMemory.Holds(buffer, capacity, sizeof(char)))
                for (int i = 0; i < args.Length && i < capacity; i++) buffer[i] = args[i];
            return args.Length;
        }

        [UnmanagedCallersOnly]
        private static int GetCurrentThreadId() => Scheduler.Current.Id;

        // ---- Threads and synchronization ----

        [UnmanagedCallersOnly]
        private static AbiStatus CreateThread(delegate* unmanaged<nint, void> entry, nint argument, ThreadHandle* handle)
        {
            ulong mark = Enter();
            AbiStatus status = AbiStatus.InvalidArgument;
            // The entry must be code in the caller's own image: a SIP cannot start threads in someone else's code.
            if (CallerMemory.Holds(handle, (ulong)sizeof(ThreadHandle)) && Caller.ContainsCode((ulong)entry))
            {
                if (Caller.Handles.IsFull || !ProcessManager.MayStartThread(Caller))
                {
                    Leave(mark);
                    return AbiStatus.QuotaExceeded;
                }
                KernelThread t = ProcessManager.StartThread(Caller, entry, argument);
                handle->Value = Caller.Handles.Add(HandleType.Thread, t);
                status = AbiStatus.Ok;
            }
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus JoinThread(ThreadHandle handle, ulong timeoutMilliseconds)
        {
            ulong mark = Enter();
            AbiStatus status = Caller.Handles.Resolve(handle.Value, HandleType.Thread, out KernelThread t);
            if (status == AbiStatus.Ok && !t.Join(timeoutMilliseconds)) status = AbiStatus.Timeout;
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static void YieldThread()
        {
            ulong mark = Enter();
            Scheduler.Yield();
            Leave(mark);
        }

        [UnmanagedCallersOnly]
        private static void Sleep(ulong milliseconds)
        {
            ulong mark = Enter();
            WaitHandle.Sleep(milliseconds);
            Leave(mark);
        }

        [UnmanagedCallersOnly]
        private static AbiStatus CreateEvent(int manualReset, int initiallySet, EventHandle* handle)
        {
            ulong mark = Enter();
            AbiStatus status = AbiStatus.InvalidArgument;
            if (CallerMemory.Holds(handle, (ulong)sizeof(EventHandle)))
            {
                WaitHandle e = manualReset != 0 ? new ManualResetEvent(initiallySet != 0) : new AutoResetEvent(initiallySet != 0);
                handle->Value = Caller.Handles.Add(HandleType.Event, e);
                status = handle->Value == 0 ? AbiStatus.QuotaExceeded : AbiStatus.Ok;
            }
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus SetEvent(EventHandle handle)
        {
            ulong mark = Enter();
            AbiStatus status = Caller.Handles.Resolve(handle.Value, HandleType.Event, out WaitHandle e);
            if (status == AbiStatus.Ok)
            {
                if (e is AutoResetEvent auto) auto.Set();
                else ((ManualResetEvent)e).Set();
            }
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus ResetEvent(EventHandle handle)
        {
            ulong mark = Enter();
            AbiStatus status = Caller.Handles.Resolve(handle.Value, HandleType.Event, out WaitHandle e);
            if (status == AbiStatus.Ok && e is ManualResetEvent manual) manual.Reset();
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus WaitAny(EventHandle* handles, int count, ulong timeoutMilliseconds, int* index)
        {
            ulong mark = Enter();
            AbiStatus status = WaitAnyCore(handles, count, timeoutMilliseconds, index);
            Leave(mark);
            return status;
        }

        private static AbiStatus WaitAnyCore(EventHandle* handles, int count, ulong timeoutMilliseconds, int* index)
        {
            if (count < 0 || count > 64 || (count > 0 && !CallerMemory.Holds(handles, count, (ulong)sizeof(EventHandle))) || !CallerMemory.Holds(index, sizeof(int)))
                return AbiStatus.InvalidArgument;
            var waits = new WaitHandle[count];
            for (int i = 0; i < count; i++)
            {
                HandleType type = HandleBits.TypeOf(handles[i].Value) == HandleType.Mutex ? HandleType.Mutex : HandleType.Event;
                AbiStatus status = Caller.Handles.Resolve(handles[i].Value, type, out WaitHandle e);
                if (status != AbiStatus.Ok) return status;
                waits[i] = e;
            }
            int result = WaitHandle.WaitAny(waits, timeoutMilliseconds);
            *index = result;
            return result == WaitHandle.TimedOut ? AbiStatus.Timeout : AbiStatus.Ok;
        }

        // ---- Paged memory ----

        [UnmanagedCallersOnly]
        private static void* AllocatePages(ulong count)
        {
            ulong mark = Enter();
            void* pages = count == 0 || count > 1UL << 20 ? null : ProcessManager.AllocatePages(Caller, count);
            Leave(mark);
            return pages;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus FreePages(void* address, ulong count)
        {
            ulong mark = Enter();
            AbiStatus status = ProcessManager.FreePages(Caller, address, count);
            Leave(mark);
            return status;
        }

        // ---- Exchange heap ----

        [UnmanagedCallersOnly]
        private static void* ExchangeAllocate(ulong bytes)
        {
            KernelThread me = Scheduler.Current;
            ulong mark = Enter(me);
            // The epoch is read first: if the process gives up any block meanwhile, the memory below is void.
            ulong epoch = me.Owner.BlockEpoch;
            void* data = Channels.ExchangeHeap.Allocate(bytes, Channels.ExchangeHeap.Kind.Data, me.Owner);
            if (data != null)
            {
                me.LastOwnedBlock = data;
                me.LastOwnedBlockEpoch = epoch;
            }
            Leave(me, mark);
            return data;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus ExchangeFree(void* data)
        {
            ulong mark = Enter();
            AbiStatus status = AbiStatus.InvalidArgument;
            // Checked and freed with interrupts off: another thread of the caller must not free it in between.
            ulong flags = Scheduler.DisableInterrupts();
            Channels.ExchangeHeap.Block* block = Channels.ExchangeHeap.Validate(data, Channels.ExchangeHeap.Kind.Data);
            if (block != null)
            {
                if (!Channels.ExchangeHeap.IsOwnedBy(block, Caller)) status = AbiStatus.NotOwner;
                else
                {
                    Channels.ExchangeHeap.Free(block, Caller);
                    status = AbiStatus.Ok;
                }
            }
            Scheduler.RestoreInterrupts(flags);
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static ulong ExchangeSize(void* data)
        {
            ulong flags = Scheduler.DisableInterrupts();
            Channels.ExchangeHeap.Block* block = Channels.ExchangeHeap.Validate(data, Channels.ExchangeHeap.Kind.Data);
            ulong size = block != null && Channels.ExchangeHeap.IsOwnedBy(block, Caller) ? block->DataBytes : 0;
            Scheduler.RestoreInterrupts(flags);
            return size;
        }

        /// <summary>The live block or endpoint at <paramref name="address"/>, or null. Interrupts off.</summary>
        private static Channels.ExchangeHeap.Block* ValidateBlockOrEndpoint(void* address) =>
            Channels.ExchangeHeap.Validate(address, Channels.ExchangeHeap.Kind.Data) is var block && block != null
                ? block
                : Channels.ExchangeHeap.Validate(address, Channels.ExchangeHeap.Kind.Endpoint);

        [UnmanagedCallersOnly]
        private static ulong ExchangeGeneration(void* address)
        {
            ulong flags = Scheduler.DisableInterrupts();
            Channels.ExchangeHeap.Block* block = ValidateBlockOrEndpoint(address);
            ulong generation = block != null && Channels.ExchangeHeap.IsOwnedBy(block, Caller) ? block->Generation : 0;
            Scheduler.RestoreInterrupts(flags);
            return generation;
        }

        [UnmanagedCallersOnly]
        private static ulong ExchangeRenew(void* address, ulong generation)
        {
            ulong flags = Scheduler.DisableInterrupts();
            Channels.ExchangeHeap.Block* block = ValidateBlockOrEndpoint(address);
            ulong renewed = block != null ? Channels.ExchangeHeap.Renew(block, Caller, generation) : 0;
            Scheduler.RestoreInterrupts(flags);
            return renewed;
        }

        // ---- Channels ----

        [UnmanagedCallersOnly]
        private static AbiStatus ChannelCreate(int capacity, void** imp, void** exp)
        {
            ulong mark = Enter();
            AbiStatus status = AbiStatus.InvalidArgument;
            if (CallerMemory.Holds(imp, (ulong)sizeof(void*)) && CallerMemory.Holds(exp, (ulong)sizeof(void*)))
            {
                status = Channels.Channel.Create(Caller, capacity, out Channels.Endpoint* i, out Channels.Endpoint* e);
                *imp = i;
                *exp = e;
            }
            Leave(mark);
            return status;
        }

        // The entries of every message read the running thread once and validate the endpoint inline: they are the
        // round trip's fixed cost (Kernel/Channels/README.md).
        [UnmanagedCallersOnly]
        private static AbiStatus ChannelSend(void* endpoint, ChannelMessage* message)
        {
            KernelThread me = Scheduler.Current;
            ulong mark = Enter(me);
            AbiStatus status = !CallerMemory.Holds(me, message, (ulong)sizeof(ChannelMessage)) ? AbiStatus.InvalidArgument : Channels.Channel.SendFor(me, endpoint, message);
            if (status == AbiStatus.ProtocolViolation) EndForProtocolViolation(me.Owner, endpoint, message);
            Leave(me, mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus ChannelReceive(void* endpoint, ulong timeoutMilliseconds, ChannelMessage* message)
        {
            KernelThread me = Scheduler.Current;
            ulong mark = Enter(me);
            AbiStatus status = !CallerMemory.Holds(me, message, (ulong)sizeof(ChannelMessage)) ? AbiStatus.InvalidArgument : Channels.Channel.ReceiveFor(me, endpoint, timeoutMilliseconds, message);
            Leave(me, mark);
            return status;
        }

        /// <summary>A send and the receive that follows it on the same endpoint, in one crossing (what a client's
        /// request/reply and a server's reply/next-request loop need).</summary>
        [UnmanagedCallersOnly]
        private static AbiStatus ChannelCall(void* endpoint, ChannelMessage* message, ulong timeoutMilliseconds)
        {
            KernelThread me = Scheduler.Current;
            ulong mark = Enter(me);
            AbiStatus status = !CallerMemory.Holds(me, message, (ulong)sizeof(ChannelMessage)) ? AbiStatus.InvalidArgument : Channels.Channel.CallFor(me, endpoint, message, timeoutMilliseconds);
            if (status == AbiStatus.ProtocolViolation) EndForProtocolViolation(me.Owner, endpoint, message);
            Leave(me, mark);
            return status;
        }

        /// <summary>Fail-stop: the sender broke its contract (on an endpoint the send had validated). Its endpoints
        /// close, so its peer sees ChannelClosed.</summary>
        private static void EndForProtocolViolation(KernelProcess sender, void* from, ChannelMessage* message) =>
            ProcessManager.Terminate(sender, ExitCodes.KernelTerminated, Channels.Channel.CheckSend((Channels.Endpoint*)from, message->Tag));

        [UnmanagedCallersOnly]
        private static AbiStatus ChannelSelect(void** endpoints, int count, ulong timeoutMilliseconds, int* ready)
        {
            ulong mark = Enter();
            AbiStatus status = SelectCore(endpoints, count, timeoutMilliseconds, ready);
            Leave(mark);
            return status;
        }

        /// <summary>Endpoints one select may wait on: a server's clients and their open files. Up to
        /// <see cref="StackSelect"/> the validated copies live on the stack; more go in the thread's select buffer.</summary>
        private const int MaxSelect = 4096;
        private const int StackSelect = 256;

        // The validated copies are written before they are read: the 2 KiB on the stack need no zeroing first.
        [System.Runtime.CompilerServices.SkipLocalsInit]
        private static AbiStatus SelectCore(void** endpoints, int count, ulong timeoutMilliseconds, int* ready)
        {
            if (count < 1 || count > MaxSelect || !CallerMemory.Holds(endpoints, count, (ulong)sizeof(void*)) || !CallerMemory.Holds(ready, sizeof(int)))
                return AbiStatus.InvalidArgument;
            var onStack = stackalloc Channels.Endpoint*[StackSelect];
            Channels.Endpoint** validated = count <= StackSelect ? onStack : SelectBuffer(Scheduler.Current, count);
            if (validated == null) return AbiStatus.OutOfMemory;
            // As for the other message entries: checked with interrupts off and waited on before any other thread of
            // the process runs (once this thread waits on them, they can be neither closed nor sent away).
            ulong flags = Scheduler.DisableInterrupts();
            AbiStatus result = AbiStatus.Ok;
            for (int i = 0; i < count && result == AbiStatus.Ok; i++)
                result = Channels.Channel.ValidateOwned(endpoints[i], Caller, out validated[i]);
            int index = -1;
            if (result == AbiStatus.Ok) result = Channels.Channel.Select(validated, count, timeoutMilliseconds, out index);
            Scheduler.RestoreInterrupts(flags);
            *ready = index;
            return result;
        }

        /// <summary>The thread's buffer for the validated endpoints of a select over more than <see cref="StackSelect"/>:
        /// kernel pages that only the kernel maps (the SIP cannot change what the kernel walks while it waits), kept with
        /// the thread for its next large select and returned when the thread is reaped, also when it is killed waiting.
        /// At most 8 pages a thread (4096 endpoints), taken only while the kernel's reserve stays whole.</summary>
        private static Channels.Endpoint** SelectBuffer(KernelThread t, int count)
        {
            ulong pages = ((ulong)count * (ulong)sizeof(void*) + PageAllocator.PageSize - 1) / PageAllocator.PageSize;
            if (t.SelectBufferPages >= pages) return (Channels.Endpoint**)t.SelectBuffer;
            ulong flags = Scheduler.DisableInterrupts();
            t.ReleaseSelectBuffer();
            void* buffer = Processes.Quotas.LeavesReserve(pages) ? PageAllocator.Allocate(pages) : null;
            if (buffer != null)
            {
                t.SelectBuffer = buffer;
                t.SelectBufferPages = pages;
            }
            Scheduler.RestoreInterrupts(flags);
            return (Channels.Endpoint**)buffer;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus ChannelCreateForContract(ContractTable* table, int capacity, void** imp, void** exp)
        {
            ulong mark = Enter();
            AbiStatus status = AbiStatus.InvalidArgument;
            if (CallerMemory.Holds(imp, (ulong)sizeof(void*)) && CallerMemory.Holds(exp, (ulong)sizeof(void*)))
            {
                status = RegisterCallersContract(table, out int contract);
                if (status == AbiStatus.Ok)
                {
                    status = Channels.Channel.Create(Caller, capacity, out Channels.Endpoint* i, out Channels.Endpoint* e);
                    if (status == AbiStatus.Ok) Channels.Channel.BindContract(i, e, contract);
                    *imp = i;
                    *exp = e;
                }
            }
            Leave(mark);
            return status;
        }

        /// <summary>The kernel's checker for a contract table in the caller's memory (copied and validated, and one its
        /// manifest declares), or why not: InvalidArgument for a table outside its memory, NotPermitted (logged) for one
        /// the checker refuses. A table the process registered before answers from its memo (ContractMemo).</summary>
        private static AbiStatus RegisterCallersContract(ContractTable* table, out int contract)
        {
            contract = -1;
            if (!CallerMemory.Holds(table, (ulong)sizeof(ContractTable))) return AbiStatus.InvalidArgument;
            // One copy of the header: another thread of the process could change the caller's after it was checked.
            ContractTable header = *table;
            KernelProcess caller = Caller;
            ulong flags = Scheduler.DisableInterrupts();
            contract = caller.Contracts.Registered(&header);
            Scheduler.RestoreInterrupts(flags);
            if (contract >= 0) return AbiStatus.Ok;
            if (!CallerMemory.Holds(header.Transitions, header.TransitionCount, 4 * sizeof(int)) || !CallerMemory.Holds(header.Name, header.NameLength, sizeof(char)))
                return AbiStatus.InvalidArgument;
            contract = Channels.ContractChecker.Register(&header, caller.Manifest, out string error);
            if (contract >= 0)
            {
                flags = Scheduler.DisableInterrupts();
                caller.Contracts.Remember(&header, contract, registered: true);
                Scheduler.RestoreInterrupts(flags);
                return AbiStatus.Ok;
            }
            caller.LogRefusal($"{caller.Name}: contract refused: {error}");
            return AbiStatus.NotPermitted;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus ChannelFollows(void* endpoint, ContractTable* table, int side, int state)
        {
            ulong mark = Enter();
            AbiStatus status = AbiStatus.InvalidArgument;
            if ((side == Channels.ContractChecker.ImporterSends || side == Channels.ContractChecker.ExporterSends)
                && CallerMemory.Holds(table, (ulong)sizeof(ContractTable)))
            {
                // One copy of the header: another thread of the process could change the caller's after it was checked.
                ContractTable header = *table;
                KernelProcess caller = Caller;
                bool arraysHeld = header.TransitionCount >= 0 && header.NameLength >= 0
                    && CallerMemory.Holds(header.Transitions, header.TransitionCount, 4 * sizeof(int)) && CallerMemory.Holds(header.Name, header.NameLength, sizeof(char));
                // Interrupts off: another thread of the process cannot send the endpoint away while it is read.
                ulong flags = Scheduler.DisableInterrupts();
                status = Channels.Channel.ValidateOwned(endpoint, caller, out Channels.Endpoint* e);
                if (status == AbiStatus.Ok && e->Contract >= 0)
                {
                    if (e->Side != side || e->State != state) status = AbiStatus.ProtocolViolation;
                    else if (caller.Contracts.Matched(&header, e->Contract)) { }
                    else if (!arraysHeld) status = AbiStatus.InvalidArgument;
                    else if (!Channels.ContractChecker.Get(e->Contract).IsTable(&header)) status = AbiStatus.ProtocolViolation;
                    else caller.Contracts.Remember(&header, e->Contract, registered: false);
                }
                else if (status == AbiStatus.Ok && !arraysHeld) status = AbiStatus.InvalidArgument;
                Scheduler.RestoreInterrupts(flags);
            }
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus ChannelClose(void* endpoint)
        {
            ulong mark = Enter();
            // Checked and closed with interrupts off: another thread of the process cannot send the endpoint away
            // in between (and have a block in transit freed under the receiver).
            ulong flags = Scheduler.DisableInterrupts();
            AbiStatus status = Channels.Channel.ValidateOwned(endpoint, Caller, out Channels.Endpoint* e);
            // Another thread of the process waits on it (receive or select): freeing it under that thread would let
            // the thread touch the page after its next owner got it.
            if (status == AbiStatus.Ok && e->Waiter != 0) status = AbiStatus.InvalidState;
            if (status == AbiStatus.Ok) Channels.Channel.CloseEndpoint(e, Caller);
            Scheduler.RestoreInterrupts(flags);
            Leave(mark);
            return status;
        }

        // ---- Name service ----

        [UnmanagedCallersOnly]
        private static AbiStatus NameRegister(char* path, int length, void** requests)
        {
            ulong mark = Enter();
            AbiStatus status = AbiStatus.InvalidArgument;
            if (length > 0 && length <= 200 && CallerMemory.Holds(path, length, sizeof(char)) && CallerMemory.Holds(requests, (ulong)sizeof(void*)))
            {
                status = Channels.NameService.Register(Caller, new string(path, 0, length), out Channels.Endpoint* e);
                *requests = e;
            }
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus NameBind(char* path, int length, void** endpoint)
        {
            ulong mark = Enter();
            AbiStatus status = AbiStatus.InvalidArgument;
            if (length > 0 && length <= 200 && CallerMemory.Holds(path, length, sizeof(char)) && CallerMemory.Holds(endpoint, (ulong)sizeof(void*)))
            {
                status = Channels.NameService.Bind(Caller, new string(path, 0, length), out Channels.Endpoint* e);
                *endpoint = e;
            }
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus NameCheckContract(void* requests, ContractTable* table)
        {
            ulong mark = Enter();
            int contract = -1;
            AbiStatus status = Channels.Channel.ValidateOwned(requests, Caller, out Channels.Endpoint* registration);
            if (status == AbiStatus.Ok) status = RegisterCallersContract(table, out contract);
            if (status == AbiStatus.Ok) status = Channels.NameService.CheckBinds(Caller, registration, contract);
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static int NameEnumerate(char* prefix, int length, char* buffer, int capacity)
        {
            ulong mark = Enter();
            int result = -1;
            if (length >= 0 && length <= 200 && (length == 0 || CallerMemory.Holds(prefix, length, sizeof(char))))
            {
                string names = Channels.NameService.Enumerate(length == 0 ? "" : new string(prefix, 0, length));
                if (buffer != null && capacity > 0 && CallerMemory.Holds(buffer, capacity, sizeof(char)))
                    for (int i = 0; i < names.Length && i < capacity; i++) buffer[i] = names[i];
                result = names.Length;
            }
            Leave(mark);
            return result;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus NameWatch(char* prefix, int length, void** notifications)
        {
            ulong mark = Enter();
            AbiStatus status = AbiStatus.InvalidArgument;
            if (length >= 0 && length <= 200 && (length == 0 || CallerMemory.Holds(prefix, length, sizeof(char))) && CallerMemory.Holds(notifications, (ulong)sizeof(void*)))
            {
                status = Channels.NameService.Watch(Caller, length == 0 ? "" : new string(prefix, 0, length), out Channels.Endpoint* e);
                *notifications = e;
            }
            Leave(mark);
            return status;
        }

        // ---- Runtime support ----

        [UnmanagedCallersOnly]
        private static nuint GetStackTop() => (nuint)Scheduler.Current.StackTop;

        [UnmanagedCallersOnly]
        private static void EnumerateOtherStacks(delegate*<nint*, nint*, void> visit)
        {
            ulong mark = Enter();
            // The kernel calls this pointer: it must be the caller's own code.
            if (Caller.ContainsCode((ulong)visit)) Scheduler.EnumerateProcessStacks(Caller, visit);
            Leave(mark);
        }

        [UnmanagedCallersOnly]
        private static int GetOtherStacks(ulong* ranges, int capacity)
        {
            ulong mark = Enter();
            int count = capacity < 0 || (capacity > 0 && !CallerMemory.Holds(ranges, capacity, 2 * sizeof(ulong)))
                ? -1
                : Scheduler.ProcessStackRanges(Caller, ranges, capacity);
            Leave(mark);
            return count;
        }

        [UnmanagedCallersOnly]
        private static void RegisterFaultTrampoline(void* trampoline)
        {
            if (Caller.ContainsCode((ulong)trampoline)) Caller.FaultTrampoline = (ulong)trampoline;
        }

        [UnmanagedCallersOnly]
        private static ulong GetTimestampFrequency() => Tsc.Frequency;

        [UnmanagedCallersOnly]
        private static void DisablePreemption() => Scheduler.Current.NoPreemptionDepth++;

        [UnmanagedCallersOnly]
        private static void EnablePreemption()
        {
            KernelThread t = Scheduler.Current;
            if (t.NoPreemptionDepth > 0 && --t.NoPreemptionDepth == 0 && t.PreemptionDeferred)
            {
                t.PreemptionDeferred = false;
                ulong mark = Enter();
                Scheduler.Yield();
                Leave(mark);
            }
        }
    }
}
