namespace Sing.Kernel.Boot
{
    /// <summary>UTF-8 to UTF-16 for text the host hands the kernel (the script option); malformed or overlong
    /// sequences become U+FFFD, code points above U+FFFF become surrogate pairs.</summary>
    internal static unsafe class Utf8
    {
        public static string Decode(byte* bytes, int length)
        {
            if (length <= 0) return "";
            var chars = new char[length];
            int n = 0;
            int i = 0;
            while (i < length)
            {
                int b = bytes[i];
                int need = b < 0x80 ? 0 : (b & 0xE0) == 0xC0 ? 1 : (b & 0xF0) == 0xE0 ? 2 : (b & 0xF8) == 0xF0 ? 3 : -1;
                if (need < 0)
                {
                    chars[n++] = '\uFFFD';
                    i++;
                    continue;
                }
                int cp = need == 0 ? b : b & (0x3F >> need);
                bool ok = true;
                for (int k = 1; k <= need && ok; k++)
                {
                    if (i + k >= length || (bytes[i + k] & 0xC0) != 0x80) ok = false;
                    else cp = (cp << 6) | (bytes[i + k] & 0x3F);
                }
                int min = need == 1 ? 0x80 : need == 2 ? 0x800 : need == 3 ? 0x10000 : 0;
                if (!ok || cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
                {
                    chars[n++] = '\uFFFD';
                    i++;
                    continue;
                }
                i += need + 1;
                if (cp >= 0x10000)
                {
                    cp -= 0x10000;
                    chars[n++] = (char)(0xD800 + (cp >> 10));
                    chars[n++] = (char)(0xDC00 + (cp & 0x3FF));
                }
                else chars[n++] = (char)cp;
            }
            return new string(new System.ReadOnlySpan<char>(chars, 0, n));
        }
    }
}
