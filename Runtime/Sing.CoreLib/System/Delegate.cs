namespace System
{
    /// <summary>Delegates. The compiler generates each delegate type's constructor (calling one of the
    /// Initialize* methods below, chosen by the target's kind) and its Invoke, which calls _functionPointer with
    /// _firstParameter as the first argument. Static targets go through a compiler-generated thunk
    /// (GetThunk) that receives the delegate itself and calls _extraFunctionPointerOrData. Field and method
    /// names are a contract with ILC.</summary>
    public abstract unsafe class Delegate
    {
        internal object _firstParameter;
        internal object _helperObject;
        internal nint _extraFunctionPointerOrData;
        internal IntPtr _functionPointer;

        // Kinds of thunk the compiler emits per delegate type (GetThunk's argument).
        private protected const int MulticastThunk = 0;
        private protected const int ClosedStaticThunk = 1;
        private protected const int OpenStaticThunk = 2;
        private protected const int ClosedInstanceThunkOverGenericMethod = 3;
        private protected const int OpenInstanceThunk = 4;
        private protected const int ObjectArrayThunk = 5;

        // The multicast thunk walks an array of these.
        private struct Wrapper
        {
            public Wrapper(Delegate value) { Value = value; }
            public Delegate Value;
        }

        private protected virtual IntPtr GetThunk(int whichThunk) => IntPtr.Zero;

        private void InitializeClosedInstance(object firstParameter, IntPtr functionPointer)
        {
            if (firstParameter is null) throw new ArgumentException("Delegate to an instance method cannot have null 'this'.");
            _functionPointer = functionPointer;
            _firstParameter = firstParameter;
        }

        /// <summary>A closed delegate to a generic method whose address may be a fat pointer (shared code plus its
        /// dictionary): then the delegate calls the compiler's thunk, which passes the dictionary.</summary>
        private void InitializeClosedInstanceSlow(object firstParameter, IntPtr functionPointer)
        {
            if (firstParameter is null) throw new ArgumentException("Delegate to an instance method cannot have null 'this'.");
            InitializeClosedInstanceOverGenericMethod(firstParameter, functionPointer);
        }

        /// <summary>A delegate bound to a generic virtual method (ldvirtftn of a GVM): resolved once, now, against the
        /// target's type, as a call would be.</summary>
        private void InitializeClosedInstanceWithGVMResolution(object firstParameter, RuntimeMethodHandle tokenOfGenericVirtualMethod) =>
            InitializeClosedInstanceOverGenericMethod(firstParameter, System.Runtime.TypeLoaderExports.GVMLookupForSlot(firstParameter, tokenOfGenericVirtualMethod));

        private void InitializeClosedInstanceOverGenericMethod(object firstParameter, IntPtr functionPointer)
        {
            if (((nint)functionPointer & Internal.Runtime.TypeLoader.GenericVirtualMethodResolver.FatPointerTag) == 0)
            {
                _functionPointer = functionPointer;
                _firstParameter = firstParameter;
                return;
            }
            _firstParameter = this;
            _functionPointer = GetThunk(ClosedInstanceThunkOverGenericMethod);
            _extraFunctionPointerOrData = (nint)functionPointer;
            _helperObject = firstParameter;
        }

        /// <summary>Called by the compiler's open-instance thunk; we create no open-instance delegates (ILC cannot
        /// make them for us either), so it is never reached.</summary>
        private IntPtr GetActualTargetFunctionPointer(object thisObject) =>
            throw new NotSupportedException("open-instance delegates");

        private void InitializeClosedInstanceWithoutNullCheck(object firstParameter, IntPtr functionPointer)
        {
            _functionPointer = functionPointer;
            _firstParameter = firstParameter;
        }

        /// <summary>A delegate bound to an interface method: resolved once, now, against the target's type.</summary>
        private unsafe void InitializeClosedInstanceToInterface(object firstParameter, IntPtr dispatchCell)
        {
            _functionPointer = (IntPtr)Internal.Runtime.InterfaceDispatch.ResolveForDelegate(firstParameter, (nint)dispatchCell);
            _firstParameter = firstParameter;
        }

        private void InitializeClosedStaticThunk(object firstParameter, IntPtr functionPointer, IntPtr functionPointerThunk)
        {
            _extraFunctionPointerOrData = (nint)functionPointer;
            _helperObject = firstParameter;
            _functionPointer = functionPointerThunk;
            _firstParameter = this;
        }

        private void InitializeOpenStaticThunk(object firstParameter, IntPtr functionPointer, IntPtr functionPointerThunk)
        {
            _firstParameter = this;
            _functionPointer = functionPointerThunk;
            _extraFunctionPointerOrData = (nint)functionPointer;
        }

        public object Target => ReferenceEquals(_firstParameter, this) ? _helperObject : _firstParameter;

        public static bool operator ==(Delegate a, Delegate b) => ReferenceEquals(a, b) || (a is not null && a.Equals(b));

        public static bool operator !=(Delegate a, Delegate b) => !(a == b);

        public override bool Equals(object obj) =>
            obj is Delegate other && other.m_pMethodTable == m_pMethodTable
            && ReferenceEquals(other.Target, Target)
            && other._functionPointer == _functionPointer && other._extraFunctionPointerOrData == _extraFunctionPointerOrData;

        public override int GetHashCode() => (int)(long)_functionPointer ^ (int)_extraFunctionPointerOrData;
    }

    public abstract class MulticastDelegate : Delegate
    {
    }
}
