using System.Runtime.CompilerServices;

namespace System
{
    /// <summary>Argument errors with .NET's messages: the message, then " (Parameter 'name')" when a parameter
    /// is named; the ThrowIf helpers take the argument's name from the call site ([CallerArgumentExpression]).</summary>
    public class ArgumentException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x80070057);

        private readonly string _paramName;

        public ArgumentException() : base("Value does not fall within the expected range.") { }
        public ArgumentException(string message) : base(message) { }
        public ArgumentException(string message, Exception innerException) : base(message, innerException) { }
        public ArgumentException(string message, string paramName) : base(message) { _paramName = paramName; }
        public ArgumentException(string message, string paramName, Exception innerException) : base(message, innerException) { _paramName = paramName; }

        public virtual string ParamName => _paramName;

        public override string Message
        {
            get
            {
                string message = base.Message;
                return string.IsNullOrEmpty(_paramName) ? message : message + " (Parameter '" + _paramName + "')";
            }
        }

        public static void ThrowIfNullOrEmpty(string argument, [CallerArgumentExpression(nameof(argument))] string paramName = null)
        {
            if (argument is null) throw new ArgumentNullException(paramName);
            if (argument.Length == 0) throw new ArgumentException("The value cannot be an empty string.", paramName);
        }

        public static void ThrowIfNullOrWhiteSpace(string argument, [CallerArgumentExpression(nameof(argument))] string paramName = null)
        {
            if (argument is null) throw new ArgumentNullException(paramName);
            if (string.IsNullOrWhiteSpace(argument)) throw new ArgumentException("The value cannot be an empty string or composed entirely of whitespace.", paramName);
        }
    }

    public class ArgumentNullException : ArgumentException
    {
        private protected override int DefaultHResult => unchecked((int)0x80004003);

        private const string CannotBeNull = "Value cannot be null.";

        public ArgumentNullException() : base(CannotBeNull) { }
        public ArgumentNullException(string paramName) : base(CannotBeNull, paramName) { }
        public ArgumentNullException(string message, Exception innerException) : base(message, innerException) { }
        public ArgumentNullException(string paramName, string message) : base(message ?? CannotBeNull, paramName) { }

        public static void ThrowIfNull(object argument, [CallerArgumentExpression(nameof(argument))] string paramName = null)
        {
            if (argument is null) throw new ArgumentNullException(paramName);
        }
    }

    public class ArgumentOutOfRangeException : ArgumentException
    {
        private protected override int DefaultHResult => unchecked((int)0x80131502);

        private const string OutOfRange = "Specified argument was out of the range of valid values.";
        private readonly object _actualValue;
        private readonly bool _hasActualValue;

        public ArgumentOutOfRangeException() : base(OutOfRange) { }
        public ArgumentOutOfRangeException(string paramName) : base(OutOfRange, paramName) { }
        public ArgumentOutOfRangeException(string paramName, string message) : base(message ?? OutOfRange, paramName) { }
        public ArgumentOutOfRangeException(string message, Exception innerException) : base(message, innerException) { }

        public ArgumentOutOfRangeException(string paramName, object actualValue, string message) : base(message ?? OutOfRange, paramName)
        {
            _actualValue = actualValue;
            _hasActualValue = true;
        }

        public virtual object ActualValue => _actualValue;

        public override string Message
        {
            get
            {
                string message = base.Message;
                if (!_hasActualValue || _actualValue is null) return message;
                return message + "\nActual value was " + _actualValue.ToString() + ".";
            }
        }

        public static void ThrowIfZero(int value, [CallerArgumentExpression(nameof(value))] string paramName = null)
        {
            if (value == 0) throw Create(paramName, value, " must be a non-zero value.");
        }

        public static void ThrowIfNegative(int value, [CallerArgumentExpression(nameof(value))] string paramName = null)
        {
            if (value < 0) throw Create(paramName, value, " must be a non-negative value.");
        }

        public static void ThrowIfNegative(long value, [CallerArgumentExpression(nameof(value))] string paramName = null)
        {
            if (value < 0) throw Create(paramName, value, " must be a non-negative value.");
        }

        public static void ThrowIfNegative(double value, [CallerArgumentExpression(nameof(value))] string paramName = null)
        {
            if (value < 0) throw Create(paramName, value, " must be a non-negative value.");
        }

        public static void ThrowIfNegativeOrZero(int value, [CallerArgumentExpression(nameof(value))] string paramName = null)
        {
            if (value <= 0) throw Create(paramName, value, " must be a non-negative and non-zero value.");
        }

        public static void ThrowIfNegativeOrZero(long value, [CallerArgumentExpression(nameof(value))] string paramName = null)
        {
            if (value <= 0) throw Create(paramName, value, " must be a non-negative and non-zero value.");
        }

        public static void ThrowIfGreaterThan<T>(T value, T other, [CallerArgumentExpression(nameof(value))] string paramName = null) where T : IComparable<T>
        {
            if (value.CompareTo(other) > 0) throw Create(paramName, value, " must be less than or equal to '" + other.ToString() + "'.");
        }

        public static void ThrowIfGreaterThanOrEqual<T>(T value, T other, [CallerArgumentExpression(nameof(value))] string paramName = null) where T : IComparable<T>
        {
            if (value.CompareTo(other) >= 0) throw Create(paramName, value, " must be less than '" + other.ToString() + "'.");
        }

        public static void ThrowIfLessThan<T>(T value, T other, [CallerArgumentExpression(nameof(value))] string paramName = null) where T : IComparable<T>
        {
            if (value.CompareTo(other) < 0) throw Create(paramName, value, " must be greater than or equal to '" + other.ToString() + "'.");
        }

        public static void ThrowIfLessThanOrEqual<T>(T value, T other, [CallerArgumentExpression(nameof(value))] string paramName = null) where T : IComparable<T>
        {
            if (value.CompareTo(other) <= 0) throw Create(paramName, value, " must be greater than '" + other.ToString() + "'.");
        }

        public static void ThrowIfEqual<T>(T value, T other, [CallerArgumentExpression(nameof(value))] string paramName = null) where T : IEquatable<T>
        {
            if (value is null ? other is null : value.Equals(other)) throw Create(paramName, value, " must not be equal to '" + (other?.ToString() ?? "null") + "'.");
        }

        public static void ThrowIfNotEqual<T>(T value, T other, [CallerArgumentExpression(nameof(value))] string paramName = null) where T : IEquatable<T>
        {
            if (!(value is null ? other is null : value.Equals(other))) throw Create(paramName, value, " must be equal to '" + (other?.ToString() ?? "null") + "'.");
        }

        // .NET's wording: "{name} ('{value}') must ..." then the parameter and the actual value.
        private static ArgumentOutOfRangeException Create(string paramName, object value, string rule) =>
            new ArgumentOutOfRangeException(paramName, value, paramName + " ('" + value?.ToString() + "')" + rule);
    }
}
