namespace Internal.Runtime.TypeLoader
{
    /// <summary>Matches a template's type signature, written in canonical form, against an exact type: reference
    /// types are __Canon there (our own generic arguments or, inside a value type's arguments, any depth); value types
    /// and generic definitions are exact. Holder&lt;__Canon&gt; matches Holder&lt;string&gt;; a generic value type
    /// argument is matched argument by argument.</summary>
    internal static unsafe class CanonicalSignature
    {
        /// <summary>Reads one signature at <paramref name="p"/>. <paramref name="topLevel"/>: the signature is the type
        /// itself (an owning type), not one of its arguments, so a reference type is written exactly or as its own
        /// canonical instantiation rather than as __Canon.</summary>
        public static bool Matches(ref byte* p, MethodTable* exact, bool topLevel)
        {
            byte* start = p;
            uint data = NativeFormat.DecodeUnsigned(ref p);
            uint payload = data >> 4;
            switch (data & 0xF)
            {
                case TypeSignatureKind.External:
                    return Matches((MethodTable*)ModuleTables.NativeReference(payload), exact, topLevel);
                case TypeSignatureKind.Instantiation:
                    return InstantiationMatches(ref p, (int)payload, exact, topLevel);
                case TypeSignatureKind.Lookback:
                    byte* earlier = start - payload;
                    return Matches(ref earlier, exact, topLevel);
                default:
                    return false;
            }
        }

        /// <summary>A canonical MethodTable (Holder&lt;__Canon&gt;, __Canon, int) against an exact one.</summary>
        public static bool Matches(MethodTable* canonical, MethodTable* exact, bool topLevel)
        {
            if (canonical == exact) return true;
            // In argument position every reference type is __Canon, the one reference type written there.
            if (!topLevel && !exact->IsValueType) return !canonical->IsValueType && !canonical->IsGeneric;
            if (!canonical->IsGeneric || !exact->IsGeneric || canonical->GenericDefinition != exact->GenericDefinition) return false;
            int arity = exact->GenericArity;
            for (int i = 0; i < arity; i++)
                if (!Matches(canonical->GetGenericArgument(i, arity), exact->GetGenericArgument(i, arity), topLevel: false)) return false;
            return true;
        }

        private static bool InstantiationMatches(ref byte* p, int arity, MethodTable* exact, bool topLevel)
        {
            // A reference-type instantiation in argument position would be __Canon, not an instantiation.
            if (!exact->IsGeneric || (!topLevel && !exact->IsValueType)) return false;
            byte* definition = p;
            uint data = NativeFormat.DecodeUnsigned(ref definition);
            if ((data & 0xF) != TypeSignatureKind.External || ModuleTables.NativeReference(data >> 4) != exact->GenericDefinition)
                return false;
            p = definition;
            if (exact->GenericArity != arity) return false;
            for (int i = 0; i < arity; i++)
                if (!Matches(ref p, exact->GetGenericArgument(i, arity), topLevel: false)) return false;
            return true;
        }
    }
}
