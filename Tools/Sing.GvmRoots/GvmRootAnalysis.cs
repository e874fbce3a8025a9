using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;

namespace Sing.GvmRoots
{
    /// <summary>A generic method over closed type arguments, as a shared GVM body (or a method it calls) needs it.</summary>
    internal sealed record MethodInstantiation(TypeSig DeclaringType, string Name, IReadOnlyList<TypeSig> Arguments,
        LoadedModule Module, MethodDefinitionHandle Definition)
    {
        public override string ToString() => DeclaringType.Key + "::" + Name + "<" + string.Join(",", Arguments.Select(a => a.Key)) + ">";
    }

    /// <summary>Finds, for every generic virtual method call over reference types, what each possible target body
    /// (every override or implementation in the compiled assemblies) needs for those type arguments: the constructed
    /// types and generic method instantiations it names over its own type parameters, following the generic
    /// methods it calls. ILC compiles such bodies once over __Canon and does not build these for each caller's T;
    /// the run-time dictionary can only point at what exists. A target in a generic type (an override in Holder&lt;T&gt;,
    /// a default implementation in IShape&lt;T&gt;) is walked once per instantiation of that type the program names,
    /// since its body is shared over the type's arguments as well.</summary>
    internal sealed class GvmRootAnalysis
    {
        // Deeper instantiations are dropped so that recursion over growing types (Foo<T> calling Foo<List<T>>) ends.
        private const int MaxTypeDepth = 6;

        private readonly AssemblySet _set;
        private readonly Queue<(LoadedModule Module, MethodDefinitionHandle Method, GenericContext Context)> _work = new();
        private readonly HashSet<string> _visited = new(StringComparer.Ordinal);
        private readonly HashSet<TypeSig> _types = new();
        private readonly HashSet<string> _methodKeys = new(StringComparer.Ordinal);
        private readonly List<MethodInstantiation> _methods = new();
        // GVM targets in generic types, by the type's definition, with the method arguments of each call reaching them.
        private readonly Dictionary<string, List<(LoadedModule Module, MethodDefinitionHandle Method, TypeSig[] Arguments)>> _targetsInGenericTypes = new(StringComparer.Ordinal);
        private readonly KnownInstantiations _instantiations;

        public GvmRootAnalysis(AssemblySet set)
        {
            _set = set;
            _instantiations = new KnownInstantiations(set, WalkTargetsOf);
        }

        /// <summary>Closed constructed generic types and arrays the shared bodies name over their type parameters.</summary>
        public IEnumerable<TypeSig> Types => _types.OrderBy(t => t.Key, StringComparer.Ordinal);

        /// <summary>Generic method instantiations the shared bodies call (each needs its own dictionary).</summary>
        public IEnumerable<MethodInstantiation> Methods => _methods.OrderBy(m => m.ToString(), StringComparer.Ordinal);

        /// <summary>Starts from every closed call site (of a GVM, a generic method or a member of a generic type) and
        /// follows the bodies reached with their arguments substituted, so a GVM call over a caller's own parameters
        /// counts once some closed call reaches that caller.</summary>
        public void Run()
        {
            foreach (LoadedModule module in _set.Modules)
            {
                foreach (MethodDefinitionHandle method in module.Reader.MethodDefinitions)
                    Scan(module, method, null);
            }
            while (_work.Count > 0)
            {
                var (module, method, context) = _work.Dequeue();
                Scan(module, method, context);
            }
        }

        /// <summary>Without <paramref name="context"/>: looks only for calls over closed type arguments. With one:
        /// everything over its parameters is substituted, and a shared body's needs are rooted.</summary>
        private void Scan(LoadedModule module, MethodDefinitionHandle handle, GenericContext? context)
        {
            MetadataReader reader = module.Reader;
            MethodDefinition method = reader.GetMethodDefinition(handle);
            if (method.RelativeVirtualAddress == 0)
                return;
            MethodBodyBlock body = module.PE.GetMethodBody(method.RelativeVirtualAddress);
            foreach (var (opCode, token) in IlTokens.Read(body))
            {
                switch (token.Kind)
                {
                    case HandleKind.TypeSpecification:
                        TypeSig type = module.DecodeType(token);
                        Observe(type, context);
                        if (context is { Shared: true })
                            Root(opCode == ILOpCode.Newarr ? new ArraySig(type, 1) : type, context); // newarr names the element
                        break;
                    case HandleKind.MemberReference:
                        MemberReference reference = reader.GetMemberReference((MemberReferenceHandle)token);
                        Observe(module.DecodeType(reference.Parent), context);
                        if (context is { Shared: true })
                            Root(module.DecodeType(reference.Parent), context);
                        if (reference.GetKind() == MemberReferenceKind.Method && IsCall(opCode))
                            MemberCall(module, token, reference, context);
                        break;
                    case HandleKind.MethodSpecification:
                        MethodCall(module, opCode, reader.GetMethodSpecification((MethodSpecificationHandle)token), context);
                        break;
                }
            }
        }

        private static bool IsCall(ILOpCode opCode) =>
            opCode is ILOpCode.Call or ILOpCode.Callvirt or ILOpCode.Newobj or ILOpCode.Ldftn or ILOpCode.Ldvirtftn;

        /// <summary>Records a closed generic instantiation the code names (closing it over the context's arguments).</summary>
        private void Observe(TypeSig type, GenericContext? context)
        {
            if (context != null && type.IsOpen)
                type = context.Close(type);
            _instantiations.Add(type);
        }

        private void Root(TypeSig type, GenericContext context)
        {
            if (!type.IsOpen)
                return;
            TypeSig closed = context.Close(type);
            if (closed is GenericInstSig or ArraySig && IsNameable(closed))
                _types.Add(closed);
        }

        /// <summary>A non-generic method of a generic type over reference types: walked as a caller with the type's
        /// arguments (its GVM calls over !n then close).</summary>
        private void MemberCall(LoadedModule module, EntityHandle token, MemberReference reference, GenericContext? context)
        {
            TypeSig parent = module.DecodeType(reference.Parent);
            if (context != null && !parent.IsOpen)
                return; // Closed already: the scan without context starts from it.
            if (context != null)
                parent = context.Close(parent);
            if (parent is not GenericInstSig inst || parent.IsOpen || inst.Arguments.All(IsValueType))
                return;
            foreach (var (declModule, declHandle, declType) in Resolve(module, token, context))
                Enqueue(declModule, declHandle, new GenericContext(GenericContext.TypeArgumentsOf(declType), [], Shared: false));
        }

        private void MethodCall(LoadedModule module, ILOpCode opCode, MethodSpecification spec, GenericContext? context)
        {
            var instantiation = spec.DecodeSignature(module.Signatures, null);
            bool dependsOnContext = instantiation.Any(a => a.IsOpen) || ParentIsOpen(module, spec.Method);
            if (context == null ? dependsOnContext : !dependsOnContext)
                return; // Open outside a context, or closed inside one: the scan without context starts from it.
            TypeSig[] closed = instantiation.Select(a => context == null ? a : context.Close(a)).ToArray();
            if (closed.Any(a => a.IsOpen))
                return;
            bool virtualCall = opCode is ILOpCode.Callvirt or ILOpCode.Ldvirtftn;
            foreach (var (declModule, declHandle, declType) in Resolve(module, spec.Method, context))
            {
                if (declType.IsOpen)
                    continue;
                MethodDefinition declared = declModule.Reader.GetMethodDefinition(declHandle);
                string name = declModule.Reader.GetString(declared.Name);
                if (virtualCall && (declared.Attributes & MethodAttributes.Virtual) != 0)
                {
                    foreach (var (targetModule, target, owner) in Overrides(declType, name, closed.Length))
                        WalkTarget(targetModule, target, owner, closed);
                    continue;
                }
                if (IsUnshared(GenericContext.TypeArgumentsOf(declType), closed))
                    continue; // Value-type-only instantiations get unshared code with static dictionaries.
                // Called from shared code over its parameters: the compiler built no dictionary for this one.
                bool shared = context is { Shared: true };
                var call = new MethodInstantiation(declType, name, closed, declModule, declHandle);
                if (shared && IsNameable(declType) && closed.All(IsNameable) && _methodKeys.Add(call.ToString()))
                    _methods.Add(call);
                Enqueue(declModule, declHandle, new GenericContext(GenericContext.TypeArgumentsOf(declType), closed, shared));
            }
        }

        /// <summary>A GVM target over the call's method arguments: in a generic type, once per instantiation of the type
        /// known now or later (the body is shared over the type's arguments too).</summary>
        private void WalkTarget(LoadedModule module, MethodDefinitionHandle method, NamedSig owner, TypeSig[] arguments)
        {
            if (!_set.TryResolve(owner, out LoadedModule ownerModule, out TypeDefinitionHandle ownerHandle)
                || ownerModule.Reader.GetTypeDefinition(ownerHandle).GetGenericParameters().Count == 0)
            {
                if (!IsUnshared([], arguments))
                    Enqueue(module, method, new GenericContext([], arguments, Shared: true));
                return;
            }
            if (!_targetsInGenericTypes.TryGetValue(owner.Key, out var targets))
                _targetsInGenericTypes[owner.Key] = targets = new();
            targets.Add((module, method, arguments));
            foreach (GenericInstSig instantiation in _instantiations.Of(owner))
                WalkTargetIn(module, method, instantiation, arguments);
        }

        private void WalkTargetsOf(GenericInstSig instantiation)
        {
            if (_targetsInGenericTypes.TryGetValue(instantiation.Definition.Key, out var targets))
            {
                foreach (var (module, method, arguments) in targets.ToArray())
                    WalkTargetIn(module, method, instantiation, arguments);
            }
        }

        private void WalkTargetIn(LoadedModule module, MethodDefinitionHandle method, GenericInstSig owner, TypeSig[] arguments)
        {
            if (!IsUnshared(owner.Arguments, arguments))
                Enqueue(module, method, new GenericContext(owner.Arguments, arguments, Shared: true));
        }

        /// <summary>Code over value types only is compiled for that instantiation, with its dictionary built in.</summary>
        private static bool IsUnshared(IReadOnlyList<TypeSig> typeArguments, IReadOnlyList<TypeSig> methodArguments) =>
            typeArguments.All(IsValueType) && methodArguments.All(IsValueType);

        private static bool ParentIsOpen(LoadedModule module, EntityHandle method) =>
            method.Kind == HandleKind.MemberReference
            && module.DecodeType(module.Reader.GetMemberReference((MemberReferenceHandle)method).Parent).IsOpen;

        /// <summary>The method definitions a MethodDef or MemberRef token names, with its declaring type as written.</summary>
        private IEnumerable<(LoadedModule, MethodDefinitionHandle, TypeSig)> Resolve(LoadedModule module, EntityHandle method, GenericContext? context)
        {
            MetadataReader reader = module.Reader;
            if (method.Kind == HandleKind.MethodDefinition)
            {
                var handle = (MethodDefinitionHandle)method;
                TypeDefinitionHandle owner = reader.GetMethodDefinition(handle).GetDeclaringType();
                return [(module, handle, module.DecodeType(owner))];
            }
            if (method.Kind != HandleKind.MemberReference)
                return [];
            MemberReference reference = reader.GetMemberReference((MemberReferenceHandle)method);
            TypeSig parent = module.DecodeType(reference.Parent);
            if (context != null)
                parent = context.Close(parent);
            if (AssemblySet.DefinitionOf(parent) is not NamedSig definition || !_set.TryResolve(definition, out LoadedModule owner2, out TypeDefinitionHandle type))
                return [];
            string name = reader.GetString(reference.Name);
            MethodSignature<TypeSig> signature = reference.DecodeMethodSignature(module.Signatures, null);
            var found = new List<(LoadedModule, MethodDefinitionHandle, TypeSig)>();
            foreach (MethodDefinitionHandle candidate in owner2.Reader.GetTypeDefinition(type).GetMethods())
            {
                MethodDefinition def = owner2.Reader.GetMethodDefinition(candidate);
                if (owner2.Reader.StringComparer.Equals(def.Name, name)
                    && def.GetGenericParameters().Count == signature.GenericParameterCount
                    && def.GetParameters().Count >= signature.RequiredParameterCount
                    && def.DecodeSignature(owner2.Signatures, null).ParameterTypes.Length == signature.ParameterTypes.Length)
                    found.Add((owner2, candidate, parent));
            }
            return found;
        }

        /// <summary>Every method with a body that may be the target of a virtual call to the named method: same name
        /// (or an explicit implementation ending in it) and arity, in the declaring type or a type deriving from or
        /// implementing it.</summary>
        private IEnumerable<(LoadedModule, MethodDefinitionHandle, NamedSig)> Overrides(TypeSig declaringType, string name, int arity)
        {
            if (AssemblySet.DefinitionOf(declaringType) is not NamedSig declared)
                yield break;
            foreach (LoadedModule module in _set.Modules)
            {
                MetadataReader reader = module.Reader;
                foreach (TypeDefinitionHandle type in reader.TypeDefinitions)
                {
                    var named = new NamedSig(module.Name, SignatureProvider.DefinitionName(reader, type), false);
                    bool typeMatches = false;
                    foreach (MethodDefinitionHandle handle in reader.GetTypeDefinition(type).GetMethods())
                    {
                        MethodDefinition method = reader.GetMethodDefinition(handle);
                        string methodName = reader.GetString(method.Name);
                        if (method.RelativeVirtualAddress == 0 || (method.Attributes & MethodAttributes.Virtual) == 0
                            || method.GetGenericParameters().Count != arity
                            || !(methodName == name || methodName.EndsWith("." + name, StringComparison.Ordinal)))
                            continue;
                        typeMatches = typeMatches || _set.IsSubtype(named, declared);
                        if (typeMatches)
                            yield return (module, handle, named);
                    }
                }
            }
        }

        private void Enqueue(LoadedModule module, MethodDefinitionHandle method, GenericContext context)
        {
            if (context.TypeArguments.Concat(context.MethodArguments).Any(a => Depth(a) > MaxTypeDepth))
                return;
            string key = module.Name + "#" + MetadataTokens.GetToken(method).ToString(System.Globalization.CultureInfo.InvariantCulture) + context.Key;
            if (_visited.Add(key))
                _work.Enqueue((module, method, context));
        }

        private static int Depth(TypeSig type) => type switch
        {
            GenericInstSig inst => 1 + inst.Arguments.Select(Depth).DefaultIfEmpty(0).Max(),
            ArraySig array => 1 + Depth(array.Element),
            _ => 0,
        };

        private static bool IsValueType(TypeSig type) => type switch
        {
            NamedSig named => named.IsValueType,
            GenericInstSig inst => inst.Definition.IsValueType,
            _ => false,
        };

        /// <summary>Whether the type can be written as an rd.xml type name: no pointers, byrefs or parameters.</summary>
        private static bool IsNameable(TypeSig type) => type switch
        {
            NamedSig => true,
            GenericInstSig inst => inst.Arguments.All(IsNameable),
            ArraySig array => IsNameable(array.Element),
            _ => false,
        };
    }
}
