namespace System
{
    /// <summary>The base of exceptions, with .NET's messages and ToString layout ("Type: message", then
    /// " ---> " and the inner exception's text, then "   --- End of inner exception stack trace ---", then the
    /// stack trace). The dispatcher records the code addresses of the frames from the throw to the handler
    /// (<see cref="RecordStackTrace"/>); StackTrace names them on request (Internal.Runtime.ExceptionHandling.
    /// StackTraceText) and is null for an exception never thrown.</summary>
    public class Exception
    {
        private readonly string _message;
        private readonly Exception _innerException;
        private ulong[] _stackTrace;

        public Exception() { }

        public Exception(string message) { _message = message; }

        public Exception(string message, Exception innerException)
        {
            _message = message;
            _innerException = innerException;
        }

        public virtual string Message => _message ?? "Exception of type '" + GetType().ToString() + "' was thrown.";

        public Exception InnerException => _innerException;

        private Collections.IDictionary _data;

        /// <summary>A program's own key/value pairs about the failure; they travel with the exception object through
        /// throw and catch. Made on first use, as most exceptions never carry any.</summary>
        public virtual Collections.IDictionary Data => _data ??= new Collections.ListDictionaryInternal();

        private int _hresult;
        private bool _hresultSet;

        /// <summary>.NET's value for the exception's type unless a program set one.</summary>
        public int HResult
        {
            get => _hresultSet ? _hresult : DefaultHResult;
            set
            {
                _hresult = value;
                _hresultSet = true;
            }
        }

        /// <summary>The HResult .NET's constructors give this type (a program's own exception types inherit their
        /// base's, as there).</summary>
        private protected virtual int DefaultHResult => unchecked((int)0x80131500);

        public virtual string Source { get; set; }

        public virtual string HelpLink { get; set; }

        public virtual string StackTrace => Internal.Runtime.ExceptionHandling.StackTraceText.Format(_stackTrace);

        /// <summary>Called by the dispatcher with the frames of one throw. A new throw replaces the trace; a rethrow
        /// (`throw;`) appends to it, its first frame (the catching method, already the last one) left out.</summary>
        internal unsafe void RecordStackTrace(ulong* frames, int count, bool append)
        {
            // Nothing is allocated for an out-of-memory exception: the allocation would fail again.
            if (this is OutOfMemoryException) return;
            ulong[] old = append ? _stackTrace : null;
            int skip = 0;
            if (old != null && old.Length > 0 && count > 0
                && Internal.Runtime.ExceptionHandling.StackTraceText.MethodStart(frames[0]) == Internal.Runtime.ExceptionHandling.StackTraceText.MethodStart(old[old.Length - 1]))
                skip = 1;
            int kept = old == null ? 0 : old.Length;
            var all = new ulong[kept + count - skip];
            for (int i = 0; i < kept; i++) all[i] = old[i];
            for (int i = skip; i < count; i++) all[kept + i - skip] = frames[i];
            _stackTrace = all;
        }

        public virtual Exception GetBaseException()
        {
            Exception inner = this;
            while (inner._innerException is not null) inner = inner._innerException;
            return inner;
        }

        public override string ToString()
        {
            string message = Message;
            string text = string.IsNullOrEmpty(message) ? GetType().ToString() : GetType().ToString() + ": " + message;
            if (_innerException is not null)
                text = text + "\n ---> " + _innerException.ToString() + "\n   --- End of inner exception stack trace ---";
            string stackTrace = StackTrace;
            if (stackTrace is not null) text = text + "\n" + stackTrace;
            return text;
        }
    }

    public class SystemException : Exception
    {
        private protected override int DefaultHResult => unchecked((int)0x80131501);

        public SystemException() : base("System error.") { }
        public SystemException(string message) : base(message) { }
        public SystemException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class ApplicationException : Exception
    {
        private protected override int DefaultHResult => unchecked((int)0x80131600);

        public ApplicationException() : base("Error in the application.") { }
        public ApplicationException(string message) : base(message) { }
        public ApplicationException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class NullReferenceException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x80004003);

        public NullReferenceException() : base("Object reference not set to an instance of an object.") { }
        public NullReferenceException(string message) : base(message) { }
        public NullReferenceException(string message, Exception innerException) : base(message, innerException) { }
    }

    public sealed class IndexOutOfRangeException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x80131508);

        public IndexOutOfRangeException() : base("Index was outside the bounds of the array.") { }
        public IndexOutOfRangeException(string message) : base(message) { }
        public IndexOutOfRangeException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class InvalidCastException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x80004002);

        public InvalidCastException() : base("Specified cast is not valid.") { }
        public InvalidCastException(string message) : base(message) { }
        public InvalidCastException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class ArrayTypeMismatchException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x80131503);

        public ArrayTypeMismatchException() : base("Attempted to access an element as a type incompatible with the array.") { }
        public ArrayTypeMismatchException(string message) : base(message) { }
    }

    public class RankException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x80131517);

        public RankException() : base("Attempted to operate on an array with the incorrect number of dimensions.") { }
        public RankException(string message) : base(message) { }
    }

    public class ArithmeticException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x80070216);

        public ArithmeticException() : base("Overflow or underflow in the arithmetic operation.") { }
        public ArithmeticException(string message) : base(message) { }
        public ArithmeticException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class DivideByZeroException : ArithmeticException
    {
        private protected override int DefaultHResult => unchecked((int)0x80020012);

        public DivideByZeroException() : base("Attempted to divide by zero.") { }
        public DivideByZeroException(string message) : base(message) { }
        public DivideByZeroException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class OverflowException : ArithmeticException
    {
        private protected override int DefaultHResult => unchecked((int)0x80131516);

        public OverflowException() : base("Arithmetic operation resulted in an overflow.") { }
        public OverflowException(string message) : base(message) { }
        public OverflowException(string message, Exception innerException) : base(message, innerException) { }
    }

    /// <summary>Thrown by nothing here (a stack overflow ends the process, as in .NET); programs name it in catch
    /// clauses and messages.</summary>
    public sealed class StackOverflowException : SystemException
    {
        public StackOverflowException() : base("Operation caused a stack overflow.") { }
        public StackOverflowException(string message) : base(message) { }
        public StackOverflowException(string message, Exception innerException) : base(message, innerException) { }
    }

    public sealed class OutOfMemoryException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x8007000E);

        public OutOfMemoryException() : base("Insufficient memory to continue the execution of the program.") { }
        public OutOfMemoryException(string message) : base(message) { }
    }

    public class InvalidOperationException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x80131509);

        public InvalidOperationException() : base("Operation is not valid due to the current state of the object.") { }
        public InvalidOperationException(string message) : base(message) { }
        public InvalidOperationException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class ObjectDisposedException : InvalidOperationException
    {
        private protected override int DefaultHResult => unchecked((int)0x80131622);

        public ObjectDisposedException(string objectName) : this(objectName, "Cannot access a disposed object.") { }

        public ObjectDisposedException(string objectName, string message) : base(message) { ObjectName = objectName ?? ""; }

        public ObjectDisposedException(string message, Exception innerException) : base(message, innerException) { ObjectName = ""; }

        public string ObjectName { get; }

        public override string Message =>
            ObjectName.Length == 0 ? base.Message : base.Message + "\nObject name: '" + ObjectName + "'.";

        public static void ThrowIf(bool condition, object instance)
        {
            if (condition) throw new ObjectDisposedException(instance?.GetType().ToString());
        }
    }

    public class NotSupportedException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x80131515);

        public NotSupportedException() : base("Specified method is not supported.") { }
        public NotSupportedException(string message) : base(message) { }
        public NotSupportedException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class NotImplementedException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x80004001);

        public NotImplementedException() : base("The method or operation is not implemented.") { }
        public NotImplementedException(string message) : base(message) { }
        public NotImplementedException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class PlatformNotSupportedException : NotSupportedException
    {
        private protected override int DefaultHResult => unchecked((int)0x80131539);

        public PlatformNotSupportedException() : base("Operation is not supported on this platform.") { }
        public PlatformNotSupportedException(string message) : base(message) { }
    }

    public class TimeoutException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x80131505);

        public TimeoutException() : base("The operation has timed out.") { }
        public TimeoutException(string message) : base(message) { }
        public TimeoutException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class UnauthorizedAccessException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x80070005);

        public UnauthorizedAccessException() : base("Attempted to perform an unauthorized operation.") { }
        public UnauthorizedAccessException(string message) : base(message) { }
        public UnauthorizedAccessException(string message, Exception innerException) : base(message, innerException) { }
    }

    public class OperationCanceledException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x8013153B);

        public OperationCanceledException() : base("The operation was canceled.") { }
        public OperationCanceledException(string message) : base(message) { }
        public OperationCanceledException(string message, Exception innerException) : base(message, innerException) { }
        public OperationCanceledException(Threading.CancellationToken token) : this() { CancellationToken = token; }
        public OperationCanceledException(string message, Threading.CancellationToken token) : base(message) { CancellationToken = token; }
        public OperationCanceledException(string message, Exception innerException, Threading.CancellationToken token) : base(message, innerException) { CancellationToken = token; }

        /// <summary>The token whose cancellation this reports (None when not given).</summary>
        public Threading.CancellationToken CancellationToken { get; }
    }

    public sealed class EntryPointNotFoundException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x80131523);

        public EntryPointNotFoundException() : base("The object's type has no implementation of the interface method.") { }
    }
}
