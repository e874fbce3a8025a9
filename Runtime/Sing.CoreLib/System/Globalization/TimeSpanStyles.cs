namespace System.Globalization
{
    /// <summary>How TimeSpan.ParseExact reads a custom format (values as in .NET): AssumeNegative makes the result
    /// negative, the text having no sign of its own.</summary>
    [Flags]
    public enum TimeSpanStyles
    {
        None = 0,
        AssumeNegative = 1,
    }
}
