using System.Text;

namespace System.IO
{
    /// <summary>A TextWriter into a StringBuilder; ToString returns what was written.</summary>
    public class StringWriter : TextWriter
    {
        private readonly StringBuilder _builder;

        public StringWriter() : this(new StringBuilder()) { }

        public StringWriter(StringBuilder sb) { _builder = sb ?? throw new ArgumentNullException(nameof(sb)); }

        public override Encoding Encoding => Encoding.UTF8;

        public virtual StringBuilder GetStringBuilder() => _builder;

        public override void Write(char value) => _builder.Append(value);

        public override void Write(ReadOnlySpan<char> buffer) => _builder.Append(buffer);

        public override void Write(string value) => _builder.Append(value);

        public override string ToString() => _builder.ToString();
    }
}
