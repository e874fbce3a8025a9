namespace System.Threading.Tasks
{
    /// <summary>Waiting for a task with a limit: the task's own outcome if it finishes first, else TimeoutException
    /// (or the token's cancellation). The task itself goes on.</summary>
    public partial class Task
    {
        public Task WaitAsync(CancellationToken cancellationToken) => WaitAsync(Timeout.InfiniteTimeSpan, cancellationToken);

        public Task WaitAsync(TimeSpan timeout) => WaitAsync(timeout, default);

        public async Task WaitAsync(TimeSpan timeout, CancellationToken cancellationToken)
        {
            await WhenFirst(timeout, cancellationToken);
            await this;
        }

        /// <summary>Completes when this task does, or fails as the timeout or token says, whichever comes first.</summary>
        private protected async Task WhenFirst(TimeSpan timeout, CancellationToken cancellationToken)
        {
            long milliseconds = (long)timeout.TotalMilliseconds;
            if (milliseconds < -1 || milliseconds > uint.MaxValue - 1) throw new ArgumentOutOfRangeException(nameof(timeout));
            if (IsCompleted) return;
            cancellationToken.ThrowIfCancellationRequested();
            if (milliseconds == -1 && !cancellationToken.CanBeCanceled) return;
            Task delay = Delay((int)Math.Min(milliseconds, int.MaxValue), cancellationToken);
            Task first = await WhenAny(this, delay).ConfigureAwait(false);
            if (first == this) return;
            cancellationToken.ThrowIfCancellationRequested();
            throw new TimeoutException("The operation has timed out.");
        }
    }

    public partial class Task<TResult>
    {
        public new Task<TResult> WaitAsync(CancellationToken cancellationToken) => WaitAsync(Timeout.InfiniteTimeSpan, cancellationToken);

        public new Task<TResult> WaitAsync(TimeSpan timeout) => WaitAsync(timeout, default);

        public new async Task<TResult> WaitAsync(TimeSpan timeout, CancellationToken cancellationToken)
        {
            await WhenFirst(timeout, cancellationToken);
            return await this;
        }
    }
}
