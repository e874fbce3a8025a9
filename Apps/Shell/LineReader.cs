using System;
using System.Text;
using Singularity.V1;

namespace Sing.Apps.Shell
{
    /// <summary>Reads lines typed on the serial console, echoing them (or not, for passwords) and honouring backspace;
    /// Enter may arrive as CR, LF or both. The shell and the login program compile this file.</summary>
    internal sealed class LineReader
    {
        /// <summary>Longest line kept; further characters are dropped (a console flood cannot grow a line without bound).</summary>
        public const int MaxLine = 4096;

        private readonly byte[] _buffer = new byte[256];
        private int _count, _next;
        private bool _lastWasCarriageReturn;

        /// <summary>The next line, or null when the console gives no input (this program may not read it). With
        /// <paramref name="echo"/> false nothing typed is shown (a password); Enter still ends the line visibly.</summary>
        public string ReadLine(bool echo = true)
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
                    if (echo) SystemConsole.Write("\b \b");
                    continue;
                }
                if (c < ' ' || c > '~' || line.Length >= MaxLine) continue;
                line.Append(c);
                if (echo) SystemConsole.Write(new string(c, 1));
            }
        }
    }
}
