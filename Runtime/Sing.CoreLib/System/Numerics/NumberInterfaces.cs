namespace System.Numerics
{
    // Generic math: the operator and identity interfaces the primitives implement (Numerics/NumberInterfaces.cs),
    // so `where T : INumber<T>` code can use T.Zero, T.One, + - * / %, unary -, ++ --, == != < <= > >=.
    // Not there: CreateChecked/CreateSaturating/CreateTruncating, Parse through the interfaces, and the bitwise,
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
    }

    public interface INumber<TSelf> : INumberBase<TSelf>, IComparisonOperators<TSelf, TSelf, bool>, IModulusOperators<TSelf, TSelf, TSelf>, IComparable<TSelf>
        where TSelf : INumber<TSelf>
    {
    }
}
