using System;

namespace Sing.Network.Protocol
{
    /// <summary>Network byte order: the fields of every header here are big-endian.</summary>
    public static class BigEndian
    {
        public static ushort U16(ReadOnlySpan<byte> b, int at) => (ushort)(b[at] << 8 | b[at + 1]);

        public static uint U32(ReadOnlySpan<byte> b, int at) => (uint)(b[at] << 24 | b[at + 1] << 16 | b[at + 2] << 8 | b[at + 3]);

        public static void Put16(Span<byte> b, int at, int value)
        {
            b[at] = (byte)(value >> 8);
            b[at + 1] = (byte)value;
        }

        public static void Put32(Span<byte> b, int at, uint value)
        {
            b[at] = (byte)(value >> 24);
            b[at + 1] = (byte)(value >> 16);
            b[at + 2] = (byte)(value >> 8);
            b[at + 3] = (byte)value;
        }

        /// <summary>A MAC address (low 48 bits of <paramref name="mac"/>, first octet most significant) into 6 bytes.</summary>
        public static void PutMac(Span<byte> b, int at, long mac)
        {
            for (int i = 0; i < 6; i++) b[at + i] = (byte)(mac >> (40 - 8 * i));
        }

        public static long Mac(ReadOnlySpan<byte> b, int at)
        {
            long mac = 0;
            for (int i = 0; i < 6; i++) mac = mac << 8 | b[at + i];
            return mac;
        }
    }
}
