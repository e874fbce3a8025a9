using System.Collections.Generic;

namespace System.Threading
{
    /// <summary>Signals cancellation to the tokens it hands out; callbacks registered on them run at Cancel, the
    /// latest registered first (as .NET runs them), on the cancelling thread.</summary>
    public class CancellationTokenSource : IDisposable
    {
        private readonly object _lock = new object();
        private List<Registration> _registrations;
        private volatile bool _canceled;
        private long _nextId;
        private TimerQueue.Entry _timer;
        private bool _disposed;

        public CancellationTokenSource() { }

        public CancellationTokenSource(int millisecondsDelay) => CancelAfter(millisecondsDelay);

        public CancellationTokenSource(TimeSpan delay) => CancelAfter(delay);

        public bool IsCancellationRequested => _canceled;

        public CancellationToken Token
        {
            get
            {
                if (_disposed) throw new ObjectDisposedException(null, "The CancellationTokenSource has been disposed.");
                return new CancellationToken(this);
            }
        }

        public void Cancel() => Cancel(false);

        public void Cancel(bool throwOnFirstException)
        {
            List<Registration> toRun;
            lock (_lock)
            {
                if (_canceled) return;
                _canceled = true;
                toRun = _registrations;
                _registrations = null;
                _timer?.Cancel();
            }
            if (toRun is null) return;
            List<Exception> errors = null;
            for (int i = toRun.Count - 1; i >= 0; i--)
            {
                try
                {
                    toRun[i].Invoke();
                }
                catch (Exception e) when (!throwOnFirstException)
                {
                    (errors ??= new List<Exception>()).Add(e);
                }
            }
            if (errors is not null) throw new AggregateException(errors);
        }

        public System.Threading.Tasks.Task CancelAsync()
        {
            Cancel();
            return System.Threading.Tasks.Task.CompletedTask;
        }

        public void CancelAfter(TimeSpan delay) => CancelAfter(KernelWaits.ToMilliseconds(delay, nameof(delay)));

        public void CancelAfter(int millisecondsDelay)
        {
            if (millisecondsDelay < -1) throw new ArgumentOutOfRangeException(nameof(millisecondsDelay));
            if (_canceled || millisecondsDelay == -1) return;
            lock (_lock)
            {
                _timer?.Cancel();
                _timer = TimerQueue.Schedule(millisecondsDelay, static state => ((CancellationTokenSource)state).Cancel(), this);
            }
        }

        public bool TryReset()
        {
            lock (_lock)
            {
                if (_canceled) return false;
                _timer?.Cancel();
                _timer = null;
                return true;
            }
        }

        public static CancellationTokenSource CreateLinkedTokenSource(CancellationToken token) => CreateLinkedTokenSource(new[] { token });

        public static CancellationTokenSource CreateLinkedTokenSource(CancellationToken token1, CancellationToken token2) =>
            CreateLinkedTokenSource(new[] { token1, token2 });

        /// <summary>A source cancelled when any of the tokens is.</summary>
        public static CancellationTokenSource CreateLinkedTokenSource(params CancellationToken[] tokens)
        {
            if (tokens is null) throw new ArgumentNullException(nameof(tokens));
            var linked = new CancellationTokenSource();
            foreach (CancellationToken token in tokens)
                if (token.CanBeCanceled) token.Register(static state => ((CancellationTokenSource)state).Cancel(), linked);
            return linked;
        }

        public void Dispose()
        {
            Dispose(true);
        }

        protected virtual void Dispose(bool disposing)
        {
            lock (_lock)
            {
                _timer?.Cancel();
                _timer = null;
                _disposed = true;
            }
        }

        internal CancellationTokenRegistration Register(Delegate callback, object state, bool withToken)
        {
            lock (_lock)
            {
                if (!_canceled)
                {
                    var registration = new Registration(callback, state, withToken, new CancellationToken(this), ++_nextId);
                    (_registrations ??= new List<Registration>()).Add(registration);
                    return new CancellationTokenRegistration(this, registration);
                }
            }
            // Already cancelled: the callback runs now, on this thread.
            new Registration(callback, state, withToken, new CancellationToken(this), 0).Invoke();
            return default;
        }

        internal bool Unregister(Registration registration)
        {
            lock (_lock)
            {
                return _registrations is not null && _registrations.Remove(registration);
            }
        }

        internal sealed class Registration
        {
            private readonly Delegate _callback;
            private readonly object _state;
            private readonly bool _withToken;
            private readonly CancellationToken _token;
            public readonly long Id;

            public Registration(Delegate callback, object state, bool withToken, CancellationToken token, long id)
            {
                _callback = callback;
                _state = state;
                _withToken = withToken;
                _token = token;
                Id = id;
            }

            public void Invoke()
            {
                switch (_callback)
                {
                    case Action action: action(); break;
                    case Action<object> withState: withState(_state); break;
                    case Action<object, CancellationToken> withToken: withToken(_state, _token); break;
                }
            }
        }
    }

    /// <summary>Whether cancellation was requested of the source it came from (None: never).</summary>
    public readonly struct CancellationToken : IEquatable<CancellationToken>
    {
        private readonly CancellationTokenSource _source;
        private readonly bool _canceledForever;

        internal CancellationToken(CancellationTokenSource source)
        {
            _source = source;
            _canceledForever = false;
        }

        public CancellationToken(bool canceled)
        {
            _source = null;
            _canceledForever = canceled;
        }

        public static CancellationToken None => default;

        public bool IsCancellationRequested => _canceledForever || (_source is not null && _source.IsCancellationRequested);

        public bool CanBeCanceled => _canceledForever || _source is not null;

        public void ThrowIfCancellationRequested()
        {
            if (IsCancellationRequested) throw new OperationCanceledException("The operation was canceled.", this);
        }

        public CancellationTokenRegistration Register(Action callback)
        {
            if (callback is null) throw new ArgumentNullException(nameof(callback));
            return RegisterCore(callback, null);
        }

        public CancellationTokenRegistration Register(Action<object> callback, object state)
        {
            if (callback is null) throw new ArgumentNullException(nameof(callback));
            return RegisterCore(callback, state);
        }

        public CancellationTokenRegistration Register(Action<object, CancellationToken> callback, object state)
        {
            if (callback is null) throw new ArgumentNullException(nameof(callback));
            return RegisterCore(callback, state);
        }

        public CancellationTokenRegistration UnsafeRegister(Action<object> callback, object state) => Register(callback, state);

        private CancellationTokenRegistration RegisterCore(Delegate callback, object state)
        {
            if (_source is not null) return _source.Register(callback, state, false);
            if (_canceledForever) new CancellationTokenSource.Registration(callback, state, false, this, 0).Invoke();
            return default;
        }

        public bool Equals(CancellationToken other) => ReferenceEquals(_source, other._source) && _canceledForever == other._canceledForever;

        public override bool Equals(object obj) => obj is CancellationToken other && Equals(other);

        public override int GetHashCode() => _source is null ? (_canceledForever ? 1 : 0) : Runtime.CompilerServices.RuntimeHelpers.GetHashCode(_source);

        public static bool operator ==(CancellationToken left, CancellationToken right) => left.Equals(right);

        public static bool operator !=(CancellationToken left, CancellationToken right) => !left.Equals(right);
    }

    /// <summary>A callback's registration on a token; Dispose takes it back if it has not run.</summary>
    public readonly struct CancellationTokenRegistration : IDisposable, IEquatable<CancellationTokenRegistration>
    {
        private readonly CancellationTokenSource _source;
        private readonly CancellationTokenSource.Registration _registration;

        internal CancellationTokenRegistration(CancellationTokenSource source, CancellationTokenSource.Registration registration)
        {
            _source = source;
            _registration = registration;
        }

        public CancellationToken Token => _source is null ? default : new CancellationToken(_source);

        public void Dispose() => Unregister();

        public bool Unregister() => _source is not null && _source.Unregister(_registration);

        public bool Equals(CancellationTokenRegistration other) => ReferenceEquals(_registration, other._registration);

        public override bool Equals(object obj) => obj is CancellationTokenRegistration other && Equals(other);

        public override int GetHashCode() => _registration is null ? 0 : (int)_registration.Id;
    }
}
