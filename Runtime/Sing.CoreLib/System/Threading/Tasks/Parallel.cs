using System.Collections.Generic;

namespace System.Threading.Tasks
{
    public class ParallelOptions
    {
        private int _maxDegree = -1;

        public CancellationToken CancellationToken { get; set; }

        public int MaxDegreeOfParallelism
        {
            get => _maxDegree;
            set
            {
                if (value == 0 || value < -1) throw new ArgumentOutOfRangeException(nameof(MaxDegreeOfParallelism));
                _maxDegree = value;
            }
        }

        public TaskScheduler TaskScheduler { get; set; } = TaskScheduler.Default;
    }

    public readonly struct ParallelLoopResult
    {
        internal ParallelLoopResult(bool completed, long? lowestBreak)
        {
            IsCompleted = completed;
            LowestBreakIteration = lowestBreak;
        }

        public bool IsCompleted { get; }

        public long? LowestBreakIteration { get; }
    }

    /// <summary>Lets an iteration stop the loop (no new iterations start) or break it (iterations above this one do
    /// not start; those below still run).</summary>
    public class ParallelLoopState
    {
        private readonly Parallel.LoopControl _control;

        internal ParallelLoopState(Parallel.LoopControl control) { _control = control; }

        internal long Iteration;

        public bool IsStopped => _control.Stopped;

        public bool IsExceptional => _control.Faulted;

        public bool ShouldExitCurrentIteration => _control.Stopped || _control.Faulted || Iteration > _control.LowestBreak;

        public long? LowestBreakIteration => _control.LowestBreak == long.MaxValue ? null : _control.LowestBreak;

        public void Stop()
        {
            if (_control.LowestBreak != long.MaxValue) throw new InvalidOperationException("Stop was called after Break was called.");
            _control.Stopped = true;
        }

        public void Break()
        {
            if (_control.Stopped) throw new InvalidOperationException("Break was called after Stop was called.");
            long current;
            while ((current = Interlocked.Read(ref _control.LowestBreak)) > Iteration
                && Interlocked.CompareExchange(ref _control.LowestBreak, Iteration, current) != current) { }
        }
    }

    /// <summary>Loops whose iterations run on worker tasks (the calling thread takes part): iterations are handed out
    /// in order from a shared counter; every exception is collected into one AggregateException at the end.</summary>
    public static class Parallel
    {
        internal sealed class LoopControl
        {
            public long Next;
            public long LowestBreak = long.MaxValue;
            public volatile bool Stopped;
            public volatile bool Faulted;
            public readonly List<Exception> Errors = new List<Exception>();
        }

        public static ParallelLoopResult For(int fromInclusive, int toExclusive, Action<int> body) =>
            For(fromInclusive, toExclusive, new ParallelOptions(), body);

        public static ParallelLoopResult For(int fromInclusive, int toExclusive, ParallelOptions parallelOptions, Action<int> body)
        {
            if (body is null) throw new ArgumentNullException(nameof(body));
            return Loop(fromInclusive, toExclusive, parallelOptions, (i, _) => body((int)i));
        }

        public static ParallelLoopResult For(int fromInclusive, int toExclusive, Action<int, ParallelLoopState> body) =>
            For(fromInclusive, toExclusive, new ParallelOptions(), body);

        public static ParallelLoopResult For(int fromInclusive, int toExclusive, ParallelOptions parallelOptions, Action<int, ParallelLoopState> body)
        {
            if (body is null) throw new ArgumentNullException(nameof(body));
            return Loop(fromInclusive, toExclusive, parallelOptions, (i, state) => body((int)i, state));
        }

        public static ParallelLoopResult For(long fromInclusive, long toExclusive, Action<long> body)
        {
            if (body is null) throw new ArgumentNullException(nameof(body));
            return Loop(fromInclusive, toExclusive, new ParallelOptions(), (i, _) => body(i));
        }

        public static ParallelLoopResult ForEach<TSource>(IEnumerable<TSource> source, Action<TSource> body) =>
            ForEach(source, new ParallelOptions(), body);

        public static ParallelLoopResult ForEach<TSource>(IEnumerable<TSource> source, ParallelOptions parallelOptions, Action<TSource> body)
        {
            if (source is null) throw new ArgumentNullException(nameof(source));
            if (body is null) throw new ArgumentNullException(nameof(body));
            List<TSource> items = new List<TSource>(source);
            return Loop(0, items.Count, parallelOptions, (i, _) => body(items[(int)i]));
        }

        public static ParallelLoopResult ForEach<TSource>(IEnumerable<TSource> source, Action<TSource, ParallelLoopState> body)
        {
            if (source is null) throw new ArgumentNullException(nameof(source));
            if (body is null) throw new ArgumentNullException(nameof(body));
            List<TSource> items = new List<TSource>(source);
            return Loop(0, items.Count, new ParallelOptions(), (i, state) => body(items[(int)i], state));
        }

        public static void Invoke(params Action[] actions) => Invoke(new ParallelOptions(), actions);

        public static void Invoke(ParallelOptions parallelOptions, params Action[] actions)
        {
            if (actions is null) throw new ArgumentNullException(nameof(actions));
            foreach (Action action in actions)
                if (action is null) throw new ArgumentException("One of the actions was null.", nameof(actions));
            Loop(0, actions.Length, parallelOptions, (i, _) => actions[i]());
        }

        private static ParallelLoopResult Loop(long from, long to, ParallelOptions options, Action<long, ParallelLoopState> body)
        {
            if (options is null) throw new ArgumentNullException("parallelOptions");
            options.CancellationToken.ThrowIfCancellationRequested();
            var control = new LoopControl { Next = from };
            long count = to - from;
            if (count <= 0) return new ParallelLoopResult(true, null);
            int workers = (int)Math.Min(count, options.MaxDegreeOfParallelism > 0 ? options.MaxDegreeOfParallelism : 4);
            var helpers = new Task[workers - 1];
            for (int w = 0; w < helpers.Length; w++) helpers[w] = Task.Run(() => Work(control, to, options.CancellationToken, body));
            Work(control, to, options.CancellationToken, body);
            foreach (Task helper in helpers) helper.WaitCompletion(-1, default);
            if (control.Errors.Count > 0) throw new AggregateException(control.Errors);
            options.CancellationToken.ThrowIfCancellationRequested();
            bool broke = control.LowestBreak != long.MaxValue;
            return new ParallelLoopResult(!control.Stopped && !broke, broke ? control.LowestBreak : null);
        }

        private static void Work(LoopControl control, long to, CancellationToken token, Action<long, ParallelLoopState> body)
        {
            var state = new ParallelLoopState(control);
            while (!control.Stopped && !control.Faulted && !token.IsCancellationRequested)
            {
                long i = Interlocked.Increment(ref control.Next) - 1;
                if (i >= to || i > Interlocked.Read(ref control.LowestBreak)) return;
                state.Iteration = i;
                try
                {
                    body(i, state);
                }
                catch (Exception e)
                {
                    lock (control.Errors) control.Errors.Add(e);
                    control.Faulted = true;
                }
            }
        }
    }
}
