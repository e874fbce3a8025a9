namespace Sing.Contracts
{
    /// <summary>
    /// Entry point to the exchange heap. The default comes from <see cref="CreateDefault"/>, which each
    /// build flavour implements in its own file (Hosted/HostDefaults.cs on the host).
    /// </summary>
    public static partial class ExchangeHeap
    {
        private static IExchangeHeap? _current;

        public static IExchangeHeap Current
        {
            get => _current ??= CreateDefault();
            set => _current = value;
        }

        private static partial IExchangeHeap CreateDefault();

        /// <summary>Allocates a vector of <paramref name="length"/> zeroed elements.</summary>
        public static ExVector<T> NewVector<T>(int length) where T : unmanaged
        {
            return new ExVector<T>(Current.Allocate<T>(length));
        }

        /// <summary>Allocates one struct block initialised to <paramref name="value"/>.</summary>
        public static ExRef<T> New<T>(T value) where T : unmanaged
        {
            T[] storage = Current.Allocate<T>(1);
            storage[0] = value;
            return new ExRef<T>(storage);
        }
    }
}
