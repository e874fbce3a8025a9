using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;

namespace Sing.GvmRoots
{
    /// <summary>Writes a small IL assembly whose one method stores the addresses (ldftn) of every generic method
    /// instantiation shared GVM code calls, combined, into a static field (so the JIT cannot drop them). rd.xml cannot root
    /// these: ILC roots rd.xml methods for reflection, which builds no generic dictionary, whereas the address of
    /// shared code is a fat pointer to its dictionary.
    /// ILC compiles it with --root (it checks no accessibility, so private methods are fine); nothing calls it.</summary>
    internal sealed class RootAssemblyWriter
    {
        private readonly MetadataBuilder _metadata = new();
        private readonly Dictionary<string, AssemblyReferenceHandle> _assemblies = new(StringComparer.Ordinal);
        private readonly Dictionary<string, EntityHandle> _types = new(StringComparer.Ordinal);
        private readonly string _systemModule;

        public RootAssemblyWriter(string systemModule) => _systemModule = systemModule;

        public void Write(string name, IEnumerable<MethodInstantiation> methods, Stream output)
        {
            var fieldSignature = new BlobBuilder();
            new BlobEncoder(fieldSignature).Field().Type().IntPtr();
            FieldDefinitionHandle sink = _metadata.AddFieldDefinition(FieldAttributes.Public | FieldAttributes.Static,
                _metadata.GetOrAddString("Sink"), _metadata.GetOrAddBlob(fieldSignature));
            // Sink = ldftn A ^ ldftn B ^ ...: one live value that needs every address (separate stores to one field
            // would let the JIT keep only the last).
            var il = new InstructionEncoder(new BlobBuilder());
            int count = 0;
            foreach (MethodInstantiation method in methods)
            {
                il.OpCode(ILOpCode.Ldftn);
                il.Token(MethodSpec(method));
                if (count++ > 0)
                    il.OpCode(ILOpCode.Xor);
            }
            if (count > 0)
            {
                il.OpCode(ILOpCode.Stsfld);
                il.Token(sink);
            }
            il.OpCode(ILOpCode.Ret);

            _metadata.AddAssembly(_metadata.GetOrAddString(name), new Version(1, 0, 0, 0), default, default, default, AssemblyHashAlgorithm.None);
            _metadata.AddModule(0, _metadata.GetOrAddString(name + ".dll"), _metadata.GetOrAddGuid(Guid.Empty), default, default);
            var bodies = new MethodBodyStreamEncoder(new BlobBuilder());
            int body = bodies.AddMethodBody(il);
            var voidSignature = new BlobBuilder();
            new BlobEncoder(voidSignature).MethodSignature().Parameters(0, r => r.Void(), p => { });
            MethodDefinitionHandle root = _metadata.AddMethodDefinition(
                MethodAttributes.Public | MethodAttributes.Static | MethodAttributes.HideBySig, MethodImplAttributes.IL,
                _metadata.GetOrAddString("Root"), _metadata.GetOrAddBlob(voidSignature), body, default);
            _metadata.AddTypeDefinition(default, default, _metadata.GetOrAddString("<Module>"), default,
                MetadataTokens.FieldDefinitionHandle(1), root);
            _metadata.AddTypeDefinition(TypeAttributes.Public | TypeAttributes.Abstract | TypeAttributes.Sealed | TypeAttributes.Class,
                _metadata.GetOrAddString("Sing.GvmRoots"), _metadata.GetOrAddString("Instantiations"),
                TypeRef(new NamedSig(_systemModule, "System.Object", false)), sink, root);

            var pe = new ManagedPEBuilder(new PEHeaderBuilder(imageCharacteristics: Characteristics.Dll | Characteristics.ExecutableImage),
                new MetadataRootBuilder(_metadata), bodies.Builder, flags: CorFlags.ILOnly);
            var blob = new BlobBuilder();
            pe.Serialize(blob);
            blob.WriteContentTo(output);
        }

        private MethodSpecificationHandle MethodSpec(MethodInstantiation method)
        {
            MethodDefinition definition = method.Module.Reader.GetMethodDefinition(method.Definition);
            var copier = new SignatureCopier(method.Module, Reference, _metadata);
            MemberReferenceHandle member = _metadata.AddMemberReference(Reference(method.DeclaringType),
                _metadata.GetOrAddString(method.Name), copier.CopyMethodSignature(definition.Signature));
            var instantiation = new BlobBuilder();
            GenericTypeArgumentsEncoder arguments = new BlobEncoder(instantiation).MethodSpecificationSignature(method.Arguments.Count);
            foreach (TypeSig argument in method.Arguments)
                Encode(arguments.AddArgument(), argument);
            return _metadata.AddMethodSpecification(member, _metadata.GetOrAddBlob(instantiation));
        }

        /// <summary>A TypeRef for a plain type, a TypeSpec for anything else.</summary>
        private EntityHandle Reference(TypeSig type)
        {
            if (type is NamedSig named)
                return TypeRef(named);
            var builder = new BlobBuilder();
            Encode(new BlobEncoder(builder).TypeSpecificationSignature(), type);
            return _metadata.AddTypeSpecification(_metadata.GetOrAddBlob(builder));
        }

        private void Encode(SignatureTypeEncoder encoder, TypeSig type)
        {
            switch (type)
            {
                case GenericInstSig inst:
                    GenericTypeArgumentsEncoder arguments = encoder.GenericInstantiation(TypeRef(inst.Definition), inst.Arguments.Count, inst.Definition.IsValueType);
                    foreach (TypeSig argument in inst.Arguments)
                        Encode(arguments.AddArgument(), argument);
                    break;
                case ArraySig { Rank: 1 } array:
                    Encode(encoder.SZArray(), array.Element);
                    break;
                case ArraySig array:
                    encoder.Array(e => Encode(e, array.Element), s => s.Shape(array.Rank, [], []));
                    break;
                case NamedSig named:
                    encoder.Type(TypeRef(named), named.IsValueType);
                    break;
                default:
                    throw new InvalidOperationException("not a closed, nameable type: " + type.Key);
            }
        }

        private EntityHandle TypeRef(NamedSig type)
        {
            if (_types.TryGetValue(type.Key, out EntityHandle known))
                return known;
            string[] nesting = type.FullName.Split('+');
            EntityHandle scope = Assembly(type.Assembly);
            for (int i = 0; i < nesting.Length; i++)
            {
                string part = nesting[i];
                int dot = i == 0 ? part.LastIndexOf('.') : -1;
                scope = _metadata.AddTypeReference(scope,
                    dot < 0 ? default : _metadata.GetOrAddString(part[..dot]),
                    _metadata.GetOrAddString(dot < 0 ? part : part[(dot + 1)..]));
            }
            _types[type.Key] = scope;
            return scope;
        }

        private AssemblyReferenceHandle Assembly(string name)
        {
            if (!_assemblies.TryGetValue(name, out AssemblyReferenceHandle handle))
            {
                handle = _metadata.AddAssemblyReference(_metadata.GetOrAddString(name), new Version(0, 0, 0, 0), default, default, default, default);
                _assemblies[name] = handle;
            }
            return handle;
        }
    }
}
