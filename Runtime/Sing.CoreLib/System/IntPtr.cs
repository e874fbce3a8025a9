namespace System
{
    public unsafe struct IntPtr
    {
        private void* _value;

        public static readonly IntPtr Zero;

        public IntPtr(void* value) { _value = value; }
        public IntPtr(long value) { _value = (void*)value; }

        public void* ToPointer() => _value;
        public long ToInt64() => (long)_value;

        public static explicit operator IntPtr(long value) => new IntPtr(value);
        public static explicit operator IntPtr(void* value) => new IntPtr(value);
        public static explicit operator void*(IntPtr value) => value._value;
        public static explicit operator long(IntPtr value) => (long)value._value;
        public static bool operator ==(IntPtr a, IntPtr b) => a._value == b._value;
        public static bool operator !=(IntPtr a, IntPtr b) => a._value != b._value;
        public override bool Equals(object obj) => obj is IntPtr other && other._value == _value;
        public override int GetHashCode() => (int)(long)_value;
    }

    public unsafe struct UIntPtr
    {
        private void* _value;

        public static readonly UIntPtr Zero;

        public UIntPtr(void* value) { _value = value; }
        public UIntPtr(ulong value) { _value = (void*)value; }

        public void* ToPointer() => _value;
        public ulong ToUInt64() => (ulong)_value;

        public static explicit operator UIntPtr(ulong value) => new UIntPtr(value);
        public static explicit operator UIntPtr(void* value) => new UIntPtr(value);
        public static explicit operator void*(UIntPtr value) => value._value;
        public static explicit operator ulong(UIntPtr value) => (ulong)value._value;
        public static bool operator ==(UIntPtr a, UIntPtr b) => a._value == b._value;
        public static bool operator !=(UIntPtr a, UIntPtr b) => a._value != b._value;
        public override bool Equals(object obj) => obj is UIntPtr other && other._value == _value;
        public override int GetHashCode() => (int)(ulong)_value;
    }
}
