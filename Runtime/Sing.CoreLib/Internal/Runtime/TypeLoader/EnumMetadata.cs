namespace Internal.Runtime.TypeLoader
{
    /// <summary>Reads an enum's members (names and constant values) from the reflection metadata ILC embeds.
    /// The type-to-metadata map is a native hashtable of (CommonFixups index of the MethodTable, TypeDefinition
    /// handle) pairs; a handle there is the record's offset in the metadata blob under a 7-bit type in the top
    /// bits. Records are sequences of native-format integers in schema order: a field of a fixed record type is
    /// stored as the record's offset, a field that may hold several record types as (offset &lt;&lt; 7) | type.</summary>
    internal static unsafe class EnumMetadata
    {
        private const uint FieldAttributesLiteral = 0x40;

        // HandleType numbers of the constant records an enum literal can point at (ILC 10's metadata schema).
        private const uint ConstantByteValue = 0x06;
        private const uint ConstantInt16Value = 0x0f;
        private const uint ConstantInt32Value = 0x11;
        private const uint ConstantInt64Value = 0x13;
        private const uint ConstantSByteValue = 0x16;
        private const uint ConstantUInt16Value = 0x1c;
        private const uint ConstantUInt32Value = 0x1e;
        private const uint ConstantUInt64Value = 0x20;

        /// <summary>The literal fields of <paramref name="type"/> in declaration order, values widened like
        /// Enum's own (sign-extended for signed underlying types); false when the image has no metadata for it.</summary>
        public static bool Read(MethodTable* type, out string[] names, out long[] values)
        {
            names = null;
            values = null;
            byte* blob = ModuleTables.Metadata;
            byte* typeDefinition = FindTypeDefinition(type, blob);
            if (typeDefinition == null) return false;

            byte* p = typeDefinition;
            NativeFormat.DecodeUnsigned(ref p); // Flags
            NativeFormat.DecodeUnsigned(ref p); // BaseType
            NativeFormat.DecodeUnsigned(ref p); // NamespaceDefinition
            NativeFormat.DecodeUnsigned(ref p); // Name
            NativeFormat.DecodeUnsigned(ref p); // Size
            NativeFormat.DecodeUnsigned(ref p); // PackingSize
            NativeFormat.DecodeUnsigned(ref p); // EnclosingType
            SkipList(ref p); // NestedTypes
            SkipList(ref p); // Methods
            uint fieldCount = NativeFormat.DecodeUnsigned(ref p);
            byte* fieldHandles = p;

            int literals = 0;
            for (uint i = 0; i < fieldCount; i++)
                if (IsLiteral(blob + NativeFormat.DecodeUnsigned(ref p))) literals++;

            names = new string[literals];
            values = new long[literals];
            p = fieldHandles;
            int n = 0;
            for (uint i = 0; i < fieldCount; i++)
            {
                byte* field = blob + NativeFormat.DecodeUnsigned(ref p);
                if (!IsLiteral(field)) continue; // value__, the instance field holding the value
                NativeFormat.DecodeUnsigned(ref field); // Flags
                names[n] = Utf8String(blob + NativeFormat.DecodeUnsigned(ref field));
                NativeFormat.DecodeUnsigned(ref field); // Signature
                values[n] = Constant(blob, NativeFormat.DecodeUnsigned(ref field));
                n++;
            }
            return true;
        }

        /// <summary>Whether the enum carries [System.Flags]. TypeDefinition's last member is its CustomAttributes list;
        /// CustomAttribute = Constructor (a QualifiedMethod: Method, EnclosingType, or a MemberReference: Parent,
        /// ...), FixedArguments, NamedArguments. ILC writes custom attributes only into images that compile the
        /// metadata reader's CustomAttributes accessor, which this method calls for that reason.</summary>
        public static bool IsFlags(MethodTable* type)
        {
            if (new Internal.Metadata.NativeFormat.TypeDefinition().CustomAttributes != 0) return false;
            byte* blob = ModuleTables.Metadata;
            byte* p = FindTypeDefinition(type, blob);
            if (p == null) return false;
            for (int i = 0; i < 7; i++) NativeFormat.DecodeUnsigned(ref p); // Flags .. EnclosingType
            for (int list = 0; list < 7; list++) SkipList(ref p);        // NestedTypes .. Interfaces
            uint count = NativeFormat.DecodeUnsigned(ref p);
            for (uint i = 0; i < count; i++)
            {
                byte* attribute = blob + NativeFormat.DecodeUnsigned(ref p);
                uint constructor = NativeFormat.DecodeUnsigned(ref attribute);
                if (IsSystemType(blob, AttributeType(blob, constructor), "FlagsAttribute")) return true;
            }
            return false;
        }

        private const uint QualifiedMethod = 0x36, MemberReference = 0x27, TypeDefinitionKind = 0x3a, TypeReferenceKind = 0x3d,
            NamespaceDefinitionKind = 0x2f, NamespaceReferenceKind = 0x30;

        /// <summary>The (offset &lt;&lt; 7 | kind) reference of the type declaring an attribute's constructor.</summary>
        private static uint AttributeType(byte* blob, uint constructor)
        {
            byte* p = blob + (constructor >> 7);
            switch (constructor & 0x7F)
            {
                case QualifiedMethod:
                    NativeFormat.DecodeUnsigned(ref p); // Method
                    return (NativeFormat.DecodeUnsigned(ref p) << 7) | TypeDefinitionKind;
                case MemberReference:
                    return NativeFormat.DecodeUnsigned(ref p);
                default:
                    return 0;
            }
        }

        /// <summary>Whether a TypeDefinition or TypeReference is System.<paramref name="name"/>.</summary>
        private static bool IsSystemType(byte* blob, uint reference, string name)
        {
            if (reference >> 7 == 0) return false;
            byte* p = blob + (reference >> 7);
            uint nameOffset, ns;
            if ((reference & 0x7F) == TypeDefinitionKind)
            {
                NativeFormat.DecodeUnsigned(ref p); // Flags
                NativeFormat.DecodeUnsigned(ref p); // BaseType
                uint definition = NativeFormat.DecodeUnsigned(ref p);
                nameOffset = NativeFormat.DecodeUnsigned(ref p);
                ns = definition == 0 ? 0 : (definition << 7) | NamespaceDefinitionKind;
            }
            else if ((reference & 0x7F) == TypeReferenceKind)
            {
                ns = NativeFormat.DecodeUnsigned(ref p);
                nameOffset = NativeFormat.DecodeUnsigned(ref p);
            }
            else return false;
            if (nameOffset == 0 || Utf8String(blob + nameOffset) != name) return false;
            // The namespace is "System" directly under the root (whose name is empty).
            if ((ns & 0x7F) != NamespaceDefinitionKind && (ns & 0x7F) != NamespaceReferenceKind) return false;
            byte* q = blob + (ns >> 7);
            uint parent = NativeFormat.DecodeUnsigned(ref q);
            uint nsName = NativeFormat.DecodeUnsigned(ref q);
            if (nsName == 0 || Utf8String(blob + nsName) != "System") return false;
            if ((parent & 0x7F) != (ns & 0x7F)) return true; // parent is the scope
            byte* r = blob + (parent >> 7);
            NativeFormat.DecodeUnsigned(ref r);
            uint rootName = NativeFormat.DecodeUnsigned(ref r);
            return rootName == 0 || Utf8String(blob + rootName).Length == 0;
        }

        internal static byte* FindTypeDefinition(MethodTable* type, byte* blob)
        {
            byte* map = ModuleTables.TypeToMetadataMap;
            if (map == null || blob == null) return null;
            // Once per enum type (the caller caches), so a scan is fine; ILC's hash is of the compile-time type.
            var scan = new NativeHashtableScan(map);
            for (byte* entry = scan.Next(); entry != null; entry = scan.Next())
            {
                uint fixup = NativeFormat.DecodeUnsigned(ref entry);
                if (ModuleTables.CommonFixup(fixup) != type) continue;
                uint handle = NativeFormat.DecodeUnsigned(ref entry);
                return blob + (handle & 0x01FFFFFF);
            }
            return null;
        }

        private static bool IsLiteral(byte* field) => (NativeFormat.DecodeUnsigned(ref field) & FieldAttributesLiteral) != 0;

        private static void SkipList(ref byte* p)
        {
            uint count = NativeFormat.DecodeUnsigned(ref p);
            for (uint i = 0; i < count; i++) NativeFormat.DecodeUnsigned(ref p);
        }

        private static long Constant(byte* blob, uint handle)
        {
            byte* p = blob + (handle >> 7);
            switch (handle & 0x7F)
            {
                case ConstantByteValue: return *p;
                case ConstantSByteValue: return *(sbyte*)p;
                case ConstantInt16Value: case ConstantInt32Value: return NativeFormat.DecodeSigned(ref p);
                case ConstantUInt16Value: case ConstantUInt32Value: return NativeFormat.DecodeUnsigned(ref p);
                case ConstantInt64Value: return NativeFormat.DecodeSignedLong(ref p);
                case ConstantUInt64Value: return (long)NativeFormat.DecodeUnsignedLong(ref p);
                default: return 0;
            }
        }

        /// <summary>A ConstantStringValue record: byte length, then UTF-8.</summary>
        internal static string Utf8String(byte* record)
        {
            int length = (int)NativeFormat.DecodeUnsigned(ref record);
            int chars = 0;
            for (int i = 0; i < length; i++)
                if ((record[i] & 0xC0) != 0x80) chars += record[i] >= 0xF0 ? 2 : 1;
            char* buffer = stackalloc char[chars];
            int c = 0;
            for (int i = 0; i < length;)
            {
                uint b = record[i];
                int extra = b < 0x80 ? 0 : b < 0xE0 ? 1 : b < 0xF0 ? 2 : 3;
                uint code = extra == 0 ? b : b & (0x3Fu >> extra);
                for (int k = 1; k <= extra && i + k < length; k++) code = (code << 6) | (record[i + k] & 0x3Fu);
                i += extra + 1;
                if (code >= 0x10000)
                {
                    code -= 0x10000;
                    buffer[c++] = (char)(0xD800 + (code >> 10));
                    buffer[c++] = (char)(0xDC00 + (code & 0x3FF));
                }
                else buffer[c++] = (char)code;
            }
            return new string(buffer, 0, c);
        }
    }
}
