namespace System
{
    public abstract class ValueType
    {
    }

    public abstract class Enum : ValueType
    {
    }

    public struct Nullable<T> where T : struct
    {
        private readonly bool hasValue;
        internal T value;

        public Nullable(T value)
        {
            this.value = value;
            hasValue = true;
        }

        public readonly bool HasValue => hasValue;

        public readonly T Value
        {
            get
            {
                if (!hasValue) ThrowHelpers.ThrowInvalidOperationException("Nullable object must have a value.");
                return value;
            }
        }

        public readonly T GetValueOrDefault() => value;

        public static implicit operator T?(T value) => new T?(value);
        public static explicit operator T(T? value) => value.Value;
    }
}
