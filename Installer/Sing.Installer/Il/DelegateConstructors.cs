using System.Reflection.Metadata;

namespace Sing.Installer.Il
{
    /// <summary>Recognises a delegate constructor (the only safe consumer of ldftn/ldvirtftn): ".ctor(object, native int)"
    /// on a type derived from System.MulticastDelegate. When the declaring type's assembly is not available, the
    /// signature alone decides.</summary>
    public static class DelegateConstructors
    {
        private const string MulticastDelegate = "System.MulticastDelegate";

        public static bool Is(LoadedAssembly asm, EntityHandle ctor, AssemblyResolver resolver)
        {
            MetadataReader r = asm.Reader;
            switch (ctor.Kind)
            {
                case HandleKind.MethodDefinition:
                {
                    MethodDefinition m = r.GetMethodDefinition((MethodDefinitionHandle)ctor);
                    return r.GetString(m.Name) == ".ctor" && HasDelegateSignature(m.DecodeSignature(asm.Names, null))
                        && BaseIsDelegate(r, m.GetDeclaringType());
                }
                case HandleKind.MemberReference:
                {
                    MemberReference m = r.GetMemberReference((MemberReferenceHandle)ctor);
                    if (r.GetString(m.Name) != ".ctor" || m.GetKind() != MemberReferenceKind.Method) return false;
                    if (!HasDelegateSignature(m.DecodeMethodSignature(asm.Names, null))) return false;
                    EntityHandle parent = m.Parent;
                    if (parent.Kind == HandleKind.TypeSpecification) parent = GenericDefinition(r, (TypeSpecificationHandle)parent);
                    return parent.Kind switch
                    {
                        HandleKind.TypeDefinition => BaseIsDelegate(r, (TypeDefinitionHandle)parent),
                        HandleKind.TypeReference => resolver.Resolve(r, (TypeReferenceHandle)parent) is not { } d || BaseIsDelegate(d.Reader, d.Type),
                        _ => false,
                    };
                }
                default:
                    return false;
            }
        }

        private static bool HasDelegateSignature(MethodSignature<string> sig) =>
            sig.Header.IsInstance && sig.ParameterTypes.Length == 2 && sig.ParameterTypes[0] == "System.Object" && sig.ParameterTypes[1] == "System.IntPtr";

        private static bool BaseIsDelegate(MetadataReader r, TypeDefinitionHandle h)
        {
            EntityHandle b = r.GetTypeDefinition(h).BaseType;
            return b.Kind switch
            {
                HandleKind.TypeReference => MetadataNames.OfReference(r, (TypeReferenceHandle)b) == MulticastDelegate,
                HandleKind.TypeDefinition => MetadataNames.OfDefinition(r, (TypeDefinitionHandle)b) == MulticastDelegate,
                _ => false,
            };
        }

        /// <summary>The generic type of an instantiation blob (GENERICINST CLASS|VALUETYPE TypeDefOrRef ...).</summary>
        private static EntityHandle GenericDefinition(MetadataReader r, TypeSpecificationHandle h)
        {
            BlobReader blob = r.GetBlobReader(r.GetTypeSpecification(h).Signature);
            if (blob.ReadSignatureTypeCode() != SignatureTypeCode.GenericTypeInstance) return default;
            blob.ReadSignatureTypeCode();
            return blob.ReadTypeHandle();
        }
    }
}
