#nullable enable
using System.Collections.Generic;
using System.Text;

namespace Sing.Web.Status
{
    /// <summary>A small JSON writer (RFC 8259) into a StringBuilder: objects, arrays, strings, integers, booleans,
    /// null. Commas are placed by the writer; strings are escaped (quote, backslash, control characters as \uXXXX; a lone
    /// surrogate, which no UTF-8 or strict JSON reader accepts, becomes U+FFFD). Misuse (a
    /// value where a name is due, an unbalanced end) throws: it is a bug in the caller, not bad input.</summary>
    public sealed class JsonWriter
    {
        private readonly StringBuilder _text;
        // One entry per open container: true for an object; and whether it has a member yet.
        private readonly List<bool> _isObject = new List<bool>();
        private readonly List<bool> _hasMember = new List<bool>();
        private bool _afterName;

        public JsonWriter(StringBuilder text) { _text = text; }

        public JsonWriter BeginObject() { BeforeValue(); _text.Append('{'); Push(true); return this; }
        public JsonWriter EndObject() { Pop(true); _text.Append('}'); return this; }
        public JsonWriter BeginArray() { BeforeValue(); _text.Append('['); Push(false); return this; }
        public JsonWriter EndArray() { Pop(false); _text.Append(']'); return this; }

        public JsonWriter Name(string name)
        {
            int top = _isObject.Count - 1;
            if (top < 0 || !_isObject[top] || _afterName) throw new System.InvalidOperationException("a JSON member name outside an object");
            if (_hasMember[top]) _text.Append(',');
            _hasMember[top] = true;
            AppendString(name);
            _text.Append(':');
            _afterName = true;
            return this;
        }

        public JsonWriter String(string? value)
        {
            if (value == null) return Null();
            BeforeValue();
            AppendString(value);
            return this;
        }

        public JsonWriter Number(long value) { BeforeValue(); _text.Append(value); return this; }

        /// <summary>The number, or null when it is negative (the snapshot's "not reported").</summary>
        public JsonWriter Figure(long value) => value < 0 ? Null() : Number(value);

        public JsonWriter Bool(bool value) { BeforeValue(); _text.Append(value ? "true" : "false"); return this; }

        public JsonWriter Null() { BeforeValue(); _text.Append("null"); return this; }

        public JsonWriter Property(string name, string? value) => Name(name).String(value);
        public JsonWriter Property(string name, long value) => Name(name).Number(value);

        private void BeforeValue()
        {
            int top = _isObject.Count - 1;
            if (_afterName) { _afterName = false; return; }
            if (top < 0) return;
            if (_isObject[top]) throw new System.InvalidOperationException("a JSON value in an object without a member name");
            if (_hasMember[top]) _text.Append(',');
            _hasMember[top] = true;
        }

        private void Push(bool isObject) { _isObject.Add(isObject); _hasMember.Add(false); }

        private void Pop(bool isObject)
        {
            int top = _isObject.Count - 1;
            if (top < 0 || _isObject[top] != isObject || _afterName) throw new System.InvalidOperationException("an unbalanced JSON end");
            _isObject.RemoveAt(top);
            _hasMember.RemoveAt(top);
        }

        private void AppendString(string s)
        {
            _text.Append('"');
            for (int i = 0; i < s.Length; i++)
            {
                char c = s[i];
                switch (c)
                {
                    case '"': _text.Append("\\\""); break;
                    case '\\': _text.Append("\\\\"); break;
                    case '\n': _text.Append("\\n"); break;
                    case '\r': _text.Append("\\r"); break;
                    case '\t': _text.Append("\\t"); break;
                    case '\b': _text.Append("\\b"); break;
                    case '\f': _text.Append("\\f"); break;
                    default:
                        bool pairedHigh = char.IsHighSurrogate(c) && i + 1 < s.Length && char.IsLowSurrogate(s[i + 1]);
                        if (pairedHigh) { _text.Append(c).Append(s[++i]); }
                        else if (char.IsSurrogate(c)) Escape('\uFFFD');
                        else if (c < 0x20 || c == '\u2028' || c == '\u2029') Escape(c);
                        else _text.Append(c);
                        break;
                }
            }
            _text.Append('"');
        }

        private void Escape(char c)
        {
            const string hex = "0123456789abcdef";
            _text.Append("\\u").Append(hex[(c >> 12) & 15]).Append(hex[(c >> 8) & 15]).Append(hex[(c >> 4) & 15]).Append(hex[c & 15]);
        }
    }
}
