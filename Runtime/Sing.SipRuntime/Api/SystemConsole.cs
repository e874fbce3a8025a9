using System;

namespace Singularity.V1
{
    /// <summary>The serial console itself, for programs whose manifest holds the console privilege (the shell):
    /// output without the kernel's per-line process prefix, and the keystrokes typed.</summary>
    public static unsafe class SystemConsole
    {
        public static void Write(string text) => Debug.WriteTo(Abi.Table->ConsoleWrite, text);

        public static void WriteLine(string text)
        {
            Write(text);
            Write("\n");
        }

        /// <summary>Waits up to <paramref name="timeoutMilliseconds"/> for input; returns the bytes read (0 on
        /// timeout), or -1 when this program may not read the console.</summary>
        public static int Read(Span<byte> buffer, ulong timeoutMilliseconds = Channels.Forever)
        {
            fixed (byte* p = buffer) return Abi.Table->ConsoleRead(p, buffer.Length, timeoutMilliseconds);
        }
    }
}
