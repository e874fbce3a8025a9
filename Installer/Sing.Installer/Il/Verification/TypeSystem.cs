using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;

namespace Sing.Installer.Il.Verification
{
    /// <summary>Resolves tokens and signatures of the program's assemblies into <see cref="TypeSig"/>s over the
    /// definitions of every assembly involved (the program's own and the trusted ones the resolver finds), and answers
    /// the type questions of ECMA-335 I.8.7 (assignment compatibility) the method verifier asks. Anything it cannot
    /// resolve is a <see cref="VerificationException"/>, never a guess.</summary>
    public sealed class TypeSystem
    {
        private const int MaxDepth = 64;
        private readonly AssemblyResolver _resolver;
        private readonly Dictionary<(LoadedAssembly, TypeDefinitionHandle), TypeDef> _defs = new();
        private readonly HashSet<LoadedAssembly> _own;
        private readonly SharedCache _shared;

        /// <summary>Definitions and signatures of the libraries outside the program (the trusted ones), reused by every
        /// verification with the same resolver: they never refer back to a program.</summary>
        private sealed class SharedCache
        {
            public readonly Dictionary<(LoadedAssembly, TypeDefinitionHandle), TypeDef> Defs = new();
            public readonly Dictionary<(LoadedAssembly, BlobHandle), MethodSignature<TypeSig>> Methods = new();
            public readonly Dictionary<MetadataReader, LoadedAssembly> Readers = new();
        }
        private readonly Dictionary<MetadataReader, LoadedAssembly> _byReader = new();
        private readonly Dictionary<(LoadedAssembly, EntityHandle), MethodDesc> _methods = new();
        private readonly Dictionary<string, TypeDef?> _system = new(StringComparer.Ordinal);

        public TypeSystem(AssemblyResolver resolver, IEnumerable<LoadedAssembly> own)
        {
            _resolver = resolver;
            _own = new HashSet<LoadedAssembly>(own);
            foreach (var a in _own) _byReader[a.Reader] = a;
            if (!resolver.Shared.TryGetValue(typeof(SharedCache), out object? shared)) resolver.Shared[typeof(SharedCache)] = shared = new SharedCache();
            _shared = (SharedCache)shared;
            CoreLib = resolver.Find(Il.CodeManifestChecker.CoreLib)
                ?? throw new VerificationException($"the corelib ({Il.CodeManifestChecker.CoreLib}.dll) is not among the references; pass the directory of the SIP runtime's build with --references");
            _byReader[CoreLib.Reader] = CoreLib;
            _shared.Readers[CoreLib.Reader] = CoreLib;
        }

        public LoadedAssembly CoreLib { get; }

        public static readonly PrimSig Int32 = new(PrimitiveTypeCode.Int32), Int64 = new(PrimitiveTypeCode.Int64), IntPtr = new(PrimitiveTypeCode.IntPtr),
            Double = new(PrimitiveTypeCode.Double), Object = new(PrimitiveTypeCode.Object), String = new(PrimitiveTypeCode.String), Void = new(PrimitiveTypeCode.Void),
            Boolean = new(PrimitiveTypeCode.Boolean), UIntPtr = new(PrimitiveTypeCode.UIntPtr);

        public TypeDef Def(LoadedAssembly asm, TypeDefinitionHandle h)
        {
            var defs = _own.Contains(asm) ? _defs : _shared.Defs;
            if (!defs.TryGetValue((asm, h), out var d))
            {
                if (MetadataTokensRow(h) > asm.Reader.TypeDefinitions.Count) throw new VerificationException($"type definition token 0x{MetadataTokensRow(h):x} is out of range");
                defs[(asm, h)] = d = new TypeDef(this, asm, h);
            }
            return d;
        }

        private static int MetadataTokensRow(EntityHandle h) => System.Reflection.Metadata.Ecma335.MetadataTokens.GetRowNumber(h);

        /// <summary>A corelib type System.NAME (or null when the corelib lacks it).</summary>
        public TypeDef? SystemType(string ns, string name)
        {
            string key = ns + "." + name;
            if (_system.TryGetValue(key, out var d)) return d;
            d = FindTopLevel(CoreLib, ns, name);
            _system[key] = d;
            return d;
        }

        /// <summary>The named form of a primitive (System.Int32 for int32), so its hierarchy and interfaces can be walked.</summary>
        public NamedSig? AsNamed(TypeSig t) => t switch
        {
            NamedSig n => n,
            PrimSig p when SystemType("System", PrimitiveName(p.Code)) is { } d => new NamedSig(d, ImmutableArray<TypeSig>.Empty),
            _ => null,
        };

        private static string PrimitiveName(PrimitiveTypeCode c) => c switch
        {
            PrimitiveTypeCode.IntPtr => "IntPtr",
            PrimitiveTypeCode.UIntPtr => "UIntPtr",
            _ => c.ToString(),
        };

        private static readonly Dictionary<string, PrimitiveTypeCode> s_primitives = new()
        {
            ["Boolean"] = PrimitiveTypeCode.Boolean, ["Char"] = PrimitiveTypeCode.Char, ["SByte"] = PrimitiveTypeCode.SByte, ["Byte"] = PrimitiveTypeCode.Byte,
            ["Int16"] = PrimitiveTypeCode.Int16, ["UInt16"] = PrimitiveTypeCode.UInt16, ["Int32"] = PrimitiveTypeCode.Int32, ["UInt32"] = PrimitiveTypeCode.UInt32,
            ["Int64"] = PrimitiveTypeCode.Int64, ["UInt64"] = PrimitiveTypeCode.UInt64, ["Single"] = PrimitiveTypeCode.Single, ["Double"] = PrimitiveTypeCode.Double,
            ["IntPtr"] = PrimitiveTypeCode.IntPtr, ["UIntPtr"] = PrimitiveTypeCode.UIntPtr, ["Object"] = PrimitiveTypeCode.Object, ["String"] = PrimitiveTypeCode.String,
            ["Void"] = PrimitiveTypeCode.Void, ["TypedReference"] = PrimitiveTypeCode.TypedReference,
        };

        /// <summary>A definition as a type: corelib primitives become their <see cref="PrimSig"/>.</summary>
        public TypeSig Named(TypeDef d, ImmutableArray<TypeSig> args)
        {
            if (args.IsDefaultOrEmpty && ReferenceEquals(d.Assembly, CoreLib) && d.Namespace == "System" && d.DeclaringHandle.IsNil && s_primitives.TryGetValue(d.Name, out var code))
                return new PrimSig(code);
            if ((args.IsDefault ? 0 : args.Length) != d.GenericArity)
                throw new VerificationException($"type {d.FullName} has {d.GenericArity} generic parameter(s) but is used with {(args.IsDefault ? 0 : args.Length)}");
            return new NamedSig(d, args);
        }

        // ---- decoding ------------------------------------------------------------------------------------------------

        public LoadedAssembly AssemblyOf(MetadataReader r) =>
            _byReader.TryGetValue(r, out var a) || _shared.Readers.TryGetValue(r, out a) ? a : throw new VerificationException("metadata reader of an unknown assembly");

        internal void Register(LoadedAssembly a) => _byReader[a.Reader] = a;

        /// <summary>A TypeDef, TypeRef or TypeSpec token as a type (open: generic parameters stay !i / !!i).</summary>
        public TypeSig FromToken(LoadedAssembly asm, EntityHandle h)
        {
            MetadataReader r = asm.Reader;
            switch (h.Kind)
            {
                case HandleKind.TypeDefinition:
                {
                    TypeDef d = Def(asm, (TypeDefinitionHandle)h);
                    if (d.GenericArity > 0) return new NamedSig(d, d.Open().Args);
                    return Named(d, ImmutableArray<TypeSig>.Empty);
                }
                case HandleKind.TypeReference:
                {
                    TypeDef d = Resolve(asm, (TypeReferenceHandle)h);
                    if (d.GenericArity > 0) throw new VerificationException($"type reference {d.FullName} names a generic type without arguments");
                    return Named(d, ImmutableArray<TypeSig>.Empty);
                }
                case HandleKind.TypeSpecification:
                    return r.GetTypeSpecification((TypeSpecificationHandle)h).DecodeSignature(new Provider(this), null);
                default:
                    throw new VerificationException($"token of kind {h.Kind} is not a type");
            }
        }

        public TypeSig DecodeField(LoadedAssembly asm, BlobHandle sig)
        {
            var reader = asm.Reader.GetBlobReader(sig);
            return new SignatureDecoder<TypeSig, object?>(new Provider(this), asm.Reader, null).DecodeFieldSignature(ref reader);
        }

        public MethodSignature<TypeSig> DecodeMethod(LoadedAssembly asm, BlobHandle sig)
        {
            bool shared = !_own.Contains(asm);
            if (shared && _shared.Methods.TryGetValue((asm, sig), out var cached)) return cached;
            var reader = asm.Reader.GetBlobReader(sig);
            var decoded = new SignatureDecoder<TypeSig, object?>(new Provider(this), asm.Reader, null).DecodeMethodSignature(ref reader);
            if (shared) _shared.Methods[(asm, sig)] = decoded;
            return decoded;
        }

        public ImmutableArray<TypeSig> DecodeLocals(LoadedAssembly asm, StandaloneSignatureHandle h) =>
            asm.Reader.GetStandaloneSignature(h).DecodeLocalSignature(new Provider(this), null);

        /// <summary>The definition a type reference names, in the assembly the resolver finds for its scope.</summary>
        public TypeDef Resolve(LoadedAssembly asm, TypeReferenceHandle h)
        {
            MetadataReader r = asm.Reader;
            TypeReference tr = r.GetTypeReference(h);
            string name = r.GetString(tr.Name), ns = r.GetString(tr.Namespace);
            switch (tr.ResolutionScope.Kind)
            {
                case HandleKind.TypeReference:
                {
                    TypeDef outer = Resolve(asm, (TypeReferenceHandle)tr.ResolutionScope);
                    foreach (TypeDefinitionHandle nested in outer.Assembly.Reader.GetTypeDefinition(outer.Handle).GetNestedTypes())
                        if (outer.Assembly.Reader.StringComparer.Equals(outer.Assembly.Reader.GetTypeDefinition(nested).Name, name)) return Def(outer.Assembly, nested);
                    throw new VerificationException($"type {outer.FullName}+{name} does not exist in {outer.Assembly.Name}");
                }
                case HandleKind.AssemblyReference:
                {
                    string assembly = r.GetString(r.GetAssemblyReference((AssemblyReferenceHandle)tr.ResolutionScope).Name);
                    LoadedAssembly target = _resolver.Find(assembly) ?? throw new VerificationException($"assembly {assembly} (of type {ns}.{name}) is not available to the installer");
                    _byReader[target.Reader] = target;
                    if (!_own.Contains(target)) _shared.Readers[target.Reader] = target;
                    return FindTopLevel(target, ns, name) ?? throw new VerificationException($"type {ns}.{name} does not exist in {assembly}");
                }
                case HandleKind.ModuleDefinition:
                    return FindTopLevel(asm, ns, name) ?? throw new VerificationException($"type {ns}.{name} does not exist in {asm.Name}");
                default:
                    throw new VerificationException($"type reference {ns}.{name} has an unsupported resolution scope ({tr.ResolutionScope.Kind})");
            }
        }

        private TypeDef? FindTopLevel(LoadedAssembly asm, string ns, string name) =>
            TopLevelIndex(asm).TryGetValue((ns, name), out TypeDefinitionHandle h) ? Def(asm, h) : null;

        /// <summary>Top-level types by (namespace, name), built once per loaded assembly (the trusted libraries are shared
        /// by every verification that uses the same resolver).</summary>
        private static Dictionary<(string, string), TypeDefinitionHandle> TopLevelIndex(LoadedAssembly asm)
        {
            lock (s_indexes)
            {
                if (s_indexes.TryGetValue(asm, out var index)) return index;
                index = new Dictionary<(string, string), TypeDefinitionHandle>();
                MetadataReader r = asm.Reader;
                foreach (TypeDefinitionHandle h in r.TypeDefinitions)
                {
                    TypeDefinition t = r.GetTypeDefinition(h);
                    if (t.GetDeclaringType().IsNil) index.TryAdd((r.GetString(t.Namespace), r.GetString(t.Name)), h);
                }
                s_indexes.Add(asm, index);
                return index;
            }
        }

        private static readonly System.Runtime.CompilerServices.ConditionalWeakTable<LoadedAssembly, Dictionary<(string, string), TypeDefinitionHandle>> s_indexes = new();

        private sealed class Provider : ISignatureTypeProvider<TypeSig, object?>
        {
            private readonly TypeSystem _ts;

            public Provider(TypeSystem ts) { _ts = ts; }

            public TypeSig GetPrimitiveType(PrimitiveTypeCode typeCode) => new PrimSig(typeCode);

            public TypeSig GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind)
            {
                TypeDef d = _ts.Def(_ts.AssemblyOf(reader), handle);
                return d.GenericArity > 0 ? new NamedSig(d, ImmutableArray<TypeSig>.Empty) : _ts.Named(d, ImmutableArray<TypeSig>.Empty);
            }

            public TypeSig GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind)
            {
                TypeDef d = _ts.Resolve(_ts.AssemblyOf(reader), handle);
                return d.GenericArity > 0 ? new NamedSig(d, ImmutableArray<TypeSig>.Empty) : _ts.Named(d, ImmutableArray<TypeSig>.Empty);
            }

            public TypeSig GetTypeFromSpecification(MetadataReader reader, object? genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
                reader.GetTypeSpecification(handle).DecodeSignature(this, genericContext);

            public TypeSig GetSZArrayType(TypeSig elementType) => new ArraySig(elementType, 1, true);

            public TypeSig GetArrayType(TypeSig elementType, ArrayShape shape) => new ArraySig(elementType, shape.Rank, false);

            public TypeSig GetByReferenceType(TypeSig elementType) => new ByRefSig(elementType);

            public TypeSig GetPointerType(TypeSig elementType) => new PointerSig(elementType);

            public TypeSig GetFunctionPointerType(MethodSignature<TypeSig> signature) => new PointerSig(null);

            public TypeSig GetPinnedType(TypeSig elementType) => elementType;

            public TypeSig GetModifiedType(TypeSig modifier, TypeSig unmodifiedType, bool isRequired) => unmodifiedType;

            public TypeSig GetGenericInstantiation(TypeSig genericType, ImmutableArray<TypeSig> typeArguments)
            {
                if (genericType is not NamedSig { Args.Length: 0 } n) throw new VerificationException($"generic instantiation of {genericType}, which is not a generic type definition");
                return _ts.Named(n.Def, typeArguments);
            }

            public TypeSig GetGenericMethodParameter(object? genericContext, int index) => new GenericParamSig(true, index);

            public TypeSig GetGenericTypeParameter(object? genericContext, int index) => new GenericParamSig(false, index);
        }

        // ---- members -------------------------------------------------------------------------------------------------

        /// <summary>A MethodDef, MemberRef or MethodSpec token of <paramref name="asm"/>, resolved and instantiated.</summary>
        public MethodDesc ResolveMethod(LoadedAssembly asm, EntityHandle h)
        {
            if (_methods.TryGetValue((asm, h), out var cached)) return cached;
            MethodDesc m = ResolveMethodUncached(asm, h);
            _methods[(asm, h)] = m;
            return m;
        }

        /// <summary>Method <paramref name="mh"/> of <paramref name="owner"/>'s definition, as a member of that instantiation.</summary>
        public MethodDesc MethodOf(NamedSig owner, MethodDefinitionHandle mh) => FromDefinition(owner.Def, owner, mh, ImmutableArray<TypeSig>.Empty);

        /// <summary>A MethodImpl's method token (II.22.27): there a MethodDef of a generic type means that type's method
        /// over the type's own generic parameters (the override lives in the definition), not an uninstantiated use.</summary>
        public MethodDesc ResolveMethodImplMember(LoadedAssembly asm, EntityHandle h)
        {
            if (h.Kind != HandleKind.MethodDefinition) return ResolveMethod(asm, h);
            var mh = (MethodDefinitionHandle)h;
            MetadataReader r = asm.Reader;
            if (System.Reflection.Metadata.Ecma335.MetadataTokens.GetRowNumber(mh) > r.MethodDefinitions.Count) throw new VerificationException("method token out of range");
            TypeDef owner = Def(asm, r.GetMethodDefinition(mh).GetDeclaringType());
            if (owner.GenericArity == 0) return ResolveMethod(asm, h);
            var ownArgs = Enumerable.Range(0, owner.GenericArity).Select(i => (TypeSig)new GenericParamSig(false, i)).ToImmutableArray();
            return FromDefinition(owner, Named(owner, ownArgs), mh, ImmutableArray<TypeSig>.Empty);
        }

        private MethodDesc ResolveMethodUncached(LoadedAssembly asm, EntityHandle h)
        {
            MetadataReader r = asm.Reader;
            switch (h.Kind)
            {
                case HandleKind.MethodDefinition:
                {
                    var mh = (MethodDefinitionHandle)h;
                    if (System.Reflection.Metadata.Ecma335.MetadataTokens.GetRowNumber(mh) > r.MethodDefinitions.Count) throw new VerificationException("method token out of range");
                    TypeDef owner = Def(asm, r.GetMethodDefinition(mh).GetDeclaringType());
                    if (owner.GenericArity > 0)
                        throw new VerificationException($"a method definition token names a method of generic type {owner.FullName} without its type arguments (a member reference with an instantiated parent is required)");
                    return FromDefinition(owner, Named(owner, ImmutableArray<TypeSig>.Empty), mh, ImmutableArray<TypeSig>.Empty);
                }
                case HandleKind.MemberReference:
                {
                    MemberReference mr = r.GetMemberReference((MemberReferenceHandle)h);
                    if (mr.GetKind() != MemberReferenceKind.Method) throw new VerificationException("a field reference is used where a method is expected");
                    string name = r.GetString(mr.Name);
                    MethodSignature<TypeSig> sig = DecodeMethod(asm, mr.Signature);
                    if (sig.Header.CallingConvention != SignatureCallingConvention.Default)
                        throw new VerificationException($"method reference {name} uses calling convention {sig.Header.CallingConvention}; only the default managed convention is verifiable");
                    TypeSig parent = ParentType(asm, mr.Parent);
                    if (parent is ArraySig array) return ArrayMethod(array, name, sig);
                    NamedSig owner = AsNamed(parent) ?? throw new VerificationException($"method {name} is referenced on {parent}, which has no methods");
                    foreach (MethodDefinitionHandle candidate in owner.Def.Methods)
                    {
                        MethodDefinition md = owner.Def.Assembly.Reader.GetMethodDefinition(candidate);
                        if (!owner.Def.Assembly.Reader.StringComparer.Equals(md.Name, name)) continue;
                        MethodSignature<TypeSig> ds = DecodeMethod(owner.Def.Assembly, md.Signature);
                        if (SameSignature(ds, sig)) return FromDefinition(owner.Def, parent, candidate, ImmutableArray<TypeSig>.Empty);
                    }
                    throw new VerificationException($"method {sig.ReturnType} {owner}::{name}({string.Join(", ", sig.ParameterTypes)}) does not exist in {owner.Def.Assembly.Name}");
                }
                case HandleKind.MethodSpecification:
                {
                    MethodSpecification spec = r.GetMethodSpecification((MethodSpecificationHandle)h);
                    ImmutableArray<TypeSig> args = spec.DecodeSignature(new Provider(this), null);
                    MethodDesc generic = ResolveMethod(asm, spec.Method);
                    if (generic.GenericArity != args.Length)
                        throw new VerificationException($"method {generic.Name} has {generic.GenericArity} generic parameter(s) but is instantiated with {args.Length}");
                    if (generic.Definition is not { } def || generic.OwnerDef is null) throw new VerificationException("instantiation of a method without a definition");
                    ImmutableArray<TypeSig> ownerArgs = generic.Owner is NamedSig n ? n.Args : ImmutableArray<TypeSig>.Empty;
                    return FromDefinition(generic.OwnerDef, generic.Owner, def, args, ownerArgs);
                }
                default:
                    throw new VerificationException($"token of kind {h.Kind} is not a method");
            }
        }

        private TypeSig ParentType(LoadedAssembly asm, EntityHandle parent) => parent.Kind switch
        {
            HandleKind.TypeDefinition or HandleKind.TypeReference or HandleKind.TypeSpecification => FromToken(asm, parent),
            _ => throw new VerificationException($"member reference with a parent of kind {parent.Kind} (only types are verifiable parents)"),
        };

        private MethodDesc FromDefinition(TypeDef ownerDef, TypeSig owner, MethodDefinitionHandle mh, ImmutableArray<TypeSig> methodArgs, ImmutableArray<TypeSig>? ownerArgsOverride = null)
        {
            MethodDefinition md = ownerDef.Assembly.Reader.GetMethodDefinition(mh);
            MethodSignature<TypeSig> sig = DecodeMethod(ownerDef.Assembly, md.Signature);
            ImmutableArray<TypeSig> ownerArgs = ownerArgsOverride ?? (owner is NamedSig n ? n.Args : ImmutableArray<TypeSig>.Empty);
            if (sig.GenericParameterCount > 0 && methodArgs.IsDefaultOrEmpty)
                return new MethodDesc(owner, ownerDef, mh, md.Attributes, ownerDef.Assembly.Reader.GetString(md.Name), sig.Header.IsInstance,
                    sig.ReturnType.Substitute(ownerArgs, ImmutableArray<TypeSig>.Empty), sig.ParameterTypes.Select(p => p.Substitute(ownerArgs, ImmutableArray<TypeSig>.Empty)).ToImmutableArray(),
                    ImmutableArray<TypeSig>.Empty, sig.GenericParameterCount);
            return new MethodDesc(owner, ownerDef, mh, md.Attributes, ownerDef.Assembly.Reader.GetString(md.Name), sig.Header.IsInstance,
                sig.ReturnType.Substitute(ownerArgs, methodArgs), sig.ParameterTypes.Select(p => p.Substitute(ownerArgs, methodArgs)).ToImmutableArray(),
                methodArgs, sig.GenericParameterCount);
        }

        private static bool SameSignature(MethodSignature<TypeSig> a, MethodSignature<TypeSig> b) =>
            a.Header.IsInstance == b.Header.IsInstance && a.GenericParameterCount == b.GenericParameterCount
            && a.ParameterTypes.Length == b.ParameterTypes.Length && a.ReturnType.Equals(b.ReturnType)
            && a.ParameterTypes.SequenceEqual(b.ParameterTypes);

        /// <summary>The runtime-provided methods of a multi-dimensional array type (ECMA-335 II.14.2).</summary>
        private static MethodDesc ArrayMethod(ArraySig array, string name, MethodSignature<TypeSig> sig)
        {
            bool indices(int extra) => sig.ParameterTypes.Length == array.Rank + extra && sig.ParameterTypes.Take(array.Rank).All(p => p.Equals(Int32));
            bool ok = name switch
            {
                "Get" => sig.Header.IsInstance && indices(0) && sig.ReturnType.Equals(array.Element),
                "Set" => sig.Header.IsInstance && indices(1) && sig.ParameterTypes[^1].Equals(array.Element) && sig.ReturnType.Equals(Void),
                "Address" => sig.Header.IsInstance && indices(0) && sig.ReturnType.Equals(new ByRefSig(array.Element)),
                ".ctor" => sig.Header.IsInstance && sig.ReturnType.Equals(Void) && (indices(0) || (sig.ParameterTypes.Length == 2 * array.Rank && sig.ParameterTypes.All(p => p.Equals(Int32)))),
                _ => false,
            };
            if (!ok || array.IsVector) throw new VerificationException($"{array} has no method {name} with this signature");
            return new MethodDesc(array, null, default, MethodAttributes.Public, name, true, sig.ReturnType, sig.ParameterTypes, ImmutableArray<TypeSig>.Empty, 0);
        }

        /// <summary>A FieldDef or field MemberRef token, resolved and instantiated.</summary>
        public FieldDesc ResolveField(LoadedAssembly asm, EntityHandle h)
        {
            MetadataReader r = asm.Reader;
            switch (h.Kind)
            {
                case HandleKind.FieldDefinition:
                {
                    var fh = (FieldDefinitionHandle)h;
                    if (System.Reflection.Metadata.Ecma335.MetadataTokens.GetRowNumber(fh) > r.FieldDefinitions.Count) throw new VerificationException("field token out of range");
                    FieldDefinition f = r.GetFieldDefinition(fh);
                    TypeDef owner = Def(asm, f.GetDeclaringType());
                    if (owner.GenericArity > 0) throw new VerificationException($"a field definition token names a field of generic type {owner.FullName} without its type arguments");
                    return new FieldDesc(Named(owner, ImmutableArray<TypeSig>.Empty), owner, fh, f.Attributes, r.GetString(f.Name), DecodeField(asm, f.Signature));
                }
                case HandleKind.MemberReference:
                {
                    MemberReference mr = r.GetMemberReference((MemberReferenceHandle)h);
                    if (mr.GetKind() != MemberReferenceKind.Field) throw new VerificationException("a method reference is used where a field is expected");
                    string name = r.GetString(mr.Name);
                    TypeSig type = DecodeField(asm, mr.Signature);
                    TypeSig parent = ParentType(asm, mr.Parent);
                    NamedSig owner = AsNamed(parent) ?? throw new VerificationException($"field {name} is referenced on {parent}, which has no fields");
                    MetadataReader or = owner.Def.Assembly.Reader;
                    foreach (FieldDefinitionHandle fh in owner.Def.Fields)
                    {
                        FieldDefinition f = or.GetFieldDefinition(fh);
                        if (!or.StringComparer.Equals(f.Name, name)) continue;
                        TypeSig declared = DecodeField(owner.Def.Assembly, f.Signature);
                        if (declared.Equals(type))
                            return new FieldDesc(parent, owner.Def, fh, f.Attributes, name, declared.Substitute(owner.Args, ImmutableArray<TypeSig>.Empty));
                    }
                    throw new VerificationException($"field {type} {owner}::{name} does not exist in {owner.Def.Assembly.Name}");
                }
                default:
                    throw new VerificationException($"token of kind {h.Kind} is not a field");
            }
        }

        /// <summary>The Invoke method of a delegate type, instantiated.</summary>
        public MethodDesc? DelegateInvoke(NamedSig delegateType)
        {
            foreach (MethodDefinitionHandle mh in delegateType.Def.Methods)
                if (delegateType.Def.Assembly.Reader.StringComparer.Equals(delegateType.Def.Assembly.Reader.GetMethodDefinition(mh).Name, "Invoke"))
                    return FromDefinition(delegateType.Def, delegateType, mh, ImmutableArray<TypeSig>.Empty);
            return null;
        }

        // ---- type relations (ECMA-335 I.8.7, III.1.8.1.2.3) ----------------------------------------------------------

        /// <summary>Whether values of <paramref name="t"/> are object references (classes, interfaces, arrays, strings;
        /// a generic parameter constrained to reference types).</summary>
        public bool IsReferenceType(TypeSig t, GenericContext? ctx) => t switch
        {
            PrimSig p => p.Code is PrimitiveTypeCode.Object or PrimitiveTypeCode.String,
            ArraySig => true,
            NamedSig n => !n.Def.IsValueType,
            GenericParamSig g => ctx is not null && IsReferenceConstrained(g, ctx),
            _ => false,
        };

        public bool IsValueType(TypeSig t, GenericContext? ctx) => t switch
        {
            PrimSig p => p.Code is not (PrimitiveTypeCode.Object or PrimitiveTypeCode.String or PrimitiveTypeCode.Void),
            NamedSig n => n.Def.IsValueType,
            GenericParamSig g => ctx is not null && ctx.Parameter(g) is { } gp
                && (ctx.Type.Assembly.Reader.GetGenericParameter(gp).Attributes & GenericParameterAttributes.NotNullableValueTypeConstraint) != 0,
            _ => false,
        };

        public bool IsByRefLike(TypeSig t) => t is NamedSig n && n.Def.IsByRefLike || t is PrimSig { Code: PrimitiveTypeCode.TypedReference };

        private bool IsReferenceConstrained(GenericParamSig g, GenericContext ctx)
        {
            if (ctx.Parameter(g) is not { } gp) return false;
            GenericParameter p = ctx.Type.Assembly.Reader.GetGenericParameter(gp);
            if ((p.Attributes & GenericParameterAttributes.ReferenceTypeConstraint) != 0) return true;
            // A class-type constraint (other than ValueType/Enum) makes the parameter a reference type too.
            return Constraints(g, ctx).Any(c => c is NamedSig n && !n.Def.IsInterface && !n.Def.IsValueType && !n.Def.IsSystem("ValueType") && !n.Def.IsSystem("Enum")
                                               || c is ArraySig || c is PrimSig { Code: PrimitiveTypeCode.String });
        }

        public IEnumerable<TypeSig> Constraints(GenericParamSig g, GenericContext ctx)
        {
            if (ctx.Parameter(g) is not { } gp) yield break;
            MetadataReader r = ctx.Type.Assembly.Reader;
            foreach (GenericParameterConstraintHandle ch in r.GetGenericParameter(gp).GetConstraints())
                yield return FromToken(ctx.Type.Assembly, r.GetGenericParameterConstraint(ch).Type);
        }

        /// <summary>The base chain of a named type, instantiated: the type itself, its base, ... System.Object.</summary>
        public IEnumerable<NamedSig> BaseChain(NamedSig t)
        {
            NamedSig? cur = t;
            for (int depth = 0; cur is not null; depth++)
            {
                if (depth > MaxDepth) throw new VerificationException($"the base-type chain of {t} is cyclic or deeper than {MaxDepth}");
                yield return cur;
                cur = cur.Def.BaseType is { } b ? AsNamed(b.Substitute(cur.Args, ImmutableArray<TypeSig>.Empty)) : null;
            }
        }

        /// <summary>Every interface a named type implements (directly, through its bases and through other interfaces), instantiated.</summary>
        public IEnumerable<NamedSig> AllInterfaces(NamedSig t)
        {
            var seen = new HashSet<NamedSig>();
            var work = new Stack<NamedSig>();
            foreach (var b in BaseChain(t)) work.Push(b);
            int steps = 0;
            while (work.Count > 0)
            {
                if (++steps > 4096) throw new VerificationException($"the interfaces of {t} are cyclic or too many");
                NamedSig cur = work.Pop();
                foreach (var i in cur.Def.Interfaces)
                    if (AsNamed(i.Substitute(cur.Args, ImmutableArray<TypeSig>.Empty)) is { } n && seen.Add(n))
                    {
                        yield return n;
                        work.Push(n);
                    }
            }
        }

        /// <summary>Whether an object reference of type <paramref name="from"/> may be used as one of type <paramref name="to"/>
        /// (ECMA-335 I.8.7.1 assignment compatibility for reference types, with array covariance and generic variance).
        /// For value types the types must be the same.</summary>
        public bool IsAssignable(TypeSig from, TypeSig to, GenericContext? ctx, int depth = 0)
        {
            if (depth > MaxDepth) throw new VerificationException("type relation too deep");
            if (from.Equals(to)) return true;
            if (to is PrimSig { Code: PrimitiveTypeCode.Object }) return from is not (ByRefSig or PointerSig) && !(from is PrimSig { Code: PrimitiveTypeCode.Void or PrimitiveTypeCode.TypedReference });
            switch (from)
            {
                case GenericParamSig g:
                    if (ctx is null) return false;
                    if (to is NamedSig { Def: var vt } && vt.IsSystem("ValueType") && IsValueType(g, ctx)) return true;
                    return Constraints(g, ctx).Any(c => !c.Equals(from) && IsAssignable(c, to, ctx, depth + 1));
                case ArraySig a:
                {
                    if (to is NamedSig { Def: var arr } && arr.IsSystem("Array")) return true;
                    if (to is ArraySig b) return a.Rank == b.Rank && a.IsVector == b.IsVector && ElementCompatible(a.Element, b.Element, ctx, depth);
                    if (to is NamedSig { Def.IsInterface: true } iface)
                    {
                        if (a.IsVector && iface.Args.Length == 1 && ReferenceEquals(iface.Def.Assembly, CoreLib) && iface.Def.Namespace == "System.Collections.Generic"
                            && iface.Def.Name is "IList`1" or "ICollection`1" or "IEnumerable`1" or "IReadOnlyList`1" or "IReadOnlyCollection`1")
                            return ElementCompatible(a.Element, iface.Args[0], ctx, depth);
                        return SystemType("System", "Array") is { } array && IsAssignable(new NamedSig(array, ImmutableArray<TypeSig>.Empty), to, ctx, depth + 1);
                    }
                    return false;
                }
            }
            NamedSig? source = AsNamed(from), target = AsNamed(to);
            if (source is null || target is null) return false;
            if (source.Equals(target)) return true;
            IEnumerable<NamedSig> candidates = target.Def.IsInterface ? AllInterfaces(source).Prepend(source) : BaseChain(source);
            foreach (NamedSig c in candidates)
                if (c.Equals(target) || (ReferenceEquals(c.Def, target.Def) && VariantCompatible(c, target, ctx, depth))) return true;
            return false;
        }

        /// <summary>I.8.7.1: array elements: reference types by assignment, value types when they are the same (or the
        /// same size of integer, or an enum and its underlying type).</summary>
        private bool ElementCompatible(TypeSig from, TypeSig to, GenericContext? ctx, int depth)
        {
            if (IsReferenceType(from, ctx) && IsReferenceType(to, ctx)) return IsAssignable(from, to, ctx, depth + 1);
            return ReducedEquals(from, to);
        }

        private bool VariantCompatible(NamedSig from, NamedSig to, GenericContext? ctx, int depth)
        {
            if (!(to.Def.IsInterface || to.Def.IsDelegate)) return false;
            for (int i = 0; i < from.Args.Length; i++)
            {
                TypeSig a = from.Args[i], b = to.Args[i];
                if (a.Equals(b)) continue;
                switch (to.Def.Variance(i))
                {
                    case GenericParameterAttributes.Covariant when IsReferenceType(a, ctx) && IsAssignable(a, b, ctx, depth + 1): continue;
                    case GenericParameterAttributes.Contravariant when IsReferenceType(b, ctx) && IsAssignable(b, a, ctx, depth + 1): continue;
                    default: return false;
                }
            }
            return true;
        }

        /// <summary>The reduced type of I.8.7 (signed and unsigned integers of one size alike, enums as their underlying
        /// type, bool as int8, char as int16) for comparing byref targets and array elements.</summary>
        public TypeSig Reduced(TypeSig t)
        {
            if (t is NamedSig { Def.IsEnum: true } e && e.Def.EnumUnderlying is { } u) t = u;
            if (t is PrimSig p)
                return p.Code switch
                {
                    PrimitiveTypeCode.Boolean or PrimitiveTypeCode.Byte => new PrimSig(PrimitiveTypeCode.SByte),
                    PrimitiveTypeCode.Char or PrimitiveTypeCode.UInt16 => new PrimSig(PrimitiveTypeCode.Int16),
                    PrimitiveTypeCode.UInt32 => Int32,
                    PrimitiveTypeCode.UInt64 => Int64,
                    PrimitiveTypeCode.UIntPtr => IntPtr,
                    _ => p,
                };
            return t;
        }

        public bool ReducedEquals(TypeSig a, TypeSig b) => Reduced(a).Equals(Reduced(b));

        /// <summary>The closest common supertype of two object reference types (for merging at join points).</summary>
        public TypeSig CommonSupertype(TypeSig a, TypeSig b, GenericContext? ctx)
        {
            if (IsAssignable(a, b, ctx)) return b;
            if (IsAssignable(b, a, ctx)) return a;
            if (a is ArraySig aa && b is ArraySig ab && aa.Rank == ab.Rank && aa.IsVector == ab.IsVector
                && IsReferenceType(aa.Element, ctx) && IsReferenceType(ab.Element, ctx))
                return new ArraySig(CommonSupertype(aa.Element, ab.Element, ctx), aa.Rank, aa.IsVector);
            NamedSig? na = a is ArraySig ? AsNamed(new NamedSig(SystemType("System", "Array")!, ImmutableArray<TypeSig>.Empty)) : AsNamed(a);
            NamedSig? nb = AsNamed(b);
            if (na is not null && nb is not null && !na.Def.IsInterface && !nb.Def.IsInterface)
                foreach (NamedSig c in BaseChain(na))
                    if (IsAssignable(nb, c, ctx)) return c.Def.IsSystem("Object") ? Object : c;
            if (na is not null && nb is not null)
                foreach (NamedSig i in AllInterfaces(na))
                    if (IsAssignable(nb, i, ctx)) return i;
            return Object;
        }

        // ---- generic constraints (ECMA-335 II.10.1.7) -----------------------------------------------------------------

        /// <summary>The first type argument anywhere in <paramref name="t"/> that breaks its parameter's constraints, as a message.</summary>
        public string? ConstraintViolation(TypeSig t, GenericContext ctx, int depth = 0)
        {
            if (depth > MaxDepth) throw new VerificationException("type nests too deeply");
            switch (t)
            {
                case NamedSig n:
                    foreach (TypeSig a in n.Args)
                        if (ConstraintViolation(a, ctx, depth + 1) is string inner) return inner;
                    if (n.Args.Length > 0 && n.Args.Length == n.Def.GenericArity)
                    {
                        MetadataReader r = n.Def.Assembly.Reader;
                        var ps = r.GetTypeDefinition(n.Def.Handle).GetGenericParameters();
                        for (int i = 0; i < ps.Count; i++)
                            if (Violates(n.Def.Assembly, ps[i], n.Args[i], n.Args, ImmutableArray<TypeSig>.Empty, ctx) is string why)
                                return $"{n}: type argument {n.Args[i]} {why}";
                    }
                    return null;
                case ArraySig a: return ConstraintViolation(a.Element, ctx, depth + 1);
                case ByRefSig b: return ConstraintViolation(b.Element, ctx, depth + 1);
                default: return null;
            }
        }

        /// <summary>Constraint violations of a method instantiation (its declaring type's and its own type arguments).</summary>
        public string? ConstraintViolation(MethodDesc m, GenericContext ctx)
        {
            if (ConstraintViolation(m.Owner, ctx) is string owner) return owner;
            if (m.OwnerDef is null || m.Definition is not { } h || m.MethodArgs.IsDefaultOrEmpty) return null;
            foreach (TypeSig a in m.MethodArgs)
                if (ConstraintViolation(a, ctx) is string inner) return inner;
            MetadataReader r = m.OwnerDef.Assembly.Reader;
            var ps = r.GetMethodDefinition(h).GetGenericParameters();
            ImmutableArray<TypeSig> ownerArgs = m.Owner is NamedSig n ? n.Args : ImmutableArray<TypeSig>.Empty;
            for (int i = 0; i < ps.Count && i < m.MethodArgs.Length; i++)
                if (Violates(m.OwnerDef.Assembly, ps[i], m.MethodArgs[i], ownerArgs, m.MethodArgs, ctx) is string why)
                    return $"{m.Owner}::{m.Name}: type argument {m.MethodArgs[i]} {why}";
            return null;
        }

        private string? Violates(LoadedAssembly asm, GenericParameterHandle ph, TypeSig arg, ImmutableArray<TypeSig> typeArgs, ImmutableArray<TypeSig> methodArgs, GenericContext ctx)
        {
            GenericParameter p = asm.Reader.GetGenericParameter(ph);
            var attrs = p.Attributes & GenericParameterAttributes.SpecialConstraintMask;
            if ((attrs & GenericParameterAttributes.ReferenceTypeConstraint) != 0 && !IsReferenceType(arg, ctx)) return "is not a reference type (constraint: class)";
            if ((attrs & GenericParameterAttributes.NotNullableValueTypeConstraint) != 0
                && (!IsValueType(arg, ctx) || arg is NamedSig { Def: var nd } && nd.IsSystem("Nullable`1"))) return "is not a non-nullable value type (constraint: struct)";
            if ((attrs & GenericParameterAttributes.DefaultConstructorConstraint) != 0 && !HasDefaultConstructor(arg, ctx)) return "has no public parameterless constructor (constraint: new())";
            foreach (GenericParameterConstraintHandle ch in p.GetConstraints())
            {
                TypeSig c = FromToken(asm, asm.Reader.GetGenericParameterConstraint(ch).Type).Substitute(typeArgs, methodArgs);
                if (!arg.Equals(c) && !IsAssignable(arg, c, ctx)) return $"does not derive from or implement {c}";
            }
            return null;
        }

        private bool HasDefaultConstructor(TypeSig t, GenericContext ctx)
        {
            if (IsValueType(t, ctx)) return true;
            if (t is GenericParamSig g)
                return ctx.Parameter(g) is { } gp && (ctx.Type.Assembly.Reader.GetGenericParameter(gp).Attributes & GenericParameterAttributes.DefaultConstructorConstraint) != 0;
            if (AsNamed(t) is not { } n || n.Def.IsAbstract) return false;
            MetadataReader r = n.Def.Assembly.Reader;
            foreach (MethodDefinitionHandle mh in n.Def.Methods)
            {
                MethodDefinition md = r.GetMethodDefinition(mh);
                if (r.StringComparer.Equals(md.Name, ".ctor") && (md.Attributes & MethodAttributes.MemberAccessMask) == MethodAttributes.Public
                    && DecodeMethod(n.Def.Assembly, md.Signature).ParameterTypes.Length == 0) return true;
            }
            return false;
        }

        // ---- accessibility (ECMA-335 II.8.5.3) ---------------------------------------------------------------------

        /// <summary>Whether code in <paramref name="from"/> may name type <paramref name="t"/> (and its enclosing types).</summary>
        public bool CanAccessType(TypeDef from, TypeDef t)
        {
            for (TypeDef? cur = t; cur is not null; cur = cur.DeclaringType)
            {
                TypeAttributes vis = cur.Attributes & TypeAttributes.VisibilityMask;
                bool sameAssembly = ReferenceEquals(from.Assembly, cur.Assembly);
                bool ok = vis switch
                {
                    TypeAttributes.Public or TypeAttributes.NestedPublic => true,
                    TypeAttributes.NotPublic or TypeAttributes.NestedAssembly => sameAssembly,
                    TypeAttributes.NestedPrivate => cur.DeclaringType is { } d && from.IsWithin(d),
                    TypeAttributes.NestedFamily => cur.DeclaringType is { } d && (from.IsWithin(d) || DerivesFrom(from, d)),
                    TypeAttributes.NestedFamORAssem => sameAssembly || (cur.DeclaringType is { } d && (from.IsWithin(d) || DerivesFrom(from, d))),
                    TypeAttributes.NestedFamANDAssem => sameAssembly && cur.DeclaringType is { } d && (from.IsWithin(d) || DerivesFrom(from, d)),
                    _ => false,
                };
                if (!ok) return false;
            }
            return true;
        }

        /// <summary>Every named type in <paramref name="t"/> (arguments, elements) is accessible from <paramref name="from"/>.</summary>
        public bool CanAccessSig(TypeDef from, TypeSig t) => t switch
        {
            NamedSig n => CanAccessType(from, n.Def) && n.Args.All(a => CanAccessSig(from, a)),
            ArraySig a => CanAccessSig(from, a.Element),
            ByRefSig b => CanAccessSig(from, b.Element),
            _ => true,
        };

        /// <summary>Member access: <paramref name="access"/> is the member's MemberAccessMask value (same for fields and methods).</summary>
        public bool CanAccessMember(TypeDef from, TypeDef owner, int access)
        {
            if (!CanAccessType(from, owner)) return false;
            bool sameAssembly = ReferenceEquals(from.Assembly, owner.Assembly);
            bool family = from.IsWithin(owner) || Enclosing(from).Any(e => DerivesFrom(e, owner));
            return access switch
            {
                6 => true,                                   // Public
                3 => sameAssembly,                           // Assembly
                4 => family,                                 // Family
                5 => sameAssembly || family,                 // FamORAssem
                2 => sameAssembly && family,                 // FamANDAssem
                1 => from.IsWithin(owner),                   // Private
                _ => false,                                  // PrivateScope: only through its definition token in its own module
            };
        }

        private static IEnumerable<TypeDef> Enclosing(TypeDef t)
        {
            for (TypeDef? cur = t; cur is not null; cur = cur.DeclaringType) yield return cur;
        }

        private bool DerivesFrom(TypeDef t, TypeDef b)
        {
            foreach (var c in BaseChain(t.Open()))
                if (ReferenceEquals(c.Def, b)) return true;
            return false;
        }
    }
}
