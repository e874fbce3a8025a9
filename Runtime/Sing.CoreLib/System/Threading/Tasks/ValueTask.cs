using System.Runtime.CompilerServices;

using System.Threading.Tasks.Sources;

namespace System.Threading.Tasks
{
    /// <summary>A result that is often there at once: nothing at all (no allocation), a Task, or an
    /// IValueTaskSource with the token of one use of it (what async iterators return from MoveNextAsync). Awaited
    /// once, as .NET's rules for ValueTask say; AsTask gives a Task to await more often.</summary>
    [AsyncMethodBuilder(typeof(AsyncValueTaskMethodBuilder))]
    public readonly struct ValueTask : IEquatable<ValueTask>
    {
        // null (completed), a Task, or an IValueTaskSource used with _token.
        private readonly object _obj;
        private readonly short _token;

        public ValueTask(Task task)
        {
            _obj = task ?? throw new ArgumentNullException(nameof(task));
            _token = 0;
        }

        public ValueTask(IValueTaskSource source, short token)
        {
            _obj = source ?? throw new ArgumentNullException(nameof(source));
            _token = token;
        }

        public static ValueTask CompletedTask => default;

        public static ValueTask<TResult> FromResult<TResult>(TResult result) => new ValueTask<TResult>(result);

        public static ValueTask FromException(Exception exception) => new ValueTask(Task.FromException(exception));

        public static ValueTask<TResult> FromException<TResult>(Exception exception) => new ValueTask<TResult>(Task.FromException<TResult>(exception));

        public static ValueTask FromCanceled(CancellationToken cancellationToken) => new ValueTask(Task.FromCanceled(cancellationToken));

        public static ValueTask<TResult> FromCanceled<TResult>(CancellationToken cancellationToken) => new ValueTask<TResult>(Task.FromCanceled<TResult>(cancellationToken));

        public bool IsCompleted => _obj switch { null => true, Task t => t.IsCompleted, _ => Status != ValueTaskSourceStatus.Pending };

        public bool IsCompletedSuccessfully => _obj switch { null => true, Task t => t.IsCompletedSuccessfully, _ => Status == ValueTaskSourceStatus.Succeeded };

        public bool IsFaulted => _obj switch { null => false, Task t => t.IsFaulted, _ => Status == ValueTaskSourceStatus.Faulted };

        public bool IsCanceled => _obj switch { null => false, Task t => t.IsCanceled, _ => Status == ValueTaskSourceStatus.Canceled };

        private ValueTaskSourceStatus Status => ((IValueTaskSource)_obj).GetStatus(_token);

        public Task AsTask() => _obj switch
        {
            null => Task.CompletedTask,
            Task t => t,
            _ => ValueTaskSources.AsTask((IValueTaskSource)_obj, _token),
        };

        public ValueTask Preserve() => _obj is null or Task ? this : new ValueTask(AsTask());

        public ValueTaskAwaiter GetAwaiter() => new ValueTaskAwaiter(this);

        public ConfiguredValueTaskAwaitable ConfigureAwait(bool continueOnCapturedContext) => new ConfiguredValueTaskAwaitable(this);

        internal void OnCompleted(Action continuation)
        {
            if (continuation is null) throw new ArgumentNullException(nameof(continuation));
            if (_obj is IValueTaskSource source) source.OnCompleted(ValueTaskSources.InvokeAction, continuation, _token, ValueTaskSourceOnCompletedFlags.FlowExecutionContext);
            else ((Task)_obj ?? Task.CompletedTask).AddContinuation(continuation);
        }

        internal void ThrowIfFailed()
        {
            if (_obj is Task t) t.GetResultCore();
            else if (_obj is IValueTaskSource source) source.GetResult(_token);
        }

        public bool Equals(ValueTask other) => ReferenceEquals(_obj, other._obj) && _token == other._token;

        public override bool Equals(object obj) => obj is ValueTask other && Equals(other);

        public override int GetHashCode() => _obj is null ? 0 : _obj.GetHashCode();

        public static bool operator ==(ValueTask left, ValueTask right) => left.Equals(right);

        public static bool operator !=(ValueTask left, ValueTask right) => !left.Equals(right);
    }

    [AsyncMethodBuilder(typeof(AsyncValueTaskMethodBuilder<>))]
    public readonly struct ValueTask<TResult> : IEquatable<ValueTask<TResult>>
    {
        // null (the result is _result), a Task<TResult>, or an IValueTaskSource<TResult> used with _token.
        private readonly object _obj;
        private readonly TResult _result;
        private readonly short _token;

        public ValueTask(TResult result)
        {
            _obj = null;
            _result = result;
            _token = 0;
        }

        public ValueTask(Task<TResult> task)
        {
            _obj = task ?? throw new ArgumentNullException(nameof(task));
            _result = default;
            _token = 0;
        }

        public ValueTask(IValueTaskSource<TResult> source, short token)
        {
            _obj = source ?? throw new ArgumentNullException(nameof(source));
            _result = default;
            _token = token;
        }

        public bool IsCompleted => _obj switch { null => true, Task<TResult> t => t.IsCompleted, _ => Status != ValueTaskSourceStatus.Pending };

        public bool IsCompletedSuccessfully => _obj switch { null => true, Task<TResult> t => t.IsCompletedSuccessfully, _ => Status == ValueTaskSourceStatus.Succeeded };

        public bool IsFaulted => _obj switch { null => false, Task<TResult> t => t.IsFaulted, _ => Status == ValueTaskSourceStatus.Faulted };

        public bool IsCanceled => _obj switch { null => false, Task<TResult> t => t.IsCanceled, _ => Status == ValueTaskSourceStatus.Canceled };

        private ValueTaskSourceStatus Status => ((IValueTaskSource<TResult>)_obj).GetStatus(_token);

        /// <summary>The result, waiting if need be (a fault thrown as .NET's Result throws it).</summary>
        public TResult Result => _obj switch
        {
            null => _result,
            Task<TResult> t => t.Result,
            _ => ((IValueTaskSource<TResult>)_obj).GetResult(_token),
        };

        public Task<TResult> AsTask() => _obj switch
        {
            null => Task.FromResult(_result),
            Task<TResult> t => t,
            _ => ValueTaskSources.AsTask((IValueTaskSource<TResult>)_obj, _token),
        };

        public ValueTask<TResult> Preserve() => _obj is null or Task<TResult> ? this : new ValueTask<TResult>(AsTask());

        public ValueTaskAwaiter<TResult> GetAwaiter() => new ValueTaskAwaiter<TResult>(this);

        public ConfiguredValueTaskAwaitable<TResult> ConfigureAwait(bool continueOnCapturedContext) => new ConfiguredValueTaskAwaitable<TResult>(this);

        internal void OnCompleted(Action continuation)
        {
            if (continuation is null) throw new ArgumentNullException(nameof(continuation));
            if (_obj is IValueTaskSource<TResult> source) source.OnCompleted(ValueTaskSources.InvokeAction, continuation, _token, ValueTaskSourceOnCompletedFlags.FlowExecutionContext);
            else ((Task)_obj ?? Task.CompletedTask).AddContinuation(continuation);
        }

        /// <summary>What await gives: the result, or the fault's first exception thrown.</summary>
        internal TResult GetResultForAwait() => _obj switch
        {
            null => _result,
            Task<TResult> t => t.GetResultForAwait(),
            _ => ((IValueTaskSource<TResult>)_obj).GetResult(_token),
        };

        public bool Equals(ValueTask<TResult> other) =>
            _obj is not null || other._obj is not null
                ? ReferenceEquals(_obj, other._obj) && _token == other._token
                : System.Collections.Generic.EqualityComparer<TResult>.Default.Equals(_result, other._result);

        public override bool Equals(object obj) => obj is ValueTask<TResult> other && Equals(other);

        public override int GetHashCode() => _obj is not null ? _obj.GetHashCode() : _result is null ? 0 : _result.GetHashCode();

        /// <summary>The result's text once it succeeded, else empty (as .NET's).</summary>
        public override string ToString() => IsCompletedSuccessfully ? Result?.ToString() ?? "" : "";

        public static bool operator ==(ValueTask<TResult> left, ValueTask<TResult> right) => left.Equals(right);

        public static bool operator !=(ValueTask<TResult> left, ValueTask<TResult> right) => !left.Equals(right);
    }

    /// <summary>A value task source's completion as a Task, for AsTask and Preserve.</summary>
    internal static class ValueTaskSources
    {
        public static readonly Action<object> InvokeAction = static a => ((Action)a)();

        public static Task AsTask(IValueTaskSource source, short token)
        {
            var task = new Task();
            if (source.GetStatus(token) == ValueTaskSourceStatus.Pending)
                source.OnCompleted(static s =>
                {
                    var (src, tok, t) = ((IValueTaskSource, short, Task))s;
                    Complete(src, tok, t);
                }, (source, token, task), token, ValueTaskSourceOnCompletedFlags.None);
            else Complete(source, token, task);
            return task;
        }

        public static Task<TResult> AsTask<TResult>(IValueTaskSource<TResult> source, short token)
        {
            var task = new Task<TResult>();
            if (source.GetStatus(token) == ValueTaskSourceStatus.Pending)
                source.OnCompleted(static s =>
                {
                    var (src, tok, t) = ((IValueTaskSource<TResult>, short, Task<TResult>))s;
                    Complete(src, tok, t);
                }, (source, token, task), token, ValueTaskSourceOnCompletedFlags.None);
            else Complete(source, token, task);
            return task;
        }

        private static void Complete(IValueTaskSource source, short token, Task task)
        {
            try
            {
                source.GetResult(token);
                task.TrySetResult();
            }
            catch (Exception e)
            {
                Fail(task, e);
            }
        }

        private static void Complete<TResult>(IValueTaskSource<TResult> source, short token, Task<TResult> task)
        {
            try
            {
                task.TrySetResult(source.GetResult(token));
            }
            catch (Exception e)
            {
                Fail(task, e);
            }
        }

        private static void Fail(Task task, Exception e)
        {
            if (e is OperationCanceledException canceled) task.TrySetCanceled(canceled.CancellationToken);
            else task.TrySetException(e);
        }
    }
}

namespace System.Runtime.CompilerServices
{
    using System.Threading.Tasks;

    public readonly struct ValueTaskAwaiter : ICriticalNotifyCompletion
    {
        private readonly ValueTask _value;

        internal ValueTaskAwaiter(ValueTask value) { _value = value; }

        public bool IsCompleted => _value.IsCompleted;

        public void OnCompleted(Action continuation) => _value.OnCompleted(continuation);

        public void UnsafeOnCompleted(Action continuation) => _value.OnCompleted(continuation);

        public void GetResult() => _value.ThrowIfFailed();
    }

    public readonly struct ValueTaskAwaiter<TResult> : ICriticalNotifyCompletion
    {
        private readonly ValueTask<TResult> _value;

        internal ValueTaskAwaiter(ValueTask<TResult> value) { _value = value; }

        public bool IsCompleted => _value.IsCompleted;

        public void OnCompleted(Action continuation) => _value.OnCompleted(continuation);

        public void UnsafeOnCompleted(Action continuation) => _value.OnCompleted(continuation);

        public TResult GetResult() => _value.GetResultForAwait();
    }

    /// <summary>await valueTask.ConfigureAwait(...): the same as awaiting it, there being no synchronization context.</summary>
    public readonly struct ConfiguredValueTaskAwaitable
    {
        private readonly ValueTask _value;

        internal ConfiguredValueTaskAwaitable(ValueTask value) { _value = value; }

        public ConfiguredValueTaskAwaiter GetAwaiter() => new ConfiguredValueTaskAwaiter(_value);

        public readonly struct ConfiguredValueTaskAwaiter : ICriticalNotifyCompletion
        {
            private readonly ValueTask _value;

            internal ConfiguredValueTaskAwaiter(ValueTask value) { _value = value; }

            public bool IsCompleted => _value.IsCompleted;

            public void OnCompleted(Action continuation) => _value.OnCompleted(continuation);

            public void UnsafeOnCompleted(Action continuation) => _value.OnCompleted(continuation);

            public void GetResult() => _value.ThrowIfFailed();
        }
    }

    public readonly struct ConfiguredValueTaskAwaitable<TResult>
    {
        private readonly ValueTask<TResult> _value;

        internal ConfiguredValueTaskAwaitable(ValueTask<TResult> value) { _value = value; }

        public ConfiguredValueTaskAwaiter GetAwaiter() => new ConfiguredValueTaskAwaiter(_value);

        public readonly struct ConfiguredValueTaskAwaiter : ICriticalNotifyCompletion
        {
            private readonly ValueTask<TResult> _value;

            internal ConfiguredValueTaskAwaiter(ValueTask<TResult> value) { _value = value; }

            public bool IsCompleted => _value.IsCompleted;

            public void OnCompleted(Action continuation) => _value.OnCompleted(continuation);

            public void UnsafeOnCompleted(Action continuation) => _value.OnCompleted(continuation);

            public TResult GetResult() => _value.GetResultForAwait();
        }
    }

    /// <summary>async ValueTask methods: a method that finishes without suspending returns its value with no task.</summary>
    public struct AsyncValueTaskMethodBuilder
    {
        private AsyncTaskMethodBuilder _inner;
        private bool _suspended;

        public static AsyncValueTaskMethodBuilder Create() => default;

        public ValueTask Task => _suspended ? new ValueTask(_inner.Task) : _inner.Task.IsCompletedSuccessfully ? default : new ValueTask(_inner.Task);

        public void Start<TStateMachine>(ref TStateMachine stateMachine) where TStateMachine : IAsyncStateMachine => AsyncSteps.Start(ref stateMachine);

        public void SetStateMachine(IAsyncStateMachine stateMachine) => _inner.SetStateMachine(stateMachine);

        public void AwaitOnCompleted<TAwaiter, TStateMachine>(ref TAwaiter awaiter, ref TStateMachine stateMachine)
            where TAwaiter : INotifyCompletion where TStateMachine : IAsyncStateMachine
        {
            _suspended = true;
            _inner.AwaitOnCompleted(ref awaiter, ref stateMachine);
        }

        public void AwaitUnsafeOnCompleted<TAwaiter, TStateMachine>(ref TAwaiter awaiter, ref TStateMachine stateMachine)
            where TAwaiter : ICriticalNotifyCompletion where TStateMachine : IAsyncStateMachine
        {
            _suspended = true;
            _inner.AwaitUnsafeOnCompleted(ref awaiter, ref stateMachine);
        }

        public void SetResult() => _inner.SetResult();

        public void SetException(Exception exception) => _inner.SetException(exception);
    }

    public struct AsyncValueTaskMethodBuilder<TResult>
    {
        private AsyncTaskMethodBuilder<TResult> _inner;
        private bool _suspended;
        private bool _hasResult;
        private TResult _result;

        public static AsyncValueTaskMethodBuilder<TResult> Create() => default;

        public ValueTask<TResult> Task => !_suspended && _hasResult ? new ValueTask<TResult>(_result) : new ValueTask<TResult>(_inner.Task);

        public void Start<TStateMachine>(ref TStateMachine stateMachine) where TStateMachine : IAsyncStateMachine => AsyncSteps.Start(ref stateMachine);

        public void SetStateMachine(IAsyncStateMachine stateMachine) => _inner.SetStateMachine(stateMachine);

        public void AwaitOnCompleted<TAwaiter, TStateMachine>(ref TAwaiter awaiter, ref TStateMachine stateMachine)
            where TAwaiter : INotifyCompletion where TStateMachine : IAsyncStateMachine
        {
            _suspended = true;
            _inner.AwaitOnCompleted(ref awaiter, ref stateMachine);
        }

        public void AwaitUnsafeOnCompleted<TAwaiter, TStateMachine>(ref TAwaiter awaiter, ref TStateMachine stateMachine)
            where TAwaiter : ICriticalNotifyCompletion where TStateMachine : IAsyncStateMachine
        {
            _suspended = true;
            _inner.AwaitUnsafeOnCompleted(ref awaiter, ref stateMachine);
        }

        public void SetResult(TResult result)
        {
            if (_suspended) _inner.SetResult(result);
            else
            {
                _result = result;
                _hasResult = true;
            }
        }

        public void SetException(Exception exception)
        {
            _suspended = true;   // a fault travels in a task
            _inner.SetException(exception);
        }
    }
}
