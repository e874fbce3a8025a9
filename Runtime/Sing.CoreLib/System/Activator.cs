using System.Runtime.CompilerServices;
using Internal.Runtime;

namespace System
{
    /// <summary>`new T()` for a type parameter with the new() constraint compiles to CreateInstance&lt;T&gt;. The
    /// compiler (ILC) expands DefaultConstructorOf&lt;T&gt; to the address of T's parameterless constructor, for
    /// shared generic code through the generic dictionary. There is no reflection: CreateInstance(Type) is absent.</summary>
    public static unsafe class Activator
    {
        public static T CreateInstance<T>()
        {
            Internal.Runtime.MethodTable* type = Internal.Runtime.MethodTable.Of<T>();
            if (type->IsValueType) return default; // C# structs' parameterless constructors are not run, as .NET
            if (type->HasComponentSize || type->IsInterface)
                throw new MissingMethodException("Cannot dynamically create an instance of type '" + typeof(T).ToString() + "'. Reason: No parameterless constructor defined.");
            IntPtr constructor = DefaultConstructorOf<T>();
            if (constructor == IntPtr.Zero || constructor == MissingConstructorMarker || constructor == (IntPtr)(delegate*<void>)&MissingConstructorMethod)
                throw new MissingMethodException("Cannot dynamically create an instance of type '" + typeof(T).ToString() + "'. Reason: No parameterless constructor defined.");
            object instance = ObjectAllocator.AllocateObject(type);
            ((delegate*<object, void>)constructor)(instance);
            return Unsafe.As<object, T>(ref instance);
        }

        private static IntPtr MissingConstructorMarker => (IntPtr)(delegate*<void>)&ClassWithMissingConstructor.MissingDefaultConstructorStaticEntryPoint;

        [Intrinsic]
        private static IntPtr DefaultConstructorOf<T>() => MissingConstructorMarker;

        /// <summary>Where this ILC points DefaultConstructorOf for some types without a parameterless constructor
        /// (a string, say); never called, only compared.</summary>
        private static void MissingConstructorMethod() { }

        /// <summary>What the compiler points DefaultConstructorOf at for a type without a parameterless constructor.</summary>
        internal sealed class ClassWithMissingConstructor
        {
            private ClassWithMissingConstructor() { }

            internal static void MissingDefaultConstructorStaticEntryPoint() { }
        }
    }

    public class MissingMethodException : MissingMemberException
    {
        private protected override int DefaultHResult => unchecked((int)0x80131513);

        public MissingMethodException() : base("Attempted to access a missing method.") { }
        public MissingMethodException(string message) : base(message) { }
    }

    public class MissingMemberException : MemberAccessException
    {
        private protected override int DefaultHResult => unchecked((int)0x80131512);

        public MissingMemberException() : base("Attempted to access a missing member.") { }
        public MissingMemberException(string message) : base(message) { }
    }

    public class MemberAccessException : SystemException
    {
        private protected override int DefaultHResult => unchecked((int)0x8013151A);

        public MemberAccessException() : base("Cannot access member.") { }
        public MemberAccessException(string message) : base(message) { }
    }
}
