using Sing.Kernel.Platform;

namespace Sing.Kernel.Boot
{
    /// <summary>The kernel command line: the Multiboot2 command line from grub.cfg, followed by any options the host
    /// passed through QEMU fw_cfg (file opt/singularity/cmdline). Words are "key=value" or bare flags.</summary>
    internal static unsafe class KernelOptions
    {
        private const int Capacity = 1024;
        private struct TextBuffer
        {
            public fixed byte Bytes[Capacity];
        }

        private static TextBuffer s_buffer;
        private static int s_length;

        public static void Load(byte* bootCommandLine)
        {
            fixed (byte* text = s_buffer.Bytes)
            {
                s_length = 0;
                for (int i = 0; bootCommandLine != null && bootCommandLine[i] != 0 && s_length < Capacity - 1; i++)
                    text[s_length++] = bootCommandLine[i];
                byte* extra = stackalloc byte[512];
                int extraLength = FwCfg.ReadFile("opt/singularity/cmdline", extra, 512);
                if (extraLength > 0 && s_length + extraLength + 1 < Capacity)
                {
                    if (s_length > 0) text[s_length++] = (byte)' ';
                    for (int i = 0; i < extraLength && extra[i] != 0; i++) text[s_length++] = extra[i];
                }
                text[s_length] = 0;
            }
        }

        public static string Text
        {
            get
            {
                fixed (byte* text = s_buffer.Bytes) return CString.ToManaged(text);
            }
        }

        /// <summary>The value of "key=value", "" for a bare "key", null when absent. The last occurrence wins.</summary>
        public static string Get(string key)
        {
            string result = null;
            fixed (byte* text = s_buffer.Bytes)
            {
                int i = 0;
                while (i < s_length)
                {
                    while (i < s_length && text[i] == ' ') i++;
                    int start = i;
                    while (i < s_length && text[i] != ' ') i++;
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
