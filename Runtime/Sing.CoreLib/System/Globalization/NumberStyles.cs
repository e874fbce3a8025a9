namespace System.Globalization
{
    /// <summary>What a number's text may contain when parsed (values as in .NET).</summary>
    [Flags]
    public enum NumberStyles
    {
        None = 0,
        AllowLeadingWhite = 1,
        AllowTrailingWhite = 2,
        AllowLeadingSign = 4,
        AllowTrailingSign = 8,
        AllowParentheses = 16,
        AllowDecimalPoint = 32,
        AllowThousands = 64,
        AllowExponent = 128,
        AllowCurrencySymbol = 256,
        AllowHexSpecifier = 512,
        AllowBinarySpecifier = 1024,
        Integer = AllowLeadingWhite | AllowTrailingWhite | AllowLeadingSign,
        HexNumber = AllowLeadingWhite | AllowTrailingWhite | AllowHexSpecifier,
        BinaryNumber = AllowLeadingWhite | AllowTrailingWhite | AllowBinarySpecifier,
        Number = Integer | AllowTrailingSign | AllowDecimalPoint | AllowThousands,
        Float = Integer | AllowDecimalPoint | AllowExponent,
        Currency = Number | AllowParentheses | AllowCurrencySymbol,
        Any = Currency | AllowExponent,
    }
}
