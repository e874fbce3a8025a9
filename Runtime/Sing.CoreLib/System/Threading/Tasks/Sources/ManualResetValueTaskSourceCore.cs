namespace System.Threading.Tasks.Sources
{
    /// <summary>The state of a reusable value task source: one result or exception per use (Version is the use's
    /// token), and one continuation. The compiler's async iterators keep one for MoveNextAsync and DisposeAsync.
    /// A continuation and the completion may race on two threads: the one that comes second runs the continuation.</summary>
    public struct ManualResetValueTaskSourceCore<TResult>
    {
        // Marks "completed before a continuation was registered" in _continuation.
        private static readonly Action<object> Completed = static _ => { };

        private Action<object> _continuation;
        private object _continuationState;
        private TResult _result;
        private Exception _error;
        private bool _completed;
        private short _version;

        /// <summary>Whether the continuation goes to the thread pool rather than running where the result is set.</summary>
        public bool RunContinuationsAsynchronously { get; set; }

        public short Version => _version;

        /// <summary>Ready for the next use: the token changes, so a stale ValueTask is refused.</summary>
        public void Reset()
        {
            _version++;
            _completed = false;
            _result = default;
            _error = null;
            _continuation = null;
            _continuationState = null;
        }

        public void SetResult(TResult result)
        {
            _result = result;
            SignalCompletion();
        }

        public void SetException(Exception error)
        {
            _error = error ?? throw new ArgumentNullException(nameof(error));
            SignalCompletion();
        }

        public ValueTaskSourceStatus GetStatus(short token)
        {
            ValidateToken(token);
            return !Volatile.Read(ref _completed) ? ValueTaskSourceStatus.Pending
                : _error is null ? ValueTaskSourceStatus.Succeeded
                : _error is OperationCanceledException ? ValueTaskSourceStatus.Canceled
                : ValueTaskSourceStatus.Faulted;
        }

        public TResult GetResult(short token)
        {
            ValidateToken(token);
            if (!_completed) throw new InvalidOperationException("Operation is not valid due to the current state of the object.");
            if (_error is not null) throw _error;
            return _result;
        }

        public void OnCompleted(Action<object> continuation, object state, short token, ValueTaskSourceOnCompletedFlags flags)
        {
            if (continuation is null) throw new ArgumentNullException(nameof(continuation));
            ValidateToken(token);
            _continuationState = state;
            Action<object> previous = Interlocked.CompareExchange(ref _continuation, continuation, null);
            if (previous is null) return;
            // Already completed (or a second registration, which .NET refuses too).
            if (!ReferenceEquals(previous, Completed)) throw new InvalidOperationException("Operation is not valid due to the current state of the object.");
            ThreadPool.Enqueue(continuation, state);
        }

        private void ValidateToken(short token)
        {
            if (token != _version) throw new InvalidOperationException("Operation is not valid due to the current state of the object.");
        }

        private void SignalCompletion()
        {
            if (_completed) throw new InvalidOperationException("Operation is not valid due to the current state of the object.");
            Volatile.Write(ref _completed, true);
            Action<object> continuation = Interlocked.CompareExchange(ref _continuation, Completed, null);
            if (continuation is null) return;
            if (RunContinuationsAsynchronously) ThreadPool.Enqueue(continuation, _continuationState);
            else continuation(_continuationState);
        }
    }
}
