using System.Reflection.Metadata;

namespace Sing.Installer.Il
{
    /// <summary>Names of metadata entities as the messages and rules use them: "Ns.Type", nested "Ns.Outer+Inner",
    /// members "Ns.Type.Member".</summary>
    public static class MetadataNames
    {
        public static string OfDefinition(MetadataReader r, TypeDefinitionHandle h) => OfDefinition(r, h, 0);

        private static string OfDefinition(MetadataReader r, TypeDefinitionHandle h, int depth)
        {
            if (depth > 32) throw new System.BadImageFormatException("nested types form a cycle");
            TypeDefinition t = r.GetTypeDefinition(h);
            string name = r.GetString(t.Name);
            TypeDefinitionHandle outer = t.GetDeclaringType();
            if (!outer.IsNil) return OfDefinition(r, outer, depth + 1) + "+" + name;
            string ns = r.GetString(t.Namespace);
            return ns.Length == 0 ? name : ns + "." + name;
        }

        public static string OfReference(MetadataReader r, TypeReferenceHandle h) => OfReference(r, h, 0);

        private static string OfReference(MetadataReader r, TypeReferenceHandle h, int depth)
        {
            if (depth > 32) throw new System.BadImageFormatException("type reference scopes form a cycle");
            TypeReference t = r.GetTypeReference(h);
            string name = r.GetString(t.Name);
            if (t.ResolutionScope.Kind == HandleKind.TypeReference)
                return OfReference(r, (TypeReferenceHandle)t.ResolutionScope, depth + 1) + "+" + name;
            string ns = r.GetString(t.Namespace);
            return ns.Length == 0 ? name : ns + "." + name;
        }

        /// <summary>The name of a type token (definition, reference or specification).</summary>
        public static string OfType(MetadataReader r, EntityHandle h, TypeNameProvider provider) => h.Kind switch
        {
            HandleKind.TypeDefinition => OfDefinition(r, (TypeDefinitionHandle)h),
            HandleKind.TypeReference => OfReference(r, (TypeReferenceHandle)h),
            HandleKind.TypeSpecification => r.GetTypeSpecification((TypeSpecificationHandle)h).DecodeSignature(provider, null),
            _ => "<module>",
        };

        /// <summary>"Ns.Type.Method" of a method definition.</summary>
        public static string OfMethod(MetadataReader r, MethodDefinitionHandle h)
        {
            MethodDefinition m = r.GetMethodDefinition(h);
            return OfDefinition(r, m.GetDeclaringType()) + "." + r.GetString(m.Name);
        }

        /// <summary>The type that owns a member token (method, field, member reference, method instantiation), and the member's name.</summary>
        public static (string Owner, string Member) OfMember(MetadataReader r, EntityHandle h, TypeNameProvider provider)
        {
            switch (h.Kind)
            {
                case HandleKind.MethodDefinition:
                {
                    MethodDefinition m = r.GetMethodDefinition((MethodDefinitionHandle)h);
                    return (OfDefinition(r, m.GetDeclaringType()), r.GetString(m.Name));
                }
                case HandleKind.FieldDefinition:
                {
                    FieldDefinition f = r.GetFieldDefinition((FieldDefinitionHandle)h);
                    return (OfDefinition(r, f.GetDeclaringType()), r.GetString(f.Name));
                }
                case HandleKind.MemberReference:
                {
                    MemberReference m = r.GetMemberReference((MemberReferenceHandle)h);
                    string owner = m.Parent.Kind == HandleKind.MethodDefinition
                        ? OfMember(r, m.Parent, provider).Owner
                        : OfType(r, m.Parent, provider);
                    return (owner, r.GetString(m.Name));
                }
                case HandleKind.MethodSpecification:
                    return OfMember(r, r.GetMethodSpecification((MethodSpecificationHandle)h).Method, provider);
                default:
                    return (OfType(r, h, provider), "");
            }
        }

        /// <summary>The full name of a custom attribute's type.</summary>
        public static string OfAttribute(MetadataReader r, CustomAttribute a)
        {
            switch (a.Constructor.Kind)
            {
                case HandleKind.MethodDefinition:
                    return OfDefinition(r, r.GetMethodDefinition((MethodDefinitionHandle)a.Constructor).GetDeclaringType());
                case HandleKind.MemberReference:
                {
                    EntityHandle parent = r.GetMemberReference((MemberReferenceHandle)a.Constructor).Parent;
                    return parent.Kind switch
                    {
                        HandleKind.TypeReference => OfReference(r, (TypeReferenceHandle)parent),
                        HandleKind.TypeDefinition => OfDefinition(r, (TypeDefinitionHandle)parent),
                        _ => "",
                    };
                }
                default:
                    return "";
            }
        }

        /// <summary>The simple name (after the last '.' or '+') of a full type name.</summary>
        public static string SimpleName(string fullName)
        {
            int cut = fullName.LastIndexOfAny(new[] { '.', '+' });
            return cut < 0 ? fullName : fullName[(cut + 1)..];
        }
    }
}
