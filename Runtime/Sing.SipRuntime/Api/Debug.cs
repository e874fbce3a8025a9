namespace Singularity.V1
{
    /// <summary>Text to the kernel's debug console (the serial port), prefixed by the kernel with the SIP's name.</summary>
    public static unsafe class Debug
    {
        public static void Write(string text) => WriteTo(Abi.Table->DebugWrite, text);

        /// <summary>Sends <paramref name="text"/> to a kernel text sink in 512-byte pieces (non-ASCII as '?').</summary>
        internal static void WriteTo(delegate* unmanaged<byte*, int, void> sink, string text)
        {
            if (text == null || text.Length == 0) return;
            int n = text.Length;
            byte* buffer = stackalloc byte[n < 512 ? n : 512];
            int written = 0;
            while (written < n)
            {
                int chunk = n - written < 512 ? n - written : 512;
                for (int i = 0; i < chunk; i++)
                {
                    char c = text[written + i];
                    buffer[i] = c < 0x80 ? (byte)c : (byte)'?';
                }
                sink(buffer, chunk);
                written += chunk;
            }
        }

        public static void WriteLine(string text)
        {
            Write(text);
            byte newline = (byte)'\n';
            Abi.Table->DebugWrite(&newline, 1);
        }

        internal static void WriteHex(ulong value) => Write(value.ToString("x"));
    }
}
