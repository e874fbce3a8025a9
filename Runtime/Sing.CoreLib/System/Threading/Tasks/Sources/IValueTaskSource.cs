namespace System.Threading.Tasks.Sources
{
    /// <summary>What a value task source's one use has come to.</summary>
    public enum ValueTaskSourceStatus
    {
        Pending = 0,
        Succeeded = 1,
        Faulted = 2,
        Canceled = 3,
    }

    /// <summary>How a continuation wants to run; there is no synchronization or execution context to honour here.</summary>
    [Flags]
    public enum ValueTaskSourceOnCompletedFlags
    {
        None = 0,
        UseSchedulingContext = 1,
        FlowExecutionContext = 2,
    }

    /// <summary>An object behind a ValueTask, reusable: each use is told apart by its token.</summary>
    public interface IValueTaskSource
    {
        ValueTaskSourceStatus GetStatus(short token);

        void OnCompleted(Action<object> continuation, object state, short token, ValueTaskSourceOnCompletedFlags flags);

        void GetResult(short token);
    }

    public interface IValueTaskSource<out TResult>
    {
        ValueTaskSourceStatus GetStatus(short token);

        void OnCompleted(Action<object> continuation, object state, short token, ValueTaskSourceOnCompletedFlags flags);

        TResult GetResult(short token);
    }
}
