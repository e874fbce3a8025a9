using Internal.Runtime;
using Internal.Runtime.TypeLoader;

namespace System
{
    /// <summary>A type at run time: what GetType() and typeof give. There is no reflection over members; a Type
    /// knows its names (from the image's metadata), its kind, base type, element and generic arguments, and
    /// compares by identity of the underlying MethodTable (two Type objects for one type are equal and ==).</summary>
    public abstract unsafe class Type
    {
        internal abstract MethodTable* Handle { get; }

        public static Type GetTypeFromHandle(RuntimeTypeHandle handle) =>
            handle._value == IntPtr.Zero ? null : RuntimeType.For((MethodTable*)handle._value);

        internal static Type FromMethodTable(MethodTable* type) => RuntimeType.For(type);

        public RuntimeTypeHandle TypeHandle => new RuntimeTypeHandle(Handle);

        public static RuntimeTypeHandle GetTypeHandle(object o)
        {
            if (o is null) throw new ArgumentNullException(null, "Value cannot be null.");
            return new RuntimeTypeHandle(o.m_pEEType);
        }

        public abstract string Name { get; }
        public abstract string Namespace { get; }
        public abstract string FullName { get; }
        public abstract string AssemblyQualifiedName { get; }

        public bool IsValueType => Handle->IsValueType && !Handle->IsParameterizedType;
        public bool IsClass => !IsValueType && !IsInterface;
        public bool IsInterface => Handle->IsInterface;
        public bool IsArray => Handle->IsArray;
        public bool IsSZArray => Handle->IsSzArray;
        public bool IsEnum => BaseType == typeof(Enum);
        public bool IsPrimitive => Handle->ElementType >= EETypeElementType.Boolean && Handle->ElementType <= EETypeElementType.Double;
        public bool IsGenericType => Handle->IsGeneric;
        public bool IsGenericTypeDefinition => Handle->IsGenericTypeDefinition;
        public bool IsConstructedGenericType => Handle->IsGeneric && !Handle->IsGenericTypeDefinition;

        public Type BaseType
        {
            get
            {
                if (Handle->IsInterface) return null;
                MethodTable* b = Handle->BaseType;
                return b == null ? null : RuntimeType.For(b);
            }
        }

        public Type GetElementType() => Handle->IsParameterizedType ? RuntimeType.For(Handle->RelatedParameterType) : null;

        public int GetArrayRank() => Handle->IsSzArray ? 1 : throw new NotSupportedException("GetArrayRank: multi-dimensional array types carry no rank at run time here.");

        public Type[] GenericTypeArguments => IsConstructedGenericType ? GetGenericArguments() : new Type[0];

        public Type[] GetGenericArguments()
        {
            int arity = Handle->GenericArity;
            if (!IsConstructedGenericType) return new Type[0];
            var arguments = new Type[arity];
            for (int i = 0; i < arity; i++) arguments[i] = RuntimeType.For(Handle->GetGenericArgument(i, arity));
            return arguments;
        }

        public Type GetGenericTypeDefinition()
        {
            if (!IsGenericType) throw new InvalidOperationException("This operation is only valid on generic types.");
            return IsGenericTypeDefinition ? this : RuntimeType.For(Handle->GenericDefinition);
        }

        /// <summary>Whether a value of type <paramref name="c"/> can be stored in a variable of this type.</summary>
        public bool IsAssignableFrom(Type c) => c is not null && (c.Handle == Handle || Runtime.TypeCast.IsAssignable(c.Handle, Handle));

        public bool IsAssignableTo(Type targetType) => targetType is not null && targetType.IsAssignableFrom(this);

        public bool IsInstanceOfType(object o) => o is not null && IsAssignableFrom(o.GetType());

        public bool IsSubclassOf(Type c)
        {
            if (c is null || c.Handle == Handle) return false;
            for (Type b = BaseType; b is not null; b = b.BaseType)
                if (b.Handle == c.Handle) return true;
            return false;
        }

        public override bool Equals(object o) => o is Type other && other.Handle == Handle;

        public bool Equals(Type o) => o is not null && o.Handle == Handle;

        public override int GetHashCode() => (int)(nint)Handle ^ (int)((long)(nint)Handle >> 32);

        public static bool operator ==(Type left, Type right) =>
            ReferenceEquals(left, right) || (left is not null && right is not null && left.Handle == right.Handle);

        public static bool operator !=(Type left, Type right) => !(left == right);

        /// <summary>As .NET: the namespace-qualified name, generic arguments in brackets ("System.Int32[]",
        /// "System.Collections.Generic.List`1[System.String]").</summary>
        public override string ToString()
        {
            string name = FullNameWithoutArguments();
            if (!IsConstructedGenericType) return name;
            Type[] arguments = GetGenericArguments();
            var text = new Text.StringBuilder(name).Append('[');
            for (int i = 0; i < arguments.Length; i++)
            {
                if (i > 0) text.Append(',');
                text.Append(arguments[i].ToString());
            }
            return text.Append(']').ToString();
        }

        internal string FullNameWithoutArguments()
        {
            if (Handle->IsParameterizedType)
            {
                string element = GetElementType().ToString();
                return Handle->IsSzArray ? element + "[]" : Handle->IsArray ? element + "[*]" : element + "*";
            }
            string ns = Namespace;
            string nested = TypeNames.NestedNameOf(Handle);
            return ns is null ? nested : string.Concat(ns, ".", nested);
        }
    }

    /// <summary>The one kind of Type this runtime makes. ILC requires a class of this name (typeof support).</summary>
    internal sealed unsafe class RuntimeType : Type
    {
        private readonly MethodTable* _type;
        private string _name;

        private RuntimeType(MethodTable* type) { _type = type; }

        /// <summary>The one Type object of <paramref name="type"/> (as .NET: typeof gives the same object each time, so
        /// ReferenceEquals holds and the Type can be locked).</summary>
        internal static RuntimeType For(MethodTable* type)
        {
            RuntimeType[] table = s_table;
            if (table is not null)
            {
                int mask = table.Length - 1;
                for (int i = Slot(type, mask); table[i] is RuntimeType found; i = (i + 1) & mask)
                    if (found._type == type) return found;
            }
            return Add(type);
        }

        // Open addressing by MethodTable address; readers look without a section (a slot changes only from null to its
        // final Type, and a table is replaced whole), writers add inside one.
        private static RuntimeType[] s_table;
        private static int s_count;

        private static int Slot(MethodTable* type, int mask) => (int)(((ulong)type >> 3) * 0x9E3779B97F4A7C15UL >> 40) & mask;

        private static RuntimeType Add(MethodTable* type)
        {
            // Everything is allocated outside the section: the Type, and a bigger table when this one would be over half full.
            var made = new RuntimeType(type);
            int length = s_table?.Length ?? 0;
            RuntimeType[] fresh = (s_count + 1) * 2 > length ? new RuntimeType[Math.Max(64, length * 2)] : null;
            ulong section = System.Threading.KernelWaits.EnterSection();
            RuntimeType[] table = s_table;
            int used = table?.Length ?? 0;
            if (fresh is not null && fresh.Length > used && (s_count + 1) * 2 > used)
            {
                if (table is not null)
                    foreach (RuntimeType t in table)
                        if (t is not null) Place(fresh, t);
                s_table = table = fresh;
            }
            RuntimeType result = Place(table, made);
            if (result == made) s_count++;
            System.Threading.KernelWaits.ExitSection(section);
            return result;
        }

        // The Type already in the table for t's MethodTable, or t once placed.
        private static RuntimeType Place(RuntimeType[] table, RuntimeType t)
        {
            int mask = table.Length - 1;
            int i = Slot(t._type, mask);
            for (; table[i] is RuntimeType found; i = (i + 1) & mask)
                if (found._type == t._type) return found;
            table[i] = t;
            return t;
        }

        internal override MethodTable* Handle => _type;

        public override string Name
        {
            get
            {
                if (_name is not null) return _name;
                if (_type->IsParameterizedType)
                    return _name = GetElementType().Name + (_type->IsSzArray ? "[]" : _type->IsArray ? "[*]" : "*");
                return _name = TypeNames.Of(_type);
            }
        }

        public override string Namespace => _type->IsParameterizedType ? GetElementType().Namespace : TypeNames.NamespaceOf(_type);

        /// <summary>As .NET: for a constructed generic type each argument is named with its assembly
        /// ("System.Collections.Generic.List`1[[System.Int32, System.Private.CoreLib, Version=..., Culture=neutral,
        /// PublicKeyToken=null]]"); the assemblies are this image's own, so their versions and tokens are ours, not
        /// the stock framework's. Null when an argument's assembly cannot be named (as .NET gives null for types
        /// it cannot name).</summary>
        public override string FullName
        {
            get
            {
                if (_type->IsParameterizedType)
                {
                    string element = GetElementType().FullName;
                    return element is null ? null : element + (_type->IsSzArray ? "[]" : _type->IsArray ? "[*]" : "*");
                }
                if (!IsConstructedGenericType) return FullNameWithoutArguments();
                var text = new Text.StringBuilder(FullNameWithoutArguments()).Append('[');
                Type[] arguments = GetGenericArguments();
                for (int i = 0; i < arguments.Length; i++)
                {
                    string argument = arguments[i].AssemblyQualifiedName;
                    if (argument is null) return null;
                    if (i > 0) text.Append(',');
                    text.Append('[').Append(argument).Append(']');
                }
                return text.Append(']').ToString();
            }
        }

        public override string AssemblyQualifiedName
        {
            get
            {
                string fullName = FullName;
                MethodTable* named = _type;
                while (named->IsParameterizedType) named = named->RelatedParameterType;
                string assembly = TypeNames.AssemblyNameOf(named);
                return fullName is null || assembly is null ? null : fullName + ", " + assembly;
            }
        }
    }
}
