using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;

namespace Sing.Installer.Il.Verification
{
    /// <summary>II.10.1.7, II.12.2: a generic method that overrides or implements another may not constrain its type
    /// parameters more than that method does. The verifier checks the override's body under the override's own
    /// constraints (a `where T : Cat` body may read Cat's fields from a T), but a call through the base or interface
    /// slot is checked only against the overridden method's constraints, so a stronger constraint would let a caller
    /// hand the body a T it treats as something else. C# copies the overridden method's constraints, so every legal
    /// program passes.</summary>
    internal static class OverrideConstraints
    {
        private const GenericParameterAttributes Special = GenericParameterAttributes.ReferenceTypeConstraint
            | GenericParameterAttributes.NotNullableValueTypeConstraint | GenericParameterAttributes.DefaultConstructorConstraint;

        public static void Check(TypeDef t, TypeSystem types, Action<string> bad)
        {
            MetadataReader r = t.Assembly.Reader;
            foreach (MethodImplementationHandle ih in r.GetTypeDefinition(t.Handle).GetMethodImplementations())
            {
                MethodImplementation impl = r.GetMethodImplementation(ih);
                MethodDesc body, decl;
                try
                {
                    body = types.ResolveMethodImplMember(t.Assembly, impl.MethodBody);
                    decl = types.ResolveMethodImplMember(t.Assembly, impl.MethodDeclaration);
                }
                catch (VerificationException) { continue; }   // ProgramVerifier.CheckMethodImpls reports it
                Compare(body, decl, types, bad);
            }

            // Implicit overrides and interface implementations: every same-named, same-signature virtual method of a
            // base or an interface (a superset of the slots the method fills, which is safe).
            NamedSig self = t.Open();
            List<NamedSig> above;
            try { above = types.BaseChain(self).Skip(1).Concat(types.AllInterfaces(self)).ToList(); }
            catch (VerificationException) { return; }
            var generic = t.Methods.Where(mh => r.GetMethodDefinition(mh) is var m && (m.Attributes & MethodAttributes.Virtual) != 0 && m.GetGenericParameters().Count > 0).ToList();
            if (generic.Count == 0) return;
            // The generic virtual methods above, by name (built once per type: linear in the methods above).
            var byName = new Dictionary<string, List<MethodDesc>>(StringComparer.Ordinal);
            foreach (NamedSig b in above)
            {
                MetadataReader br = b.Def.Assembly.Reader;
                foreach (MethodDefinitionHandle bh in b.Def.Methods)
                {
                    MethodDefinition bm = br.GetMethodDefinition(bh);
                    if ((bm.Attributes & MethodAttributes.Virtual) == 0 || bm.GetGenericParameters().Count == 0) continue;
                    string name = br.GetString(bm.Name);
                    if (!byName.TryGetValue(name, out var list)) byName[name] = list = new List<MethodDesc>();
                    list.Add(types.MethodOf(b, bh));
                }
            }
            foreach (MethodDefinitionHandle mh in generic)
            {
                MethodDesc mine = types.MethodOf(self, mh);
                if (byName.TryGetValue(mine.Name, out var candidates))
                    foreach (MethodDesc theirs in candidates.Where(c => TypeRules.SameSlot(mine, c)))
                        Compare(mine, theirs, types, bad);
            }
        }

        private static void Compare(MethodDesc impl, MethodDesc decl, TypeSystem types, Action<string> bad)
        {
            if (impl.GenericArity == 0 || impl.GenericArity != decl.GenericArity) return;
            var mine = Constraints(impl, types);
            var theirs = Constraints(decl, types);
            for (int i = 0; i < mine.Length && i < theirs.Length; i++)
            {
                var extraFlags = mine[i].Flags & ~theirs[i].Flags & Special;
                var extraTypes = mine[i].Types.Where(c => c is not PrimSig { Code: PrimitiveTypeCode.Object } && !theirs[i].Types.Contains(c)).ToList();
                if (extraFlags == 0 && extraTypes.Count == 0) continue;
                string extra = string.Join(", ", extraTypes.Select(c => c.ToString()).Concat(extraFlags == 0 ? Array.Empty<string>() : new[] { extraFlags.ToString() }));
                bad($"method {impl.Name} constrains its type parameter !!{i} by {extra}, which {decl} does not; a call through {decl.Owner} could give it a type its code does not expect (II.10.1.7)");
            }
        }

        private static (GenericParameterAttributes Flags, List<TypeSig> Types)[] Constraints(MethodDesc m, TypeSystem types)
        {
            if (m.Definition is not { } def || m.OwnerDef is not { } owner) return Array.Empty<(GenericParameterAttributes, List<TypeSig>)>();
            MetadataReader r = owner.Assembly.Reader;
            ImmutableArray<TypeSig> ownerArgs = m.Owner is NamedSig n ? n.Args : ImmutableArray<TypeSig>.Empty;
            return r.GetMethodDefinition(def).GetGenericParameters().Select(gh =>
            {
                GenericParameter p = r.GetGenericParameter(gh);
                var list = p.GetConstraints().Select(ch => types.FromToken(owner.Assembly, r.GetGenericParameterConstraint(ch).Type).Substitute(ownerArgs, ImmutableArray<TypeSig>.Empty)).ToList();
                return (p.Attributes & Special, list);
            }).ToArray();
        }
    }
}
