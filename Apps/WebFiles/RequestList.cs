using System.Collections.Generic;

namespace Sing.Apps.WebFiles
{
    /// <summary>/web/requests.txt parsed (format in Bench/WebFiles/README.md): the header's numbers and, per request,
    /// the path on the volume /fs serves and the size the file must have. Any line that does not parse is an error naming it.</summary>
    internal sealed class RequestList
    {
        public long Files;
        public long Bytes;
        public int Quick;
        public readonly List<string> Paths = new List<string>();
        public readonly List<long> Sizes = new List<long>();

        public static RequestList Parse(byte[] text, out string error)
        {
            var list = new RequestList();
            error = null;
            int line = 1, at = 0;
            long requests = -1;
            while (at < text.Length)
            {
                int end = at;
                while (end < text.Length && text[end] != (byte)'\n') end++;
                string s = Ascii(text, at, end - at);
                at = end + 1;
                if (line == 1)
                {
                    string[] f = s.Split(' ');
                    if (f.Length != 6 || f[0] != "webfiles" || f[1] != "1"
                        || !Field(f[2], "files", out list.Files) || !Field(f[3], "bytes", out list.Bytes)
                        || !Field(f[4], "requests", out requests) || !Field(f[5], "quick", out long quick) || quick > requests)
                    {
                        error = "requests.txt line 1: not a 'webfiles 1 files=F bytes=B requests=R quick=Q' header: " + s;
                        return null;
                    }
                    list.Quick = (int)quick;
                }
                else
                {
                    int space = s.IndexOf(' ');
                    if (space <= 1 || s[0] != '/' || !long.TryParse(s.Substring(space + 1), out long size) || size < 0)
                    {
                        error = "requests.txt line " + line.ToString() + ": not 'PATH SIZE': " + s;
                        return null;
                    }
                    list.Paths.Add(s.Substring(0, space));
                    list.Sizes.Add(size);
                }
                line++;
            }
            if (list.Paths.Count != requests)
            {
                error = "requests.txt: the header says " + requests.ToString() + " requests, the file has " + list.Paths.Count.ToString();
                return null;
            }
            return list;
        }

        private static bool Field(string text, string name, out long value)
        {
            value = 0;
            return text.StartsWith(name + "=") && long.TryParse(text.Substring(name.Length + 1), out value) && value >= 0;
        }

        private static string Ascii(byte[] bytes, int offset, int count)
        {
            var chars = new char[count];
            for (int i = 0; i < count; i++) chars[i] = (char)bytes[offset + i];
            return new string(chars);
        }
    }
}
