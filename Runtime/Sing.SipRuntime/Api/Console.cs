using System.IO;
using System.Text;
using Singularity.V1;

namespace System
{
    /// <summary>The program's standard output: the system console, through the kernel's debug sink (each line
    /// prefixed by the kernel with the program's name and id). Text is sent as UTF-8. Like .NET's console
    /// output it is not buffered across calls: what a Write call produced has reached the kernel when it returns.
    /// There is no standard input for ordinary programs (the shell reads the console through SystemConsole).</summary>
    public static unsafe class Console
    {
        private static TextWriter s_out;

        public static TextWriter Out => s_out ??= new ConsoleTextWriter();

        public static Encoding OutputEncoding => Encoding.UTF8;

        /// <summary>Standard error goes to the same system console as standard output.</summary>
        public static TextWriter Error => Out;

        /// <summary>Ordinary programs have no standard input: like .NET at the end of input, ReadLine returns null
        /// and Read -1.</summary>
        public static string ReadLine() => null;

        public static int Read() => -1;

        /// <summary>Colors are remembered but not shown (the system console is a serial line, as .NET's console is
        /// when redirected).</summary>
        public static ConsoleColor ForegroundColor { get; set; } = ConsoleColor.Gray;

        public static ConsoleColor BackgroundColor { get; set; } = ConsoleColor.Black;

        public static void ResetColor()
        {
            ForegroundColor = ConsoleColor.Gray;
            BackgroundColor = ConsoleColor.Black;
        }

        /// <summary>Sends later output elsewhere (a StringWriter, say), as .NET's Console.SetOut does.</summary>
        public static void SetOut(TextWriter newOut) => s_out = newOut ?? throw new ArgumentNullException(nameof(newOut));

        public static void Write(string value) => Out.Write(value);
        public static void Write(object value) => Out.Write(value);
        public static void Write(char value) => Out.Write(value);
        public static void Write(char[] buffer) => Out.Write(buffer);
        public static void Write(bool value) => Out.Write(value);
        public static void Write(int value) => Out.Write(value);
        public static void Write(uint value) => Out.Write(value);
        public static void Write(long value) => Out.Write(value);
        public static void Write(ulong value) => Out.Write(value);
        public static void Write(float value) => Out.Write(value);
        public static void Write(double value) => Out.Write(value);
        public static void Write(decimal value) => Out.Write(value);
        public static void Write(string format, object arg0) => Out.Write(format, arg0);
        public static void Write(string format, object arg0, object arg1) => Out.Write(format, arg0, arg1);
        public static void Write(string format, object arg0, object arg1, object arg2) => Out.Write(format, arg0, arg1, arg2);
        public static void Write(string format, params object[] arg) => Out.Write(format, arg);

        public static void WriteLine() => Out.WriteLine();
        public static void WriteLine(string value) => Out.WriteLine(value);
        public static void WriteLine(object value) => Out.WriteLine(value);
        public static void WriteLine(char value) => Out.WriteLine(value);
        public static void WriteLine(char[] buffer) => Out.WriteLine(buffer);
        public static void WriteLine(bool value) => Out.WriteLine(value);
        public static void WriteLine(int value) => Out.WriteLine(value);
        public static void WriteLine(uint value) => Out.WriteLine(value);
        public static void WriteLine(long value) => Out.WriteLine(value);
        public static void WriteLine(ulong value) => Out.WriteLine(value);
        public static void WriteLine(float value) => Out.WriteLine(value);
        public static void WriteLine(double value) => Out.WriteLine(value);
        public static void WriteLine(decimal value) => Out.WriteLine(value);
        public static void WriteLine(string format, object arg0) => Out.WriteLine(format, arg0);
        public static void WriteLine(string format, object arg0, object arg1) => Out.WriteLine(format, arg0, arg1);
        public static void WriteLine(string format, object arg0, object arg1, object arg2) => Out.WriteLine(format, arg0, arg1, arg2);
        public static void WriteLine(string format, params object[] arg) => Out.WriteLine(format, arg);

        public static void Write(ReadOnlySpan<char> value) => Out.Write(value);

        public static void WriteLine(ReadOnlySpan<char> value) => Out.WriteLine(value);

        /// <summary>Console output as UTF-8. A high surrogate written alone by Write(char) waits for its low half.</summary>
        private sealed class ConsoleTextWriter : TextWriter
        {
            private char _pendingHighSurrogate;

            public override Encoding Encoding => Encoding.UTF8;

            public override void Write(char value)
            {
                if (char.IsHighSurrogate(value) && _pendingHighSurrogate == 0)
                {
                    _pendingHighSurrogate = value;
                    return;
                }
                Span<char> pair = stackalloc char[2];
                int n = 0;
                if (_pendingHighSurrogate != 0) pair[n++] = _pendingHighSurrogate;
                _pendingHighSurrogate = (char)0;
                pair[n++] = value;
                Debug.WriteUtf8(Debug.Sink, pair.Slice(0, n));
            }

            public override void Write(ReadOnlySpan<char> buffer)
            {
                if (buffer.Length == 0) return;
                if (_pendingHighSurrogate != 0)
                {
                    Write(buffer[0]);
                    buffer = buffer.Slice(1);
                }
                Debug.WriteUtf8(Debug.Sink, buffer);
            }

            public override void WriteLine(string value)
            {
                Write(value);
                Write('\n');
            }
        }
    }

    public enum ConsoleColor
    {
        Black, DarkBlue, DarkGreen, DarkCyan, DarkRed, DarkMagenta, DarkYellow, Gray,
        DarkGray, Blue, Green, Cyan, Red, Magenta, Yellow, White,
    }
}
