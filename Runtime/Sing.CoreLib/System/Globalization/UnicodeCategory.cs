namespace System.Globalization
{
    /// <summary>The Unicode general categories, in .NET's order (the generated tables store these values).</summary>
    public enum UnicodeCategory
    {
        UppercaseLetter, LowercaseLetter, TitlecaseLetter, ModifierLetter, OtherLetter,
        NonSpacingMark, SpacingCombiningMark, EnclosingMark,
        DecimalDigitNumber, LetterNumber, OtherNumber,
        SpaceSeparator, LineSeparator, ParagraphSeparator,
        Control, Format, Surrogate, PrivateUse,
        ConnectorPunctuation, DashPunctuation, OpenPunctuation, ClosePunctuation,
        InitialQuotePunctuation, FinalQuotePunctuation, OtherPunctuation,
        MathSymbol, CurrencySymbol, ModifierSymbol, OtherSymbol,
        OtherNotAssigned,
    }
}
