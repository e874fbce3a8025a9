using System;

namespace Sing.Network.Protocol
{
    /// <summary>The Internet checksum (RFC 1071): the ones' complement of the ones' complement sum of 16-bit words,
    /// used by IPv4, ICMP, UDP and TCP. Sums are kept unfolded in a uint so pieces (a pseudo-header, then a payload)
    /// can be added one after another; <see cref="Finish"/> folds and complements.</summary>
    public static class InternetChecksum
    {
        /// <summary>Adds the bytes as big-endian 16-bit words to the running sum (an odd last byte is padded with
        /// zero). Pieces after the first must start at an even offset of the checksummed data.</summary>
        public static uint Add(uint sum, ReadOnlySpan<byte> data)
        {
            int i = 0;
            for (; i + 1 < data.Length; i += 2) sum += (uint)(data[i] << 8 | data[i + 1]);
            if (i < data.Length) sum += (uint)(data[i] << 8);
            // Fold now and then so a long span can never overflow the 32-bit accumulator.
            return (sum & 0xFFFF) + (sum >> 16);
        }

        /// <summary>The TCP/UDP pseudo-header (RFC 9293 §3.1, RFC 768): source, destination, protocol, length.</summary>
        public static uint PseudoHeader(uint source, uint destination, byte protocol, int length)
        {
            uint sum = (source >> 16) + (source & 0xFFFF) + (destination >> 16) + (destination & 0xFFFF);
            return sum + protocol + (uint)length;
        }

        /// <summary>Folds the carries and complements: the value to store in the checksum field. Over data whose
        /// checksum field already holds a correct value the result is 0.</summary>
        public static ushort Finish(uint sum)
        {
            while (sum >> 16 != 0) sum = (sum & 0xFFFF) + (sum >> 16);
            return (ushort)~sum;
        }

        /// <summary>The checksum of one span (Finish(Add(0, data))).</summary>
        public static ushort Compute(ReadOnlySpan<byte> data) => Finish(Add(0, data));
    }
}
