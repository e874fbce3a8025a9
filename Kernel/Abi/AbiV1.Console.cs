using System.Runtime.InteropServices;
using Sing.Kernel.Console;

namespace Sing.Kernel.Abi
{
    // Console group, for programs whose manifest holds the console privilege (the shell): raw output and the
    // keystrokes of the serial console.
    internal static unsafe partial class AbiV1
    {
        private static void InitializeConsole()
        {
            Table->ConsoleWrite = &ConsoleWrite;
            Table->ConsoleRead = &ConsoleRead;
        }

        [UnmanagedCallersOnly]
        private static void ConsoleWrite(byte* text, int length)
        {
            ulong mark = Enter();
            if (length > 0 && length <= 65536 && CallerHolds("console") && CallerMemory.Holds(text, (ulong)length))
            {
                ulong flags = Threading.Scheduler.DisableInterrupts();
                TakeLine(Caller);
                for (int i = 0; i < length; i++) Log.WriteByte(text[i]);
                s_lineStart = length > 0 && text[length - 1] == '\n';
                Threading.Scheduler.RestoreInterrupts(flags);
            }
            Leave(mark);
        }

        [UnmanagedCallersOnly]
        private static int ConsoleRead(byte* buffer, int capacity, ulong timeoutMilliseconds)
        {
            ulong mark = Enter();
            int n = capacity <= 0 || !CallerMemory.Holds(buffer, (ulong)capacity) ? 0 : !CallerHolds("console") ? -1 : ConsoleInput.Read(buffer, capacity, timeoutMilliseconds);
            Leave(mark);
            return n;
        }
    }
}
