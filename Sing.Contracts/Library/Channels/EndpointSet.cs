using System;

namespace Sing.Contracts
{
    /// <summary>
    /// Singularity's endpoint set (ESet): owns any number of endpoints of one contract side, so a server can
    /// wait on all its clients at once. A switch receive over the set (<see cref="Take"/>, or
    /// <see cref="Wait"/> together with other endpoints) takes out the first member that can be received from (a
    /// message waits, or its peer closed); the caller receives on it, then <see cref="Add"/>s it back to keep
    /// serving it, or frees it. The set may live in a field (the analyzers treat it like a <see cref="TRef{T}"/>);
    /// <see cref="Free"/> frees whatever members are still in it.
    /// </summary>
    public sealed class EndpointSet<T> where T : Endpoint
    {
        /// <summary><see cref="Wait"/>'s answer when a member of the set is ready (take it with <c>Take(0)</c>).</summary>
        public const int MemberReady = int.MaxValue;

        /// <summary><see cref="WaitOrInterrupt"/>'s answer when the device interrupt fired first.</summary>
        public const int Interrupted = int.MaxValue - 1;

        // Members and their states side by side in structs: storing an endpoint into an Endpoint[] is a covariant array
        // store (a type check of the stored object against the array's element type, ~50 instructions through the
        // runtime's cast helpers for a derived type); storing it into a struct's field is a plain reference store.
        private EndpointSlot[] _members = new EndpointSlot[4];
        private EndpointSlot[] _waitList = new EndpointSlot[4];
        private int _count;

        /// <summary>Members now in the set (taken members are not counted until added back).</summary>
        public int Count => _count;

        /// <summary>Puts an endpoint in the set; the caller's handle stops working.</summary>
        public void Add([Claims] T endpoint) => Add(endpoint, null);

        /// <summary>Puts an endpoint in the set with the server's state for it (Sing#'s endpoint map, EMap): the state
        /// comes back with the endpoint from <see cref="Take(int, out object?)"/>, because the handle that comes back
        /// is a new object (ownership moved) and cannot itself be a key.</summary>
        public void Add([Claims] T endpoint, object? state)
        {
            if (_count == _members.Length)
            {
                Array.Resize(ref _members, _count * 2);
            }

            ref EndpointSlot slot = ref _members[_count++];
            slot.State = state;
            slot.Endpoint = Transfer.Move(endpoint);
        }

        /// <summary>The first member that can be received from within <paramref name="timeoutMs"/> (-1: no limit),
        /// taken out of the set; null on timeout or when the set is empty.</summary>
        public T? Take(int timeoutMs) => Take(timeoutMs, out _);

        /// <summary>As <see cref="Take(int)"/>, also giving back the state the member was added with.</summary>
        public T? Take(int timeoutMs, out object? state)
        {
            state = null;
            if (_count == 0)
            {
                return null;
            }

            int ready = Select.Wait(timeoutMs, new ReadOnlySpan<EndpointSlot>(_members, 0, _count));
            return ready == Select.TimedOut ? null : RemoveAt(ready, out state);
        }

        /// <summary>A switch receive over <paramref name="others"/> and this set: the index of the first ready endpoint
        /// of <paramref name="others"/>, <see cref="MemberReady"/> when a member is ready first, or
        /// <see cref="Select.TimedOut"/>. Nothing is taken out of the set.</summary>
        public int Wait(int timeoutMs, ReadOnlySpan<Endpoint> others)
        {
            int total = others.Length + _count;
            if (_waitList.Length < total)
            {
                _waitList = new EndpointSlot[Math.Max(total, _waitList.Length * 2)];
            }

            for (int i = 0; i < others.Length; i++)
            {
                _waitList[i].Endpoint = others[i];
            }

            Array.Copy(_members, 0, _waitList, others.Length, _count);
            int ready = Select.Wait(timeoutMs, new ReadOnlySpan<EndpointSlot>(_waitList, 0, total));
            Array.Clear(_waitList, 0, total);   // the list must not keep endpoints alive after they leave the set
            return ready == Select.TimedOut ? Select.TimedOut : ready < others.Length ? ready : MemberReady;
        }

        /// <summary><see cref="MemberReady"/> when a member is ready (take it with <c>Take(0)</c>), <see cref="Interrupted"/>
        /// when the device interrupt behind <paramref name="interruptHandle"/> fired first, or <see cref="Select.TimedOut"/>
        /// (a driver waiting for its clients and its device at once; see <see cref="Select.WaitOrInterrupt"/>).</summary>
        public int WaitOrInterrupt(int timeoutMs, ulong interruptHandle)
        {
            int ready = Select.WaitOrInterrupt(timeoutMs, new ReadOnlySpan<EndpointSlot>(_members, 0, _count), interruptHandle);
            return ready == Select.TimedOut ? Select.TimedOut : ready == _count ? Interrupted : MemberReady;
        }

        /// <summary>Frees every member still in the set (their peers see ChannelClosed).</summary>
        public void Free()
        {
            for (int i = 0; i < _count; i++)
            {
                _members[i].Endpoint.Free();
                _members[i] = default;
            }

            _count = 0;
        }

        private T RemoveAt(int index, out object? state)
        {
            var taken = (T)_members[index].Endpoint;
            state = _members[index].State;
            _count--;
            _members[index] = _members[_count];   // order does not matter: every ready member is served in turn
            _members[_count] = default;
            return taken;
        }
    }

    /// <summary>A member of an <see cref="EndpointSet{T}"/> with the server's state for it.</summary>
    internal struct EndpointSlot
    {
        public Endpoint Endpoint;
        public object? State;
    }
}
