using System.Threading;
using System.Threading.Tasks;

namespace System.Collections.Generic
{
    /// <summary>A sequence whose next element may have to be waited for: `await foreach` and async iterators
    /// (`async IAsyncEnumerable&lt;T&gt;` methods with `yield return`).</summary>
    public interface IAsyncEnumerable<out T>
    {
        IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default);
    }

    public interface IAsyncEnumerator<out T> : IAsyncDisposable
    {
        ValueTask<bool> MoveNextAsync();

        T Current { get; }
    }
}
