using System.Text;

namespace Sing.Apps.Shell
{
    /// <summary>UTF-8 for file contents (the corelib has no Encoding): text typed or scripted goes to files as UTF-8,
    /// and cat decodes it (malformed bytes as U+FFFD).</summary>
    internal static class Utf8Text
    {
        public static byte[] Encode(string text)
        {
            int length = 0;
            for (int i = 0; i < text.Length; i++)
            {
                int cp = CodePoint(text, ref i);
                length += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            }
            var bytes = new byte[length];
            int n = 0;
            for (int i = 0; i < text.Length; i++)
            {
                int cp = CodePoint(text, ref i);
                if (cp < 0x80) bytes[n++] = (byte)cp;
                else if (cp < 0x800)
                {
                    bytes[n++] = (byte)(0xC0 | (cp >> 6));
                    bytes[n++] = (byte)(0x80 | (cp & 0x3F));
                }
                else if (cp < 0x10000)
                {
                    bytes[n++] = (byte)(0xE0 | (cp >> 12));
                    bytes[n++] = (byte)(0x80 | ((cp >> 6) & 0x3F));
                    bytes[n++] = (byte)(0x80 | (cp & 0x3F));
                }
                else
                {
                    bytes[n++] = (byte)(0xF0 | (cp >> 18));
                    bytes[n++] = (byte)(0x80 | ((cp >> 12) & 0x3F));
                    bytes[n++] = (byte)(0x80 | ((cp >> 6) & 0x3F));
                    bytes[n++] = (byte)(0x80 | (cp & 0x3F));
                }
            }
            return bytes;
        }

        /// <summary>The code point at <paramref name="i"/> (advancing past a surrogate pair); a lone surrogate is U+FFFD.</summary>
        private static int CodePoint(string text, ref int i)
        {
            char c = text[i];
            if (c >= 0xD800 && c <= 0xDBFF && i + 1 < text.Length && text[i + 1] >= 0xDC00 && text[i + 1] <= 0xDFFF)
            {
                int cp = 0x10000 + ((c - 0xD800) << 10) + (text[i + 1] - 0xDC00);
                i++;
                return cp;
            }
            return c >= 0xD800 && c <= 0xDFFF ? 0xFFFD : c;
        }

        public static string Decode(byte[] bytes)
        {
            var text = new StringBuilder(bytes.Length);
            int i = 0;
            while (i < bytes.Length)
            {
                int b = bytes[i];
                int need = b < 0x80 ? 0 : (b & 0xE0) == 0xC0 ? 1 : (b & 0xF0) == 0xE0 ? 2 : (b & 0xF8) == 0xF0 ? 3 : -1;
                int cp = need <= 0 ? b : b & (0x3F >> need);
                bool ok = need >= 0;
                for (int k = 1; k <= need && ok; k++)
                {
                    if (i + k >= bytes.Length || (bytes[i + k] & 0xC0) != 0x80) ok = false;
                    else cp = (cp << 6) | (bytes[i + k] & 0x3F);
                }
                int min = need == 1 ? 0x80 : need == 2 ? 0x800 : need == 3 ? 0x10000 : 0;
                if (!ok || cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
                {
                    text.Append('\uFFFD');
                    i++;
                    continue;
                }
                i += need + 1;
                if (cp >= 0x10000)
                {
                    cp -= 0x10000;
                    text.Append((char)(0xD800 + (cp >> 10))).Append((char)(0xDC00 + (cp & 0x3FF)));
                }
                else text.Append((char)cp);
            }
            return text.ToString();
        }
    }
}
