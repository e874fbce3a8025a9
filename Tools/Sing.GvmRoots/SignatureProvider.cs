using System;
using System.Collections.Immutable;
using System.Reflection.Metadata;

namespace Sing.GvmRoots
{
    /// <summary>Decodes signatures of one module into <see cref="TypeSig"/>s; types are named by their defining
    /// assembly so that instantiations from different modules compare equal.</summary>
    internal sealed class SignatureProvider(string systemModule) : ISignatureTypeProvider<TypeSig, object?>
    {
        public TypeSig GetPrimitiveType(PrimitiveTypeCode typeCode) => new NamedSig(systemModule, "System." + typeCode switch
        {
            PrimitiveTypeCode.IntPtr => "IntPtr",
            PrimitiveTypeCode.UIntPtr => "UIntPtr",
            PrimitiveTypeCode.TypedReference => "TypedReference",
            _ => typeCode.ToString(),
        }, typeCode is not (PrimitiveTypeCode.String or PrimitiveTypeCode.Object));

        public TypeSig GetTypeFromDefinition(MetadataReader r, TypeDefinitionHandle handle, byte rawTypeKind) =>
            new NamedSig(r.GetString(r.GetAssemblyDefinition().Name), DefinitionName(r, handle), rawTypeKind == 0x11);

        public TypeSig GetTypeFromReference(MetadataReader r, TypeReferenceHandle handle, byte rawTypeKind)
        {
            var (assembly, name) = ReferenceName(r, handle);
            return new NamedSig(assembly, name, rawTypeKind == 0x11);
        }

        public TypeSig GetTypeFromSpecification(MetadataReader r, object? context, TypeSpecificationHandle handle, byte rawTypeKind) =>
            r.GetTypeSpecification(handle).DecodeSignature(this, context);

        public TypeSig GetGenericInstantiation(TypeSig genericType, ImmutableArray<TypeSig> typeArguments) =>
            genericType is NamedSig named ? new GenericInstSig(named, typeArguments) : new OtherSig("inst", genericType);

        public TypeSig GetGenericMethodParameter(object? context, int index) => new GenericParamSig(index, method: true);
        public TypeSig GetGenericTypeParameter(object? context, int index) => new GenericParamSig(index, method: false);
        public TypeSig GetSZArrayType(TypeSig elementType) => new ArraySig(elementType, 1);
        public TypeSig GetArrayType(TypeSig elementType, ArrayShape shape) => new ArraySig(elementType, shape.Rank);
        public TypeSig GetByReferenceType(TypeSig elementType) => new OtherSig("&", elementType);
        public TypeSig GetPointerType(TypeSig elementType) => new OtherSig("*", elementType);
        public TypeSig GetPinnedType(TypeSig elementType) => elementType;
        public TypeSig GetModifiedType(TypeSig modifier, TypeSig unmodifiedType, bool isRequired) => unmodifiedType;
        public TypeSig GetFunctionPointerType(MethodSignature<TypeSig> signature) => new OtherSig("fnptr", null);

        public static string DefinitionName(MetadataReader r, TypeDefinitionHandle handle)
        {
            TypeDefinition def = r.GetTypeDefinition(handle);
            string name = r.GetString(def.Name);
            TypeDefinitionHandle outer = def.GetDeclaringType();
            if (!outer.IsNil)
                return DefinitionName(r, outer) + "+" + name;
            string ns = r.GetString(def.Namespace);
            return ns.Length == 0 ? name : ns + "." + name;
        }

        public static (string Assembly, string Name) ReferenceName(MetadataReader r, TypeReferenceHandle handle)
        {
            TypeReference reference = r.GetTypeReference(handle);
            string name = r.GetString(reference.Name);
            EntityHandle scope = reference.ResolutionScope;
            switch (scope.Kind)
            {
                case HandleKind.TypeReference:
                    var (assembly, outer) = ReferenceName(r, (TypeReferenceHandle)scope);
                    return (assembly, outer + "+" + name);
                case HandleKind.AssemblyReference:
                    return (r.GetString(r.GetAssemblyReference((AssemblyReferenceHandle)scope).Name), Qualify(r, reference, name));
                default:
                    return (r.GetString(r.GetAssemblyDefinition().Name), Qualify(r, reference, name));
            }
        }

        private static string Qualify(MetadataReader r, TypeReference reference, string name)
        {
            string ns = r.GetString(reference.Namespace);
            return ns.Length == 0 ? name : ns + "." + name;
        }

    }
}
