using Sing.Kernel.Arch;
using Sing.Kernel.Console;
using Sing.Kernel.Platform;

namespace Sing.Kernel.Diagnostics
{
    /// <summary>Stops the system after an unrecoverable kernel error, with a message on the console. Under QEMU the
    /// machine exits with the panic status; elsewhere it halts.</summary>
    internal static unsafe class Panic
    {
        public static void Halt(string message) => Halt(message, 0, false);

        public static void Halt(string message, ulong address) => Halt(message, address, true);

        private static void Halt(string message, ulong address, bool hasAddress)
        {
            Cpu.DisableInterrupts();
            Log.Write("\n*** KERNEL PANIC: ");
            Log.Write(message);
            if (hasAddress) Log.Write($" (address {address:x16})");
            Log.Line();
            WriteCaller();
            Stop();
        }

        /// <summary>The runtime's fail-fast hook: an unhandled exception or a runtime error in the kernel.</summary>
        public static void RuntimeFailFast(string message, object exception, nuint address)
        {
            Cpu.DisableInterrupts();
            Log.Write("\n*** KERNEL PANIC: unhandled ");
            if (exception != null)
            {
                Log.Write("exception ");
                WriteTypeName(exception);
                Log.Write(": ");
            }
            Log.Write(message);
            if (address != 0)
            {
                Log.Write(" at ");
                Log.Hex(address);
            }
            Log.Line();
            WriteCaller();
            Stop();
        }

        /// <summary>The runtime's hook for an exception no handler caught: names it, its message and the frames it
        /// passed through, then stops the system.</summary>
        public static void UnhandledException(string message, object exception, ulong* frames, int frameCount)
        {
            Cpu.DisableInterrupts();
            Log.Write("\n*** KERNEL PANIC: unhandled exception ");
            WriteTypeName(exception);
            Log.Write(": ");
            Log.Line(message);
            for (int i = 0; i < frameCount; i++)
            {
                Log.Write("    at ");
                SymbolTable.WriteLocation(frames[i]);
                Log.Line();
            }
            Stop();
        }

        /// <summary>Names an object's type through the symbol of its MethodTable (ILC names them after the type).</summary>
        public static void WriteTypeName(object obj)
        {
            if (obj == null)
            {
                Log.Write("(null)");
                return;
            }
            ulong methodTable = *(ulong*)System.Runtime.CompilerServices.Unsafe.AsPointer(ref obj);
            methodTable = *(ulong*)methodTable;
            SymbolTable.WriteTypeName(methodTable);
        }

        /// <summary>Best-effort call stack from the RBP chain. Methods the JIT compiled without a frame pointer
        /// are skipped over, so this names callers, not every frame.</summary>
        public static void WriteCallStack(ulong framePointer)
        {
            ulong* frame = (ulong*)framePointer;
            Log.Line("    call stack (frame-pointer walk):");
            for (int depth = 0; depth < 16 && IsPlausibleFrame(frame); depth++)
            {
                ulong returnAddress = frame[1];
                if (returnAddress == 0) break;
                Log.Write("      ");
                Log.Hex(returnAddress, 16);
                Log.Write("  ");
                SymbolTable.WriteLocation(returnAddress);
                Log.Line();
                ulong* next = (ulong*)frame[0];
                if (next <= frame) break;
                frame = next;
            }
        }

        internal static bool IsPlausibleFrame(ulong* frame) =>
            frame != null && ((ulong)frame & 7) == 0 && (ulong)frame > 0x1000 && (ulong)frame < (4UL << 30);

        private static void WriteCaller() => WriteCallStack(Cpu.ReadFramePointer());

        private static void Stop()
        {
            Log.Line("*** system halted");
            QemuExit.Exit(QemuExit.Panic);
        }
    }
}
