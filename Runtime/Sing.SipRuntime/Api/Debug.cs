using System;
using System.Text;

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
        /// (a character's bytes never straddle two pieces).</summary>
        internal static void WriteUtf8(delegate* unmanaged<byte*, int, void> sink, ReadOnlySpan<char> text)
        {
            const int Capacity = 512;
            byte* buffer = stackalloc byte[Capacity];
            var bytes = new Span<byte>(buffer, Capacity);
            int used = 0;
            for (int i = 0; i < text.Length; i++)
            {
                int scalar = Utf8Scalar(text, ref i);
                if (used > Capacity - 4)
                {
                    sink(buffer, used);
                    used = 0;
                }
                used += Encoding.UTF8.GetBytes(ScalarChars(scalar, stackalloc char[2]), bytes.Slice(used));
            }
            if (used > 0) sink(buffer, used);
        }

        // A surrogate pair as one scalar; a lone surrogate as U+FFFD (what UTF-8 encoding makes of it anyway).
        private static int Utf8Scalar(ReadOnlySpan<char> text, ref int i)
        {
            char c = text[i];
            if (char.IsHighSurrogate(c) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
                return char.ConvertToUtf32(c, text[++i]);
            return char.IsSurrogate(c) ? 0xFFFD : c;
        }

        private static ReadOnlySpan<char> ScalarChars(int scalar, Span<char> room)
        {
            if (scalar < 0x10000)
            {
                room[0] = (char)scalar;
                return room.Slice(0, 1);
            }
            room[0] = (char)(0xD800 + ((scalar - 0x10000) >> 10));
            room[1] = (char)(0xDC00 + ((scalar - 0x10000) & 0x3FF));
            return room;
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
