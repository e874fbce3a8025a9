namespace Sing.Contracts
{
    /// <summary>
    /// Holder that lets a tracked value live in an ordinary object (Singularity's TRef). The value
    /// goes in with <see cref="Release"/> (the caller gives it up) and comes out with
    /// <see cref="Acquire"/> (the caller owns it until it puts it back or sends it).
    /// </summary>
    public sealed class TRef<T> where T : Linear
    {
        private T? _value;

        public TRef([Claims] T value)
        {
            _value = Transfer.Move(value);
        }

        /// <summary>True when a value is held.</summary>
        public bool HasValue => _value is not null;

        /// <summary>Takes the value out; the holder is empty until <see cref="Release"/>.</summary>
        public T Acquire()
        {
            T? value = _value;
            if (value is null)
            {
                throw new LinearityViolationException("TRef is empty: its value was acquired and not released");
            }

            _value = null;
            return value;
        }

        /// <summary>Puts a value back; the caller's handle stops working.</summary>
        public void Release([Claims] T value)
        {
            if (_value is not null)
            {
                throw new LinearityViolationException("TRef already holds a value");
            }

            _value = Transfer.Move(value);
        }
    }
}
