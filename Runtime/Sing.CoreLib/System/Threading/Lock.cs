namespace System.Threading
{
    /// <summary>.NET 9's dedicated lock object: C# 13's <c>lock</c> on a Lock enters a scope (EnterScope) that the end
    /// of the block disposes. Monitor's lock on an object of its own, so recursion and ownership rules are Monitor's.</summary>
    public sealed class Lock
    {
        private readonly object _monitor = new object();

        public void Enter() => Monitor.Enter(_monitor);

        public bool TryEnter() => Monitor.TryEnter(_monitor);

        public bool TryEnter(int millisecondsTimeout) => Monitor.TryEnter(_monitor, millisecondsTimeout);

        public bool TryEnter(TimeSpan timeout) => Monitor.TryEnter(_monitor, timeout);

        public void Exit()
        {
            if (!Monitor.IsEntered(_monitor)) throw new SynchronizationLockException("The calling thread does not hold the lock.");
            Monitor.Exit(_monitor);
        }

        public bool IsHeldByCurrentThread => Monitor.IsEntered(_monitor);

        public Scope EnterScope()
        {
            Enter();
            return new Scope(this);
        }

        public ref struct Scope
        {
            private Lock _lock;

            internal Scope(Lock owner) { _lock = owner; }

            public void Dispose()
            {
                Lock owner = _lock;
                _lock = null;
                owner?.Exit();
            }
        }
    }
}
