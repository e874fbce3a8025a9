namespace Sing.Contracts.Hosted
{
    /// <summary>A fixed-size ring under a lock; the ring is allocated once, when the channel is made.</summary>
    internal sealed class HostMessageQueue
    {
        private readonly object _gate = new object();
        private readonly WireMessage[] _ring;
        private int _head;
        private int _count;
        private bool _writerClosed;
        private IWaiter? _waiter;

        public HostMessageQueue(int capacity)
        {
            _ring = new WireMessage[capacity < 1 ? 1 : capacity];
        }

        public bool IsReady
        {
            get
            {
                lock (_gate)
                {
                    return _count > 0 || _writerClosed;
                }
            }
        }

        public bool IsWriterClosed
        {
            get
            {
                lock (_gate)
                {
                    return _writerClosed;
                }
            }
        }

        public void Enqueue(in WireMessage message)
        {
            IWaiter? wake;
            lock (_gate)
            {
                if (_count == _ring.Length)
                {
                    throw new ProtocolViolationException("receive queue overflow: capacity " + _ring.Length + " exceeded");
                }

                _ring[(_head + _count) % _ring.Length] = message;
                _count++;
                wake = _waiter;
            }

            wake?.Signal();
        }

        /// <summary>Takes the next message; when there is none, <paramref name="closed"/> says whether the writer has
        /// closed, decided under the same lock (a writer that queues its last message and closes in between two
        /// separate checks would otherwise look closed with a message still queued).</summary>
        public bool TryDequeue(out WireMessage message, out bool closed)
        {
            lock (_gate)
            {
                closed = _writerClosed;
                if (_count == 0)
                {
                    message = default;
                    return false;
                }

                message = _ring[_head];
                _ring[_head] = default;
                _head = (_head + 1) % _ring.Length;
                _count--;
                return true;
            }
        }

        public void CloseWriter()
        {
            IWaiter? wake;
            lock (_gate)
            {
                _writerClosed = true;
                wake = _waiter;
            }

            wake?.Signal();
        }

        public void SetWaiter(IWaiter? waiter)
        {
            lock (_gate)
            {
                _waiter = waiter;
            }
        }
    }
}
