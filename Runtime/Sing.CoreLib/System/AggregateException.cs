using System.Collections.Generic;
using System.Collections.ObjectModel;

namespace System
{
    /// <summary>Several exceptions as one (a task's faults). The message lists each inner message in parentheses, as
    /// .NET's does: "One or more errors occurred. (first) (second)".</summary>
    public class AggregateException : Exception
    {
        private const string DefaultMessage = "One or more errors occurred.";
        private readonly Exception[] _inner;

        public AggregateException() : this(DefaultMessage, Array.Empty<Exception>()) { }

        public AggregateException(string message) : this(message, Array.Empty<Exception>()) { }

        public AggregateException(string message, Exception innerException)
            : this(message, new[] { innerException ?? throw new ArgumentNullException(nameof(innerException)) }) { }

        public AggregateException(params Exception[] innerExceptions) : this(DefaultMessage, innerExceptions) { }

        public AggregateException(IEnumerable<Exception> innerExceptions) : this(DefaultMessage, innerExceptions) { }

        public AggregateException(string message, IEnumerable<Exception> innerExceptions)
            : this(message, new List<Exception>(innerExceptions ?? throw new ArgumentNullException(nameof(innerExceptions))).ToArray()) { }

        public AggregateException(string message, params Exception[] innerExceptions)
            : base(message, innerExceptions is { Length: > 0 } ? innerExceptions[0] : null)
        {
            if (innerExceptions is null) throw new ArgumentNullException(nameof(innerExceptions));
            foreach (Exception e in innerExceptions)
                if (e is null) throw new ArgumentException("An element of innerExceptions was null.", nameof(innerExceptions));
            _inner = (Exception[])innerExceptions.Clone();
        }

        public ReadOnlyCollection<Exception> InnerExceptions => new ReadOnlyCollection<Exception>(_inner);

        public override string Message
        {
            get
            {
                if (_inner.Length == 0) return base.Message;
                var text = new Text.StringBuilder(base.Message);
                foreach (Exception e in _inner) text.Append(" (").Append(e.Message).Append(')');
                return text.ToString();
            }
        }

        /// <summary>This exception with nested AggregateExceptions replaced by their inner exceptions, breadth first.
        /// The new one keeps this one's own message (a derived type's Message, which may be overridden, as .NET).</summary>
        public AggregateException Flatten()
        {
            var flat = new List<Exception>();
            var pending = new Queue<AggregateException>();
            pending.Enqueue(this);
            while (pending.Count > 0)
            {
                foreach (Exception e in pending.Dequeue()._inner)
                {
                    if (e is AggregateException nested) pending.Enqueue(nested);
                    else flat.Add(e);
                }
            }
            return new AggregateException(GetType() == typeof(AggregateException) ? base.Message : Message, flat);
        }

        /// <summary>Throws the inner exceptions the predicate refuses as one new aggregate, whose message is this
        /// one's whole Message (inner messages included, as .NET's: "outer (a) (b) (b)").</summary>
        public void Handle(Func<Exception, bool> predicate)
        {
            if (predicate is null) throw new ArgumentNullException(nameof(predicate));
            var unhandled = new List<Exception>();
            foreach (Exception e in _inner)
                if (!predicate(e)) unhandled.Add(e);
            if (unhandled.Count > 0) throw new AggregateException(Message, unhandled);
        }

        public override Exception GetBaseException()
        {
            Exception back = this;
            while (back is AggregateException aggregate && aggregate._inner.Length == 1) back = aggregate._inner[0];
            return back;
        }
    }
}
