using System;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;

namespace Sing.GvmRoots
{
    /// <summary>Copies a method signature blob from a compiled module into the generated one byte for byte, except
    /// that each type token is replaced by the equivalent reference in the new module (modifiers and all, so the
    /// member reference matches the definition exactly).</summary>
    internal sealed class SignatureCopier(LoadedModule source, Func<TypeSig, EntityHandle> reference, MetadataBuilder target)
    {
        public BlobHandle CopyMethodSignature(BlobHandle signature)
        {
            BlobReader reader = source.Reader.GetBlobReader(signature);
            var builder = new BlobBuilder();
            MethodSignature(ref reader, builder);
            return target.GetOrAddBlob(builder);
        }

        private void MethodSignature(ref BlobReader reader, BlobBuilder builder)
        {
            byte header = reader.ReadByte();
            builder.WriteByte(header);
            if ((header & 0x10) != 0)
                builder.WriteCompressedInteger(reader.ReadCompressedInteger()); // generic parameter count
            int count = reader.ReadCompressedInteger();
            builder.WriteCompressedInteger(count);
            for (int i = 0; i <= count; i++)
                Type(ref reader, builder); // return type, then parameters
        }

        private void Type(ref BlobReader reader, BlobBuilder builder)
        {
            byte code = reader.ReadByte();
            builder.WriteByte(code);
            switch ((SignatureTypeCode)code)
            {
                case (SignatureTypeCode)0x11: // ELEMENT_TYPE_VALUETYPE
                case (SignatureTypeCode)0x12: // ELEMENT_TYPE_CLASS
                    Token(ref reader, builder);
                    break;
                case SignatureTypeCode.RequiredModifier:
                case SignatureTypeCode.OptionalModifier:
                    Token(ref reader, builder);
                    Type(ref reader, builder);
                    break;
                case SignatureTypeCode.Pointer:
                case SignatureTypeCode.ByReference:
                case SignatureTypeCode.SZArray:
                case SignatureTypeCode.Pinned:
                    Type(ref reader, builder);
                    break;
                case SignatureTypeCode.GenericTypeParameter:
                case SignatureTypeCode.GenericMethodParameter:
                    builder.WriteCompressedInteger(reader.ReadCompressedInteger());
                    break;
                case SignatureTypeCode.Array:
                    Type(ref reader, builder);
                    builder.WriteCompressedInteger(reader.ReadCompressedInteger()); // rank
                    int sizes = reader.ReadCompressedInteger();
                    builder.WriteCompressedInteger(sizes);
                    for (int i = 0; i < sizes; i++)
                        builder.WriteCompressedInteger(reader.ReadCompressedInteger());
                    int bounds = reader.ReadCompressedInteger();
                    builder.WriteCompressedInteger(bounds);
                    for (int i = 0; i < bounds; i++)
                        builder.WriteCompressedSignedInteger(reader.ReadCompressedSignedInteger());
                    break;
                case SignatureTypeCode.GenericTypeInstance:
                    Type(ref reader, builder);
                    int arguments = reader.ReadCompressedInteger();
                    builder.WriteCompressedInteger(arguments);
                    for (int i = 0; i < arguments; i++)
                        Type(ref reader, builder);
                    break;
                case SignatureTypeCode.FunctionPointer:
                    MethodSignature(ref reader, builder);
                    break;
            }
        }

        private void Token(ref BlobReader reader, BlobBuilder builder)
        {
            EntityHandle handle = reader.ReadTypeHandle();
            EntityHandle copied = handle.Kind == HandleKind.TypeSpecification
                ? CopyTypeSpecification((TypeSpecificationHandle)handle)
                : reference(source.DecodeType(handle));
            builder.WriteCompressedInteger(CodedIndex.TypeDefOrRefOrSpec(copied));
        }

        private TypeSpecificationHandle CopyTypeSpecification(TypeSpecificationHandle handle)
        {
            BlobReader reader = source.Reader.GetBlobReader(source.Reader.GetTypeSpecification(handle).Signature);
            var builder = new BlobBuilder();
            Type(ref reader, builder);
            return target.AddTypeSpecification(target.GetOrAddBlob(builder));
        }
    }
}
