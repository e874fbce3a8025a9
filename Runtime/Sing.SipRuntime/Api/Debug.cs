using System;

namespace Singularity.V1
{
    /// <summary>Text to the kernel's debug console (the serial port), prefixed by the kernel with the SIP's name.
    /// Sent as UTF-8, as System.Console does.</summary>
    public static unsafe class Debug
    {
        internal static delegate* unmanaged<byte*, int, void> Sink => Abi.Table->DebugWrite;

        public static void Write(string text) => WriteTo(Sink, text);

        internal static void WriteTo(delegate* unmanaged<byte*, int, void> sink, string text)
        {
            if (text != null) WriteUtf8(sink, text.AsSpan());
        }

        /// <summary>Sends <paramref name="text"/> to a kernel text sink as UTF-8, in pieces of at most 512 bytes
        /// (a character's bytes never straddle two pieces). A lone surrogate is sent as U+FFFD, as UTF-8 encoders
        /// do. Encoded here rather than through Encoding.UTF8 so that a program that only prints carries no
        /// encoding classes.</summary>
        internal static void WriteUtf8(delegate* unmanaged<byte*, int, void> sink, ReadOnlySpan<char> text)
        {
            const int Capacity = 512;
            byte* buffer = stackalloc byte[Capacity];
            int used = 0;
            for (int i = 0; i < text.Length; i++)
            {
                if (used > Capacity - 4)
                {
                    sink(buffer, used);
                    used = 0;
                }
                int c = text[i];
                if (c < 0x80)
                {
                    buffer[used++] = (byte)c;
                    continue;
                }
                if (c >= 0xD800 && c <= 0xDFFF)
                {
                    if (c <= 0xDBFF && i + 1 < text.Length && text[i + 1] >= 0xDC00 && text[i + 1] <= 0xDFFF)
                        c = 0x10000 + ((c - 0xD800) << 10) + (text[++i] - 0xDC00);
                    else c = 0xFFFD;
                }
                if (c < 0x800)
                {
                    buffer[used++] = (byte)(0xC0 | (c >> 6));
                }
                else if (c < 0x10000)
                {
                    buffer[used++] = (byte)(0xE0 | (c >> 12));
                    buffer[used++] = (byte)(0x80 | ((c >> 6) & 0x3F));
                }
                else
                {
                    buffer[used++] = (byte)(0xF0 | (c >> 18));
                    buffer[used++] = (byte)(0x80 | ((c >> 12) & 0x3F));
                    buffer[used++] = (byte)(0x80 | ((c >> 6) & 0x3F));
                }
                buffer[used++] = (byte)(0x80 | (c & 0x3F));
            }
            if (used > 0) sink(buffer, used);
        }

        public static void WriteLine(string text)
        {
            Write(text);
            byte newline = (byte)'\n';
            Abi.Table->DebugWrite(&newline, 1);
        }

        internal static void WriteHex(ulong value) => Write(value.ToString("x"));
    }
}
