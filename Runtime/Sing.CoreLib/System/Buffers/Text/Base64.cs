namespace System.Buffers.Text
{
    /// <summary>Base64 (RFC 4648, '+' and '/', '=' padding) between bytes and UTF-8 text, span to span, in whole
    /// blocks of three bytes and four characters. Decoding skips white space (' ', '\t', '\r', '\n') as .NET's does.</summary>
    public static class Base64
    {
        private const int MaximumEncodeLength = (int.MaxValue / 4) * 3;

        internal static readonly byte[] Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"u8.ToArray();

        public static int GetMaxEncodedToUtf8Length(int length)
        {
            if ((uint)length > MaximumEncodeLength) throw new ArgumentOutOfRangeException(nameof(length));
            return (length + 2) / 3 * 4;
        }

        public static int GetMaxDecodedFromUtf8Length(int length)
        {
            if (length < 0) throw new ArgumentOutOfRangeException(nameof(length));
            return (length >> 2) * 3;
        }

        public static OperationStatus EncodeToUtf8(ReadOnlySpan<byte> bytes, Span<byte> utf8, out int bytesConsumed, out int bytesWritten, bool isFinalBlock = true) =>
            Base64Coder.Encode(bytes, utf8, out bytesConsumed, out bytesWritten, isFinalBlock, Alphabet, pad: true);

        public static OperationStatus EncodeToUtf8InPlace(Span<byte> buffer, int dataLength, out int bytesWritten)
        {
            byte[] copy = buffer.Slice(0, dataLength).ToArray();
            OperationStatus status = EncodeToUtf8(copy, buffer, out _, out bytesWritten);
            if (status != OperationStatus.Done) bytesWritten = 0;
            return status;
        }

        public static OperationStatus DecodeFromUtf8(ReadOnlySpan<byte> utf8, Span<byte> bytes, out int bytesConsumed, out int bytesWritten, bool isFinalBlock = true) =>
            Base64Coder.Decode(utf8, bytes, out bytesConsumed, out bytesWritten, isFinalBlock, url: false);

        public static OperationStatus DecodeFromUtf8InPlace(Span<byte> buffer, out int bytesWritten)
        {
            byte[] copy = buffer.ToArray();
            return DecodeFromUtf8(copy, buffer, out _, out bytesWritten);
        }

        public static bool IsValid(ReadOnlySpan<char> base64Text) => IsValid(base64Text, out _);

        public static bool IsValid(ReadOnlySpan<char> base64Text, out int decodedLength)
        {
            byte[] utf8 = new byte[base64Text.Length];
            for (int i = 0; i < base64Text.Length; i++)
            {
                if (base64Text[i] > 0x7F)
                {
                    decodedLength = 0;
                    return false;
                }
                utf8[i] = (byte)base64Text[i];
            }
            return IsValid(utf8, out decodedLength);
        }

        public static bool IsValid(ReadOnlySpan<byte> base64TextUtf8) => IsValid(base64TextUtf8, out _);

        public static bool IsValid(ReadOnlySpan<byte> base64TextUtf8, out int decodedLength)
        {
            byte[] scratch = new byte[GetMaxDecodedFromUtf8Length(base64TextUtf8.Length) + 3];
            OperationStatus status = Base64Coder.Decode(base64TextUtf8, scratch, out _, out decodedLength, true, url: false);
            if (status == OperationStatus.Done) return true;
            decodedLength = 0;
            return false;
        }
    }

    /// <summary>Base64url (RFC 4648 §5: '-' and '_', no padding required), as .NET 9's Base64Url.</summary>
    public static class Base64Url
    {
        internal static readonly byte[] Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"u8.ToArray();

        public static int GetEncodedLength(int bytesLength)
        {
            if ((uint)bytesLength > (int.MaxValue / 4) * 3) throw new ArgumentOutOfRangeException(nameof(bytesLength));
            return bytesLength / 3 * 4 + (bytesLength % 3 == 0 ? 0 : bytesLength % 3 + 1);
        }

        public static int GetMaxDecodedLength(int base64Length)
        {
            if (base64Length < 0) throw new ArgumentOutOfRangeException(nameof(base64Length));
            return base64Length / 4 * 3 + (base64Length % 4 == 0 ? 0 : base64Length % 4 - 1);
        }

        public static OperationStatus EncodeToUtf8(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesConsumed, out int bytesWritten, bool isFinalBlock = true) =>
            Base64Coder.Encode(source, destination, out bytesConsumed, out bytesWritten, isFinalBlock, Alphabet, pad: false);

        public static byte[] EncodeToUtf8(ReadOnlySpan<byte> source)
        {
            byte[] destination = new byte[GetEncodedLength(source.Length)];
            EncodeToUtf8(source, destination, out _, out _);
            return destination;
        }

        public static string EncodeToString(ReadOnlySpan<byte> source) => System.Text.Encoding.ASCII.GetString(EncodeToUtf8(source));

        public static char[] EncodeToChars(ReadOnlySpan<byte> source) => EncodeToString(source).ToCharArray();

        public static OperationStatus DecodeFromUtf8(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesConsumed, out int bytesWritten, bool isFinalBlock = true) =>
            Base64Coder.Decode(source, destination, out bytesConsumed, out bytesWritten, isFinalBlock, url: true);

        public static byte[] DecodeFromUtf8(ReadOnlySpan<byte> source)
        {
            byte[] destination = new byte[GetMaxDecodedLength(source.Length)];
            if (DecodeFromUtf8(source, destination, out _, out int written) != OperationStatus.Done)
                throw new FormatException("The input is not a valid Base-64 string as it contains a non-base 64 character, more than two padding characters, or an illegal character among the padding characters.");
            return destination.AsSpan(0, written).ToArray();
        }

        public static byte[] DecodeFromChars(ReadOnlySpan<char> source)
        {
            byte[] utf8 = new byte[source.Length];
            for (int i = 0; i < source.Length; i++)
            {
                if (source[i] > 0x7F) throw new FormatException("The input is not a valid Base-64 string as it contains a non-base 64 character, more than two padding characters, or an illegal character among the padding characters.");
                utf8[i] = (byte)source[i];
            }
            return DecodeFromUtf8(utf8);
        }

        public static bool IsValid(ReadOnlySpan<char> base64UrlText)
        {
            try
            {
                DecodeFromChars(base64UrlText);
                return true;
            }
            catch (FormatException)
            {
                return false;
            }
        }
    }

    /// <summary>The one encoder and decoder behind Base64 and Base64Url.</summary>
    internal static class Base64Coder
    {
        internal static OperationStatus Encode(ReadOnlySpan<byte> source, Span<byte> destination, out int consumed, out int written, bool isFinalBlock, byte[] alphabet, bool pad)
        {
            consumed = 0;
            written = 0;
            while (source.Length - consumed >= 3)
            {
                if (destination.Length - written < 4) return OperationStatus.DestinationTooSmall;
                int chunk = source[consumed] << 16 | source[consumed + 1] << 8 | source[consumed + 2];
                destination[written] = alphabet[(chunk >> 18) & 63];
                destination[written + 1] = alphabet[(chunk >> 12) & 63];
                destination[written + 2] = alphabet[(chunk >> 6) & 63];
                destination[written + 3] = alphabet[chunk & 63];
                consumed += 3;
                written += 4;
            }
            int left = source.Length - consumed;
            if (left == 0) return OperationStatus.Done;
            if (!isFinalBlock) return OperationStatus.NeedMoreData;
            int needed = pad ? 4 : left + 1;
            if (destination.Length - written < needed) return OperationStatus.DestinationTooSmall;
            int last = source[consumed] << 16 | (left > 1 ? source[consumed + 1] << 8 : 0);
            destination[written] = alphabet[(last >> 18) & 63];
            destination[written + 1] = alphabet[(last >> 12) & 63];
            if (left > 1) destination[written + 2] = alphabet[(last >> 6) & 63];
            else if (pad) destination[written + 2] = (byte)'=';
            if (pad) destination[written + 3] = (byte)'=';
            consumed += left;
            written += needed;
            return OperationStatus.Done;
        }

        private static int Value(byte c, bool url)
        {
            if (c >= (byte)'A' && c <= (byte)'Z') return c - 'A';
            if (c >= (byte)'a' && c <= (byte)'z') return c - 'a' + 26;
            if (c >= (byte)'0' && c <= (byte)'9') return c - '0' + 52;
            if (c == (byte)(url ? '-' : '+')) return 62;
            if (c == (byte)(url ? '_' : '/')) return 63;
            return -1;
        }

        private static bool IsSpace(byte c) => c == (byte)' ' || c == (byte)'\t' || c == (byte)'\r' || c == (byte)'\n';

        /// <summary>Decodes block by block; a block is four significant characters (white space between them is
        /// skipped). Padding ends the data; Base64url accepts a last block of two or three characters unpadded.</summary>
        internal static OperationStatus Decode(ReadOnlySpan<byte> source, Span<byte> destination, out int consumed, out int written, bool isFinalBlock, bool url)
        {
            consumed = 0;
            written = 0;
            Span<int> block = stackalloc int[4];
            int at = 0;
            while (true)
            {
                int blockStart = at;
                int count = 0;
                int padding = 0;
                while (count < 4 && at < source.Length)
                {
                    byte c = source[at++];
                    if (IsSpace(c)) continue;
                    if (c == (byte)'=')
                    {
                        padding++;
                        block[count++] = 0;
                        continue;
                    }
                    if (padding > 0) return OperationStatus.InvalidData;
                    int v = Value(c, url);
                    if (v < 0) return OperationStatus.InvalidData;
                    block[count++] = v;
                }
                if (count == 0)
                {
                    consumed = at;
                    return OperationStatus.Done;
                }
                if (count < 4)
                {
                    if (!isFinalBlock) return OperationStatus.NeedMoreData;
                    if (!url || count == 1 || padding > 0) return OperationStatus.InvalidData;
                    padding = 4 - count;
                    for (int i = count; i < 4; i++) block[i] = 0;
                }
                if (padding > 2) return OperationStatus.InvalidData;
                if (padding > 0)
                {
                    // Padding ends the data: only white space may follow, or the padded block is itself invalid.
                    for (int rest = at; rest < source.Length; rest++)
                    {
                        if (!IsSpace(source[rest])) return OperationStatus.InvalidData;
                    }
                }
                int produce = 3 - padding;
                if (destination.Length - written < produce)
                {
                    consumed = blockStart;
                    return OperationStatus.DestinationTooSmall;
                }
                int chunk = block[0] << 18 | block[1] << 12 | block[2] << 6 | block[3];
                destination[written] = (byte)(chunk >> 16);
                if (produce > 1) destination[written + 1] = (byte)(chunk >> 8);
                if (produce > 2) destination[written + 2] = (byte)chunk;
                written += produce;
                consumed = at;
                if (padding > 0)
                {
                    consumed = source.Length;
                    return OperationStatus.Done;
                }
            }
        }
    }
}
