using System;

namespace Singularity.V1
{
    /// <summary>Creating, starting, joining and killing child SIPs.</summary>
    public static unsafe class Processes
    {
        public static int CurrentId => Abi.Table->GetProcessId();

        /// <summary>The argument string this process was created with.</summary>
        public static string Arguments
        {
            get
            {
                int length = Abi.Table->GetArguments(null, 0);
                if (length == 0) return "";
                char* buffer = stackalloc char[length];
                Abi.Table->GetArguments(buffer, length);
                return new string(buffer, 0, length);
            }
        }

        /// <summary>Creates (does not start) a SIP from the installed image <paramref name="image"/>.</summary>
        public static AbiStatus Create(string image, string arguments, out ProcessHandle handle)
        {
            ProcessHandle h;
            AbiStatus status;
            arguments ??= "";
            fixed (char* name = image)
            fixed (char* args = arguments)
                status = Abi.Table->CreateProcess(name, image == null ? 0 : image.Length, args, arguments.Length, &h);
            handle = h;
            return status;
        }

        /// <summary>As <see cref="Create"/>, the child running in <paramref name="role"/> (a user name) instead of this
        /// process's role: needs the roles privilege (the login program, su), NotPermitted without it.</summary>
        public static AbiStatus CreateInRole(string image, string arguments, string role, out ProcessHandle handle)
        {
            ProcessHandle h;
            AbiStatus status;
            arguments ??= "";
            role ??= "";
            fixed (char* name = image)
            fixed (char* args = arguments)
            fixed (char* r = role)
                status = Abi.Table->CreateProcessInRole(name, image == null ? 0 : image.Length, args, arguments.Length, r, role.Length, &h);
            handle = h;
            return status;
        }

        /// <summary>This process's compound principal: its invokers' links, then "publisher/program@role".</summary>
        public static string Principal
        {
            get
            {
                const int Capacity = Singularity.Security.PrincipalName.MaxLength;
                char* buffer = stackalloc char[Capacity];
                int length = Abi.Table->GetPrincipal(buffer, Capacity);
                return length <= 0 ? "" : new string(buffer, 0, length < Capacity ? length : Capacity);
            }
        }

        /// <summary>What this process's code is: "sha256:" and the content hash of its manifest and verified code assemblies
        /// as installed, the hash its publisher signed (001 §3.6: a sealed process is identified by its code content).</summary>
        public static string Content
        {
            get
            {
                char* buffer = stackalloc char[Channels.ContentCapacity];
                int length = Abi.Table->GetContent(buffer, Channels.ContentCapacity);
                return length <= 0 ? "" : new string(buffer, 0, length < Channels.ContentCapacity ? length : Channels.ContentCapacity);
            }
        }

        /// <summary>The role (user) this process runs in.</summary>
        public static string Role => Singularity.Security.PrincipalName.RoleOf(Principal);

        public static AbiStatus Start(ProcessHandle handle) => Abi.Table->StartProcess(handle);

        /// <summary>Waits for a process to exit (timeout in milliseconds; ulong.MaxValue waits forever).</summary>
        public static AbiStatus Join(ProcessHandle handle, ulong timeoutMilliseconds, out int exitCode)
        {
            int code = 0;
            AbiStatus status = Abi.Table->JoinProcess(handle, timeoutMilliseconds, &code);
            exitCode = code;
            return status;
        }

        public static AbiStatus Kill(ProcessHandle handle) => Abi.Table->KillProcess(handle);

        /// <summary>Asks a process to end: its stop event is set, and a well-behaved program exits.</summary>
        public static AbiStatus Stop(ProcessHandle handle) => Abi.Table->StopProcess(handle);

        /// <summary>This process's stop event (set when someone calls <see cref="Stop"/> on it).</summary>
        public static EventHandle StopEvent
        {
            get
            {
                EventHandle h;
                Abi.Table->GetStopEvent(&h);
                return h;
            }
        }

        /// <summary>Closes a process handle; a value that is not one (retyped or another kind) closes nothing.</summary>
        public static AbiStatus Close(ProcessHandle handle) =>
            HandleBits.TypeOf(handle.Value) != HandleType.Process ? AbiStatus.WrongHandleType : Abi.Table->CloseHandle(handle.Value);

        /// <summary>Ends this process now.</summary>
        public static void Exit(int exitCode) => Abi.Table->ExitProcess(exitCode);
    }

    /// <summary>Threads inside this SIP and the kernel's synchronization objects.</summary>
    public static unsafe class Threads
    {
        public static AbiStatus Create(delegate* unmanaged<nint, void> entry, nint argument, out ThreadHandle handle)
        {
            ThreadHandle h;
            AbiStatus status = Abi.Table->CreateThread(entry, argument, &h);
            handle = h;
            return status;
        }

        public static AbiStatus Join(ThreadHandle handle, ulong timeoutMilliseconds = ulong.MaxValue) => Abi.Table->JoinThread(handle, timeoutMilliseconds);

        public static void Yield() => Abi.Table->YieldThread();

        public static void Sleep(ulong milliseconds) => Abi.Table->Sleep(milliseconds);

        public static AbiStatus CreateEvent(bool manualReset, bool initiallySet, out EventHandle handle)
        {
            EventHandle h;
            AbiStatus status = Abi.Table->CreateEvent(manualReset ? 1 : 0, initiallySet ? 1 : 0, &h);
            handle = h;
            return status;
        }

        public static AbiStatus Set(EventHandle handle) => Abi.Table->SetEvent(handle);

        /// <summary>A mutex (waited on with <see cref="WaitAny"/>, released by its owner).</summary>
        public static AbiStatus CreateMutex(out EventHandle handle)
        {
            EventHandle h;
            AbiStatus status = Abi.Table->CreateMutex(&h);
            handle = h;
            return status;
        }

        public static AbiStatus ReleaseMutex(EventHandle handle) => Abi.Table->ReleaseMutex(handle);

        public static AbiStatus Reset(EventHandle handle) => Abi.Table->ResetEvent(handle);

        /// <summary>Closes an event or mutex handle; a value of another type closes nothing.</summary>
        public static AbiStatus Close(EventHandle handle) =>
            HandleBits.TypeOf(handle.Value) is HandleType.Event or HandleType.Mutex ? Abi.Table->CloseHandle(handle.Value) : AbiStatus.WrongHandleType;

        /// <summary>Closes a thread handle (the thread runs on); a value of another type closes nothing.</summary>
        public static AbiStatus Close(ThreadHandle handle) =>
            HandleBits.TypeOf(handle.Value) != HandleType.Thread ? AbiStatus.WrongHandleType : Abi.Table->CloseHandle(handle.Value);

        /// <summary>Waits for any of the events; <paramref name="index"/> is the one that fired, -1 on timeout.</summary>
        public static AbiStatus WaitAny(ReadOnlySpan<EventHandle> handles, ulong timeoutMilliseconds, out int index)
        {
            int i = -1;
            AbiStatus status;
            fixed (EventHandle* p = handles) status = Abi.Table->WaitAny(p, handles.Length, timeoutMilliseconds, &i);
            index = i;
            return status;
        }
    }

    /// <summary>Pages of memory owned by this SIP (returned to the kernel when it exits).</summary>
    public static unsafe class Pages
    {
        public static void* Allocate(ulong count) => Abi.Table->AllocatePages(count);

        public static AbiStatus Free(void* address, ulong count) => Abi.Table->FreePages(address, count);
    }
}
