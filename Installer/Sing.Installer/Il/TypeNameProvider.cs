using System.Collections.Immutable;
using System.Linq;
using System.Reflection.Metadata;

namespace Sing.Installer.Il
{
    /// <summary>Turns signatures and attribute blobs into readable type names ("System.Int32", "Ns.Outer+Inner",
    /// "System.Int32*", "delegate*&lt;...&gt;"). A pointer or function pointer anywhere in a name shows as '*', which is
    /// how the safety rules spot them.</summary>
    public sealed class TypeNameProvider : ISignatureTypeProvider<string, object?>, ICustomAttributeTypeProvider<string>
    {
        private readonly MetadataReader _reader;

        public TypeNameProvider(MetadataReader reader) { _reader = reader; }

        public static bool HasPointer(string typeName) => typeName.Contains('*');

        public string GetPrimitiveType(PrimitiveTypeCode typeCode) => typeCode switch
        {
            PrimitiveTypeCode.TypedReference => "System.TypedReference",
            PrimitiveTypeCode.IntPtr => "System.IntPtr",
            PrimitiveTypeCode.UIntPtr => "System.UIntPtr",
            _ => "System." + typeCode,
        };

        public string GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind) => MetadataNames.OfDefinition(reader, handle);

        public string GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind) => MetadataNames.OfReference(reader, handle);

        public string GetTypeFromSpecification(MetadataReader reader, object? genericContext, TypeSpecificationHandle handle, byte rawTypeKind) =>
            reader.GetTypeSpecification(handle).DecodeSignature(this, genericContext);

        public string GetSZArrayType(string elementType) => elementType + "[]";

        public string GetArrayType(string elementType, ArrayShape shape) => elementType + "[" + new string(',', shape.Rank - 1) + "]";

        public string GetByReferenceType(string elementType) => elementType + "&";

        public string GetPointerType(string elementType) => elementType + "*";

        public string GetPinnedType(string elementType) => elementType + " pinned";

        public string GetModifiedType(string modifier, string unmodifiedType, bool isRequired) => unmodifiedType;

        public string GetGenericInstantiation(string genericType, ImmutableArray<string> typeArguments) =>
            genericType + "<" + string.Join(",", typeArguments) + ">";

        public string GetGenericMethodParameter(object? genericContext, int index) => "!!" + index;

        public string GetGenericTypeParameter(object? genericContext, int index) => "!" + index;

        public string GetFunctionPointerType(MethodSignature<string> signature) =>
            "delegate*<" + string.Join(",", signature.ParameterTypes.Append(signature.ReturnType)) + ">";

        public string GetSystemType() => "System.Type";

        public bool IsSystemType(string type) => type == "System.Type";

        public string GetTypeFromSerializedName(string name) => name;

        // Enum-typed attribute arguments: the attributes the installer reads take none, so a 32-bit guess suffices to
        // skip past them; a wrong guess only garbles values the installer does not use.
        public PrimitiveTypeCode GetUnderlyingEnumType(string type) => PrimitiveTypeCode.Int32;

        public MetadataReader Reader => _reader;
    }
}
