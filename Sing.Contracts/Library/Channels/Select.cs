using System;

namespace Sing.Contracts
{
    /// <summary>
    /// Singularity's <c>switch receive</c>: waits until one of several endpoints can be received from
    /// (a message or ChannelClosed) or the timeout passes. The caller then does the typed receive on
    /// the endpoint whose index is returned. Allocates nothing. A runtime that waits natively (kernel
    /// channels) gets the endpoints' handles in one call; otherwise each endpoint's transport signals the
    /// thread's waiter.
    /// </summary>
    public static class Select
    {
        public const int TimedOut = -1;

        public const int Infinite = -1;

        // Up to this many endpoints the handles go on the stack; more go in an array (a server with many clients).
        private const int StackHandles = 256;

        public static int Wait(int timeoutMs, Endpoint first, Endpoint second)
        {
            var set = new Few(first, second, null);
            return Wait(timeoutMs, ref set);
        }

        public static int Wait(int timeoutMs, Endpoint first, Endpoint second, Endpoint third)
        {
            var set = new Few(first, second, third);
            return Wait(timeoutMs, ref set);
        }

        /// <summary>Index of the first ready endpoint, or <see cref="TimedOut"/>.</summary>
        public static int Wait(int timeoutMs, ReadOnlySpan<Endpoint> endpoints)
        {
            var set = new Many(endpoints);
            return Wait(timeoutMs, ref set);
        }

        /// <summary>As above, over an endpoint set's members.</summary>
        internal static int Wait(int timeoutMs, ReadOnlySpan<EndpointSlot> slots)
        {
            var set = new Slots(slots);
            return Wait(timeoutMs, ref set);
        }

        /// <summary>A driver's switch receive over its clients' endpoints and its device's interrupt line (the handle
        /// the binder granted): the index of the first ready endpoint, <c>endpoints.Length</c> when the interrupt fired
        /// first, or <see cref="TimedOut"/>. Only kernel channels can wait on an interrupt.</summary>
        public static int WaitOrInterrupt(int timeoutMs, ReadOnlySpan<Endpoint> endpoints, ulong interruptHandle)
        {
            var set = new Many(endpoints);
            return WaitOrInterrupt(timeoutMs, ref set, interruptHandle);
        }

        /// <summary>As above, over an endpoint set's members.</summary>
        internal static int WaitOrInterrupt(int timeoutMs, ReadOnlySpan<EndpointSlot> slots, ulong interruptHandle)
        {
            var set = new Slots(slots);
            return WaitOrInterrupt(timeoutMs, ref set, interruptHandle);
        }

        private static int WaitOrInterrupt<TSet>(int timeoutMs, ref TSet endpoints, ulong interruptHandle)
            where TSet : struct, IEndpointSet, allows ref struct
        {
            if (ChannelRuntime.Current is not INativeSelect native)
            {
                throw new NotSupportedException("only the kernel's channels wait on a device interrupt");
            }

            Span<nint> handles = endpoints.Count <= StackHandles ? stackalloc nint[endpoints.Count] : new nint[endpoints.Count];
            for (int i = 0; i < handles.Length; i++)
            {
                handles[i] = native.HandleOf(endpoints[i].Transport);
            }

            return native.WaitAnyOrInterrupt(handles, interruptHandle, timeoutMs);
        }

        private static int Wait<TSet>(int timeoutMs, ref TSet endpoints)
            where TSet : struct, IEndpointSet, allows ref struct
        {
            IChannelRuntime runtime = ChannelRuntime.Current;
            if (runtime is INativeSelect native)
            {
                // The kernel waits on every endpoint at once, however many (its own limit is the process's quota).
                Span<nint> handles = endpoints.Count <= StackHandles ? stackalloc nint[endpoints.Count] : new nint[endpoints.Count];
                for (int i = 0; i < handles.Length; i++)
                {
                    handles[i] = native.HandleOf(endpoints[i].Transport);
                }

                return native.WaitAny(handles, timeoutMs);
            }

            int ready = FirstReady(ref endpoints);
            if (ready >= 0 || timeoutMs == 0)
            {
                return ready;
            }

            IWaiter waiter = runtime.CurrentWaiter;
            long deadline = timeoutMs < 0 ? long.MaxValue : runtime.NowMilliseconds + timeoutMs;
            for (int i = 0; i < endpoints.Count; i++)
            {
                endpoints[i].Transport.SetWaiter(waiter);
            }

            try
            {
                while (true)
                {
                    ready = FirstReady(ref endpoints);
                    if (ready >= 0)
                    {
                        return ready;
                    }

                    long now = runtime.NowMilliseconds;
                    if (now >= deadline)
                    {
                        return TimedOut;
                    }

                    waiter.Wait(deadline == long.MaxValue ? -1 : (int)Math.Min(int.MaxValue, deadline - now));
                }
            }
            finally
            {
                for (int i = 0; i < endpoints.Count; i++)
                {
                    endpoints[i].Transport.SetWaiter(null);
                }
            }
        }

        private static int FirstReady<TSet>(ref TSet endpoints)
            where TSet : struct, IEndpointSet, allows ref struct
        {
            for (int i = 0; i < endpoints.Count; i++)
            {
                if (endpoints[i].IsReady)
                {
                    return i;
                }
            }

            return TimedOut;
        }

        private interface IEndpointSet
        {
            int Count { get; }

            Endpoint this[int index] { get; }
        }

        /// <summary>Two or three endpoints without an array.</summary>
        private readonly struct Few : IEndpointSet
        {
            private readonly Endpoint _first;
            private readonly Endpoint _second;
            private readonly Endpoint? _third;

            public Few(Endpoint first, Endpoint second, Endpoint? third)
            {
                _first = first;
                _second = second;
                _third = third;
            }

            public int Count => _third is null ? 2 : 3;

            public Endpoint this[int index] => index == 0 ? _first : index == 1 ? _second : _third!;
        }

        private readonly ref struct Many : IEndpointSet
        {
            private readonly ReadOnlySpan<Endpoint> _endpoints;

            public Many(ReadOnlySpan<Endpoint> endpoints)
            {
                _endpoints = endpoints;
            }

            public int Count => _endpoints.Length;

            public Endpoint this[int index] => _endpoints[index];
        }

        private readonly ref struct Slots : IEndpointSet
        {
            private readonly ReadOnlySpan<EndpointSlot> _slots;

            public Slots(ReadOnlySpan<EndpointSlot> slots)
            {
                _slots = slots;
            }

            public int Count => _slots.Length;

            public Endpoint this[int index] => _slots[index].Endpoint;
        }
    }

    /// <summary>A channel runtime whose select waits in one native call (kernel channels). Internal: the handles are
    /// the kernel's addresses of endpoints, which no program may hold.</summary>
    internal interface INativeSelect
    {
        /// <summary>What the native select waits on for <paramref name="transport"/> (0 for a transport of another runtime,
        /// which the native select refuses).</summary>
        nint HandleOf(IChannelTransport transport);

        /// <summary>Index of the first ready handle, or <see cref="Select.TimedOut"/>.</summary>
        int WaitAny(ReadOnlySpan<nint> handles, int timeoutMs);

        /// <summary>As <see cref="WaitAny"/>, also ending when the device interrupt behind
        /// <paramref name="interruptHandle"/> fires: then the count of handles.</summary>
        int WaitAnyOrInterrupt(ReadOnlySpan<nint> handles, ulong interruptHandle, int timeoutMs);
    }
}
