using System;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;

namespace Sing.Installer.Il.Verification
{
    /// <summary>Declared variance (ECMA-335 II.9.7), part of <see cref="TypeRules"/>: the verifier's assignability uses
    /// `in`/`out` (IEnumerable&lt;string&gt; as IEnumerable&lt;object&gt;), so a variant parameter in the wrong position
    /// would turn an ordinary interface into a type-confusion tool.</summary>
    internal static class VarianceRules
    {
        private enum Position { Output, Input, Both }

        /// <summary>II.9.7: a covariant type parameter appears only where values come out (returns, base interfaces,
        /// covariant arguments), a contravariant one only where they go in (parameters, constraints); anything else
        /// lets an interface or delegate convert an object into a type it does not have. Variance on any other kind
        /// of type is invalid. Static members take no part in variance conversions and are not constrained.</summary>
        public static void Check(TypeDef t, TypeSystem types, Action<string> bad)
        {
            bool anyVariant = Enumerable.Range(0, t.GenericArity).Any(i => t.Variance(i) != GenericParameterAttributes.None);
            if (!anyVariant) return;
            if (!t.IsInterface && !t.IsDelegate)
            {
                bad("only interfaces and delegates may declare variant (in/out) type parameters (II.9.5)");
                return;
            }
            foreach (TypeSig i in t.Interfaces)
                if (Misplaced(t, i, Position.Output) is string why) bad($"base interface {i}: {why}");
            MetadataReader r = t.Assembly.Reader;
            foreach (MethodDefinitionHandle mh in t.Methods)
            {
                MethodDefinition m = r.GetMethodDefinition(mh);
                string name = r.GetString(m.Name);
                if ((m.Attributes & MethodAttributes.Static) != 0 || name == ".ctor") continue;
                MethodSignature<TypeSig> sig = types.DecodeMethod(t.Assembly, m.Signature);
                if (!sig.ReturnType.Equals(TypeSystem.Void) && Misplaced(t, sig.ReturnType, Position.Output) is string ret)
                    bad($"the return type {sig.ReturnType} of method {name}: {ret}");
                for (int p = 0; p < sig.ParameterTypes.Length; p++)
                    if (Misplaced(t, sig.ParameterTypes[p], Position.Input) is string arg)
                        bad($"parameter {p + 1} ({sig.ParameterTypes[p]}) of method {name}: {arg}");
                foreach (GenericParameterHandle gh in m.GetGenericParameters())
                    foreach (GenericParameterConstraintHandle ch in r.GetGenericParameter(gh).GetConstraints())
                    {
                        TypeSig c = types.FromToken(t.Assembly, r.GetGenericParameterConstraint(ch).Type);
                        if (Misplaced(t, c, Position.Input) is string con) bad($"a constraint {c} of method {name}: {con}");
                    }
            }
        }

        /// <summary>Why <paramref name="s"/> may not stand in <paramref name="position"/>, or null.</summary>
        private static string? Misplaced(TypeDef owner, TypeSig s, Position position) => s switch
        {
            GenericParamSig { OfMethod: false } g => owner.Variance(g.Index) switch
            {
                GenericParameterAttributes.Covariant when position != Position.Output =>
                    $"covariant (out) type parameter !{g.Index} stands in an input{(position == Position.Both ? " or by-reference" : "")} position (II.9.7)",
                GenericParameterAttributes.Contravariant when position != Position.Input =>
                    $"contravariant (in) type parameter !{g.Index} stands in an output{(position == Position.Both ? " or by-reference" : "")} position (II.9.7)",
                _ => null,
            },
            ArraySig a => Misplaced(owner, a.Element, position),
            ByRefSig b => Misplaced(owner, b.Element, Position.Both),
            PointerSig { Element: { } e } => Misplaced(owner, e, Position.Both),
            NamedSig n => n.Args.Select((arg, i) => Misplaced(owner, arg, n.Def.Variance(i) switch
            {
                GenericParameterAttributes.Covariant => position,
                GenericParameterAttributes.Contravariant => position switch { Position.Output => Position.Input, Position.Input => Position.Output, _ => Position.Both },
                _ => Position.Both,
            })).FirstOrDefault(why => why is not null),
            _ => null,
        };
    }
}
