namespace Sing.Contracts
{
    /// <summary>
    /// Entry point to the exchange heap. The default comes from <see cref="CreateDefault"/>, which each
    /// build flavour implements in its own file (Hosted/HostDefaults.cs on the host).
    /// </summary>
    public static unsafe partial class ExchangeHeap
    {
        private static IExchangeHeap? _current;

        /// <summary>The heap blocks come from. Only this library sets it: a program that installed its own could have
        /// vectors made at any address it likes.</summary>
        public static IExchangeHeap Current
        {
            get => _current ??= CreateDefault();
            internal set => _current = value;
        }

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
