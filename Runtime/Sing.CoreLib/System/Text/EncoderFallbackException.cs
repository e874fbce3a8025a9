namespace System.Text
{
    /// <summary>A character an encoding could not encode (.NET's type). Thrown by the cryptography code for a lone
    /// surrogate in a password, as .NET's throwing UTF-8 encoding does; this corelib's encodings themselves replace
    /// such characters instead of throwing.</summary>
    public sealed class EncoderFallbackException : ArgumentException
    {
        public EncoderFallbackException() : base("Value does not fall within the expected range.") { }

        public EncoderFallbackException(string message) : base(message) { }

        public EncoderFallbackException(string message, Exception innerException) : base(message, innerException) { }

        internal EncoderFallbackException(char charUnknown, int index)
            : base("Unable to translate Unicode character \\\\u" + ((int)charUnknown).ToString("X4") + " at index " + index.ToString() + " to specified code page.")
        {
            CharUnknown = charUnknown;
            Index = index;
        }

        public char CharUnknown { get; }

        public int Index { get; }
    }
}
