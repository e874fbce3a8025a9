namespace System.Threading.Tasks
{
    /// <summary>Task.Factory: StartNew runs on the thread pool (LongRunning too: there is one scheduler).</summary>
    public class TaskFactory
    {
        public TaskFactory() { }

        public TaskFactory(CancellationToken cancellationToken) { CancellationToken = cancellationToken; }

        public CancellationToken CancellationToken { get; }

        public Task StartNew(Action action) => StartNew(action, CancellationToken, TaskCreationOptions.None, TaskScheduler.Default);

        public Task StartNew(Action action, CancellationToken cancellationToken) => StartNew(action, cancellationToken, TaskCreationOptions.None, TaskScheduler.Default);

        public Task StartNew(Action action, TaskCreationOptions creationOptions) => StartNew(action, CancellationToken, creationOptions, TaskScheduler.Default);

        public Task StartNew(Action action, CancellationToken cancellationToken, TaskCreationOptions creationOptions, TaskScheduler scheduler)
        {
            if (action is null) throw new ArgumentNullException(nameof(action));
            var task = new Task(action, null, cancellationToken, creationOptions);
            if (!task.IsCompleted) task.Start();
            return task;
        }

        public Task StartNew(Action<object> action, object state) => StartNew(action, state, CancellationToken);

        public Task StartNew(Action<object> action, object state, CancellationToken cancellationToken)
        {
            if (action is null) throw new ArgumentNullException(nameof(action));
            var task = new Task(action, state, cancellationToken, TaskCreationOptions.None);
            if (!task.IsCompleted) task.Start();
            return task;
        }

        public Task<TResult> StartNew<TResult>(Func<TResult> function) => StartNew(function, CancellationToken, TaskCreationOptions.None, TaskScheduler.Default);

        public Task<TResult> StartNew<TResult>(Func<TResult> function, CancellationToken cancellationToken) =>
            StartNew(function, cancellationToken, TaskCreationOptions.None, TaskScheduler.Default);

        public Task<TResult> StartNew<TResult>(Func<TResult> function, TaskCreationOptions creationOptions) =>
            StartNew(function, CancellationToken, creationOptions, TaskScheduler.Default);

        public Task<TResult> StartNew<TResult>(Func<TResult> function, CancellationToken cancellationToken, TaskCreationOptions creationOptions, TaskScheduler scheduler)
        {
            var task = new Task<TResult>(function, cancellationToken);
            if (!task.IsCompleted) task.Start();
            return task;
        }

        public Task<TResult> StartNew<TResult>(Func<object, TResult> function, object state)
        {
            var task = new Task<TResult>(function, state);
            task.Start();
            return task;
        }

        public Task ContinueWhenAll(Task[] tasks, Action<Task[]> continuationAction)
        {
            if (continuationAction is null) throw new ArgumentNullException(nameof(continuationAction));
            return Task.WhenAll(tasks).ContinueWith(_ => continuationAction(tasks));
        }

        public Task ContinueWhenAny(Task[] tasks, Action<Task> continuationAction)
        {
            if (continuationAction is null) throw new ArgumentNullException(nameof(continuationAction));
            return Task.WhenAny(tasks).ContinueWith(t => continuationAction(t.Result));
        }
    }

    public class TaskFactory<TResult>
    {
        public Task<TResult> StartNew(Func<TResult> function) => Task.Factory.StartNew(function);

        public Task<TResult> StartNew(Func<TResult> function, CancellationToken cancellationToken) => Task.Factory.StartNew(function, cancellationToken);

        public Task<TResult> StartNew(Func<object, TResult> function, object state) => Task.Factory.StartNew(function, state);
    }
}
