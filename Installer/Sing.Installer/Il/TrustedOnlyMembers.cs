using System.Reflection.Metadata;

namespace Sing.Installer.Il
{
    /// <summary>Members of the trusted libraries that lend raw access (an address, or a span or reference into
    /// exchange-heap memory that outlives its owner's possession) carry [TrustedOnly] (or [Privileged]); an untrusted
    /// program may not use them. A referenced member is resolved into the assembly that defines it, and the attribute
    /// is read there: the program cannot strip it, and names alone decide nothing.</summary>
    public static class TrustedOnlyMembers
    {
        private static readonly string[] s_markers = { "TrustedOnlyAttribute", "PrivilegedAttribute" };

        /// <summary>True when <paramref name="h"/> (a member reference or method instantiation in <paramref name="r"/>)
        /// names a method, property accessor or field that its defining assembly marks as trusted-only.</summary>
        public static bool IsMarked(MetadataReader r, EntityHandle h, AssemblyResolver resolver)
        {
            if (h.Kind == HandleKind.MethodSpecification) h = r.GetMethodSpecification((MethodSpecificationHandle)h).Method;
            if (h.Kind != HandleKind.MemberReference) return false;   // the program's own definitions carry no trust
            MemberReference m = r.GetMemberReference((MemberReferenceHandle)h);
            EntityHandle parent = m.Parent;
            if (parent.Kind == HandleKind.TypeSpecification) parent = GenericTypeOf(r, (TypeSpecificationHandle)parent);
            if (parent.Kind != HandleKind.TypeReference) return false;
            if (resolver.Resolve(r, (TypeReferenceHandle)parent) is not { } target) return false;
            MetadataReader d = target.Reader;
            TypeDefinition type = d.GetTypeDefinition(target.Type);
            if (HasMarker(d, type.GetCustomAttributes())) return true;
            string name = r.GetString(m.Name);
            if (m.GetKind() == MemberReferenceKind.Field)
            {
                foreach (FieldDefinitionHandle fh in type.GetFields())
                {
                    FieldDefinition f = d.GetFieldDefinition(fh);
                    if (d.StringComparer.Equals(f.Name, name) && HasMarker(d, f.GetCustomAttributes())) return true;
                }
                return false;
            }
            // Methods by name: every overload of a marked name is refused (the libraries give checked ones other names).
            foreach (MethodDefinitionHandle mh in type.GetMethods())
            {
                MethodDefinition method = d.GetMethodDefinition(mh);
                if (d.StringComparer.Equals(method.Name, name) && HasMarker(d, method.GetCustomAttributes())) return true;
            }
            foreach (PropertyDefinitionHandle ph in type.GetProperties())
            {
                PropertyDefinition p = d.GetPropertyDefinition(ph);
                if (!HasMarker(d, p.GetCustomAttributes())) continue;
                PropertyAccessors a = p.GetAccessors();
                if ((!a.Getter.IsNil && d.StringComparer.Equals(d.GetMethodDefinition(a.Getter).Name, name))
                    || (!a.Setter.IsNil && d.StringComparer.Equals(d.GetMethodDefinition(a.Setter).Name, name))) return true;
            }
            return false;
        }

        private static bool HasMarker(MetadataReader d, CustomAttributeHandleCollection attributes)
        {
            foreach (CustomAttributeHandle ah in attributes)
            {
                string type = MetadataNames.OfAttribute(d, d.GetCustomAttribute(ah));
                foreach (string marker in s_markers)
                    if (type.EndsWith("." + marker, System.StringComparison.Ordinal)) return true;
            }
            return false;
        }

        /// <summary>The generic type of an instantiation blob (GENERICINST CLASS|VALUETYPE TypeDefOrRef ...).</summary>
        private static EntityHandle GenericTypeOf(MetadataReader r, TypeSpecificationHandle h)
        {
            BlobReader blob = r.GetBlobReader(r.GetTypeSpecification(h).Signature);
            if (blob.ReadSignatureTypeCode() != SignatureTypeCode.GenericTypeInstance) return default;
            blob.ReadSignatureTypeCode();
            return blob.ReadTypeHandle();
        }
    }
}
