using Sing.Contracts;

namespace Sing.Apps.NetProbe
{
    /// <summary>ARP for IPv4 over Ethernet (RFC 826): the broadcast request "who has TARGET, tell SENDER" and the
    /// test of a frame for the reply to it. Addresses are numbers: a MAC in the low 48 bits, an IPv4 address in 32,
    /// first octet most significant.</summary>
    internal static class ArpPacket
    {
        /// <summary>Ethernet header (14) and the ARP body (28).</summary>
        public const int FrameBytes = 42;
        private const int EtherTypeArp = 0x0806, Request = 1, Reply = 2;

        /// <summary>The request, built here and copied into the vector in one checked copy (an untrusted program
        /// has no raw view of an exchange block).</summary>
        public static void WriteRequest(ExVector<byte> vector, long senderMac, uint senderIp, uint targetIp)
        {
            var frame = new byte[FrameBytes];
            Mac(frame, 0, 0xFFFFFFFFFFFF);          // to every station
            Mac(frame, 6, senderMac);
            Word(frame, 12, EtherTypeArp);
            Word(frame, 14, 1);                     // hardware: Ethernet
            Word(frame, 16, 0x0800);                // protocol: IPv4
            frame[18] = 6;
            frame[19] = 4;
            Word(frame, 20, Request);
            Mac(frame, 22, senderMac);
            Ip(frame, 28, senderIp);
            Ip(frame, 38, targetIp);                // target MAC (32-37) unknown: zero
            vector.CopyFrom(frame);
        }

        /// <summary>True when the first <paramref name="length"/> bytes are an ARP reply from <paramref name="from"/>
        /// to <paramref name="to"/>; its sender's MAC comes out in <paramref name="mac"/>.</summary>
        public static bool IsReply(ExVector<byte> vector, int length, uint from, uint to, out long mac)
        {
            mac = 0;
            if (length < FrameBytes) return false;
            var frame = new byte[vector.Length];
            vector.CopyTo(frame);
            if (length < FrameBytes || ReadWord(frame, 12) != EtherTypeArp || ReadWord(frame, 20) != Reply) return false;
            if (ReadIp(frame, 28) != from || ReadIp(frame, 38) != to) return false;
            for (int i = 0; i < 6; i++) mac = mac << 8 | frame[22 + i];
            return true;
        }

        private static void Mac(byte[] frame, int at, long mac)
        {
            for (int i = 0; i < 6; i++) frame[at + i] = (byte)(mac >> (40 - 8 * i));
        }

        private static void Word(byte[] frame, int at, int value)
        {
            frame[at] = (byte)(value >> 8);
            frame[at + 1] = (byte)value;
        }

        private static void Ip(byte[] frame, int at, uint ip)
        {
            for (int i = 0; i < 4; i++) frame[at + i] = (byte)(ip >> (24 - 8 * i));
        }

        private static int ReadWord(byte[] frame, int at) => frame[at] << 8 | frame[at + 1];

        private static uint ReadIp(byte[] frame, int at) =>
            (uint)frame[at] << 24 | (uint)frame[at + 1] << 16 | (uint)frame[at + 2] << 8 | frame[at + 3];

        public static string FormatMac(long mac)
        {
            const string Hex = "0123456789abcdef";
            var text = new char[17];
            for (int i = 0; i < 6; i++)
            {
                int octet = (int)(mac >> (40 - 8 * i) & 0xFF);
                text[i * 3] = Hex[octet >> 4];
                text[i * 3 + 1] = Hex[octet & 15];
                if (i < 5) text[i * 3 + 2] = ':';
            }
            return new string(text);
        }

        public static string FormatIp(uint ip) =>
            string.Concat((ip >> 24).ToString(), ".", (ip >> 16 & 0xFF).ToString(), ".", (ip >> 8 & 0xFF).ToString(), ".", (ip & 0xFF).ToString());
    }
}
