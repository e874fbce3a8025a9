using System.Threading;

namespace Sing.Contracts.Hosted
{
    /// <summary>Exchange heap on the host: managed arrays plus a live-block count for leak tests.</summary>
    public sealed class HostExchangeHeap : IExchangeHeap
    {
        private long _live;

        public long LiveBlocks => Interlocked.Read(ref _live);

        public T[] Allocate<T>(int length) where T : unmanaged
        {
            Interlocked.Increment(ref _live);
            return new T[length];
        }

        public void Release<T>(T[] storage) where T : unmanaged
        {
            Interlocked.Decrement(ref _live);
        }
    }
}
