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

        // A multicast delegate (made by Combine) is its own first parameter, calls the compiler's multicast thunk,
        // and keeps its targets in _helperObject (a Wrapper[]) and their count in _extraFunctionPointerOrData;
        // the thunk reads those two fields by name.
        private bool IsMulticast => _helperObject is Wrapper[] && ReferenceEquals(_firstParameter, this);

        private Wrapper[] InvocationList => (Wrapper[])_helperObject;

        private int InvocationCount => (int)_extraFunctionPointerOrData;

        /// <summary>The target of the last delegate in the invocation list (null for a static method).</summary>
        public object Target
        {
            get
            {
                if (IsMulticast) return InvocationList[InvocationCount - 1].Value.Target;
                return ReferenceEquals(_firstParameter, this) ? _helperObject : _firstParameter;
            }
        }

        public static bool operator ==(Delegate a, Delegate b) => ReferenceEquals(a, b) || (a is not null && a.Equals(b));

        public static bool operator !=(Delegate a, Delegate b) => !(a == b);

        public override bool Equals(object obj)
        {
            if (obj is not Delegate other || other.m_pMethodTable != m_pMethodTable) return false;
            if (IsMulticast || other.IsMulticast)
            {
                if (!IsMulticast || !other.IsMulticast || InvocationCount != other.InvocationCount) return false;
                for (int i = 0; i < InvocationCount; i++)
                    if (!InvocationList[i].Value.Equals(other.InvocationList[i].Value)) return false;
                return true;
            }
            return ReferenceEquals(other.Target, Target)
                && other._functionPointer == _functionPointer && other._extraFunctionPointerOrData == _extraFunctionPointerOrData;
        }

        public override int GetHashCode() =>
            IsMulticast ? InvocationList[0].Value.GetHashCode() ^ InvocationCount : (int)(long)_functionPointer ^ (int)_extraFunctionPointerOrData;

        /// <summary>The delegates this one calls, in order (itself when it is not multicast).</summary>
        public Delegate[] GetInvocationList()
        {
            if (!IsMulticast) return new[] { this };
            var list = new Delegate[InvocationCount];
            for (int i = 0; i < list.Length; i++) list[i] = InvocationList[i].Value;
            return list;
        }

        public bool HasSingleTarget => !IsMulticast;

        /// <summary>a's targets then b's; null when both are null. Both must be of the same delegate type.</summary>
        public static Delegate Combine(Delegate a, Delegate b)
        {
            if (a is null) return b;
            if (b is null) return a;
            if (a.m_pMethodTable != b.m_pMethodTable) throw new ArgumentException("Delegates must be of the same type.");
            int countA = a.IsMulticast ? a.InvocationCount : 1, countB = b.IsMulticast ? b.InvocationCount : 1;
            var list = new Wrapper[countA + countB];
            a.CopyInvocationList(list, 0);
            b.CopyInvocationList(list, countA);
            return a.NewMulticast(list);
        }

        public static Delegate Combine(params Delegate[] delegates)
        {
            if (delegates is null) return null;
            Delegate result = null;
            for (int i = 0; i < delegates.Length; i++) result = Combine(result, delegates[i]);
            return result;
        }

        /// <summary>Removes the last occurrence of value's invocation list from source's; source when absent.</summary>
        public static Delegate Remove(Delegate source, Delegate value)
        {
            if (source is null) return null;
            if (value is null) return source;
            if (source.m_pMethodTable != value.m_pMethodTable) throw new ArgumentException("Delegates must be of the same type.");
            int countS = source.IsMulticast ? source.InvocationCount : 1, countV = value.IsMulticast ? value.InvocationCount : 1;
            var s = new Wrapper[countS];
            var v = new Wrapper[countV];
            source.CopyInvocationList(s, 0);
            value.CopyInvocationList(v, 0);
            for (int start = countS - countV; start >= 0; start--)
            {
                bool match = true;
                for (int k = 0; k < countV && match; k++) match = s[start + k].Value.Equals(v[k].Value);
                if (!match) continue;
                int remaining = countS - countV;
                if (remaining == 0) return null;
                if (remaining == 1) return start == 0 ? s[countS - 1].Value : s[0].Value;
                var list = new Wrapper[remaining];
                for (int i = 0, j = 0; i < countS; i++)
                    if (i < start || i >= start + countV) list[j++] = s[i];
                return source.NewMulticast(list);
            }
            return source;
        }

        public static Delegate RemoveAll(Delegate source, Delegate value)
        {
            Delegate previous;
            do
            {
                previous = source;
                source = Remove(source, value);
            } while (!ReferenceEquals(previous, source));
            return source;
        }

        private void CopyInvocationList(Wrapper[] to, int at)
        {
            if (!IsMulticast) { to[at] = new Wrapper(this); return; }
            for (int i = 0; i < InvocationCount; i++) to[at + i] = InvocationList[i];
        }

        private unsafe Delegate NewMulticast(Wrapper[] list)
        {
            var result = (Delegate)Internal.Runtime.ObjectAllocator.AllocateObject(m_pMethodTable);
            result._functionPointer = GetThunk(MulticastThunk);
            result._firstParameter = result;
            result._helperObject = list;
            result._extraFunctionPointerOrData = list.Length;
            return result;
        }
    }

    public abstract class MulticastDelegate : Delegate
    {
    }
}
