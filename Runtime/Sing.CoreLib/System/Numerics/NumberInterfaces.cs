namespace System.Numerics
{
    // Generic math: the operator and identity interfaces the primitives implement (Numerics/NumberInterfaces.cs),
    // so `where T : INumber<T>` code can use T.Zero, T.One, + - * / %, unary -, ++ --, == != < <= > >=.
    // Max, Min, Clamp, Sign, Abs, IsNegative, IsPositive, IsZero and IMinMaxValue too (their defaults here serve
    // a type that does not define them; the primitives and decimal do, PrimitiveNumbers.Statics.cs). Abs, IsNegative and
    // IsPositive sit on INumber, which has the comparisons their defaults need (.NET puts them on INumberBase).
    // CreateChecked/CreateSaturating/CreateTruncating between the primitives: NumberConversions.cs. Parsing through
    // IParsable/ISpanParsable is System/IParsable.cs. Not there: the bitwise,
    // shift, floating-point and binary-integer interfaces.

    public interface IAdditionOperators<TSelf, TOther, TResult> where TSelf : IAdditionOperators<TSelf, TOther, TResult>
    {
        static abstract TResult operator +(TSelf left, TOther right);
    }

    public interface ISubtractionOperators<TSelf, TOther, TResult> where TSelf : ISubtractionOperators<TSelf, TOther, TResult>
    {
        static abstract TResult operator -(TSelf left, TOther right);
    }

    public interface IMultiplyOperators<TSelf, TOther, TResult> where TSelf : IMultiplyOperators<TSelf, TOther, TResult>
    {
        static abstract TResult operator *(TSelf left, TOther right);
    }

    public interface IDivisionOperators<TSelf, TOther, TResult> where TSelf : IDivisionOperators<TSelf, TOther, TResult>
    {
        static abstract TResult operator /(TSelf left, TOther right);
    }

    public interface IModulusOperators<TSelf, TOther, TResult> where TSelf : IModulusOperators<TSelf, TOther, TResult>
    {
        static abstract TResult operator %(TSelf left, TOther right);
    }

    public interface IUnaryNegationOperators<TSelf, TResult> where TSelf : IUnaryNegationOperators<TSelf, TResult>
    {
        static abstract TResult operator -(TSelf value);
    }

    public interface IUnaryPlusOperators<TSelf, TResult> where TSelf : IUnaryPlusOperators<TSelf, TResult>
    {
        static abstract TResult operator +(TSelf value);
    }

    public interface IIncrementOperators<TSelf> where TSelf : IIncrementOperators<TSelf>
    {
        static abstract TSelf operator ++(TSelf value);
    }

    public interface IDecrementOperators<TSelf> where TSelf : IDecrementOperators<TSelf>
    {
        static abstract TSelf operator --(TSelf value);
    }

    public interface IEqualityOperators<TSelf, TOther, TResult> where TSelf : IEqualityOperators<TSelf, TOther, TResult>
    {
        static abstract TResult operator ==(TSelf left, TOther right);
        static abstract TResult operator !=(TSelf left, TOther right);
    }

    public interface IComparisonOperators<TSelf, TOther, TResult> : IEqualityOperators<TSelf, TOther, TResult>
        where TSelf : IComparisonOperators<TSelf, TOther, TResult>
    {
        static abstract TResult operator <(TSelf left, TOther right);
        static abstract TResult operator <=(TSelf left, TOther right);
        static abstract TResult operator >(TSelf left, TOther right);
        static abstract TResult operator >=(TSelf left, TOther right);
    }

    public interface IAdditiveIdentity<TSelf, TResult> where TSelf : IAdditiveIdentity<TSelf, TResult>
    {
        static abstract TResult AdditiveIdentity { get; }
    }

    public interface IMultiplicativeIdentity<TSelf, TResult> where TSelf : IMultiplicativeIdentity<TSelf, TResult>
    {
        static abstract TResult MultiplicativeIdentity { get; }
    }

    public interface INumberBase<TSelf> : IAdditionOperators<TSelf, TSelf, TSelf>, ISubtractionOperators<TSelf, TSelf, TSelf>,
        IMultiplyOperators<TSelf, TSelf, TSelf>, IDivisionOperators<TSelf, TSelf, TSelf>, IUnaryNegationOperators<TSelf, TSelf>,
        IUnaryPlusOperators<TSelf, TSelf>, IIncrementOperators<TSelf>, IDecrementOperators<TSelf>, IEqualityOperators<TSelf, TSelf, bool>,
        IAdditiveIdentity<TSelf, TSelf>, IMultiplicativeIdentity<TSelf, TSelf>, IEquatable<TSelf>
        where TSelf : INumberBase<TSelf>
    {
        static abstract TSelf Zero { get; }
        static abstract TSelf One { get; }

        static virtual bool IsZero(TSelf value) => value == TSelf.Zero;

        // Conversions between the primitive integer, floating-point and decimal types (NumberConversions.cs).
        static virtual TSelf CreateChecked<TOther>(TOther value) where TOther : INumberBase<TOther> => NumberConversions.Create<TSelf, TOther>(value, NumberConversions.Checked);

        static virtual TSelf CreateSaturating<TOther>(TOther value) where TOther : INumberBase<TOther> => NumberConversions.Create<TSelf, TOther>(value, NumberConversions.Saturating);

        static virtual TSelf CreateTruncating<TOther>(TOther value) where TOther : INumberBase<TOther> => NumberConversions.Create<TSelf, TOther>(value, NumberConversions.Truncating);
    }

    public interface INumber<TSelf> : INumberBase<TSelf>, IComparisonOperators<TSelf, TSelf, bool>, IModulusOperators<TSelf, TSelf, TSelf>, IComparable<TSelf>
        where TSelf : INumber<TSelf>
    {
        static virtual TSelf Max(TSelf x, TSelf y) => x >= y ? x : y;

        static virtual TSelf Min(TSelf x, TSelf y) => x <= y ? x : y;

        static virtual TSelf Clamp(TSelf value, TSelf min, TSelf max)
        {
            if (min > max) throw new ArgumentException($"'{min}' cannot be greater than {max}.");
            return value < min ? min : value > max ? max : value;
        }

        static virtual int Sign(TSelf value) => value < TSelf.Zero ? -1 : value > TSelf.Zero ? 1 : 0;

        static virtual TSelf Abs(TSelf value) => value < TSelf.Zero ? -value : value;

        static virtual bool IsNegative(TSelf value) => value < TSelf.Zero;

        static virtual bool IsPositive(TSelf value) => value >= TSelf.Zero;
    }

    /// <summary>The least and greatest values of a type.</summary>
    public interface IMinMaxValue<TSelf> where TSelf : IMinMaxValue<TSelf>
    {
        static abstract TSelf MinValue { get; }
        static abstract TSelf MaxValue { get; }
    }
}
