using System.Text;
using System.Threading.Tasks;

namespace System.IO
{
    /// <summary>Text read from a stream: its bytes are decoded on first use (the rest of the stream at once; a SIP's
    /// streams are memory), with the encoding given or found from a byte-order mark (UTF-8, UTF-16 LE or BE), UTF-8
    /// otherwise; then it reads as a StringReader does.</summary>
    public class StreamReader : TextReader
    {
        private readonly Stream _stream;
        private readonly bool _detect;
        private readonly bool _leaveOpen;
        private Encoding _encoding;
        private StringReader _decoded;

        public StreamReader(Stream stream) : this(stream, null, true, -1, false) { }

        public StreamReader(Stream stream, bool detectEncodingFromByteOrderMarks) : this(stream, null, detectEncodingFromByteOrderMarks, -1, false) { }

        public StreamReader(Stream stream, Encoding encoding) : this(stream, encoding, true, -1, false) { }

        public StreamReader(Stream stream, Encoding encoding, bool detectEncodingFromByteOrderMarks) : this(stream, encoding, detectEncodingFromByteOrderMarks, -1, false) { }

        public StreamReader(Stream stream, Encoding encoding = null, bool detectEncodingFromByteOrderMarks = true, int bufferSize = -1, bool leaveOpen = false)
        {
            _stream = stream ?? throw new ArgumentNullException(nameof(stream));
            if (!stream.CanRead) throw new ArgumentException("Stream was not readable.");
            _encoding = encoding ?? new UTF8Encoding(false);
            _detect = detectEncodingFromByteOrderMarks;
            _leaveOpen = leaveOpen;
        }

        public virtual Stream BaseStream => _stream;

        public virtual Encoding CurrentEncoding => _encoding;

        public bool EndOfStream => Decoded.Peek() < 0;

        public override int Peek() => Decoded.Peek();

        public override int Read() => Decoded.Read();

        public override string ReadLine() => Decoded.ReadLine();

        public override string ReadToEnd() => Decoded.ReadToEnd();

        public Task<string> ReadLineAsync() => Task.FromResult(ReadLine());

        public Task<string> ReadToEndAsync() => Task.FromResult(ReadToEnd());

        protected override void Dispose(bool disposing)
        {
            if (disposing && !_leaveOpen) _stream.Dispose();
            base.Dispose(disposing);
        }

        /// <summary>The stream's text, decoded on first use; reading it is a StringReader's.</summary>
        private StringReader Decoded
        {
            get
            {
                if (_decoded != null) return _decoded;
                var bytes = new MemoryStream();
                _stream.CopyTo(bytes);
                byte[] all = bytes.ToArray();
                int skip = 0;
                if (_detect && all.Length >= 2)
                {
                    if (all.Length >= 3 && all[0] == 0xEF && all[1] == 0xBB && all[2] == 0xBF) { _encoding = Encoding.UTF8; skip = 3; }
                    else if (all[0] == 0xFF && all[1] == 0xFE) { _encoding = Encoding.Unicode; skip = 2; }
                    else if (all[0] == 0xFE && all[1] == 0xFF) { _encoding = Encoding.BigEndianUnicode; skip = 2; }
                }
                if (skip == 0)
                {
                    // The encoding's own preamble is not text either.
                    byte[] preamble = _encoding.GetPreamble();
                    if (preamble.Length > 0 && all.AsSpan().StartsWith(preamble)) skip = preamble.Length;
                }
                _decoded = new StringReader(_encoding.GetString(new ReadOnlySpan<byte>(all, skip, all.Length - skip)));
                return _decoded;
            }
        }
    }

    /// <summary>Text written to a stream, encoded (UTF-8 without a byte-order mark unless another encoding is given;
    /// an encoding's preamble is written first when the stream is at its start) when flushed, disposed, or at once
    /// with AutoFlush.</summary>
    public class StreamWriter : TextWriter
    {
        private readonly Stream _stream;
        private readonly Encoding _encoding;
        private readonly bool _leaveOpen;
        private readonly StringBuilder _pending = new StringBuilder();
        private bool _preambleDone;

        public StreamWriter(Stream stream) : this(stream, null, -1, false) { }

        public StreamWriter(Stream stream, Encoding encoding) : this(stream, encoding, -1, false) { }

        public StreamWriter(Stream stream, Encoding encoding = null, int bufferSize = -1, bool leaveOpen = false)
        {
            _stream = stream ?? throw new ArgumentNullException(nameof(stream));
            if (!stream.CanWrite) throw new ArgumentException("Stream was not writable.");
            _encoding = encoding ?? new UTF8Encoding(false);
            _leaveOpen = leaveOpen;
            _preambleDone = stream.CanSeek && stream.Position > 0;
        }

        public bool AutoFlush { get; set; }

        public virtual Stream BaseStream => _stream;

        public override Encoding Encoding => _encoding;

        public override void Write(char value)
        {
            _pending.Append(value);
            if (AutoFlush) Flush();
        }

        public override void Write(ReadOnlySpan<char> buffer)
        {
            _pending.Append(buffer);
            if (AutoFlush) Flush();
        }

        public override void Flush()
        {
            if (!_preambleDone)
            {
                _preambleDone = true;
                byte[] preamble = _encoding.GetPreamble();
                if (preamble.Length > 0) _stream.Write(preamble, 0, preamble.Length);
            }
            if (_pending.Length > 0)
            {
                byte[] bytes = _encoding.GetBytes(_pending.ToString());
                _pending.Clear();
                _stream.Write(bytes, 0, bytes.Length);
            }
            _stream.Flush();
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                Flush();
                if (!_leaveOpen) _stream.Dispose();
            }
            base.Dispose(disposing);
        }
    }
}
