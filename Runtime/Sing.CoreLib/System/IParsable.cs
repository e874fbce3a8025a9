namespace System
{
    // Parsing through an interface, so generic code can write T.Parse(s, provider) / T.TryParse(s, provider, out x)
    // (the primitives implement both, Numerics/PrimitiveNumbers.Parsing.cs).
    public interface IParsable<TSelf> where TSelf : IParsable<TSelf>
    {
        static abstract TSelf Parse(string s, IFormatProvider provider);

        static abstract bool TryParse(string s, IFormatProvider provider, out TSelf result);
    }

    public interface ISpanParsable<TSelf> : IParsable<TSelf> where TSelf : ISpanParsable<TSelf>
    {
        static abstract TSelf Parse(ReadOnlySpan<char> s, IFormatProvider provider);

        static abstract bool TryParse(ReadOnlySpan<char> s, IFormatProvider provider, out TSelf result);
    }
}
