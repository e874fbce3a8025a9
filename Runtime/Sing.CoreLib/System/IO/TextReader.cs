using System.Text;

namespace System.IO
{
    /// <summary>A reader of characters: Read and Peek one, ReadLine (a line ends at "\n", "\r" or "\r\n", which is not
    /// returned), ReadToEnd. Subclasses give Peek and Read; the rest is built on them.</summary>
    public abstract class TextReader : IDisposable
    {
        public static readonly TextReader Null = new StringReader("");

        /// <summary>The next character without taking it, or -1 at the end.</summary>
        public virtual int Peek() => -1;

        /// <summary>The next character, or -1 at the end.</summary>
        public virtual int Read() => -1;

        public virtual int Read(char[] buffer, int index, int count)
        {
            if (buffer is null) throw new ArgumentNullException(nameof(buffer));
            if (index < 0 || count < 0 || buffer.Length - index < count) throw new ArgumentOutOfRangeException(index < 0 ? nameof(index) : nameof(count));
            int n = 0;
            for (; n < count; n++)
            {
                int c = Read();
                if (c < 0) break;
                buffer[index + n] = (char)c;
            }
            return n;
        }

        public virtual int Read(Span<char> buffer)
        {
            int n = 0;
            for (; n < buffer.Length; n++)
            {
                int c = Read();
                if (c < 0) break;
                buffer[n] = (char)c;
            }
            return n;
        }

        public virtual string ReadLine()
        {
            var line = new StringBuilder();
            while (true)
            {
                int c = Read();
                if (c < 0) return line.Length == 0 ? null : line.ToString();
                if (c == '\r' || c == '\n')
                {
                    if (c == '\r' && Peek() == '\n') Read();
                    return line.ToString();
                }
                line.Append((char)c);
            }
        }

        public virtual string ReadToEnd()
        {
            var text = new StringBuilder();
            int c;
            while ((c = Read()) >= 0) text.Append((char)c);
            return text.ToString();
        }

        public virtual void Close() => Dispose(true);

        public void Dispose() => Dispose(true);

        protected virtual void Dispose(bool disposing) { }
    }

    /// <summary>A TextReader over a string.</summary>
    public class StringReader : TextReader
    {
        private string _text;
        private int _position;

        public StringReader(string s) { _text = s ?? throw new ArgumentNullException(nameof(s)); }

        public override int Peek() => Text.Length > _position ? _text[_position] : -1;

        public override int Read() => Text.Length > _position ? _text[_position++] : -1;

        public override string ReadLine()
        {
            string text = Text;
            if (_position >= text.Length) return null;
            int start = _position;
            int end = start;
            while (end < text.Length && text[end] != '\r' && text[end] != '\n') end++;
            _position = end;
            if (end < text.Length)
            {
                _position++;
                if (text[end] == '\r' && _position < text.Length && text[_position] == '\n') _position++;
            }
            return text.Substring(start, end - start);
        }

        public override string ReadToEnd()
        {
            string text = Text;
            string rest = _position == 0 ? text : text.Substring(_position);
            _position = text.Length;
            return rest;
        }

        protected override void Dispose(bool disposing)
        {
            _text = null;
            base.Dispose(disposing);
        }

        private string Text => _text ?? throw new ObjectDisposedException(null, "Cannot read from a closed TextReader.");
    }
}
