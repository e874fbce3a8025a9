namespace System.Threading.Tasks
{
    public enum TaskStatus
    {
        Created,
        WaitingForActivation,
        WaitingToRun,
        Running,
        WaitingForChildrenToComplete,
        RanToCompletion,
        Canceled,
        Faulted,
    }

    [Flags]
    public enum TaskCreationOptions
    {
        None = 0,
        PreferFairness = 1,
        LongRunning = 2,
        AttachedToParent = 4,
        DenyChildAttach = 8,
        HideScheduler = 16,
        RunContinuationsAsynchronously = 64,
    }

    [Flags]
    public enum TaskContinuationOptions
    {
        None = 0,
        PreferFairness = 1,
        LongRunning = 2,
        AttachedToParent = 4,
        DenyChildAttach = 8,
        HideScheduler = 16,
        LazyCancellation = 32,
        RunContinuationsAsynchronously = 64,
        NotOnRanToCompletion = 65536,
        NotOnFaulted = 131072,
        OnlyOnCanceled = NotOnRanToCompletion | NotOnFaulted,
        NotOnCanceled = 262144,
        OnlyOnFaulted = NotOnRanToCompletion | NotOnCanceled,
        OnlyOnRanToCompletion = NotOnFaulted | NotOnCanceled,
        ExecuteSynchronously = 524288,
    }

    public class TaskCanceledException : OperationCanceledException
    {
        public TaskCanceledException() : base("A task was canceled.") { }
        public TaskCanceledException(string message) : base(message) { }
        public TaskCanceledException(string message, Exception innerException) : base(message, innerException) { }
        public TaskCanceledException(string message, Exception innerException, CancellationToken token) : base(message, innerException, token) { }

        public TaskCanceledException(Task task) : base("A task was canceled.", task is null ? default : task.CancellationTokenForException)
        {
            Task = task;
        }

        public Task Task { get; }
    }

    /// <summary>Where tasks run: this runtime has one scheduler, the thread pool.</summary>
    public abstract class TaskScheduler
    {
        private static readonly TaskScheduler s_default = new ThreadPoolScheduler();

        public static TaskScheduler Default => s_default;

        public static TaskScheduler Current => s_default;

        public virtual int MaximumConcurrencyLevel => int.MaxValue;

        public int Id => 1;

        private sealed class ThreadPoolScheduler : TaskScheduler { }
    }
}
