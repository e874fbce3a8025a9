using System;
using Sing.Network.Protocol;

namespace Sing.Network.Tcp
{
    /// <summary>A received TCP segment's header (RFC 9293 §3.1), checked: a segment shorter than its data offset, with a
    /// data offset under 5 words, a bad checksum or a malformed option is refused by <see cref="TryParse"/>. Options
    /// read: MSS (on SYN), window scale (on SYN), end and no-op; others are skipped by their length.</summary>
    public ref struct TcpSegment
    {
        public const byte Fin = 0x01, Syn = 0x02, Rst = 0x04, Psh = 0x08, Ack = 0x10, Urg = 0x20;
        public const int HeaderBytes = 20;

        public ushort SourcePort, DestinationPort;
        public uint Sequence, Acknowledgment;
        public byte Flags;
        public ushort Window;
        public int Mss;            // 0: not given
        public int WindowScale;    // -1: not given
        public ReadOnlySpan<byte> Data;

        public bool Has(byte flag) => (Flags & flag) != 0;

        /// <summary>The sequence space the segment occupies: its data, plus one each for SYN and FIN.</summary>
        public uint Length => (uint)Data.Length + (Has(Syn) ? 1u : 0) + (Has(Fin) ? 1u : 0);

        /// <summary>Parses and checks a segment from <paramref name="source"/> to <paramref name="destination"/>; the
        /// reason when refused ("truncated", "checksum", "options").</summary>
        public static bool TryParse(uint source, uint destination, ReadOnlySpan<byte> s, out TcpSegment segment, out string reason)
        {
            segment = default;
            reason = "truncated";
            if (s.Length < HeaderBytes) return false;
            int offset = (s[12] >> 4) * 4;
            if (offset < HeaderBytes || offset > s.Length) return false;
            uint sum = InternetChecksum.PseudoHeader(source, destination, 6, s.Length);
            if (InternetChecksum.Finish(InternetChecksum.Add(sum, s)) != 0)
            {
                reason = "checksum";
                return false;
            }
            segment.SourcePort = BigEndian.U16(s, 0);
            segment.DestinationPort = BigEndian.U16(s, 2);
            segment.Sequence = BigEndian.U32(s, 4);
            segment.Acknowledgment = BigEndian.U32(s, 8);
            segment.Flags = (byte)(s[13] & 0x3F);
            segment.Window = BigEndian.U16(s, 14);
            segment.WindowScale = -1;
            segment.Data = s.Slice(offset);
            ReadOnlySpan<byte> options = s.Slice(HeaderBytes, offset - HeaderBytes);
            int at = 0;
            reason = "options";
            while (at < options.Length)
            {
                byte kind = options[at];
                if (kind == 0) break;
                if (kind == 1)
                {
                    at++;
                    continue;
                }
                if (at + 1 >= options.Length) return false;
                int length = options[at + 1];
                if (length < 2 || at + length > options.Length) return false;
                if (kind == 2)
                {
                    if (length != 4) return false;
                    segment.Mss = BigEndian.U16(options, at + 2);
                }
                else if (kind == 3)
                {
                    if (length != 3) return false;
                    segment.WindowScale = Math.Min((int)options[at + 2], 14);   // RFC 7323 §2.3: larger shifts count as 14
                }
                at += length;
            }
            reason = "";
            return true;
        }

        /// <summary>Writes a segment into <paramref name="into"/> and returns its length: header, options (MSS and window
        /// scale when <paramref name="synOptions"/>), data, checksum.</summary>
        public static int Build(Span<byte> into, uint source, uint destination, ushort sourcePort, ushort destinationPort,
            uint sequence, uint acknowledgment, byte flags, ushort window, bool synOptions, int mss, int windowScale, ReadOnlySpan<byte> data)
        {
            int header = HeaderBytes + (synOptions ? 8 : 0);
            into.Slice(0, header).Clear();
            BigEndian.Put16(into, 0, sourcePort);
            BigEndian.Put16(into, 2, destinationPort);
            BigEndian.Put32(into, 4, sequence);
            BigEndian.Put32(into, 8, acknowledgment);
            into[12] = (byte)(header / 4 << 4);
            into[13] = flags;
            BigEndian.Put16(into, 14, window);
            if (synOptions)
            {
                into[20] = 2; into[21] = 4; BigEndian.Put16(into, 22, mss);
                into[24] = 1; into[25] = 3; into[26] = 3; into[27] = (byte)windowScale;
            }
            data.CopyTo(into.Slice(header));
            int length = header + data.Length;
            uint sum = InternetChecksum.PseudoHeader(source, destination, 6, length);
            BigEndian.Put16(into, 16, InternetChecksum.Finish(InternetChecksum.Add(sum, into.Slice(0, length))));
            return length;
        }
    }
}
