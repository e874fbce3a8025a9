namespace System
{
    public class Exception
    {
        private readonly string _message;

        public Exception() { }

        public Exception(string message) { _message = message; }

        public virtual string Message => _message ?? "Exception of a system type was thrown.";

        public override string ToString() => Message;
    }

    public class SystemException : Exception
    {
        public SystemException() { }
        public SystemException(string message) : base(message) { }
    }

    public class NullReferenceException : SystemException
    {
        public NullReferenceException() : base("Object reference not set to an instance of an object.") { }
        public NullReferenceException(string message) : base(message) { }
    }

    public class IndexOutOfRangeException : SystemException
    {
        public IndexOutOfRangeException() : base("Index was outside the bounds of the array.") { }
    }

    public class InvalidCastException : SystemException
    {
        public InvalidCastException() : base("Specified cast is not valid.") { }
        public InvalidCastException(string message) : base(message) { }
    }

    public class ArrayTypeMismatchException : SystemException
    {
        public ArrayTypeMismatchException() : base("Attempted to access an element as a type incompatible with the array.") { }
    }

    public class ArithmeticException : SystemException
    {
        public ArithmeticException() : base("Overflow or underflow in the arithmetic operation.") { }
        public ArithmeticException(string message) : base(message) { }
    }

    public class DivideByZeroException : ArithmeticException
    {
        public DivideByZeroException() : base("Attempted to divide by zero.") { }
    }

    public class OverflowException : ArithmeticException
    {
        public OverflowException() : base("Arithmetic operation resulted in an overflow.") { }
        public OverflowException(string message) : base(message) { }
    }

    public class OutOfMemoryException : SystemException
    {
        public OutOfMemoryException() : base("Insufficient memory to continue the execution of the program.") { }
    }

    public class InvalidOperationException : SystemException
    {
        public InvalidOperationException() { }
        public InvalidOperationException(string message) : base(message) { }
    }

    public class NotSupportedException : SystemException
    {
        public NotSupportedException() : base("Specified method is not supported.") { }
        public NotSupportedException(string message) : base(message) { }
    }

    public class NotImplementedException : SystemException
    {
        public NotImplementedException() : base("The method or operation is not implemented.") { }
        public NotImplementedException(string message) : base(message) { }
    }

    public class PlatformNotSupportedException : NotSupportedException
    {
        public PlatformNotSupportedException() : base("Operation is not supported on this platform.") { }
    }

    public class ArgumentException : SystemException
    {
        public ArgumentException() : base("Value does not fall within the expected range.") { }
        public ArgumentException(string message) : base(message) { }

        /// <summary>As .NET words it: the message, then " (Parameter 'name')".</summary>
        public ArgumentException(string message, string paramName)
            : base(paramName is null ? message : string.Concat(message, " (Parameter '", paramName, "')"))
        {
            ParamName = paramName;
        }

        public virtual string ParamName { get; }
    }

    public class ArgumentNullException : ArgumentException
    {
        public ArgumentNullException() : base("Value cannot be null.") { }
        public ArgumentNullException(string paramName) : base(string.Concat("Value cannot be null: ", paramName)) { }
    }

    public class ArgumentOutOfRangeException : ArgumentException
    {
        public ArgumentOutOfRangeException() : base("Specified argument was out of the range of valid values.") { }
        public ArgumentOutOfRangeException(string paramName) : base(string.Concat("Specified argument was out of the range of valid values: ", paramName)) { }
    }
}

namespace System
{
    public class EntryPointNotFoundException : SystemException
    {
        public EntryPointNotFoundException() : base("The object's type has no implementation of the interface method.") { }
    }
}
