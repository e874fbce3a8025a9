using Sing.Kernel.Platform;

namespace Sing.Kernel.Boot
{
    /// <summary>The kernel command line: the Multiboot2 command line from grub.cfg, followed by any options the host
    /// passed through QEMU fw_cfg (file opt/singularity/cmdline). Words are "key=value" or bare flags, except
    /// "script=", which takes the whole rest of the line (spaces and all) and must therefore come last: its value is
    /// the shell's script (<see cref="Script"/>), UTF-8, up to the buffer's 8 KiB.</summary>
    internal static unsafe class KernelOptions
    {
        private const int Capacity = 8192;
        private const string ScriptKey = "script=";

        private struct TextBuffer
        {
            public fixed byte Bytes[Capacity];
        }

        private static TextBuffer s_buffer;
        private static int s_length;
        private static int s_scriptStart = -1;   // where "script=" begins; words are parsed only before it

        public static void Load(byte* bootCommandLine)
        {
            fixed (byte* text = s_buffer.Bytes)
            {
                s_length = 0;
                for (int i = 0; bootCommandLine != null && bootCommandLine[i] != 0 && s_length < Capacity - 2; i++)
                    text[s_length++] = bootCommandLine[i];
                if (s_length > 0) text[s_length++] = (byte)' ';
                // Read straight into the buffer after the boot command line: fw_cfg options may be several KiB.
                int extraLength = FwCfg.ReadFile("opt/singularity/cmdline", text + s_length, Capacity - 1 - s_length);
                int start = s_length;
                if (extraLength > 0)
                {
                    int end = start;
                    while (end < start + extraLength && text[end] != 0) end++;
                    s_length = end;
                }
                else if (s_length > 0) s_length--;
                while (s_length > 0 && (text[s_length - 1] == ' ' || text[s_length - 1] == '\n' || text[s_length - 1] == '\r')) s_length--;
                text[s_length] = 0;
                s_scriptStart = FindScript(text);
            }
        }

        /// <summary>The first "script=" that begins a word.</summary>
        private static int FindScript(byte* text)
        {
            for (int i = 0; i + ScriptKey.Length <= s_length; i++)
            {
                if (i > 0 && text[i - 1] != ' ') continue;
                int k = 0;
                while (k < ScriptKey.Length && text[i + k] == ScriptKey[k]) k++;
                if (k == ScriptKey.Length) return i;
            }
            return -1;
        }

        public static string Text
        {
            get
            {
                fixed (byte* text = s_buffer.Bytes) return CString.ToManaged(text);
            }
        }

        /// <summary>The script after "script=" decoded from UTF-8 (malformed bytes as U+FFFD), or null when absent.</summary>
        public static string Script
        {
            get
            {
                if (s_scriptStart < 0) return null;
                fixed (byte* text = s_buffer.Bytes)
                    return Utf8.Decode(text + s_scriptStart + ScriptKey.Length, s_length - s_scriptStart - ScriptKey.Length);
            }
        }

        /// <summary>The value of "key=value", "" for a bare "key", null when absent. The last occurrence wins. The
        /// script is not searched: its text may contain anything.</summary>
        public static string Get(string key)
        {
            string result = null;
            int limit = s_scriptStart < 0 ? s_length : s_scriptStart;
            fixed (byte* text = s_buffer.Bytes)
            {
                int i = 0;
                while (i < limit)
                {
                    while (i < limit && text[i] == ' ') i++;
                    int start = i;
                    while (i < limit && text[i] != ' ') i++;
                    int end = i;
                    if (end == start) continue;
                    int k = 0;
                    while (k < key.Length && start + k < end && text[start + k] == key[k]) k++;
                    if (k != key.Length) continue;
                    if (start + k == end) result = "";
                    else if (text[start + k] == '=')
                    {
                        char* chars = stackalloc char[end - start];
                        int n = 0;
                        for (int j = start + k + 1; j < end; j++) chars[n++] = (char)text[j];
                        result = new string(chars, 0, n);
                    }
                }
            }
            return result;
        }
    }
}
