namespace Internal.Runtime.TypeLoader
{
    /// <summary>Formats methods and types from the embedded metadata the way .NET's stack traces print them:
    /// the declaring type's full name with nested types joined by '.', the method name, a generic method's
    /// parameter names in brackets, and the parameter types by simple name ("Int32", "String[]", "List`1",
    /// "Int32&amp;"). Records are read in ILC 10's schema order (see EnumMetadata); a reference to one of several
    /// record kinds is (offset &lt;&lt; 7) | kind, a handle in the stack-trace table is kind &lt;&lt; 25 | offset.</summary>
    internal static unsafe class MetadataNames
    {
        // ILC 10's HandleType numbers.
        private const uint ArraySignature = 0x01, ByReferenceSignature = 0x02, ConstantStringArray = 0x19,
            ConstantStringValue = 0x1a, MethodTypeVariableSignature = 0x2c, ModifiedType = 0x2d,
            NamespaceReference = 0x30, PointerSignature = 0x32, SZArraySignature = 0x37, TypeDefinition = 0x3a,
            TypeInstantiationSignature = 0x3c, TypeReference = 0x3d, TypeSpecification = 0x3e, TypeVariableSignature = 0x3f;

        private const int MaxDepth = 16;

        public static string Method(byte* blob, uint owningHandle, uint name, uint signature, uint genericArguments)
        {
            uint owning = ((owningHandle & 0x01FFFFFF) << 7) | (owningHandle >> 25);
            var text = new System.Text.StringBuilder();
            AppendType(text, blob, owning, full: true, definition: 0, methodArguments: 0, depth: 0);
            text.Append('.');
            text.Append(name == 0 ? "?" : EnumMetadata.Utf8String(blob + name));
            if (genericArguments != 0)
            {
                text.Append('[');
                byte* p = blob + genericArguments;
                uint count = NativeFormat.DecodeUnsigned(ref p);
                for (uint i = 0; i < count; i++)
                {
                    if (i > 0) text.Append(',');
                    text.Append(StringOf(blob, NativeFormat.DecodeUnsigned(ref p)));
                }
                text.Append(']');
            }
            text.Append('(');
            if (signature != 0)
            {
                byte* p = blob + signature;
                NativeFormat.DecodeUnsigned(ref p); // CallingConvention
                NativeFormat.DecodeUnsigned(ref p); // GenericParameterCount
                NativeFormat.DecodeUnsigned(ref p); // ReturnType
                uint count = NativeFormat.DecodeUnsigned(ref p);
                uint definition = DefinitionOf(blob, owning, 0);
                for (uint i = 0; i < count; i++)
                {
                    if (i > 0) text.Append(", ");
                    AppendType(text, blob, NativeFormat.DecodeUnsigned(ref p), full: false, definition, genericArguments, 0);
                }
            }
            text.Append(')');
            return text.ToString();
        }

        /// <summary>A method's owning type named as .NET's TypeInitializationException names it: "Namespace.Name" for a
        /// type at namespace level, the bare name for a nested type, a generic type by its definition ("Name`1").</summary>
        public static string TypeInitializerName(byte* blob, uint owningHandle)
        {
            uint owning = ((owningHandle & 0x01FFFFFF) << 7) | (owningHandle >> 25);
            var text = new System.Text.StringBuilder();
            if ((owning & 0x7F) == TypeReference && owning >> 7 != 0)
            {
                // TypeReference = ParentNamespaceOrType, TypeName: nested when the parent is a type.
                byte* r = blob + (owning >> 7);
                uint parent = NativeFormat.DecodeUnsigned(ref r);
                AppendType(text, blob, owning, full: (parent & 0x7F) != TypeReference, definition: 0, methodArguments: 0, depth: 0);
                return text.ToString();
            }
            uint definition = DefinitionOf(blob, owning, 0);
            if (definition == 0)
            {
                AppendType(text, blob, owning, full: true, definition: 0, methodArguments: 0, depth: 0);
                return text.ToString();
            }
            byte* p = blob + definition;
            NativeFormat.DecodeUnsigned(ref p); // Flags
            NativeFormat.DecodeUnsigned(ref p); // BaseType
            NativeFormat.DecodeUnsigned(ref p); // NamespaceDefinition
            NativeFormat.DecodeUnsigned(ref p); // Name
            NativeFormat.DecodeUnsigned(ref p); // Size
            NativeFormat.DecodeUnsigned(ref p); // PackingSize
            uint enclosing = NativeFormat.DecodeUnsigned(ref p);
            AppendDefinition(text, blob, blob + definition, full: enclosing == 0, 0);
            return text.ToString();
        }

        /// <summary>Appends the name of the type a (offset &lt;&lt; 7 | kind) reference names.</summary>
        private static void AppendType(System.Text.StringBuilder text, byte* blob, uint reference, bool full, uint definition, uint methodArguments, int depth)
        {
            uint kind = reference & 0x7F;
            byte* p = blob + (reference >> 7);
            if (reference >> 7 == 0 || depth > MaxDepth)
            {
                text.Append('?');
                return;
            }
            switch (kind)
            {
                case TypeDefinition:
                    AppendDefinition(text, blob, p, full, 0);
                    return;
                case TypeReference:
                {
                    uint parent = NativeFormat.DecodeUnsigned(ref p);
                    uint name = NativeFormat.DecodeUnsigned(ref p);
                    if (full && parent >> 7 != 0)
                    {
                        if ((parent & 0x7F) == TypeReference) AppendType(text, blob, parent, true, definition, methodArguments, depth + 1);
                        else if ((parent & 0x7F) == NamespaceReference) AppendNamespaceReference(text, blob, parent >> 7, 0);
                        if (text.Length > 0 && text[text.Length - 1] != '.') text.Append('.');
                    }
                    text.Append(name == 0 ? "?" : EnumMetadata.Utf8String(blob + name));
                    return;
                }
                case TypeSpecification:
                    AppendType(text, blob, NativeFormat.DecodeUnsigned(ref p), full, definition, methodArguments, depth + 1);
                    return;
                case TypeInstantiationSignature:
                    // .NET names the generic definition ("List`1") in stack traces.
                    AppendType(text, blob, NativeFormat.DecodeUnsigned(ref p), full, definition, methodArguments, depth + 1);
                    return;
                case SZArraySignature:
                    AppendType(text, blob, NativeFormat.DecodeUnsigned(ref p), full, definition, methodArguments, depth + 1);
                    text.Append("[]");
                    return;
                case ArraySignature:
                {
                    AppendType(text, blob, NativeFormat.DecodeUnsigned(ref p), full, definition, methodArguments, depth + 1);
                    uint rank = NativeFormat.DecodeUnsigned(ref p);
                    text.Append('[');
                    for (uint i = 1; i < rank && i < 32; i++) text.Append(',');
                    text.Append(']');
                    return;
                }
                case ByReferenceSignature:
                    AppendType(text, blob, NativeFormat.DecodeUnsigned(ref p), full, definition, methodArguments, depth + 1);
                    text.Append('&');
                    return;
                case PointerSignature:
                    AppendType(text, blob, NativeFormat.DecodeUnsigned(ref p), full, definition, methodArguments, depth + 1);
                    text.Append('*');
                    return;
                case ModifiedType:
                    p++; // IsOptional
                    NativeFormat.DecodeUnsigned(ref p); // ModifierType
                    AppendType(text, blob, NativeFormat.DecodeUnsigned(ref p), full, definition, methodArguments, depth + 1);
                    return;
                case TypeVariableSignature:
                {
                    uint number = NativeFormat.DecodeUnsigned(ref p);
                    string name = definition == 0 ? null : GenericParameterName(blob, blob + definition, number);
                    text.Append(name ?? "!" + number.ToString());
                    return;
                }
                case MethodTypeVariableSignature:
                {
                    uint number = NativeFormat.DecodeUnsigned(ref p);
                    string name = null;
                    if (methodArguments != 0)
                    {
                        byte* q = blob + methodArguments;
                        uint count = NativeFormat.DecodeUnsigned(ref q);
                        for (uint i = 0; i < count; i++)
                        {
                            uint value = NativeFormat.DecodeUnsigned(ref q);
                            if (i == number) name = StringOf(blob, value);
                        }
                    }
                    text.Append(name ?? "!!" + number.ToString());
                    return;
                }
                default:
                    text.Append('?');
                    return;
            }
        }

        /// <summary>TypeDefinition = Flags, BaseType, NamespaceDefinition, Name, Size, PackingSize, EnclosingType, ....</summary>
        private static void AppendDefinition(System.Text.StringBuilder text, byte* blob, byte* record, bool full, int depth)
        {
            byte* p = record;
            NativeFormat.DecodeUnsigned(ref p); // Flags
            NativeFormat.DecodeUnsigned(ref p); // BaseType
            uint ns = NativeFormat.DecodeUnsigned(ref p);
            uint name = NativeFormat.DecodeUnsigned(ref p);
            NativeFormat.DecodeUnsigned(ref p); // Size
            NativeFormat.DecodeUnsigned(ref p); // PackingSize
            uint enclosing = NativeFormat.DecodeUnsigned(ref p);
            if (full && depth < MaxDepth)
            {
                if (enclosing != 0)
                {
                    AppendDefinition(text, blob, blob + enclosing, true, depth + 1);
                    text.Append('.');
                }
                else if (ns != 0 && AppendNamespaceDefinition(text, blob, blob + ns, 0)) text.Append('.');
            }
            text.Append(name == 0 ? "?" : EnumMetadata.Utf8String(blob + name));
        }

        /// <summary>NamespaceDefinition = ParentScopeOrNamespace, Name; the root namespace has an empty name.</summary>
        private static bool AppendNamespaceDefinition(System.Text.StringBuilder text, byte* blob, byte* record, int depth)
        {
            byte* p = record;
            uint parent = NativeFormat.DecodeUnsigned(ref p);
            uint name = NativeFormat.DecodeUnsigned(ref p);
            string own = name == 0 ? "" : EnumMetadata.Utf8String(blob + name);
            if (own.Length == 0 || depth > MaxDepth) return false;
            if ((parent & 0x7F) == 0x2f /* NamespaceDefinition */ && parent >> 7 != 0
                && AppendNamespaceDefinition(text, blob, blob + (parent >> 7), depth + 1)) text.Append('.');
            text.Append(own);
            return true;
        }

        private static bool AppendNamespaceReference(System.Text.StringBuilder text, byte* blob, uint offset, int depth)
        {
            byte* p = blob + offset;
            uint parent = NativeFormat.DecodeUnsigned(ref p);
            uint name = NativeFormat.DecodeUnsigned(ref p);
            string own = name == 0 ? "" : EnumMetadata.Utf8String(blob + name);
            if (own.Length == 0 || depth > MaxDepth) return false;
            if ((parent & 0x7F) == NamespaceReference && parent >> 7 != 0
                && AppendNamespaceReference(text, blob, parent >> 7, depth + 1)) text.Append('.');
            text.Append(own);
            return true;
        }

        /// <summary>The TypeDefinition (its offset) behind an owning-type reference, for the names of its
        /// generic parameters; 0 when it is defined elsewhere.</summary>
        private static uint DefinitionOf(byte* blob, uint reference, int depth)
        {
            if (depth > MaxDepth || reference >> 7 == 0) return 0;
            byte* p = blob + (reference >> 7);
            switch (reference & 0x7F)
            {
                case TypeDefinition: return reference >> 7;
                case TypeSpecification:
                case TypeInstantiationSignature: return DefinitionOf(blob, NativeFormat.DecodeUnsigned(ref p), depth + 1);
                default: return 0;
            }
        }

        /// <summary>TypeDefinition ... EnclosingType, NestedTypes, Methods, Fields, Properties, Events,
        /// GenericParameters; GenericParameter = Number, Flags, Kind, Name.</summary>
        private static string GenericParameterName(byte* blob, byte* record, uint number)
        {
            byte* p = record;
            for (int i = 0; i < 7; i++) NativeFormat.DecodeUnsigned(ref p);
            for (int list = 0; list < 5; list++)
            {
                uint count = NativeFormat.DecodeUnsigned(ref p);
                for (uint i = 0; i < count; i++) NativeFormat.DecodeUnsigned(ref p);
            }
            uint parameters = NativeFormat.DecodeUnsigned(ref p);
            for (uint i = 0; i < parameters; i++)
            {
                byte* parameter = blob + NativeFormat.DecodeUnsigned(ref p);
                if (i != number) continue;
                NativeFormat.DecodeUnsigned(ref parameter); // Number
                NativeFormat.DecodeUnsigned(ref parameter); // Flags
                NativeFormat.DecodeUnsigned(ref parameter); // Kind
                uint name = NativeFormat.DecodeUnsigned(ref parameter);
                return name == 0 ? null : EnumMetadata.Utf8String(blob + name);
            }
            return null;
        }

        private static string StringOf(byte* blob, uint reference) =>
            (reference & 0x7F) == ConstantStringValue && reference >> 7 != 0 ? EnumMetadata.Utf8String(blob + (reference >> 7)) : "?";
    }
}
