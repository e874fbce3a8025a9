using System.Runtime.CompilerServices;

namespace System.Threading.Tasks
{
    /// <summary>A result that is often there at once: either the value itself (no allocation) or a Task. Awaited
    /// once, as .NET's rules for ValueTask say; AsTask gives a Task to await more often.</summary>
    [AsyncMethodBuilder(typeof(AsyncValueTaskMethodBuilder))]
    public readonly struct ValueTask : IEquatable<ValueTask>
    {
        private readonly Task _task;

        public ValueTask(Task task) { _task = task ?? throw new ArgumentNullException(nameof(task)); }

        public static ValueTask CompletedTask => default;

        public static ValueTask<TResult> FromResult<TResult>(TResult result) => new ValueTask<TResult>(result);

        public static ValueTask FromException(Exception exception) => new ValueTask(Task.FromException(exception));

        public static ValueTask FromCanceled(CancellationToken cancellationToken) => new ValueTask(Task.FromCanceled(cancellationToken));

        public bool IsCompleted => _task is null || _task.IsCompleted;

        public bool IsCompletedSuccessfully => _task is null || _task.IsCompletedSuccessfully;

        public bool IsFaulted => _task is not null && _task.IsFaulted;

        public bool IsCanceled => _task is not null && _task.IsCanceled;

        public Task AsTask() => _task ?? Task.CompletedTask;

        public ValueTask Preserve() => this;

        public ValueTaskAwaiter GetAwaiter() => new ValueTaskAwaiter(_task);

        public ConfiguredTaskAwaitable ConfigureAwait(bool continueOnCapturedContext) => AsTask().ConfigureAwait(continueOnCapturedContext);

        public bool Equals(ValueTask other) => ReferenceEquals(_task, other._task);

        public override bool Equals(object obj) => obj is ValueTask other && Equals(other);

        public override int GetHashCode() => _task is null ? 0 : _task.GetHashCode();

        public static bool operator ==(ValueTask left, ValueTask right) => left.Equals(right);

        public static bool operator !=(ValueTask left, ValueTask right) => !left.Equals(right);
    }

    [AsyncMethodBuilder(typeof(AsyncValueTaskMethodBuilder<>))]
    public readonly struct ValueTask<TResult> : IEquatable<ValueTask<TResult>>
    {
        private readonly Task<TResult> _task;
        private readonly TResult _result;

        public ValueTask(TResult result)
        {
            _task = null;
            _result = result;
        }

        public ValueTask(Task<TResult> task)
        {
            _task = task ?? throw new ArgumentNullException(nameof(task));
            _result = default;
        }

        public bool IsCompleted => _task is null || _task.IsCompleted;

        public bool IsCompletedSuccessfully => _task is null || _task.IsCompletedSuccessfully;

        public bool IsFaulted => _task is not null && _task.IsFaulted;

        public bool IsCanceled => _task is not null && _task.IsCanceled;

        public TResult Result => _task is null ? _result : _task.Result;

        public Task<TResult> AsTask() => _task ?? Task.FromResult(_result);

        public ValueTask<TResult> Preserve() => this;

        public ValueTaskAwaiter<TResult> GetAwaiter() => new ValueTaskAwaiter<TResult>(this);

        public ConfiguredTaskAwaitable<TResult> ConfigureAwait(bool continueOnCapturedContext) => AsTask().ConfigureAwait(continueOnCapturedContext);

        internal Task<TResult> TaskOrNull => _task;

        internal TResult ImmediateResult => _result;

        public bool Equals(ValueTask<TResult> other) =>
            _task is not null || other._task is not null ? ReferenceEquals(_task, other._task) : System.Collections.Generic.EqualityComparer<TResult>.Default.Equals(_result, other._result);

        public override bool Equals(object obj) => obj is ValueTask<TResult> other && Equals(other);

        public override int GetHashCode() => _task is not null ? _task.GetHashCode() : _result is null ? 0 : _result.GetHashCode();

        public override string ToString()
        {
            if (_task is not null) return _task.IsCompletedSuccessfully ? _task.Result?.ToString() ?? "" : "";
            return _result?.ToString() ?? "";
        }

        public static bool operator ==(ValueTask<TResult> left, ValueTask<TResult> right) => left.Equals(right);

        public static bool operator !=(ValueTask<TResult> left, ValueTask<TResult> right) => !left.Equals(right);
    }
}

namespace System.Runtime.CompilerServices
{
    using System.Threading.Tasks;

    public readonly struct ValueTaskAwaiter : ICriticalNotifyCompletion
    {
        private readonly Task _task;

        internal ValueTaskAwaiter(Task task) { _task = task; }

        public bool IsCompleted => _task is null || _task.IsCompleted;

        public void OnCompleted(Action continuation) => (_task ?? Task.CompletedTask).GetAwaiter().OnCompleted(continuation);

        public void UnsafeOnCompleted(Action continuation) => OnCompleted(continuation);

        public void GetResult() => _task?.GetResultCore();
    }

    public readonly struct ValueTaskAwaiter<TResult> : ICriticalNotifyCompletion
    {
        private readonly ValueTask<TResult> _value;

        internal ValueTaskAwaiter(ValueTask<TResult> value) { _value = value; }

        public bool IsCompleted => _value.IsCompleted;

        public void OnCompleted(Action continuation) => _value.AsTask().GetAwaiter().OnCompleted(continuation);

        public void UnsafeOnCompleted(Action continuation) => OnCompleted(continuation);

        public TResult GetResult() => _value.TaskOrNull is Task<TResult> task ? task.GetResultForAwait() : _value.ImmediateResult;
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
