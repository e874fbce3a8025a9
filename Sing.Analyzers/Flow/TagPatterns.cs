using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Sing.Analyzers.Flow
{
    /// <summary>
    /// Which messages of a receive's tag enum a pattern matches, for every pattern shape C# has:
    /// constants, <c>or</c>/<c>and</c>/<c>not</c>, relational, <c>var</c>/type/discard, and property
    /// patterns on the receive result (<c>{ Tag: T.M }</c>). <c>May</c> over-approximates (the
    /// pattern can only match these), <c>Must</c> under-approximates (it matches at least these):
    /// coverage counts Must; the flow analysis keeps May on the matching edge and drops Must on the other.
    /// </summary>
    internal readonly struct TagMatch
    {
        public TagMatch(ulong may, ulong must)
        {
            May = may;
            Must = must;
        }

        public ulong May { get; }

        public ulong Must { get; }
    }

    internal static class TagPatterns
    {
        /// <summary>The tag enum's members in declaration order (bit i = member i).</summary>
        public static List<IFieldSymbol> Members(INamedTypeSymbol tags)
        {
            var members = new List<IFieldSymbol>();
            foreach (ISymbol member in tags.GetMembers())
            {
                if (member is IFieldSymbol { HasConstantValue: true } field && members.Count < 64)
                {
                    members.Add(field);
                }
            }

            return members;
        }

        /// <summary>The tag enum of a receive result type (its Tag property), or null.</summary>
        public static INamedTypeSymbol? TagsOfResult(ITypeSymbol? type)
        {
            if (type is INamedTypeSymbol { TypeKind: TypeKind.Struct } named && named.Name.EndsWith("Received", System.StringComparison.Ordinal))
            {
                foreach (ISymbol member in named.GetMembers("Tag"))
                {
                    if (member is IPropertySymbol property && ReceiveCoverageAnalyzer.TagEnum(property.Type) is INamedTypeSymbol tags)
                    {
                        return tags;
                    }
                }
            }

            return null;
        }

        /// <summary>What <paramref name="pattern"/> matches when applied to a tag value (<paramref name="onResult"/>: to the receive result).</summary>
        public static TagMatch Match(IPatternOperation pattern, INamedTypeSymbol tags, List<IFieldSymbol> members, bool onResult)
        {
            ulong all = members.Count >= 64 ? ulong.MaxValue : (1UL << members.Count) - 1;
            switch (pattern)
            {
                case IDiscardPatternOperation:
                    return new TagMatch(all, all);
                case IDeclarationPatternOperation declaration:
                    return declaration.MatchedType is null || IsAlwaysOfType(pattern.InputType, declaration.MatchedType) ? new TagMatch(all, all) : new TagMatch(0, 0);
                case ITypePatternOperation type:
                    return IsAlwaysOfType(pattern.InputType, type.MatchedType) ? new TagMatch(all, all) : new TagMatch(0, 0);
                case INegatedPatternOperation negated:
                {
                    TagMatch inner = Match(negated.Pattern, tags, members, onResult);
                    return new TagMatch(all & ~inner.Must, all & ~inner.May);
                }

                case IBinaryPatternOperation binary:
                {
                    TagMatch left = Match(binary.LeftPattern, tags, members, onResult);
                    TagMatch right = Match(binary.RightPattern, tags, members, onResult);
                    return binary.OperatorKind == BinaryOperatorKind.Or
                        ? new TagMatch(left.May | right.May, left.Must | right.Must)
                        : new TagMatch(left.May & right.May, left.Must & right.Must);
                }

                case IConstantPatternOperation constant when !onResult:
                {
                    ulong bit = BitOf(constant.Value, members);
                    return new TagMatch(bit, bit);
                }

                case IRelationalPatternOperation relational when !onResult:
                {
                    ulong bits = Relational(relational, members);
                    return new TagMatch(bits, bits);
                }

                case IRecursivePatternOperation recursive:
                    return Recursive(recursive, tags, members, onResult, all);
            }

            // Anything else (a constant compared with a result, an unknown shape): it may match
            // anything and is not counted as handling any message.
            return new TagMatch(all, 0);
        }

        private static TagMatch Recursive(IRecursivePatternOperation recursive, INamedTypeSymbol tags, List<IFieldSymbol> members, bool onResult, ulong all)
        {
            ulong may = all;
            ulong must = recursive.MatchedType is null || IsAlwaysOfType(recursive.InputType, recursive.MatchedType) ? all : 0;
            if (!recursive.DeconstructionSubpatterns.IsEmpty)
            {
                must = 0;
            }

            foreach (IPropertySubpatternOperation sub in recursive.PropertySubpatterns)
            {
                bool isTag = onResult && sub.Member is IPropertyReferenceOperation { Property.Name: "Tag" } tagProperty
                    && SymbolEqualityComparer.Default.Equals(tagProperty.Property.Type, tags);
                if (isTag)
                {
                    TagMatch tag = Match(sub.Pattern, tags, members, onResult: false);
                    may &= tag.May;
                    must &= tag.Must;
                }
                else if (sub.Pattern is not IDiscardPatternOperation && sub.Pattern is not IDeclarationPatternOperation { MatchedType: null })
                {
                    // Another property is tested: the arm may not match even for its messages.
                    must = 0;
                }
            }

            return new TagMatch(may, must);
        }

        private static bool IsAlwaysOfType(ITypeSymbol? input, ITypeSymbol matched)
        {
            if (input is null)
            {
                return false;
            }

            for (ITypeSymbol? t = input; t is not null; t = t.BaseType)
            {
                if (SymbolEqualityComparer.Default.Equals(t, matched))
                {
                    return true;
                }
            }

            return matched.SpecialType == SpecialType.System_Object;
        }

        /// <summary>The bit of the member a constant denotes (by field or by value), or 0.</summary>
        public static ulong BitOf(IOperation value, List<IFieldSymbol> members)
        {
            while (value is IConversionOperation conversion)
            {
                value = conversion.Operand;
            }

            for (int i = 0; i < members.Count; i++)
            {
                if (value is IFieldReferenceOperation field && SymbolEqualityComparer.Default.Equals(field.Field, members[i]))
                {
                    return 1UL << i;
                }
            }

            if (value.ConstantValue.HasValue && value.ConstantValue.Value is not null)
            {
                for (int i = 0; i < members.Count; i++)
                {
                    if (System.Convert.ToInt64(members[i].ConstantValue, System.Globalization.CultureInfo.InvariantCulture)
                        == System.Convert.ToInt64(value.ConstantValue.Value, System.Globalization.CultureInfo.InvariantCulture))
                    {
                        return 1UL << i;
                    }
                }
            }

            return 0;
        }

        private static ulong Relational(IRelationalPatternOperation relational, List<IFieldSymbol> members)
        {
            IOperation value = relational.Value;
            while (value is IConversionOperation conversion)
            {
                value = conversion.Operand;
            }

            if (!value.ConstantValue.HasValue || value.ConstantValue.Value is null)
            {
                return 0;
            }

            long bound = System.Convert.ToInt64(value.ConstantValue.Value, System.Globalization.CultureInfo.InvariantCulture);
            ulong bits = 0;
            for (int i = 0; i < members.Count; i++)
            {
                long m = System.Convert.ToInt64(members[i].ConstantValue, System.Globalization.CultureInfo.InvariantCulture);
                bool matches = relational.OperatorKind switch
                {
                    BinaryOperatorKind.LessThan => m < bound,
                    BinaryOperatorKind.LessThanOrEqual => m <= bound,
                    BinaryOperatorKind.GreaterThan => m > bound,
                    BinaryOperatorKind.GreaterThanOrEqual => m >= bound,
                    _ => false,
                };
                if (matches)
                {
                    bits |= 1UL << i;
                }
            }

            return bits;
        }

        /// <summary>Member names for a bit set.</summary>
        public static List<string> Names(ulong bits, List<IFieldSymbol> members)
        {
            var names = new List<string>();
            for (int i = 0; i < members.Count; i++)
            {
                if ((bits & (1UL << i)) != 0)
                {
                    names.Add(members[i].Name);
                }
            }

            return names;
        }
    }
}
