namespace System.Text.RegularExpressions
{
    /// <summary>One substring a group captured: where it starts in the input and how long it is.</summary>
    public class Capture
    {
        internal readonly string Text;

        internal Capture(string text, int index, int length)
        {
            Text = text;
            Index = index;
            Length = length;
        }

        public int Index { get; private protected set; }

        public int Length { get; private protected set; }

        public string Value => Text == null ? string.Empty : Text.Substring(Index, Length);

        public ReadOnlySpan<char> ValueSpan => Text == null ? default : Text.AsSpan(Index, Length);

        public override string ToString() => Value;
    }
}
