using System.Runtime.CompilerServices;

namespace System.Threading.Tasks
{
    /// <summary>A task with a result: Result waits and throws a fault as an AggregateException; await returns it.</summary>
    public partial class Task<TResult> : Task
    {
        private TResult _result;

        internal Task() { }

        internal Task(TaskCreationOptions options, object state) : base(options, state) { }

        public Task(Func<TResult> function) : this(function, default) { }

        public Task(Func<TResult> function, CancellationToken cancellationToken)
            : base(function ?? throw new ArgumentNullException(nameof(function)), null, cancellationToken, TaskCreationOptions.None) { }

        public Task(Func<object, TResult> function, object state)
            : base(function ?? throw new ArgumentNullException(nameof(function)), state, default, TaskCreationOptions.None) { }

        public new static TaskFactory<TResult> Factory { get; } = new TaskFactory<TResult>();

        public TResult Result
        {
            get
            {
                if (!IsCompleted) WaitCompletion(-1, default);
                ThrowIfFailed(aggregate: true);
                return _result;
            }
        }

        internal TResult ResultCore => _result;

        private protected override void InvokeAction()
        {
            TResult result = _action is Func<TResult> function ? function() : ((Func<object, TResult>)_action)(AsyncState);
            TrySetResult(result);
        }


        internal bool TrySetResult(TResult result)
        {
            // The result is written before the status says so; readers look at the status first.
            if (IsCompleted) return false;
            lock (this)
            {
                if (IsCompleted) return false;
                _result = result;
            }
            return Complete(TaskStatus.RanToCompletion, null, default);
        }

        public new TaskAwaiter<TResult> GetAwaiter() => new TaskAwaiter<TResult>(this);

        public new ConfiguredTaskAwaitable<TResult> ConfigureAwait(bool continueOnCapturedContext) => new ConfiguredTaskAwaitable<TResult>(this);

        internal TResult GetResultForAwait()
        {
            GetResultCore();
            return _result;
        }

        public Task ContinueWith(Action<Task<TResult>> continuationAction) => ContinueWith(continuationAction, default, TaskContinuationOptions.None);

        public Task ContinueWith(Action<Task<TResult>> continuationAction, TaskContinuationOptions continuationOptions) =>
            ContinueWith(continuationAction, default, continuationOptions);

        public Task ContinueWith(Action<Task<TResult>> continuationAction, CancellationToken cancellationToken, TaskContinuationOptions continuationOptions)
        {
            if (continuationAction is null) throw new ArgumentNullException(nameof(continuationAction));
            Task<TResult> antecedent = this;
            var next = new Task((Action)(() => continuationAction(antecedent)), cancellationToken);
            AddContinuation(new TaskContinuation(next, continuationOptions));
            return next;
        }

        public Task<TNewResult> ContinueWith<TNewResult>(Func<Task<TResult>, TNewResult> continuationFunction) =>
            ContinueWith(continuationFunction, default, TaskContinuationOptions.None);

        public Task<TNewResult> ContinueWith<TNewResult>(Func<Task<TResult>, TNewResult> continuationFunction, TaskContinuationOptions continuationOptions) =>
            ContinueWith(continuationFunction, default, continuationOptions);

        public Task<TNewResult> ContinueWith<TNewResult>(Func<Task<TResult>, TNewResult> continuationFunction, CancellationToken cancellationToken, TaskContinuationOptions continuationOptions)
        {
            if (continuationFunction is null) throw new ArgumentNullException(nameof(continuationFunction));
            Task<TResult> antecedent = this;
            var next = new Task<TNewResult>(() => continuationFunction(antecedent), cancellationToken);
            AddContinuation(new TaskContinuation(next, continuationOptions));
            return next;
        }
    }

    /// <summary>A task completed by code: by SetResult, SetException or SetCanceled, once.</summary>
    public class TaskCompletionSource<TResult>
    {
        public TaskCompletionSource() : this(null, TaskCreationOptions.None) { }

        public TaskCompletionSource(TaskCreationOptions creationOptions) : this(null, creationOptions) { }

        public TaskCompletionSource(object state) : this(state, TaskCreationOptions.None) { }

        public TaskCompletionSource(object state, TaskCreationOptions creationOptions)
        {
            Task = new Task<TResult>(creationOptions, state);
        }

        public Task<TResult> Task { get; }

        public void SetResult(TResult result)
        {
            if (!TrySetResult(result)) throw Completed();
        }

        public bool TrySetResult(TResult result) => Task.TrySetResult(result);

        public void SetException(Exception exception)
        {
            if (!TrySetException(exception)) throw Completed();
        }

        public void SetException(System.Collections.Generic.IEnumerable<Exception> exceptions)
        {
            if (!TrySetException(exceptions)) throw Completed();
        }

        public bool TrySetException(Exception exception)
        {
            if (exception is null) throw new ArgumentNullException(nameof(exception));
            return Task.TrySetException(exception);
        }

        public bool TrySetException(System.Collections.Generic.IEnumerable<Exception> exceptions)
        {
            if (exceptions is null) throw new ArgumentNullException(nameof(exceptions));
            return Task.TrySetException(exceptions);
        }

        public void SetCanceled() => SetCanceled(default);

        public void SetCanceled(CancellationToken cancellationToken)
        {
            if (!TrySetCanceled(cancellationToken)) throw Completed();
        }

        public bool TrySetCanceled() => TrySetCanceled(default);

        public bool TrySetCanceled(CancellationToken cancellationToken) => Task.TrySetCanceled(cancellationToken);

        internal static InvalidOperationException Completed() =>
            new InvalidOperationException("An attempt was made to transition a task to a final state when it had already completed.");
    }

    /// <summary>TaskCompletionSource without a result (.NET 5).</summary>
    public class TaskCompletionSource
    {
        private readonly TaskCompletionSource<bool> _inner;

        public TaskCompletionSource() : this(null, TaskCreationOptions.None) { }

        public TaskCompletionSource(TaskCreationOptions creationOptions) : this(null, creationOptions) { }

        public TaskCompletionSource(object state) : this(state, TaskCreationOptions.None) { }

        public TaskCompletionSource(object state, TaskCreationOptions creationOptions)
        {
            _inner = new TaskCompletionSource<bool>(state, creationOptions);
        }

        public Task Task => _inner.Task;

        public void SetResult() => _inner.SetResult(true);

        public bool TrySetResult() => _inner.TrySetResult(true);

        public void SetException(Exception exception) => _inner.SetException(exception);

        public bool TrySetException(Exception exception) => _inner.TrySetException(exception);

        public void SetCanceled() => _inner.SetCanceled();

        public void SetCanceled(CancellationToken cancellationToken) => _inner.SetCanceled(cancellationToken);

        public bool TrySetCanceled() => _inner.TrySetCanceled();

        public bool TrySetCanceled(CancellationToken cancellationToken) => _inner.TrySetCanceled(cancellationToken);
    }

    public static class TaskExtensions
    {
        /// <summary>A task that completes as the task the outer task produced does.</summary>
        public static Task Unwrap(this Task<Task> task)
        {
            if (task is null) throw new ArgumentNullException(nameof(task));
            var proxy = new Task<bool>();
            task.AddContinuation(new Action(() => Forward(task, proxy, static (inner, p) => ((Task<bool>)p).TrySetResult(true))));
            return proxy;
        }

        public static Task<TResult> Unwrap<TResult>(this Task<Task<TResult>> task)
        {
            if (task is null) throw new ArgumentNullException(nameof(task));
            var proxy = new Task<TResult>();
            task.AddContinuation(new Action(() => Forward(task, proxy, static (inner, p) => ((Task<TResult>)p).TrySetResult(((Task<TResult>)inner).ResultCore))));
            return proxy;
        }

        private static void Forward<TOuter>(Task<TOuter> outer, Task proxy, Action<Task, Task> onSuccess) where TOuter : Task
        {
            if (!outer.IsCompletedSuccessfully)
            {
                CopyFailure(outer, proxy);
                return;
            }
            Task inner = outer.ResultCore;
            if (inner is null)
            {
                proxy.TrySetCanceled(default);
                return;
            }
            inner.AddContinuation(new Action(() =>
            {
                if (inner.IsCompletedSuccessfully) onSuccess(inner, proxy);
                else CopyFailure(inner, proxy);
            }));
        }

        private static void CopyFailure(Task from, Task to)
        {
            if (from.IsCanceled) to.TrySetCanceled(from.CancellationTokenForException);
            else to.TrySetException(from.Exception.InnerExceptions);
        }
    }
}
