namespace Internal.Runtime.TypeLoader
{
    /// <summary>Finds what the compiler built for an exact generic instantiation: the MethodTable of a constructed
    /// generic type (e.g. List&lt;string&gt;), or the dictionary of a generic method instantiation. ILC lists every
    /// constructed, non-canonical generic type in the generics hashtable (entries are native-reference indices) and
    /// every method dictionary in the generic methods hashtable; we cannot make a missing one, so callers fail fast.</summary>
    internal static unsafe class GenericInstantiations
    {
        public static MethodTable* Find(MethodTable* definition, MethodTable** arguments, int arity)
        {
            var scan = new NativeHashtableScan(ModuleTables.GenericTypes);
            for (byte* e = scan.Next(); e != null; e = scan.Next())
            {
                var type = (MethodTable*)ModuleTables.NativeReference(NativeFormat.DecodeUnsigned(ref e));
                if (type->GenericDefinition != definition) continue;
                bool matches = true;
                for (int i = 0; i < arity && matches; i++)
                    matches = type->GetGenericArgument(i, arity) == arguments[i];
                if (matches) return type;
            }
            return null;
        }

        /// <summary>Generic methods hashtable entries: (dictionary, containing type, method handle, argument count,
        /// arguments), all but the handle native-reference indices.</summary>
        public static void* FindMethodDictionary(MethodTable* owner, uint method, MethodTable** arguments, int arity)
        {
            var scan = new NativeHashtableScan(ModuleTables.GenericMethods);
            for (byte* e = scan.Next(); e != null; e = scan.Next())
            {
                uint dictionary = NativeFormat.DecodeUnsigned(ref e);
                if (ModuleTables.NativeReference(NativeFormat.DecodeUnsigned(ref e)) != owner) continue;
                if (NativeFormat.DecodeUnsigned(ref e) != method || NativeFormat.DecodeUnsigned(ref e) != (uint)arity) continue;
                bool matches = true;
                for (int i = 0; i < arity && matches; i++)
                    matches = ModuleTables.NativeReference(NativeFormat.DecodeUnsigned(ref e)) == arguments[i];
                if (matches) return ModuleTables.NativeReference(dictionary);
            }
            return null;
        }

        /// <summary>"Name&lt;Arg, ...&gt;" (just "&lt;Arg, ...&gt;" without a definition) for a diagnostic, from the reflection metadata where the image has it.</summary>
        public static string Describe(MethodTable* definition, MethodTable** arguments, int arity)
        {
            string text = (definition == null ? "" : TypeNames.Of(definition)) + "<";
            for (int i = 0; i < arity; i++)
                text += (i == 0 ? "" : ", ") + TypeNames.Of(arguments[i]);
            return text + ">";
        }
    }
}
