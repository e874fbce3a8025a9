namespace System
{
    /// <summary>A managed pointer held in a field. ILC requires it in a system module named System.Private.CoreLib: the
    /// reflection-invoke stubs it generates read their arguments through <see cref="Value"/>.</summary>
    internal readonly ref struct ByReference
    {
        public readonly ref byte Value;

        public ByReference(ref byte value) => Value = ref value;
    }
}
