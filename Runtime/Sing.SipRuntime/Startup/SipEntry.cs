using System;
using System.Runtime;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Internal.Runtime;
using Internal.Runtime.CompilerHelpers;
using Internal.Runtime.ExceptionHandling;

namespace Singularity.V1.Startup
{
    /// <summary>Where a SIP's first thread starts. Brings up this object space's runtime on pages and stacks from
    /// the kernel, runs the program's main (the symbol sip_program_main, which the program defines), and exits the
    /// process with its result. An exception the program does not catch ends the process (fail-stop) with a
    /// report naming it.</summary>
    internal static unsafe class SipEntry
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_entry")]
        private static void Entry(AbiTable* abi)
        {
            Abi.Table = abi;
            RuntimeHost.AllocateHeapMemory = &AllocateHeap;
            RuntimeHost.FreeHeapMemory = &FreeHeap;
            RuntimeHost.FailFast = &FailFast;
            RuntimeHost.StackTop = &StackTop;
            RuntimeHost.EnumerateOtherStacks = &EnumerateOtherStacks;
            RuntimeHost.UnhandledException = &Unhandled;
            StartupCodeHelpers.InitializeModules(ImageTables.ModulesStart(), ImageTables.ModulesEnd());
            ExceptionDispatcher.Initialize(ImageTables.EhFrameStart(), ImageTables.EhFrameEnd());
            abi->RegisterFaultTrampoline((void*)HardwareExceptions.ThrowTrampoline);
            int exitCode = ProgramMain();
            abi->ExitProcess(exitCode);
        }

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sip_program_main")]
        private static extern int ProgramMain();

        private static void* AllocateHeap(nuint bytes) => Abi.Table->AllocatePages(((ulong)bytes + 4095) / 4096);

        private static void FreeHeap(void* memory, nuint bytes) => Abi.Table->FreePages(memory, ((ulong)bytes + 4095) / 4096);

        private static nuint StackTop() => Abi.Table->GetStackTop();

        private static void EnumerateOtherStacks(delegate*<nint*, nint*, void> visit) => Abi.Table->EnumerateOtherStacks(visit);

        private static void FailFast(string message, object exception, nuint address)
        {
            Debug.Write("fail-fast: ");
            Debug.WriteLine(message);
            Abi.Table->ExitProcess(ExitCodes.FailFast);
        }

        private static void Unhandled(string message, object exception, ulong* frames, int count)
        {
            Debug.Write("unhandled exception ");
            Debug.Write(TypeNames.Of(exception));
            Debug.Write(": ");
            Debug.WriteLine(message);
            for (int i = 0; i < count; i++)
            {
                Debug.Write("    at image+0x");
                Debug.WriteHex(frames[i] - (ulong)ImageBase.Start);
                Debug.WriteLine("");
            }
            Abi.Table->ExitProcess(ExitCodes.UnhandledException);
        }
    }

    /// <summary>Exit codes the runtime uses when it ends a process itself.</summary>
    public static class ExitCodes
    {
        public const int UnhandledException = -532462766; // 0xE0434352, as .NET reports unhandled exceptions
        public const int FailFast = -2146232797;          // 0x80131623, COR_E_FAILFAST
    }

    internal static unsafe class ImageBase
    {
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sip_image_start")] private static extern byte* ImageStart();

        public static byte* Start => ImageStart();
    }

    /// <summary>The runtime has no type names; the kernel names types from the image's symbols. Here the
    /// exception is identified by its MethodTable address relative to the image.</summary>
    internal static unsafe class TypeNames
    {
        public static string Of(object obj)
        {
            if (obj == null) return "(null)";
            nint methodTable = *(nint*)Unsafe.AsPointer(ref obj);
            methodTable = *(nint*)methodTable;
            return string.Concat("type@image+0x", ((ulong)methodTable - (ulong)ImageBase.Start).ToString("x"));
        }
    }
}
