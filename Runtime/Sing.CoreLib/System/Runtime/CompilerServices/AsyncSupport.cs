using System.Threading;
using System.Threading.Tasks;

namespace System.Runtime.CompilerServices
{
    // What the C# compiler's async methods and await need. There is no synchronization context: a continuation runs on
    // the thread that completes the awaited task (or the pool), as in a .NET console program.

    public interface IAsyncStateMachine
    {
        void MoveNext();
        void SetStateMachine(IAsyncStateMachine stateMachine);
    }

    public interface INotifyCompletion
    {
        void OnCompleted(Action continuation);
    }

    public interface ICriticalNotifyCompletion : INotifyCompletion
    {
        void UnsafeOnCompleted(Action continuation);
    }

    public readonly struct TaskAwaiter : ICriticalNotifyCompletion
    {
        private readonly Task _task;

        internal TaskAwaiter(Task task) { _task = task; }

        public bool IsCompleted => _task.IsCompleted;

        public void OnCompleted(Action continuation) => _task.AddContinuation(continuation ?? throw new ArgumentNullException(nameof(continuation)));

        public void UnsafeOnCompleted(Action continuation) => OnCompleted(continuation);

        public void GetResult() => _task.GetResultCore();
    }

    public readonly struct TaskAwaiter<TResult> : ICriticalNotifyCompletion
    {
        private readonly Task<TResult> _task;

        internal TaskAwaiter(Task<TResult> task) { _task = task; }

        public bool IsCompleted => _task.IsCompleted;

        public void OnCompleted(Action continuation) => _task.AddContinuation(continuation ?? throw new ArgumentNullException(nameof(continuation)));

        public void UnsafeOnCompleted(Action continuation) => OnCompleted(continuation);

        public TResult GetResult() => _task.GetResultForAwait();
    }

    public readonly struct ConfiguredTaskAwaitable
    {
        private readonly ConfiguredTaskAwaiter _awaiter;

        internal ConfiguredTaskAwaitable(Task task) { _awaiter = new ConfiguredTaskAwaiter(task); }

        public ConfiguredTaskAwaiter GetAwaiter() => _awaiter;

        public readonly struct ConfiguredTaskAwaiter : ICriticalNotifyCompletion
        {
            private readonly Task _task;

            internal ConfiguredTaskAwaiter(Task task) { _task = task; }

            public bool IsCompleted => _task.IsCompleted;

            public void OnCompleted(Action continuation) => _task.AddContinuation(continuation ?? throw new ArgumentNullException(nameof(continuation)));

            public void UnsafeOnCompleted(Action continuation) => OnCompleted(continuation);

            public void GetResult() => _task.GetResultCore();
        }
    }

    public readonly struct ConfiguredTaskAwaitable<TResult>
    {
        private readonly ConfiguredTaskAwaiter _awaiter;

        internal ConfiguredTaskAwaitable(Task<TResult> task) { _awaiter = new ConfiguredTaskAwaiter(task); }

        public ConfiguredTaskAwaiter GetAwaiter() => _awaiter;

        public readonly struct ConfiguredTaskAwaiter : ICriticalNotifyCompletion
        {
            private readonly Task<TResult> _task;

            internal ConfiguredTaskAwaiter(Task<TResult> task) { _task = task; }

            public bool IsCompleted => _task.IsCompleted;

            public void OnCompleted(Action continuation) => _task.AddContinuation(continuation ?? throw new ArgumentNullException(nameof(continuation)));

            public void UnsafeOnCompleted(Action continuation) => OnCompleted(continuation);

            public TResult GetResult() => _task.GetResultForAwait();
        }
    }

    /// <summary>await Task.Yield(): the rest of the method runs on the thread pool.</summary>
    public readonly struct YieldAwaitable
    {
        public YieldAwaiter GetAwaiter() => default;

        public readonly struct YieldAwaiter : ICriticalNotifyCompletion
        {
            public bool IsCompleted => false;

            public void OnCompleted(Action continuation) =>
                ThreadPool.Enqueue(static a => ((Action)a)(), continuation ?? throw new ArgumentNullException(nameof(continuation)));

            public void UnsafeOnCompleted(Action continuation) => OnCompleted(continuation);

            public void GetResult() { }
        }
    }

    /// <summary>The builders' shared step: at an async method's first suspension its state machine is boxed (a
    /// struct is copied; the task was made before, so every copy's builder holds it) and the box's MoveNext becomes
    /// the continuation of this and every later await.</summary>
    internal static class AsyncSteps
    {
        public static Action MoveNextOf<TStateMachine>(Task task, ref TStateMachine stateMachine) where TStateMachine : IAsyncStateMachine
        {
            Action moveNext = task.StateMachineMoveNext;
            if (moveNext is not null) return moveNext;
            IAsyncStateMachine box = stateMachine;
            moveNext = box.MoveNext;
            task.StateMachineMoveNext = moveNext;
            return moveNext;
        }

        /// <summary>Nothing to record (the box is made at the first suspension); the argument is checked as .NET does.</summary>
        public static void SetStateMachine(IAsyncStateMachine stateMachine)
        {
            if (stateMachine is null) throw new ArgumentNullException(nameof(stateMachine));
        }

        public static void Start<TStateMachine>(ref TStateMachine stateMachine) where TStateMachine : IAsyncStateMachine
        {
            if (stateMachine is null) throw new ArgumentNullException(nameof(stateMachine));
            stateMachine.MoveNext();
        }

        /// <summary>An exception out of an async method: cancellation cancels its task, anything else faults it.</summary>
        public static void Fail(Task task, Exception exception)
        {
            if (exception is null) throw new ArgumentNullException(nameof(exception));
            if (exception is OperationCanceledException canceled) task.TrySetCanceled(canceled.CancellationToken);
            else task.TrySetException(exception);
        }
    }

    public struct AsyncTaskMethodBuilder
    {
        private Task _task;

        public static AsyncTaskMethodBuilder Create() => default;

        public Task Task => _task ??= new Task();

        public void Start<TStateMachine>(ref TStateMachine stateMachine) where TStateMachine : IAsyncStateMachine => AsyncSteps.Start(ref stateMachine);

        public void SetStateMachine(IAsyncStateMachine stateMachine) => AsyncSteps.SetStateMachine(stateMachine);

        public void AwaitOnCompleted<TAwaiter, TStateMachine>(ref TAwaiter awaiter, ref TStateMachine stateMachine)
            where TAwaiter : INotifyCompletion where TStateMachine : IAsyncStateMachine =>
            awaiter.OnCompleted(AsyncSteps.MoveNextOf(Task, ref stateMachine));

        public void AwaitUnsafeOnCompleted<TAwaiter, TStateMachine>(ref TAwaiter awaiter, ref TStateMachine stateMachine)
            where TAwaiter : ICriticalNotifyCompletion where TStateMachine : IAsyncStateMachine =>
            awaiter.UnsafeOnCompleted(AsyncSteps.MoveNextOf(Task, ref stateMachine));

        public void SetResult()
        {
            if (_task is null) _task = Task.CompletedTask;
            else _task.TrySetResult();
        }

        public void SetException(Exception exception) => AsyncSteps.Fail(Task, exception);
    }

    public struct AsyncTaskMethodBuilder<TResult>
    {
        private Task<TResult> _task;

        public static AsyncTaskMethodBuilder<TResult> Create() => default;

        public Task<TResult> Task => _task ??= new Task<TResult>();

        public void Start<TStateMachine>(ref TStateMachine stateMachine) where TStateMachine : IAsyncStateMachine => AsyncSteps.Start(ref stateMachine);

        public void SetStateMachine(IAsyncStateMachine stateMachine) => AsyncSteps.SetStateMachine(stateMachine);

        public void AwaitOnCompleted<TAwaiter, TStateMachine>(ref TAwaiter awaiter, ref TStateMachine stateMachine)
            where TAwaiter : INotifyCompletion where TStateMachine : IAsyncStateMachine =>
            awaiter.OnCompleted(AsyncSteps.MoveNextOf(Task, ref stateMachine));

        public void AwaitUnsafeOnCompleted<TAwaiter, TStateMachine>(ref TAwaiter awaiter, ref TStateMachine stateMachine)
            where TAwaiter : ICriticalNotifyCompletion where TStateMachine : IAsyncStateMachine =>
            awaiter.UnsafeOnCompleted(AsyncSteps.MoveNextOf(Task, ref stateMachine));

        public void SetResult(TResult result) => Task.TrySetResult(result);

        public void SetException(Exception exception) => AsyncSteps.Fail(Task, exception);
    }

    /// <summary>async void: an exception that escapes is thrown on the thread pool, where it ends the process (.NET's
    /// behaviour without a synchronization context).</summary>
    public struct AsyncVoidMethodBuilder
    {
        private Task _task;

        public static AsyncVoidMethodBuilder Create() => default;

        private Task Task => _task ??= new Task();

        public void Start<TStateMachine>(ref TStateMachine stateMachine) where TStateMachine : IAsyncStateMachine => AsyncSteps.Start(ref stateMachine);

        public void SetStateMachine(IAsyncStateMachine stateMachine) => AsyncSteps.SetStateMachine(stateMachine);

        public void AwaitOnCompleted<TAwaiter, TStateMachine>(ref TAwaiter awaiter, ref TStateMachine stateMachine)
            where TAwaiter : INotifyCompletion where TStateMachine : IAsyncStateMachine =>
            awaiter.OnCompleted(AsyncSteps.MoveNextOf(Task, ref stateMachine));

        public void AwaitUnsafeOnCompleted<TAwaiter, TStateMachine>(ref TAwaiter awaiter, ref TStateMachine stateMachine)
            where TAwaiter : ICriticalNotifyCompletion where TStateMachine : IAsyncStateMachine =>
            awaiter.UnsafeOnCompleted(AsyncSteps.MoveNextOf(Task, ref stateMachine));

        public void SetResult() { }

        public void SetException(Exception exception)
        {
            if (exception is null) throw new ArgumentNullException(nameof(exception));
            ThreadPool.Enqueue(static e => throw (Exception)e, exception);
        }
    }

    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Interface | AttributeTargets.Delegate | AttributeTargets.Enum | AttributeTargets.Method, Inherited = false)]
    public sealed class AsyncMethodBuilderAttribute : Attribute
    {
        public AsyncMethodBuilderAttribute(Type builderType) { BuilderType = builderType; }
        public Type BuilderType { get; }
    }
}
