using System.Text;

namespace System.IO
{
    /// <summary>A writer of characters. Subclasses implement <see cref="Write(char)"/> and, for speed,
    /// <see cref="Write(ReadOnlySpan{char})"/>; everything else formats (culture-invariant) and calls those.
    /// NewLine is "\n", as on .NET for Linux.</summary>
    public abstract class TextWriter : IDisposable
    {
        public static readonly TextWriter Null = new NullTextWriter();

        public virtual string NewLine { get; set; } = "\n";

        public virtual IFormatProvider FormatProvider => null;

        public abstract Encoding Encoding { get; }

        public abstract void Write(char value);

        public virtual void Write(ReadOnlySpan<char> buffer)
        {
            for (int i = 0; i < buffer.Length; i++) Write(buffer[i]);
        }

        public virtual void Write(string value)
        {
            if (value is not null) Write(value.AsSpan());
        }

        public virtual void Write(char[] buffer)
        {
            if (buffer is not null) Write(new ReadOnlySpan<char>(buffer));
        }

        public virtual void Write(char[] buffer, int index, int count) => Write(new ReadOnlySpan<char>(buffer, index, count));

        public virtual void Write(bool value) => Write(value ? "True" : "False");
        public virtual void Write(int value) => Write(value.ToString());
        public virtual void Write(uint value) => Write(value.ToString());
        public virtual void Write(long value) => Write(value.ToString());
        public virtual void Write(ulong value) => Write(value.ToString());
        public virtual void Write(float value) => Write(value.ToString());
        public virtual void Write(double value) => Write(value.ToString());
        public virtual void Write(decimal value) => Write(value.ToString());

        public virtual void Write(object value)
        {
            if (value is not null) Write(value.ToString());
        }

        public virtual void Write(string format, object arg0) => Write(string.Format(format, arg0));
        public virtual void Write(string format, object arg0, object arg1) => Write(string.Format(format, arg0, arg1));
        public virtual void Write(string format, object arg0, object arg1, object arg2) => Write(string.Format(format, arg0, arg1, arg2));
        public virtual void Write(string format, params object[] arg) => Write(string.Format(format, arg));

        public virtual void WriteLine() => Write(NewLine);

        public virtual void WriteLine(ReadOnlySpan<char> buffer)
        {
            Write(buffer);
            WriteLine();
        }

        public virtual void WriteLine(string value)
        {
            Write(value);
            WriteLine();
        }

        public virtual void WriteLine(char value) { Write(value); WriteLine(); }
        public virtual void WriteLine(char[] buffer) { Write(buffer); WriteLine(); }
        public virtual void WriteLine(bool value) { Write(value); WriteLine(); }
        public virtual void WriteLine(int value) { Write(value); WriteLine(); }
        public virtual void WriteLine(uint value) { Write(value); WriteLine(); }
        public virtual void WriteLine(long value) { Write(value); WriteLine(); }
        public virtual void WriteLine(ulong value) { Write(value); WriteLine(); }
        public virtual void WriteLine(float value) { Write(value); WriteLine(); }
        public virtual void WriteLine(double value) { Write(value); WriteLine(); }
        public virtual void WriteLine(decimal value) { Write(value); WriteLine(); }
        public virtual void WriteLine(object value) { Write(value); WriteLine(); }
        public virtual void WriteLine(string format, object arg0) => WriteLine(string.Format(format, arg0));
        public virtual void WriteLine(string format, object arg0, object arg1) => WriteLine(string.Format(format, arg0, arg1));
        public virtual void WriteLine(string format, object arg0, object arg1, object arg2) => WriteLine(string.Format(format, arg0, arg1, arg2));
        public virtual void WriteLine(string format, params object[] arg) => WriteLine(string.Format(format, arg));

        public virtual void Flush() { }

        public virtual void Close() => Dispose();

        public void Dispose()
        {
            Dispose(true);
        }

        protected virtual void Dispose(bool disposing) { }

        private sealed class NullTextWriter : TextWriter
        {
            public override Encoding Encoding => Encoding.UTF8;
            public override void Write(char value) { }
            public override void Write(ReadOnlySpan<char> buffer) { }
        }
    }
}
