using System.Threading;

namespace Sing.Contracts.Hosted
{
    /// <summary>A thread's wait point. The sticky flag closes the race between "check queue" and "wait".</summary>
    public sealed class HostWaiter : IWaiter
    {
        private readonly object _gate = new object();
        private bool _signalled;

        public bool Wait(int timeoutMs)
        {
            lock (_gate)
            {
                if (!_signalled)
                {
                    Monitor.Wait(_gate, timeoutMs);
                }

                bool woke = _signalled;
                _signalled = false;
                return woke;
            }
        }

        public void Signal()
        {
            lock (_gate)
            {
                _signalled = true;
                Monitor.Pulse(_gate);
            }
        }
    }
}
