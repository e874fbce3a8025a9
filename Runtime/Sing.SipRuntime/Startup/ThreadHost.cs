using Internal.Runtime;

namespace Singularity.V1.Startup
{
    /// <summary>The kernel's threads and events behind System.Threading (RuntimeHost's thread hooks).</summary>
    internal static unsafe class ThreadHost
    {
        public static void Install()
        {
            RuntimeHost.StartThread = &StartThread;
            RuntimeHost.CurrentThreadId = &CurrentThreadId;
            RuntimeHost.Sleep = &Sleep;
            RuntimeHost.YieldThread = &YieldThread;
            RuntimeHost.CreateEvent = &CreateEvent;
            RuntimeHost.SetEvent = &SetEvent;
            RuntimeHost.ResetEvent = &ResetEvent;
            RuntimeHost.CloseEvent = &CloseEvent;
            RuntimeHost.WaitAny = &WaitAny;
        }

        private static bool StartThread(delegate* unmanaged<nint, void> entry, nint argument)
        {
            ThreadHandle handle;
            if (Abi.Table->CreateThread(entry, argument, &handle) != AbiStatus.Ok) return false;
            Abi.Table->CloseHandle(handle.Value);   // the thread runs on; System.Threading joins it by its own means
            return true;
        }

        private static int CurrentThreadId() => Abi.Table->GetCurrentThreadId();

        private static void Sleep(ulong milliseconds) => Abi.Table->Sleep(milliseconds);

        private static void YieldThread() => Abi.Table->YieldThread();

        private static ulong CreateEvent(bool manualReset, bool initiallySet)
        {
            EventHandle handle;
            return Abi.Table->CreateEvent(manualReset ? 1 : 0, initiallySet ? 1 : 0, &handle) == AbiStatus.Ok ? handle.Value : 0;
        }

        private static void SetEvent(ulong handle) => Abi.Table->SetEvent(new EventHandle { Value = handle });

        private static void ResetEvent(ulong handle) => Abi.Table->ResetEvent(new EventHandle { Value = handle });

        private static void CloseEvent(ulong handle) => Abi.Table->CloseHandle(handle);

        private static int WaitAny(ulong* handles, int count, ulong timeoutMilliseconds)
        {
            int index = -1;
            AbiStatus status = Abi.Table->WaitAny((EventHandle*)handles, count, timeoutMilliseconds, &index);
            return status == AbiStatus.Ok ? index : -1;
        }
    }
}
