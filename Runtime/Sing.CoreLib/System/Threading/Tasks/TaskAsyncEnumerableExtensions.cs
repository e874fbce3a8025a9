using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace System.Threading.Tasks
{
    /// <summary>ConfigureAwait and WithCancellation for `await foreach` and `await using`, and a blocking view of an
    /// async sequence.</summary>
    public static class TaskAsyncEnumerableExtensions
    {
        public static ConfiguredAsyncDisposable ConfigureAwait(this IAsyncDisposable source, bool continueOnCapturedContext) =>
            new ConfiguredAsyncDisposable(source ?? throw new ArgumentNullException(nameof(source)));

        public static ConfiguredCancelableAsyncEnumerable<T> ConfigureAwait<T>(this IAsyncEnumerable<T> source, bool continueOnCapturedContext) =>
            new ConfiguredCancelableAsyncEnumerable<T>(source ?? throw new ArgumentNullException(nameof(source)), default);

        public static ConfiguredCancelableAsyncEnumerable<T> WithCancellation<T>(this IAsyncEnumerable<T> source, CancellationToken cancellationToken) =>
            new ConfiguredCancelableAsyncEnumerable<T>(source ?? throw new ArgumentNullException(nameof(source)), cancellationToken);

        /// <summary>The sequence as an ordinary one: each MoveNext waits for the next element.</summary>
        public static IEnumerable<T> ToBlockingEnumerable<T>(this IAsyncEnumerable<T> source, CancellationToken cancellationToken = default)
        {
            if (source is null) throw new ArgumentNullException(nameof(source));
            return Blocking(source, cancellationToken);
        }

        private static IEnumerable<T> Blocking<T>(IAsyncEnumerable<T> source, CancellationToken cancellationToken)
        {
            IAsyncEnumerator<T> enumerator = source.GetAsyncEnumerator(cancellationToken);
            try
            {
                while (enumerator.MoveNextAsync().AsTask().GetAwaiter().GetResult())
                    yield return enumerator.Current;
            }
            finally
            {
                enumerator.DisposeAsync().AsTask().GetAwaiter().GetResult();
            }
        }
    }
}

namespace System.Runtime.CompilerServices
{
    using System.Collections.Generic;
    using System.Threading;
    using System.Threading.Tasks;

    public readonly struct ConfiguredAsyncDisposable
    {
        private readonly IAsyncDisposable _source;

        internal ConfiguredAsyncDisposable(IAsyncDisposable source) { _source = source; }

        public ConfiguredValueTaskAwaitable DisposeAsync() => _source.DisposeAsync().ConfigureAwait(false);
    }

    /// <summary>`await foreach (var x in source.WithCancellation(token))`: the token goes to GetAsyncEnumerator.</summary>
    public readonly struct ConfiguredCancelableAsyncEnumerable<T>
    {
        private readonly IAsyncEnumerable<T> _source;
        private readonly CancellationToken _cancellationToken;

        internal ConfiguredCancelableAsyncEnumerable(IAsyncEnumerable<T> source, CancellationToken cancellationToken)
        {
            _source = source;
            _cancellationToken = cancellationToken;
        }

        public ConfiguredCancelableAsyncEnumerable<T> ConfigureAwait(bool continueOnCapturedContext) => this;

        public ConfiguredCancelableAsyncEnumerable<T> WithCancellation(CancellationToken cancellationToken) => new(_source, cancellationToken);

        public Enumerator GetAsyncEnumerator() => new Enumerator(_source.GetAsyncEnumerator(_cancellationToken));

        public readonly struct Enumerator
        {
            private readonly IAsyncEnumerator<T> _enumerator;

            internal Enumerator(IAsyncEnumerator<T> enumerator) { _enumerator = enumerator; }

            public ConfiguredValueTaskAwaitable<bool> MoveNextAsync() => _enumerator.MoveNextAsync().ConfigureAwait(false);

            public T Current => _enumerator.Current;

            public ConfiguredValueTaskAwaitable DisposeAsync() => _enumerator.DisposeAsync().ConfigureAwait(false);
        }
    }
}
