namespace System.Runtime.CompilerServices
{
    /// <summary>Marks init-only setters (`init`, records); the compiler needs the type to exist.</summary>
    public static class IsExternalInit { }

    [AttributeUsage(AttributeTargets.Parameter, AllowMultiple = false, Inherited = false)]
    public sealed class CallerArgumentExpressionAttribute : Attribute
    {
        public CallerArgumentExpressionAttribute(string parameterName) { ParameterName = parameterName; }
        public string ParameterName { get; }
    }

    [AttributeUsage(AttributeTargets.Parameter, Inherited = false)]
    public sealed class CallerMemberNameAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.Parameter, Inherited = false)]
    public sealed class CallerFilePathAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.Parameter, Inherited = false)]
    public sealed class CallerLineNumberAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.All, Inherited = false)]
    public sealed class NullableAttribute : Attribute
    {
        public readonly byte[] NullableFlags;
        public NullableAttribute(byte value) { NullableFlags = new[] { value }; }
        public NullableAttribute(byte[] value) { NullableFlags = value; }
    }

    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Delegate | AttributeTargets.Interface | AttributeTargets.Method | AttributeTargets.Struct, Inherited = false)]
    public sealed class NullableContextAttribute : Attribute
    {
        public readonly byte Flag;
        public NullableContextAttribute(byte value) { Flag = value; }
    }

    [AttributeUsage(AttributeTargets.Method | AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Interface, Inherited = false)]
    public sealed class AsyncStateMachineAttribute : Attribute
    {
        public AsyncStateMachineAttribute(Type stateMachineType) { }
    }

    [AttributeUsage(AttributeTargets.Method, Inherited = false)]
    public sealed class IteratorStateMachineAttribute : Attribute
    {
        public IteratorStateMachineAttribute(Type stateMachineType) { }
    }

    [AttributeUsage(AttributeTargets.Method, Inherited = false)]
    public sealed class AsyncIteratorStateMachineAttribute : Attribute
    {
        public AsyncIteratorStateMachineAttribute(Type stateMachineType) { }
    }

    /// <summary>Marks the async iterator's parameter that receives the token given to GetAsyncEnumerator.</summary>
    [AttributeUsage(AttributeTargets.Parameter, Inherited = false)]
    public sealed class EnumeratorCancellationAttribute : Attribute
    {
    }

    /// <summary>Lets `[1, 2, 3]` build a collection through a static factory.</summary>
    [AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Interface, Inherited = false)]
    public sealed class CollectionBuilderAttribute : Attribute
    {
        public CollectionBuilderAttribute(Type builderType, string methodName) { BuilderType = builderType; MethodName = methodName; }
        public Type BuilderType { get; }
        public string MethodName { get; }
    }
}

namespace System.Runtime.CompilerServices
{
    /// <summary>How the compiler stores a `const decimal` field's value.</summary>
    [AttributeUsage(AttributeTargets.Field | AttributeTargets.Parameter, Inherited = false)]
    public sealed class DecimalConstantAttribute : Attribute
    {
        private readonly decimal _value;

        public DecimalConstantAttribute(byte scale, byte sign, uint hi, uint mid, uint low) { _value = new decimal((int)low, (int)mid, (int)hi, sign != 0, scale); }

        public DecimalConstantAttribute(byte scale, byte sign, int hi, int mid, int low) { _value = new decimal(low, mid, hi, sign != 0, scale); }

        public decimal Value => _value;
    }
}

namespace System.Runtime.CompilerServices
{
    /// <summary>A tuple of any arity seen through object: `o is (int a, int b)` asks it for its length and elements.</summary>
    public interface ITuple
    {
        int Length { get; }

        object this[int index] { get; }
    }
}
