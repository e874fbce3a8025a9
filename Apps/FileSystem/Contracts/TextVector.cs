using System;
using Sing.Contracts;

namespace Sing.Storage
{
    /// <summary>Text in exchange-heap character vectors, as the /fs contract carries paths, listings and reasons.
    /// A vector is never empty (the kernel allocates no empty block): the empty string travels as one NUL.</summary>
    public static class TextVector
    {
        public static ExVector<char> From(string text)
        {
            if (text.Length == 0)
            {
                ExVector<char> empty = ExchangeHeap.NewVector<char>(1);
                empty.Set(0, '\0');
                return empty;
            }
            ExVector<char> v = ExchangeHeap.NewVector<char>(text.Length);
            v.CopyFrom(text.AsSpan());
            return v;
        }

        /// <summary>The vector's text; the vector stays the caller's.</summary>
        public static string Read(ExVector<char> vector)
        {
            var chars = new char[vector.Length];
            vector.CopyTo(chars);
            if (chars.Length == 1 && chars[0] == '\0') return "";
            return new string(chars);
        }
    }
}
