namespace Sing.Contracts
{
    /// <summary>
    /// Entry point to the exchange heap. The default comes from <see cref="CreateDefault"/>, which each
    /// build flavour implements in its own file (Hosted/HostDefaults.cs on the host).
    /// </summary>
    public static unsafe partial class ExchangeHeap
    {
        private static IExchangeHeap? _current;

        /// <summary>The heap blocks come from. Internal: its members take and give block addresses, which no program may
        /// hold (a program that could release an address could free a block under its own vector's feet).</summary>
        internal static IExchangeHeap Current
        {
            get => _current ??= CreateDefault();
            set => _current = value;
        }

        /// <summary>Blocks this process allocated and has not freed (received blocks it frees count down): leak tests
        /// compare it before and after.</summary>
        public static long LiveBlocks => Current.LiveBlocks;

        private static partial IExchangeHeap CreateDefault();

        /// <summary>Allocates a vector of <paramref name="length"/> zeroed elements.</summary>
        public static ExVector<T> NewVector<T>(int length) where T : unmanaged
        {
            if (length < 0)
            {
                throw new LinearityViolationException("a vector cannot have a negative length");
            }

            return new ExVector<T>((T*)Current.Allocate((nuint)length * (nuint)sizeof(T)), length);
        }

        /// <summary>Allocates one struct block initialised to <paramref name="value"/>.</summary>
        public static ExRef<T> New<T>(T value) where T : unmanaged
        {
            T* storage = (T*)Current.Allocate((nuint)sizeof(T));
            *storage = value;
            return new ExRef<T>(storage);
        }
    }
}
