namespace System.Text.Json
{
    public ref partial struct Utf8JsonReader
    {
        public readonly string GetString()
        {
            if (_tokenType == JsonTokenType.Null) return null;
            if (_tokenType != JsonTokenType.String && _tokenType != JsonTokenType.PropertyName) throw WrongToken("string");
            return JsonValueText.GetString(ValueSpan, _valueIsEscaped);
        }

        public readonly string GetComment()
        {
            if (_tokenType != JsonTokenType.Comment) throw WrongToken("comment");
            return Encoding.UTF8.GetString(ValueSpan);
        }

        public readonly bool GetBoolean()
        {
            if (_tokenType == JsonTokenType.True) return true;
            if (_tokenType == JsonTokenType.False) return false;
            throw WrongToken("boolean");
        }

        public readonly bool ValueTextEquals(string text) => ValueTextEquals(text.AsSpan());

        public readonly bool ValueTextEquals(ReadOnlySpan<char> text)
        {
            RequireText();
            return JsonValueText.TextEquals(ValueSpan, _valueIsEscaped, text);
        }

        public readonly bool ValueTextEquals(ReadOnlySpan<byte> utf8Text)
        {
            RequireText();
            return JsonValueText.TextEquals(ValueSpan, _valueIsEscaped, utf8Text);
        }

        private readonly void RequireText()
        {
            if (_tokenType != JsonTokenType.String && _tokenType != JsonTokenType.PropertyName)
                throw new InvalidOperationException("Cannot compare the value of a token type '" + _tokenType + "' to text.");
        }

        public readonly int CopyString(Span<char> destination)
        {
            string text = GetString();
            if (text.Length > destination.Length) throw new ArgumentException("Destination is too short.", nameof(destination));
            text.AsSpan().CopyTo(destination);
            return text.Length;
        }

        public readonly bool TryGetInt64(out long value)
        {
            RequireNumber();
            return JsonValueText.TryGetInt64(ValueSpan, out value);
        }

        public readonly bool TryGetUInt64(out ulong value)
        {
            RequireNumber();
            return JsonValueText.TryGetUInt64(ValueSpan, out value);
        }

        public readonly bool TryGetInt32(out int value) => JsonValueText.TryGetInt32(NumberSpan(), out value);

        public readonly bool TryGetUInt32(out uint value) => JsonValueText.TryGetUInt32(NumberSpan(), out value);

        public readonly bool TryGetInt16(out short value) => JsonValueText.TryGetInt16(NumberSpan(), out value);

        public readonly bool TryGetUInt16(out ushort value) => JsonValueText.TryGetUInt16(NumberSpan(), out value);

        public readonly bool TryGetByte(out byte value) => JsonValueText.TryGetByte(NumberSpan(), out value);

        public readonly bool TryGetSByte(out sbyte value) => JsonValueText.TryGetSByte(NumberSpan(), out value);

        public readonly bool TryGetDouble(out double value)
        {
            RequireNumber();
            return JsonValueText.TryGetDouble(ValueSpan, out value);
        }

        public readonly bool TryGetSingle(out float value)
        {
            RequireNumber();
            return JsonValueText.TryGetSingle(ValueSpan, out value);
        }

        public readonly bool TryGetDecimal(out decimal value)
        {
            RequireNumber();
            return JsonValueText.TryGetDecimal(ValueSpan, out value);
        }

        public readonly bool TryGetDateTime(out DateTime value)
        {
            if (_tokenType != JsonTokenType.String) throw WrongToken("string");
            return JsonValueText.TryGetDateTime(GetString(), out value);
        }

        public readonly bool TryGetDateTimeOffset(out DateTimeOffset value)
        {
            if (_tokenType != JsonTokenType.String) throw WrongToken("string");
            return JsonValueText.TryGetDateTimeOffset(GetString(), out value);
        }

        public readonly bool TryGetGuid(out Guid value)
        {
            if (_tokenType != JsonTokenType.String) throw WrongToken("string");
            return JsonValueText.TryGetGuid(GetString(), out value);
        }

        public readonly bool TryGetBytesFromBase64(out byte[] value)
        {
            if (_tokenType != JsonTokenType.String) throw WrongToken("string");
            try
            {
                value = Convert.FromBase64String(GetString());
                return true;
            }
            catch (FormatException)
            {
                value = null;
                return false;
            }
        }

        public readonly int GetInt32() => TryGetInt32(out int v) ? v : throw NotFormat("an Int32");
        public readonly long GetInt64() => TryGetInt64(out long v) ? v : throw NotFormat("an Int64");
        public readonly uint GetUInt32() => TryGetUInt32(out uint v) ? v : throw NotFormat("a UInt32");
        public readonly ulong GetUInt64() => TryGetUInt64(out ulong v) ? v : throw NotFormat("a UInt64");
        public readonly short GetInt16() => TryGetInt16(out short v) ? v : throw NotFormat("an Int16");
        public readonly ushort GetUInt16() => TryGetUInt16(out ushort v) ? v : throw NotFormat("a UInt16");
        public readonly byte GetByte() => TryGetByte(out byte v) ? v : throw NotFormat("an unsigned byte");
        public readonly sbyte GetSByte() => TryGetSByte(out sbyte v) ? v : throw NotFormat("a signed byte");
        public readonly double GetDouble() => TryGetDouble(out double v) ? v : throw NotFormat("a Double");
        public readonly float GetSingle() => TryGetSingle(out float v) ? v : throw NotFormat("a Single");

        public readonly decimal GetDecimal() =>
            TryGetDecimal(out decimal v) ? v : throw new FormatException("The JSON value is either too large or too small for a Decimal.");

        public readonly DateTime GetDateTime() =>
            TryGetDateTime(out DateTime v) ? v : throw new FormatException("The JSON value is not in a supported DateTime format.");

        public readonly DateTimeOffset GetDateTimeOffset() =>
            TryGetDateTimeOffset(out DateTimeOffset v) ? v : throw new FormatException("The JSON value is not in a supported DateTimeOffset format.");

        public readonly Guid GetGuid() =>
            TryGetGuid(out Guid v) ? v : throw new FormatException("The JSON value is not in a supported Guid format.");

        public readonly byte[] GetBytesFromBase64() =>
            TryGetBytesFromBase64(out byte[] v) ? v : throw new FormatException("Cannot decode JSON text that is not encoded as valid Base64 to bytes.");

        private readonly ReadOnlySpan<byte> NumberSpan()
        {
            RequireNumber();
            return ValueSpan;
        }

        private readonly void RequireNumber()
        {
            if (_tokenType != JsonTokenType.Number) throw WrongToken("number");
        }

        private readonly InvalidOperationException WrongToken(string what) =>
            new InvalidOperationException("Cannot get the value of a token type '" + _tokenType + "' as a " + what + ".");

        internal static FormatException NotFormat(string what) =>
            new FormatException("Either the JSON value is not in a supported format, or is out of bounds for " + what + ".");
    }
}
