using System;
using System.Text;
using Singularity.V1;

namespace Sing.Apps.Shell
{
    /// <summary>Reads lines typed on the serial console, echoing them and honouring backspace; Enter may arrive as
    /// CR, LF or both.</summary>
    internal sealed class LineReader
    {
        private readonly byte[] _buffer = new byte[256];
        private int _count, _next;
        private bool _lastWasCarriageReturn;

        /// <summary>The next line, or null when the console gives no input (this program may not read it).</summary>
        public string ReadLine()
        {
            var line = new StringBuilder();
            while (true)
            {
                if (_next == _count)
                {
                    _count = SystemConsole.Read(_buffer);
                    _next = 0;
                    if (_count < 0) return null;
                    continue;
                }
                char c = (char)_buffer[_next++];
                if (c == '\n' && _lastWasCarriageReturn)
                {
                    _lastWasCarriageReturn = false;
                    continue;
                }
                _lastWasCarriageReturn = c == '\r';
                if (c == '\r' || c == '\n')
                {
                    SystemConsole.Write("\n");
                    return line.ToString();
                }
                if (c == '\b' || c == (char)0x7F)
                {
                    if (line.Length == 0) continue;
                    line.Length--;
                    SystemConsole.Write("\b \b");
                    continue;
                }
                if (c < ' ' || c > '~') continue;
                line.Append(c);
                SystemConsole.Write(new string(c, 1));
            }
        }
    }
}
