namespace Internal.Runtime.TypeLoader
{
    /// <summary>Finds the code a generic virtual method call reaches, from the tables ILC writes for a run-time type
    /// loader. A call site passes a method handle: {declaring MethodTable*, int32 metadata method handle, int32 arity,
    /// MethodTable* arguments[arity]}. The GVM tables say which method (by metadata handle) of which type overrides
    /// or implements it; the exact-instantiation table gives unshared code (value-type arguments); shared code
    /// (reference-type arguments, compiled once over __Canon) comes from the method templates, with a generic
    /// dictionary built here from the template's layout and returned as a fat pointer (address of {code,
    /// dictionary} plus 2, which the call site tests for). Shared code of a generic type (an override in Holder&lt;T&gt;, a
    /// default implementation in IShape&lt;T&gt;) is shared over the type's arguments too; its dictionary's !n entries come
    /// from the exact type in the object's chain or interface list. Interface calls also match an implemented interface
    /// that converts to the called one by variance. We cannot make new types at run time: a dictionary may only name
    /// types the compiler built.</summary>
    internal static unsafe class GenericVirtualMethodResolver
    {
        private const uint MethodHasInstantiation = 0x1;
        private const uint MethodHasFunctionPointer = 0x4;
        private const uint BagEnd = 0x00;
        private const uint BagDictionaryLayout = 0x40;
        private const uint FixupTypeHandle = 0x01;
        private const uint FixupInterfaceCall = 0x02;
        private const uint FixupMethodDictionary = 0x04;
        private const uint ModifierArray = 0x1;
        private const uint FirstSpecialInterfaceEntry = 0xFFFFFFFE; // diamond or reabstraction: no implementation
        /// <summary>Added to the address of {code, dictionary}; code addresses are aligned, so bit 1 tells them apart.</summary>
        internal const nint FatPointerTag = 2;

        public static nint Resolve(MethodTable* objectType, byte* handle)
        {
            MethodTable* declaring = *(MethodTable**)handle;
            uint method = *(uint*)(handle + 8);
            int arity = *(int*)(handle + 12);
            MethodTable** arguments = (MethodTable**)(handle + 16);

            MethodTable* implementingType;
            uint implementation;
            if (declaring->IsInterface)
            {
                // The interface the type implements exactly, else one that converts to the called one by variance.
                MethodTable* implemented;
                if (!FindInterfaceImplementation(objectType, declaring, method, false, out MethodTable* owner, out uint ownerMethod, out implemented)
                    && !FindInterfaceImplementation(objectType, declaring, method, true, out owner, out ownerMethod, out implemented))
                    RuntimeHost.Fail("generic virtual method: the object's type does not implement the interface method", null);
                if (owner->IsInterface)
                {
                    // A default implementation: its code is shared over the interface's arguments, found in the object's
                    // interface list.
                    implementingType = InterfaceInstantiation(objectType, owner, implemented);
                    implementation = ownerMethod;
                }
                // The implementing method may itself be virtual and overridden further down.
                else if (!FindOverride(objectType, owner, ownerMethod, out implementingType, out implementation))
                {
                    implementingType = InstantiationInChain(objectType, owner);
                    implementation = ownerMethod;
                }
            }
            else if (!FindOverride(objectType, declaring, method, out implementingType, out implementation))
            {
                RuntimeHost.Fail("generic virtual method: no implementation in the object's type or its bases", null);
                return 0;
            }

            void* exact = FindExactCode(implementingType, implementation, arguments, arity);
            if (exact != null) return (nint)exact;
            return FindSharedCode(implementingType, implementation, arguments, arity);
        }

        /// <summary>__gvm_table rows: (declaring type, overriding type, declared method, overriding method), types as
        /// generic definitions. The most derived type in the object's chain with a row wins.</summary>
        private static bool FindOverride(MethodTable* objectType, MethodTable* declaring, uint method, out MethodTable* type, out uint implementation)
        {
            MethodTable* declaringDefinition = Definition(declaring);
            for (MethodTable* t = objectType; t != null; t = t->BaseType)
            {
                MethodTable* definition = Definition(t);
                var scan = new NativeHashtableScan(ModuleTables.GvmTable);
                for (byte* e = scan.Next(); e != null; e = scan.Next())
                {
                    var calling = (MethodTable*)ModuleTables.CommonFixup(NativeFormat.DecodeUnsigned(ref e));
                    var target = (MethodTable*)ModuleTables.CommonFixup(NativeFormat.DecodeUnsigned(ref e));
                    uint callingMethod = NativeFormat.DecodeUnsigned(ref e);
                    uint targetMethod = NativeFormat.DecodeUnsigned(ref e);
                    if (calling == declaringDefinition && target == definition && callingMethod == method)
                    {
                        type = t;
                        implementation = targetMethod;
                        return true;
                    }
                }
            }
            type = null;
            implementation = 0;
            return false;
        }

        /// <summary>__interface_gvm_table rows: (interface, method, then per implementation: method, type that holds
        /// it, and the types that implement the interface with it, each with the signatures of the interfaces meant).
        /// <paramref name="variant"/>: accept an implemented interface that converts to <paramref name="itf"/> by variance.</summary>
        private static bool FindInterfaceImplementation(MethodTable* objectType, MethodTable* itf, uint method, bool variant,
            out MethodTable* owner, out uint implementation, out MethodTable* implemented)
        {
            MethodTable* itfDefinition = Definition(itf);
            for (MethodTable* t = objectType; t != null; t = t->BaseType)
            {
                MethodTable* definition = Definition(t);
                var scan = new NativeHashtableScan(ModuleTables.InterfaceGvmTable);
                for (byte* e = scan.Next(); e != null; e = scan.Next())
                {
                    var entryInterface = (MethodTable*)ModuleTables.CommonFixup(NativeFormat.DecodeUnsigned(ref e));
                    if (entryInterface != itfDefinition || NativeFormat.DecodeUnsigned(ref e) != method) continue;
                    uint targets = NativeFormat.DecodeUnsigned(ref e);
                    for (uint j = 0; j < targets; j++)
                    {
                        uint targetMethod = NativeFormat.DecodeUnsigned(ref e);
                        MethodTable* targetType = targetMethod >= FirstSpecialInterfaceEntry
                            ? null : (MethodTable*)ModuleTables.CommonFixup(NativeFormat.DecodeUnsigned(ref e));
                        uint implementers = NativeFormat.DecodeUnsigned(ref e);
                        for (uint k = 0; k < implementers; k++)
                        {
                            var implementer = (MethodTable*)ModuleTables.CommonFixup(NativeFormat.DecodeUnsigned(ref e));
                            uint signatures = NativeFormat.DecodeUnsigned(ref e);
                            for (uint l = 0; l < signatures; l++)
                            {
                                byte* signature = ModuleTables.NativeLayoutInfo + NativeFormat.DecodeUnsigned(ref e);
                                if (implementer != definition) continue;
                                MethodTable* candidate = ResolveType(ref signature, t, null);
                                if (variant ? !GenericVariance.IsAssignable(candidate, itf) : candidate != itf) continue;
                                if (targetType == null)
                                    RuntimeHost.Fail("generic virtual method: ambiguous or reabstracted interface implementation", null);
                                owner = targetType;
                                implementation = targetMethod;
                                implemented = candidate;
                                return true;
                            }
                        }
                    }
                }
            }
            owner = null;
            implementation = 0;
            implemented = null;
            return false;
        }

        /// <summary>__exact_method_instantiations rows: (declaring type, method, argument count, arguments, code).</summary>
        private static void* FindExactCode(MethodTable* type, uint method, MethodTable** arguments, int arity)
        {
            var scan = new NativeHashtableScan(ModuleTables.ExactMethods);
            for (byte* e = scan.Next(); e != null; e = scan.Next())
            {
                if (ModuleTables.NativeReference(NativeFormat.DecodeUnsigned(ref e)) != type) continue;
                if (NativeFormat.DecodeUnsigned(ref e) != method || NativeFormat.DecodeUnsigned(ref e) != (uint)arity) continue;
                bool same = true;
                for (int i = 0; i < arity; i++)
                    same &= ModuleTables.NativeReference(NativeFormat.DecodeUnsigned(ref e)) == arguments[i];
                if (same) return ModuleTables.NativeReference(NativeFormat.DecodeUnsigned(ref e));
            }
            return null;
        }

        /// <summary>__GenericMethodsTemplateMap rows: (method entry, layout), offsets into the native layout blob. A
        /// method entry is flags, [code], owning type signature, method, [argument count, argument signatures].</summary>
        private static nint FindSharedCode(MethodTable* type, uint method, MethodTable** arguments, int arity)
        {
            var scan = new NativeHashtableScan(ModuleTables.MethodTemplates);
            for (byte* e = scan.Next(); e != null; e = scan.Next())
            {
                byte* entry = ModuleTables.NativeLayoutInfo + NativeFormat.DecodeUnsigned(ref e);
                byte* layout = ModuleTables.NativeLayoutInfo + NativeFormat.DecodeUnsigned(ref e);
                uint flags = NativeFormat.DecodeUnsigned(ref entry);
                if ((flags & MethodHasFunctionPointer) == 0) continue;
                uint code = NativeFormat.DecodeUnsigned(ref entry);
                // The owning type is written in canonical form too (Holder<__Canon> for Holder<string>).
                if (!CanonicalSignature.Matches(ref entry, type, topLevel: true) || NativeFormat.DecodeUnsigned(ref entry) != method) continue;
                if ((flags & MethodHasInstantiation) == 0 || NativeFormat.DecodeUnsigned(ref entry) != (uint)arity) continue;
                bool matches = true;
                for (int i = 0; i < arity && matches; i++)
                    matches = CanonicalSignature.Matches(ref entry, arguments[i], topLevel: false);
                if (!matches) continue;

                void** fat = (void**)Allocate(2 * (nuint)sizeof(void*));
                fat[0] = ModuleTables.NativeReference(code);
                fat[1] = BuildDictionary(layout, type, arguments);
                return (nint)fat + FatPointerTag;
            }
            RuntimeHost.Fail("generic virtual method: no compiled code for method 0x" + method.ToString("x") + " of " + TypeNames.Of(type) +
                " over " + GenericInstantiations.Describe(null, arguments, arity), null);
            return 0;
        }

        /// <summary>The layout is a bag of (kind, value) ending with End; its DictionaryLayout value points at a sequence
        /// of fixups, one per dictionary slot. Type handles (type tests, casts, allocation of arrays and generic types)
        /// and generic method dictionaries (calls to generic methods over T) are filled; other kinds fail fast.</summary>
        private static void* BuildDictionary(byte* layout, MethodTable* owner, MethodTable** arguments)
        {
            byte* slots = null;
            for (uint kind = NativeFormat.DecodeUnsigned(ref layout); kind != BagEnd; kind = NativeFormat.DecodeUnsigned(ref layout))
            {
                if (kind == BagDictionaryLayout) slots = NativeFormat.DecodeRelative(ref layout);
                else NativeFormat.DecodeUnsigned(ref layout);
            }
            if (slots == null) return null;
            uint count = NativeFormat.DecodeUnsigned(ref slots);
            void** dictionary = (void**)Allocate(count * (nuint)sizeof(void*));
            for (uint i = 0; i < count; i++)
            {
                uint kind = NativeFormat.DecodeUnsigned(ref slots);
                if (kind == FixupTypeHandle) dictionary[i] = ResolveType(ref slots, owner, arguments);
                else if (kind == FixupMethodDictionary) dictionary[i] = ResolveMethodDictionary(ref slots, owner, arguments);
                else if (kind == FixupInterfaceCall) dictionary[i] = InterfaceCallCell(ref slots, owner, arguments);
                else RuntimeHost.Fail("generic virtual method: the shared code needs a dictionary entry of kind " + kind.ToString() +
                    " (only type handles, interface calls and generic method dictionaries are supported)", null);
            }
            return dictionary;
        }

        /// <summary>A native layout type signature: low four bits the kind, the rest its data.</summary>
        private static MethodTable* ResolveType(ref byte* p, MethodTable* owner, MethodTable** methodArguments)
        {
            byte* start = p;
            uint data = NativeFormat.DecodeUnsigned(ref p);
            uint payload = data >> 4;
            switch (data & 0xF)
            {
                case TypeSignatureKind.External:
                    return (MethodTable*)ModuleTables.NativeReference(payload);
                case TypeSignatureKind.Variable when (payload & 1) != 0 && methodArguments != null:
                    return methodArguments[payload >> 1];
                case TypeSignatureKind.Variable when (payload & 1) == 0 && owner != null && owner->GenericDefinition != null:
                    // !n of the class (or interface) whose method this is: its exact instantiation has the argument.
                    return owner->GetGenericArgument((int)(payload >> 1), owner->GenericArity);
                case TypeSignatureKind.Modifier when payload == ModifierArray:
                    return ArrayTypeOf(ResolveType(ref p, owner, methodArguments));
                case TypeSignatureKind.Instantiation:
                    return Instantiate(ref p, (int)payload, owner, methodArguments);
                case TypeSignatureKind.Lookback:
                    byte* earlier = start - payload;
                    return ResolveType(ref earlier, owner, methodArguments);
            }
            RuntimeHost.Fail("generic virtual method: unsupported type signature (kind " + (data & 0xF).ToString() + ": a pointer, function pointer or a variable without an instantiation)", null);
            return null;
        }

        /// <summary>An interface call from shared code whose interface depends on the type arguments (IShape&lt;T&gt;.Seed):
        /// the interface's signature and the method's slot in it; the slot holds a dispatch cell.</summary>
        private static void* InterfaceCallCell(ref byte* p, MethodTable* owner, MethodTable** arguments)
        {
            MethodTable* itf = ResolveType(ref p, owner, arguments);
            return InterfaceDispatch.NewCell(itf, (int)NativeFormat.DecodeUnsigned(ref p));
        }

        /// <summary>A method entry signature: flags, [entry point], containing type, method handle, [argument count and
        /// argument signatures]. The entry names a generic method the shared code calls; its slot holds that
        /// instantiation's dictionary, which ILC built only if it saw the instantiation.</summary>
        private static void* ResolveMethodDictionary(ref byte* p, MethodTable* owner, MethodTable** methodArguments)
        {
            const int MaxArity = 8;
            uint flags = NativeFormat.DecodeUnsigned(ref p);
            if ((flags & MethodHasFunctionPointer) != 0) NativeFormat.DecodeUnsigned(ref p);
            MethodTable* type = ResolveType(ref p, owner, methodArguments);
            uint method = NativeFormat.DecodeUnsigned(ref p);
            int arity = (flags & MethodHasInstantiation) != 0 ? (int)NativeFormat.DecodeUnsigned(ref p) : 0;
            if (arity > MaxArity) RuntimeHost.Fail("generic virtual method: a generic method with more than 8 type arguments", null);
            MethodTable** arguments = stackalloc MethodTable*[MaxArity];
            for (int i = 0; i < arity; i++)
                arguments[i] = ResolveType(ref p, owner, methodArguments);
            void* dictionary = GenericInstantiations.FindMethodDictionary(type, method, arguments, arity);
            if (dictionary == null)
                RuntimeHost.Fail("generic virtual method: the shared code calls a generic method of " + TypeNames.Of(type) + " over " +
                    GenericInstantiations.Describe(type, arguments, arity) + " whose dictionary the compiler did not build", null);
            return dictionary;
        }

        /// <summary>An instantiation signature: the generic definition, then <paramref name="arity"/> argument signatures.
        /// The constructed type must already be in the image.</summary>
        private static MethodTable* Instantiate(ref byte* p, int arity, MethodTable* owner, MethodTable** methodArguments)
        {
            const int MaxArity = 8;
            if (arity > MaxArity) RuntimeHost.Fail("generic virtual method: a generic type with more than 8 type arguments", null);
            MethodTable* definition = ResolveType(ref p, owner, methodArguments);
            MethodTable** arguments = stackalloc MethodTable*[MaxArity];
            for (int i = 0; i < arity; i++)
                arguments[i] = ResolveType(ref p, owner, methodArguments);
            MethodTable* type = GenericInstantiations.Find(definition, arguments, arity);
            if (type == null)
                RuntimeHost.Fail("generic virtual method: the shared code needs " + GenericInstantiations.Describe(definition, arguments, arity) +
                    ", which the compiler did not build (use that type directly somewhere so that it does)", null);
            return type;
        }

        /// <summary>The single-dimensional array type of <paramref name="element"/>, from the image's array map.</summary>
        private static MethodTable* ArrayTypeOf(MethodTable* element)
        {
            var scan = new NativeHashtableScan(ModuleTables.ArrayTypes);
            for (byte* e = scan.Next(); e != null; e = scan.Next())
            {
                var array = (MethodTable*)ModuleTables.CommonFixup(NativeFormat.DecodeUnsigned(ref e));
                if (array->IsSzArray && array->RelatedParameterType == element) return array;
            }
            RuntimeHost.Fail("generic virtual method: the shared code needs an array type the compiler did not build", null);
            return null;
        }

        private static MethodTable* Definition(MethodTable* type) => type->GenericDefinition != null ? type->GenericDefinition : type;

        /// <summary>The instantiation of the interface <paramref name="definition"/> (which holds a default implementation)
        /// that the object's type implements: the one the call matched, else the first in its interface list.</summary>
        private static MethodTable* InterfaceInstantiation(MethodTable* objectType, MethodTable* definition, MethodTable* implemented)
        {
            if (Definition(implemented) == definition) return implemented;
            MethodTable** map = objectType->InterfaceMap;
            for (int i = 0; i < objectType->NumInterfaces; i++)
                if (Definition(map[i]) == definition) return map[i];
            return definition;
        }

        private static MethodTable* InstantiationInChain(MethodTable* objectType, MethodTable* definition)
        {
            for (MethodTable* t = objectType; t != null; t = t->BaseType)
                if (Definition(t) == definition) return t;
            return definition;
        }

        /// <summary>Runtime bookkeeping memory from the arena; running out is fatal for the object space.</summary>
        internal static void* Allocate(nuint bytes)
        {
            void* memory = NativeArena.Allocate(bytes);
            if (memory == null) RuntimeHost.Fail("generic virtual method: out of runtime memory", null);
            return memory;
        }
    }
}
