using System.Globalization;
using System.Text.Encodings.Web;

namespace System.Text.Json
{
    public sealed partial class Utf8JsonWriter
    {
        public void WriteStringValue(string value)
        {
            if (value is null)
            {
                WriteNullValue();
                return;
            }
            WriteStringValue(value.AsSpan());
        }

        public void WriteStringValue(ReadOnlySpan<char> value)
        {
            BeforeValue();
            Put((byte)'"');
            PutEscaped(value);
            Put((byte)'"');
            _lastToken = JsonTokenType.String;
        }

        public void WriteStringValue(ReadOnlySpan<byte> utf8Value) => WriteStringValue(Encoding.UTF8.GetString(utf8Value).AsSpan());

        public void WriteStringValue(JsonEncodedText value)
        {
            BeforeValue();
            Put((byte)'"');
            PutRaw(value.EncodedUtf8Bytes);
            Put((byte)'"');
            _lastToken = JsonTokenType.String;
        }

        public void WriteStringValue(DateTime value) => WriteAsciiString(FormatDate(value));

        public void WriteStringValue(DateTimeOffset value) => WriteAsciiString(FormatDate(value));

        public void WriteStringValue(Guid value) => WriteAsciiString(value.ToString());

        public void WriteBase64StringValue(ReadOnlySpan<byte> bytes) => WriteAsciiString(Convert.ToBase64String(bytes));

        private void WriteAsciiString(string text)
        {
            BeforeValue();
            Put((byte)'"');
            PutAscii(text);
            Put((byte)'"');
            _lastToken = JsonTokenType.String;
        }

        public void WriteNumberValue(int value) => WriteNumberText(value.ToString(CultureInfo.InvariantCulture));
        public void WriteNumberValue(long value) => WriteNumberText(value.ToString(CultureInfo.InvariantCulture));
        public void WriteNumberValue(uint value) => WriteNumberText(value.ToString(CultureInfo.InvariantCulture));
        public void WriteNumberValue(ulong value) => WriteNumberText(value.ToString(CultureInfo.InvariantCulture));
        public void WriteNumberValue(decimal value) => WriteNumberText(value.ToString(CultureInfo.InvariantCulture));

        public void WriteNumberValue(double value)
        {
            if (!double.IsFinite(value)) throw SpecialNumber();
            WriteNumberText(value.ToString(CultureInfo.InvariantCulture));
        }

        public void WriteNumberValue(float value)
        {
            if (!float.IsFinite(value)) throw SpecialNumber();
            WriteNumberText(value.ToString(CultureInfo.InvariantCulture));
        }

        private static ArgumentException SpecialNumber() =>
            new ArgumentException(".NET number values such as positive and negative infinity cannot be written as valid JSON. To make it work when using 'JsonSerializer', consider specifying 'JsonNumberHandling.AllowNamedFloatingPointLiterals' (see https://learn.microsoft.com/dotnet/api/system.text.json.serialization.jsonnumberhandling).");

        private void WriteNumberText(string text)
        {
            BeforeValue();
            PutAscii(text);
            _lastToken = JsonTokenType.Number;
        }

        /// <summary>A number's JSON text as a document holds it (already valid).</summary>
        internal void WriteNumberRaw(ReadOnlySpan<byte> number)
        {
            BeforeValue();
            PutRaw(number);
            _lastToken = JsonTokenType.Number;
        }

        public void WriteBooleanValue(bool value)
        {
            BeforeValue();
            PutAscii(value ? "true" : "false");
            _lastToken = value ? JsonTokenType.True : JsonTokenType.False;
        }

        public void WriteNullValue()
        {
            BeforeValue();
            PutAscii("null");
            _lastToken = JsonTokenType.Null;
        }

        /// <summary>Writes JSON text as it is, after checking it is one valid value (unless told not to).</summary>
        public void WriteRawValue(string json, bool skipInputValidation = false)
        {
            if (json is null) throw new ArgumentNullException(nameof(json));
            WriteRawValue(Encoding.UTF8.GetBytes(json), skipInputValidation);
        }

        public void WriteRawValue(ReadOnlySpan<char> json, bool skipInputValidation = false) => WriteRawValue(json.ToString(), skipInputValidation);

        public void WriteRawValue(ReadOnlySpan<byte> utf8Json, bool skipInputValidation = false)
        {
            JsonTokenType first = JsonTokenType.None;
            if (!skipInputValidation)
            {
                var reader = new Utf8JsonReader(utf8Json);
                if (!reader.Read()) throw new ArgumentException("The input does not contain any JSON tokens.");
                first = reader.TokenType;
                reader.Skip();
                while (reader.Read()) { }
            }
            BeforeValue();
            PutRaw(utf8Json);
            _lastToken = first == JsonTokenType.StartObject ? JsonTokenType.EndObject
                : first == JsonTokenType.StartArray ? JsonTokenType.EndArray
                : first == JsonTokenType.None ? JsonTokenType.String : first;
        }

        public void WriteCommentValue(string value)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            if (value.Contains("*/")) throw new ArgumentException("Cannot write a comment value which contains the end of comment delimiter.");
            if (_options.Indented && _depth > 0)
            {
                NewLine();
                Indent(_depth);
            }
            PutAscii("/*");
            PutRaw(Encoding.UTF8.GetBytes(value));
            PutAscii("*/");
        }

        // ---- property name and value in one call ----

        public void WriteString(string propertyName, string value)
        {
            WritePropertyName(propertyName);
            WriteStringValue(value);
        }

        public void WriteString(string propertyName, ReadOnlySpan<char> value)
        {
            WritePropertyName(propertyName);
            WriteStringValue(value);
        }

        public void WriteString(string propertyName, DateTime value)
        {
            WritePropertyName(propertyName);
            WriteStringValue(value);
        }

        public void WriteString(string propertyName, DateTimeOffset value)
        {
            WritePropertyName(propertyName);
            WriteStringValue(value);
        }

        public void WriteString(string propertyName, Guid value)
        {
            WritePropertyName(propertyName);
            WriteStringValue(value);
        }

        public void WriteString(JsonEncodedText propertyName, string value)
        {
            WritePropertyName(propertyName);
            WriteStringValue(value);
        }

        public void WriteString(JsonEncodedText propertyName, JsonEncodedText value)
        {
            WritePropertyName(propertyName);
            WriteStringValue(value);
        }

        public void WriteNumber(string propertyName, int value) { WritePropertyName(propertyName); WriteNumberValue(value); }
        public void WriteNumber(string propertyName, long value) { WritePropertyName(propertyName); WriteNumberValue(value); }
        public void WriteNumber(string propertyName, uint value) { WritePropertyName(propertyName); WriteNumberValue(value); }
        public void WriteNumber(string propertyName, ulong value) { WritePropertyName(propertyName); WriteNumberValue(value); }
        public void WriteNumber(string propertyName, double value) { WritePropertyName(propertyName); WriteNumberValue(value); }
        public void WriteNumber(string propertyName, float value) { WritePropertyName(propertyName); WriteNumberValue(value); }
        public void WriteNumber(string propertyName, decimal value) { WritePropertyName(propertyName); WriteNumberValue(value); }
        public void WriteNumber(JsonEncodedText propertyName, int value) { WritePropertyName(propertyName); WriteNumberValue(value); }
        public void WriteNumber(JsonEncodedText propertyName, long value) { WritePropertyName(propertyName); WriteNumberValue(value); }
        public void WriteNumber(JsonEncodedText propertyName, double value) { WritePropertyName(propertyName); WriteNumberValue(value); }
        public void WriteNumber(JsonEncodedText propertyName, decimal value) { WritePropertyName(propertyName); WriteNumberValue(value); }

        public void WriteBoolean(string propertyName, bool value) { WritePropertyName(propertyName); WriteBooleanValue(value); }
        public void WriteBoolean(JsonEncodedText propertyName, bool value) { WritePropertyName(propertyName); WriteBooleanValue(value); }

        public void WriteNull(string propertyName) { WritePropertyName(propertyName); WriteNullValue(); }
        public void WriteNull(JsonEncodedText propertyName) { WritePropertyName(propertyName); WriteNullValue(); }

        public void WriteBase64String(string propertyName, ReadOnlySpan<byte> bytes) { WritePropertyName(propertyName); WriteBase64StringValue(bytes); }

        // ---- dates, as .NET writes them: ISO 8601, the fraction of a second without trailing zeros ----

        internal static string FormatDate(DateTime value)
        {
            string text = DateAndTime(value);
            if (value.Kind == DateTimeKind.Utc) return text + "Z";
            if (value.Kind == DateTimeKind.Local) return text + Offset(TimeZoneInfo.Local.GetUtcOffset(value));
            return text;
        }

        internal static string FormatDate(DateTimeOffset value) => DateAndTime(value.DateTime) + Offset(value.Offset);

        private static string DateAndTime(DateTime value)
        {
            string text = value.ToString("yyyy'-'MM'-'dd'T'HH':'mm':'ss", CultureInfo.InvariantCulture);
            long fraction = value.Ticks % TimeSpan.TicksPerSecond;
            if (fraction == 0) return text;
            string digits = fraction.ToString("D7", CultureInfo.InvariantCulture).TrimEnd('0');
            return text + "." + digits;
        }

        private static string Offset(TimeSpan offset)
        {
            char sign = offset < TimeSpan.Zero ? '-' : '+';
            if (offset < TimeSpan.Zero) offset = offset.Negate();
            return sign + offset.Hours.ToString("D2", CultureInfo.InvariantCulture) + ":" + offset.Minutes.ToString("D2", CultureInfo.InvariantCulture);
        }
    }

    /// <summary>Text escaped once for JSON, to write many times (property names, mostly).</summary>
    public readonly struct JsonEncodedText : IEquatable<JsonEncodedText>
    {
        private readonly byte[] _utf8;
        private readonly string _value;

        private JsonEncodedText(byte[] utf8, string value)
        {
            _utf8 = utf8;
            _value = value;
        }

        public ReadOnlySpan<byte> EncodedUtf8Bytes => _utf8;

        public string Value => _value ?? string.Empty;

        public static JsonEncodedText Encode(string value, JavaScriptEncoder encoder = null)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            return Encode(value.AsSpan(), encoder);
        }

        public static JsonEncodedText Encode(ReadOnlySpan<char> value, JavaScriptEncoder encoder = null)
        {
            byte[] utf8 = Utf8JsonWriter.EncodeText(value, encoder);
            return new JsonEncodedText(utf8, Encoding.UTF8.GetString(utf8));
        }

        public static JsonEncodedText Encode(ReadOnlySpan<byte> utf8Value, JavaScriptEncoder encoder = null) =>
            Encode(Encoding.UTF8.GetString(utf8Value).AsSpan(), encoder);

        public bool Equals(JsonEncodedText other) => Value == other.Value;

        public override bool Equals(object obj) => obj is JsonEncodedText other && Equals(other);

        public override int GetHashCode() => Value.GetHashCode();

        public override string ToString() => Value;
    }
}
