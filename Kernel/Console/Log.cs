using System.Runtime.CompilerServices;

namespace Sing.Kernel.Console
{
    /// <summary>The kernel console on the serial port. Interpolated strings are formatted straight onto the wire
    /// (no allocation), so this works before the heap exists and inside fault handlers:
    /// <c>Log.Line($"free pages: {free}, at {address:x}")</c>. Format "x" prints hex, "x16" zero-padded hex.</summary>
    internal static class Log
    {
        public static void Write(char c)
        {
            if (c == '\n') SerialPort.Write((byte)'\r');
            SerialPort.Write(c < 0x80 ? (byte)c : (byte)'?');
        }

        /// <summary>One byte of already-encoded text (a SIP's UTF-8) as it is; newline becomes CR LF.</summary>
        public static void WriteByte(byte b)
        {
            if (b == (byte)'\n') SerialPort.Write((byte)'\r');
            SerialPort.Write(b);
        }

        public static void Write(string text)
        {
            if (text is null) return;
            for (int i = 0; i < text.Length; i++) Write(text[i]);
        }

        // An interpolated line is written inside the kernel's section (the handler's constructor entered it), so lines from
        // several processors never mix.
        public static void Write(ref LogInterpolatedStringHandler handler) => Threading.Scheduler.RestoreInterrupts(handler.Flags);

        public static void Line(string text)
        {
            ulong flags = Threading.Scheduler.DisableInterrupts();
            Write(text);
            Write('\n');
            Threading.Scheduler.RestoreInterrupts(flags);
        }

        public static void Line(ref LogInterpolatedStringHandler handler)
        {
            Write('\n');
            Threading.Scheduler.RestoreInterrupts(handler.Flags);
        }

        public static void Line() => Write('\n');

        public static void Decimal(ulong value)
        {
            System.Span<byte> digits = stackalloc byte[20];
            int n = 0;
            do
            {
                digits[n++] = (byte)('0' + (int)(value % 10));
                value /= 10;
            } while (value != 0);
            while (n > 0) Write((char)digits[--n]);
        }

        public static void Decimal(long value)
        {
            if (value < 0)
            {
                Write('-');
                Decimal((ulong)(-(value + 1)) + 1);
            }
            else Decimal((ulong)value);
        }

        /// <summary>Hexadecimal with a 0x prefix; <paramref name="minDigits"/> pads with zeros.</summary>
        public static void Hex(ulong value, int minDigits = 1)
        {
            Write("0x");
            int digits = 16;
            while (digits > minDigits && ((value >> ((digits - 1) * 4)) & 0xF) == 0) digits--;
            for (int i = digits - 1; i >= 0; i--)
            {
                int nibble = (int)((value >> (i * 4)) & 0xF);
                Write((char)(nibble < 10 ? '0' + nibble : 'a' + nibble - 10));
            }
        }

        /// <summary>Fixed-point: value / 10^decimals, printed with that many fraction digits.</summary>
        public static void Fixed(ulong value, int decimals)
        {
            ulong scale = 1;
            for (int i = 0; i < decimals; i++) scale *= 10;
            Decimal(value / scale);
            if (decimals == 0) return;
            Write('.');
            ulong fraction = value % scale;
            for (ulong s = scale / 10; s > 0; s /= 10)
            {
                Write((char)('0' + (int)(fraction / s)));
                fraction %= s;
            }
        }
    }

    [InterpolatedStringHandler]
    internal ref struct LogInterpolatedStringHandler
    {
        /// <summary>The interrupt state before the line began (Log.Line restores it).</summary>
        public readonly ulong Flags;

        public LogInterpolatedStringHandler(int literalLength, int formattedCount) => Flags = Threading.Scheduler.DisableInterrupts();

        public void AppendLiteral(string value) => Log.Write(value);

        public void AppendFormatted(string value) => Log.Write(value);

        public void AppendFormatted(char value) => Log.Write(value);

        public void AppendFormatted(bool value) => Log.Write(value ? "true" : "false");

        public void AppendFormatted(int value) => Log.Decimal(value);

        public void AppendFormatted(long value) => Log.Decimal(value);

        public void AppendFormatted(uint value) => Log.Decimal(value);

        public void AppendFormatted(ulong value) => Log.Decimal(value);

        public void AppendFormatted(int value, string format) => AppendFormatted((ulong)(uint)value, format);

        public void AppendFormatted(uint value, string format) => AppendFormatted((ulong)value, format);

        public void AppendFormatted(long value, string format) => AppendFormatted((ulong)value, format);

        public void AppendFormatted(ulong value, string format)
        {
            if (format.Length > 0 && (format[0] == 'x' || format[0] == 'X'))
            {
                int width = 1;
                if (format.Length > 1) width = ParseWidth(format);
                Log.Hex(value, width);
            }
            else Log.Decimal(value);
        }

        private static int ParseWidth(string format)
        {
            int width = 0;
            for (int i = 1; i < format.Length; i++) width = width * 10 + (format[i] - '0');
            return width;
        }
    }
}
