using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace System.Threading.Tasks
{
    /// <summary>An operation that completes once: run on the thread pool (Run, Start, ContinueWith), or completed by
    /// code (TaskCompletionSource, async methods, Delay). Completion wakes waiters (the task's own lock) and runs its
    /// continuations: those of await on the completing thread, as .NET does without a synchronization context, and
    /// ContinueWith's on the thread pool unless ExecuteSynchronously.</summary>
    public partial class Task : IDisposable
    {
        private static int s_nextId;
        private static Task s_completed;

        private volatile int _status;
        private protected readonly Delegate _action;
        private readonly object _state;
        private readonly TaskCreationOptions _options;
        private int _id;
        private List<Exception> _exceptions;
        private CancellationToken _cancellationToken;
        private object _continuations;   // one continuation or a List<object>; a TaskContinuation or an Action (await's)
        private int _waiters;

        /// <summary>The boxed state machine's MoveNext, made at an async method's first suspension (the builder lives
        /// in the state machine, so the task is where every copy of it finds the one box).</summary>
        internal Action StateMachineMoveNext;

        // A task completed by code (promise).
        internal Task()
        {
            _status = (int)TaskStatus.WaitingForActivation;
        }

        internal Task(TaskCreationOptions options, object state) : this()
        {
            _options = options;
            _state = state;
        }

        public Task(Action action) : this(action, null, default, TaskCreationOptions.None) { }

        public Task(Action action, CancellationToken cancellationToken) : this(action, null, cancellationToken, TaskCreationOptions.None) { }

        public Task(Action action, TaskCreationOptions creationOptions) : this(action, null, default, creationOptions) { }

        public Task(Action<object> action, object state) : this(action, state, default, TaskCreationOptions.None) { }

        internal Task(Delegate action, object state, CancellationToken cancellationToken, TaskCreationOptions options)
        {
            if (action is null) throw new ArgumentNullException(nameof(action));
            _action = action;
            _state = state;
            _options = options;
            _cancellationToken = cancellationToken;
            _status = (int)TaskStatus.Created;
            if (cancellationToken.IsCancellationRequested) TrySetCanceled(cancellationToken);
        }

        public static Task CompletedTask
        {
            get
            {
                if (s_completed is null)
                {
                    var task = new Task();
                    task.TrySetResult();
                    s_completed = task;
                }
                return s_completed;
            }
        }

        public static TaskFactory Factory { get; } = new TaskFactory();

        public static int? CurrentId => null;

        public int Id
        {
            get
            {
                if (_id == 0) Interlocked.CompareExchange(ref _id, Interlocked.Increment(ref s_nextId), 0);
                return _id;
            }
        }

        public TaskStatus Status => (TaskStatus)_status;

        public object AsyncState => _state;

        public TaskCreationOptions CreationOptions => _options;

        public bool IsCompleted => _status >= (int)TaskStatus.RanToCompletion;

        public bool IsCompletedSuccessfully => _status == (int)TaskStatus.RanToCompletion;

        public bool IsCanceled => _status == (int)TaskStatus.Canceled;

        public bool IsFaulted => _status == (int)TaskStatus.Faulted;

        /// <summary>The faults (null unless Faulted), as one AggregateException.</summary>
        public AggregateException Exception
        {
            get
            {
                if (!IsFaulted) return null;
                lock (this) return new AggregateException(_exceptions);
            }
        }

        internal CancellationToken CancellationTokenForException => _cancellationToken;

        // ---- Running ----

        public void Start() => Start(TaskScheduler.Default);

        public void Start(TaskScheduler scheduler)
        {
            if (scheduler is null) throw new ArgumentNullException(nameof(scheduler));
            if (_action is null) throw new InvalidOperationException("Start may not be called on a promise-style task.");
            if (Interlocked.CompareExchange(ref _status, (int)TaskStatus.WaitingToRun, (int)TaskStatus.Created) != (int)TaskStatus.Created)
                throw new InvalidOperationException("Start may not be called on a task that was already started.");
            ThreadPool.Enqueue(static t => ((Task)t).Execute(), this);
        }

        public void RunSynchronously() => RunSynchronously(TaskScheduler.Default);

        public void RunSynchronously(TaskScheduler scheduler)
        {
            if (_action is null) throw new InvalidOperationException("RunSynchronously may not be called on a task not bound to a delegate, such as the task returned from an asynchronous method.");
            if (Interlocked.CompareExchange(ref _status, (int)TaskStatus.WaitingToRun, (int)TaskStatus.Created) != (int)TaskStatus.Created)
                throw new InvalidOperationException("RunSynchronously may not be called on a task that was already started.");
            Execute();
        }

        internal void Execute()
        {
            if (IsCompleted) return;   // cancelled while queued
            if (_cancellationToken.IsCancellationRequested)
            {
                TrySetCanceled(_cancellationToken);
                return;
            }
            _status = (int)TaskStatus.Running;
            try
            {
                InvokeAction();
            }
            catch (OperationCanceledException e) when (_cancellationToken.IsCancellationRequested && e.CancellationToken == _cancellationToken)
            {
                TrySetCanceled(_cancellationToken);
            }
            catch (Exception e)
            {
                TrySetException(e);
            }
        }

        /// <summary>Runs the delegate and completes the task with its outcome (Task&lt;T&gt; stores the result).</summary>
        private protected virtual void InvokeAction()
        {
            switch (_action)
            {
                case Action action: action(); break;
                case Action<object> withState: withState(_state); break;
            }
            TrySetResult();
        }

        // ---- Completing ----

        internal bool TrySetResult() => Complete(TaskStatus.RanToCompletion, null, default);

        internal bool TrySetException(Exception exception) => Complete(TaskStatus.Faulted, new List<Exception> { exception }, default);

        internal bool TrySetException(IEnumerable<Exception> exceptions)
        {
            var list = new List<Exception>(exceptions);
            if (list.Count == 0) throw new ArgumentException("The exceptions collection was empty.", nameof(exceptions));
            foreach (Exception e in list)
                if (e is null) throw new ArgumentException("The exceptions collection included at least one null element.", nameof(exceptions));
            return Complete(TaskStatus.Faulted, list, default);
        }

        internal bool TrySetCanceled(CancellationToken token)
        {
            return Complete(TaskStatus.Canceled, null, token);
        }

        private protected bool Complete(TaskStatus final, List<Exception> exceptions, CancellationToken token)
        {
            object continuations;
            lock (this)
            {
                if (IsCompleted) return false;
                if (final == TaskStatus.Canceled) _cancellationToken = token;
                _exceptions = exceptions;
                _status = (int)final;
                continuations = _continuations;
                _continuations = null;
                if (_waiters > 0) Monitor.PulseAll(this);
            }
            if (continuations is List<object> list) foreach (object c in list) RunContinuation(c);
            else if (continuations is not null) RunContinuation(continuations);
            return true;
        }

        private void RunContinuation(object continuation)
        {
            bool later = (_options & TaskCreationOptions.RunContinuationsAsynchronously) != 0;
            switch (continuation)
            {
                case Action action when later:
                    ThreadPool.Enqueue(static a => ((Action)a)(), action);
                    break;
                case Action action:
                    action();
                    break;
                case TaskContinuation task:
                    task.Run(this, later);
                    break;
            }
        }

        /// <summary>Adds a continuation, or runs it now when the task is already complete.</summary>
        internal void AddContinuation(object continuation)
        {
            lock (this)
            {
                if (!IsCompleted)
                {
                    if (_continuations is null) _continuations = continuation;
                    else if (_continuations is List<object> list) list.Add(continuation);
                    else _continuations = new List<object> { _continuations, continuation };
                    return;
                }
            }
            RunContinuation(continuation);
        }

        // ---- Waiting ----

        public void Wait() => Wait(-1, default);

        public bool Wait(int millisecondsTimeout) => Wait(millisecondsTimeout, default);

        public bool Wait(TimeSpan timeout) => Wait(KernelWaits.ToMilliseconds(timeout, nameof(timeout)), default);

        public void Wait(CancellationToken cancellationToken) => Wait(-1, cancellationToken);

        public bool Wait(TimeSpan timeout, CancellationToken cancellationToken) => Wait(KernelWaits.ToMilliseconds(timeout, nameof(timeout)), cancellationToken);

        /// <summary>Blocks until the task completes (false on timeout); a fault or cancellation is thrown as an
        /// AggregateException, as .NET's Wait does.</summary>
        public bool Wait(int millisecondsTimeout, CancellationToken cancellationToken)
        {
            KernelWaits.CheckTimeout(millisecondsTimeout, nameof(millisecondsTimeout));
            if (!WaitCompletion(millisecondsTimeout, cancellationToken)) return false;
            ThrowIfFailed(aggregate: true);
            return true;
        }

        internal bool WaitCompletion(int millisecondsTimeout, CancellationToken cancellationToken)
        {
            if (IsCompleted) return true;
            cancellationToken.ThrowIfCancellationRequested();
            using CancellationTokenRegistration registration = cancellationToken.CanBeCanceled
                ? cancellationToken.Register(static t => { lock (t) Monitor.PulseAll(t); }, this) : default;
            long start = Environment.TickCount64;
            lock (this)
            {
                _waiters++;
                try
                {
                    while (!IsCompleted)
                    {
                        cancellationToken.ThrowIfCancellationRequested();
                        int left = KernelWaits.Remaining(millisecondsTimeout, start);
                        if (left == 0) return false;
                        Monitor.Wait(this, left);
                    }
                }
                finally
                {
                    _waiters--;
                }
            }
            return true;
        }

        /// <summary>Throws what the completed task ended with: the faults as an AggregateException (Wait, Result) or
        /// the first one itself (await); a cancellation as TaskCanceledException.</summary>
        internal void ThrowIfFailed(bool aggregate)
        {
            if (IsCompletedSuccessfully) return;
            if (IsCanceled)
            {
                var canceled = new TaskCanceledException(this);
                if (aggregate) throw new AggregateException(canceled);
                throw canceled;
            }
            List<Exception> exceptions;
            lock (this) exceptions = _exceptions;
            if (aggregate) throw new AggregateException(exceptions);
            throw exceptions[0];
        }

        /// <summary>What await does at the end: wait if need be, then rethrow a fault's first exception.</summary>
        internal void GetResultCore()
        {
            if (!IsCompleted) WaitCompletion(-1, default);
            ThrowIfFailed(aggregate: false);
        }

        public static void WaitAll(params Task[] tasks) => WaitAll(tasks, -1, default);

        public static bool WaitAll(Task[] tasks, int millisecondsTimeout) => WaitAll(tasks, millisecondsTimeout, default);

        public static bool WaitAll(Task[] tasks, TimeSpan timeout) => WaitAll(tasks, KernelWaits.ToMilliseconds(timeout, nameof(timeout)), default);

        public static void WaitAll(Task[] tasks, CancellationToken cancellationToken) => WaitAll(tasks, -1, cancellationToken);

        /// <summary>Waits for all; then every fault and cancellation together in one AggregateException.</summary>
        public static bool WaitAll(Task[] tasks, int millisecondsTimeout, CancellationToken cancellationToken)
        {
            CheckTasks(tasks);
            long start = Environment.TickCount64;
            foreach (Task task in tasks)
                if (!task.WaitCompletion(KernelWaits.Remaining(millisecondsTimeout, start), cancellationToken)) return false;
            var errors = new List<Exception>();
            foreach (Task task in tasks)
            {
                if (task.IsFaulted) lock (task) errors.AddRange(task._exceptions);
                else if (task.IsCanceled) errors.Add(new TaskCanceledException(task));
            }
            if (errors.Count > 0) throw new AggregateException(errors);
            return true;
        }

        public static int WaitAny(params Task[] tasks) => WaitAny(tasks, -1, default);

        public static int WaitAny(Task[] tasks, int millisecondsTimeout) => WaitAny(tasks, millisecondsTimeout, default);

        public static int WaitAny(Task[] tasks, TimeSpan timeout) => WaitAny(tasks, KernelWaits.ToMilliseconds(timeout, nameof(timeout)), default);

        /// <summary>The index of the first completed task (-1 on timeout).</summary>
        public static int WaitAny(Task[] tasks, int millisecondsTimeout, CancellationToken cancellationToken)
        {
            CheckTasks(tasks);
            for (int i = 0; i < tasks.Length; i++)
                if (tasks[i].IsCompleted) return i;
            Task<Task> any = WhenAny(tasks);
            if (!any.WaitCompletion(millisecondsTimeout, cancellationToken)) return -1;
            return Array.IndexOf(tasks, any.Result);
        }

        private static void CheckTasks(Task[] tasks)
        {
            if (tasks is null) throw new ArgumentNullException(nameof(tasks));
            foreach (Task task in tasks)
                if (task is null) throw new ArgumentException("The tasks array included at least one null element.", nameof(tasks));
        }

        // ---- Await ----

        public TaskAwaiter GetAwaiter() => new TaskAwaiter(this);

        public ConfiguredTaskAwaitable ConfigureAwait(bool continueOnCapturedContext) => new ConfiguredTaskAwaitable(this);

        public static YieldAwaitable Yield() => default;

        // ---- Continuations ----

        public Task ContinueWith(Action<Task> continuationAction) => ContinueWith(continuationAction, default, TaskContinuationOptions.None);

        public Task ContinueWith(Action<Task> continuationAction, CancellationToken cancellationToken) =>
            ContinueWith(continuationAction, cancellationToken, TaskContinuationOptions.None);

        public Task ContinueWith(Action<Task> continuationAction, TaskContinuationOptions continuationOptions) =>
            ContinueWith(continuationAction, default, continuationOptions);

        public Task ContinueWith(Action<Task> continuationAction, CancellationToken cancellationToken, TaskContinuationOptions continuationOptions, TaskScheduler scheduler) =>
            ContinueWith(continuationAction, cancellationToken, continuationOptions);

        public Task ContinueWith(Action<Task> continuationAction, CancellationToken cancellationToken, TaskContinuationOptions continuationOptions)
        {
            if (continuationAction is null) throw new ArgumentNullException(nameof(continuationAction));
            Task antecedent = this;
            var next = new Task((Action)(() => continuationAction(antecedent)), cancellationToken);
            AddContinuation(new TaskContinuation(next, continuationOptions));
            return next;
        }

        public Task ContinueWith(Action<Task, object> continuationAction, object state)
        {
            if (continuationAction is null) throw new ArgumentNullException(nameof(continuationAction));
            Task antecedent = this;
            var next = new Task((Action<object>)(s => continuationAction(antecedent, s)), state);
            AddContinuation(new TaskContinuation(next, TaskContinuationOptions.None));
            return next;
        }

        public Task<TResult> ContinueWith<TResult>(Func<Task, TResult> continuationFunction) =>
            ContinueWith(continuationFunction, default, TaskContinuationOptions.None);

        public Task<TResult> ContinueWith<TResult>(Func<Task, TResult> continuationFunction, TaskContinuationOptions continuationOptions) =>
            ContinueWith(continuationFunction, default, continuationOptions);

        public Task<TResult> ContinueWith<TResult>(Func<Task, TResult> continuationFunction, CancellationToken cancellationToken, TaskContinuationOptions continuationOptions)
        {
            if (continuationFunction is null) throw new ArgumentNullException(nameof(continuationFunction));
            Task antecedent = this;
            var next = new Task<TResult>(() => continuationFunction(antecedent), cancellationToken);
            AddContinuation(new TaskContinuation(next, continuationOptions));
            return next;
        }

        // ---- Factories ----

        public static Task Run(Action action) => Run(action, default);

        public static Task Run(Action action, CancellationToken cancellationToken)
        {
            if (action is null) throw new ArgumentNullException(nameof(action));
            var task = new Task(action, null, cancellationToken, TaskCreationOptions.None);
            if (!task.IsCompleted) task.Start();
            return task;
        }

        public static Task<TResult> Run<TResult>(Func<TResult> function) => Run(function, default);

        public static Task<TResult> Run<TResult>(Func<TResult> function, CancellationToken cancellationToken)
        {
            if (function is null) throw new ArgumentNullException(nameof(function));
            var task = new Task<TResult>(function, cancellationToken);
            if (!task.IsCompleted) task.Start();
            return task;
        }

        public static Task Run(Func<Task> function) => Run(function, default);

        /// <summary>Runs an asynchronous function on the pool; the task returned completes with the task it returns.</summary>
        public static Task Run(Func<Task> function, CancellationToken cancellationToken)
        {
            if (function is null) throw new ArgumentNullException(nameof(function));
            return Run<Task>(function, cancellationToken).Unwrap();
        }

        public static Task<TResult> Run<TResult>(Func<Task<TResult>> function) => Run(function, default);

        public static Task<TResult> Run<TResult>(Func<Task<TResult>> function, CancellationToken cancellationToken)
        {
            if (function is null) throw new ArgumentNullException(nameof(function));
            return Run<Task<TResult>>(function, cancellationToken).Unwrap();
        }

        public static Task Delay(int millisecondsDelay) => Delay(millisecondsDelay, default);

        public static Task Delay(TimeSpan delay) => Delay(KernelWaits.ToMilliseconds(delay, nameof(delay)), default);

        public static Task Delay(TimeSpan delay, CancellationToken cancellationToken) => Delay(KernelWaits.ToMilliseconds(delay, nameof(delay)), cancellationToken);

        public static Task Delay(int millisecondsDelay, CancellationToken cancellationToken)
        {
            if (millisecondsDelay < -1)
                throw new ArgumentOutOfRangeException(nameof(millisecondsDelay), "The value needs to be either -1 (signifying an infinite timeout), 0 or a positive integer.");
            if (cancellationToken.IsCancellationRequested) return FromCanceled(cancellationToken);
            if (millisecondsDelay == 0) return CompletedTask;
            var task = new Task();
            TimerQueue.Entry timer = millisecondsDelay < 0 ? null : TimerQueue.Schedule(millisecondsDelay, static t => ((Task)t).TrySetResult(), task);
            if (cancellationToken.CanBeCanceled)
            {
                cancellationToken.Register(() =>
                {
                    timer?.Cancel();
                    task.TrySetCanceled(cancellationToken);
                });
            }
            return task;
        }

        public static Task FromException(Exception exception)
        {
            if (exception is null) throw new ArgumentNullException(nameof(exception));
            var task = new Task();
            task.TrySetException(exception);
            return task;
        }

        public static Task<TResult> FromException<TResult>(Exception exception)
        {
            if (exception is null) throw new ArgumentNullException(nameof(exception));
            var task = new Task<TResult>();
            task.TrySetException(exception);
            return task;
        }

        public static Task FromCanceled(CancellationToken cancellationToken)
        {
            if (!cancellationToken.IsCancellationRequested) throw new ArgumentOutOfRangeException(nameof(cancellationToken));
            var task = new Task();
            task.TrySetCanceled(cancellationToken);
            return task;
        }

        public static Task<TResult> FromCanceled<TResult>(CancellationToken cancellationToken)
        {
            if (!cancellationToken.IsCancellationRequested) throw new ArgumentOutOfRangeException(nameof(cancellationToken));
            var task = new Task<TResult>();
            task.TrySetCanceled(cancellationToken);
            return task;
        }

        public static Task<TResult> FromResult<TResult>(TResult result)
        {
            var task = new Task<TResult>();
            task.TrySetResult(result);
            return task;
        }

        // ---- Combinators ----

        public static Task WhenAll(params Task[] tasks)
        {
            CheckTasks(tasks);
            return WhenAllCore((Task[])tasks.Clone(), new Task());
        }

        public static Task WhenAll(IEnumerable<Task> tasks)
        {
            if (tasks is null) throw new ArgumentNullException(nameof(tasks));
            return WhenAll(new List<Task>(tasks).ToArray());
        }

        public static Task<TResult[]> WhenAll<TResult>(params Task<TResult>[] tasks)
        {
            CheckTasks(tasks);
            Task<TResult>[] copy = (Task<TResult>[])tasks.Clone();
            var all = new Task<TResult[]>();
            WhenAllCore(copy, new Task()).AddContinuation(new Action(() =>
            {
                if (Aggregate(copy, out List<Exception> errors, out bool canceled))
                {
                    var results = new TResult[copy.Length];
                    for (int i = 0; i < copy.Length; i++) results[i] = copy[i].ResultCore;
                    all.TrySetResult(results);
                }
                else if (errors.Count > 0) all.TrySetException(errors);
                else if (canceled) all.TrySetCanceled(default);
            }));
            return all;
        }

        public static Task<TResult[]> WhenAll<TResult>(IEnumerable<Task<TResult>> tasks)
        {
            if (tasks is null) throw new ArgumentNullException(nameof(tasks));
            return WhenAll(new List<Task<TResult>>(tasks).ToArray());
        }

        // Completes `all` once every task has: faulted with every fault if any faulted, else canceled if any was.
        private static Task WhenAllCore(Task[] tasks, Task all)
        {
            int left = tasks.Length;
            if (left == 0)
            {
                all.TrySetResult();
                return all;
            }
            foreach (Task task in tasks)
            {
                task.AddContinuation(new Action(() =>
                {
                    if (Interlocked.Decrement(ref left) != 0) return;
                    if (Aggregate(tasks, out List<Exception> errors, out bool canceled)) all.TrySetResult();
                    else if (errors.Count > 0) all.TrySetException(errors);
                    else if (canceled) all.TrySetCanceled(default);
                }));
            }
            return all;
        }

        private static bool Aggregate(Task[] tasks, out List<Exception> errors, out bool canceled)
        {
            errors = new List<Exception>();
            canceled = false;
            foreach (Task task in tasks)
            {
                if (task.IsFaulted) lock (task) errors.AddRange(task._exceptions);
                else if (task.IsCanceled) canceled = true;
            }
            return errors.Count == 0 && !canceled;
        }

        public static Task<Task> WhenAny(params Task[] tasks)
        {
            CheckTasks(tasks);
            if (tasks.Length == 0) throw new ArgumentException("The tasks argument contains no tasks.", nameof(tasks));
            var any = new Task<Task>();
            foreach (Task task in tasks)
            {
                Task candidate = task;
                task.AddContinuation(new Action(() => any.TrySetResult(candidate)));
            }
            return any;
        }

        public static Task<Task> WhenAny(IEnumerable<Task> tasks)
        {
            if (tasks is null) throw new ArgumentNullException(nameof(tasks));
            return WhenAny(new List<Task>(tasks).ToArray());
        }

        public static Task<Task<TResult>> WhenAny<TResult>(params Task<TResult>[] tasks)
        {
            CheckTasks(tasks);
            if (tasks.Length == 0) throw new ArgumentException("The tasks argument contains no tasks.", nameof(tasks));
            var any = new Task<Task<TResult>>();
            foreach (Task<TResult> task in tasks)
            {
                Task<TResult> candidate = task;
                task.AddContinuation(new Action(() => any.TrySetResult(candidate)));
            }
            return any;
        }

        public static Task<Task<TResult>> WhenAny<TResult>(IEnumerable<Task<TResult>> tasks)
        {
            if (tasks is null) throw new ArgumentNullException(nameof(tasks));
            return WhenAny(new List<Task<TResult>>(tasks).ToArray());
        }

        public void Dispose() { }

        protected virtual void Dispose(bool disposing) { }
    }

    /// <summary>A ContinueWith continuation: its task runs (on the pool unless ExecuteSynchronously) or is cancelled
    /// when the options exclude the antecedent's outcome.</summary>
    internal sealed class TaskContinuation
    {
        private readonly Task _next;
        private readonly TaskContinuationOptions _options;

        public TaskContinuation(Task next, TaskContinuationOptions options)
        {
            _next = next;
            _options = options;
        }

        public void Run(Task antecedent, bool asynchronously)
        {
            TaskContinuationOptions excluded = antecedent.IsCompletedSuccessfully ? TaskContinuationOptions.NotOnRanToCompletion
                : antecedent.IsFaulted ? TaskContinuationOptions.NotOnFaulted : TaskContinuationOptions.NotOnCanceled;
            if ((_options & excluded) != 0)
            {
                _next.TrySetCanceled(default);
                return;
            }
            if ((_options & TaskContinuationOptions.ExecuteSynchronously) != 0 && !asynchronously) _next.RunSynchronously();
            else _next.Start();
        }
    }
}
