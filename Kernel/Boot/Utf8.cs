namespace Sing.Kernel.Boot
{
    /// <summary>UTF-8 bytes to a string (the boot modules are UTF-8 text).</summary>
    internal static unsafe class Utf8
    {
        public static string Decode(byte* bytes, int length)
        {
            var text = new System.Text.StringBuilder(length);
            int i = 0;
            while (i < length)
            {
                uint b = bytes[i];
                int extra = b < 0x80 ? 0 : b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : -1;
                if (extra < 0 || i + extra >= length)
                {
                    text.Append('\uFFFD');
                    i++;
                    continue;
                }
                uint code = extra == 0 ? b : b & (0x3Fu >> extra);
                for (int k = 1; k <= extra; k++) code = (code << 6) | (bytes[i + k] & 0x3Fu);
                i += extra + 1;
                if (code >= 0x10000)
                {
                    code -= 0x10000;
                    text.Append((char)(0xD800 + (code >> 10)));
                    text.Append((char)(0xDC00 + (code & 0x3FF)));
                }
                else text.Append((char)code);
            }
            return text.ToString();
        }
    }
}
