using System.Collections.Generic;
using System.Linq;

namespace Sing.GvmRoots
{
    /// <summary>A type as written in a signature, reduced to what rooting needs: names, generic instantiations,
    /// arrays and generic parameters. Equality is by <see cref="Key"/> so sets of instantiations deduplicate.</summary>
    internal abstract class TypeSig
    {
        public abstract string Key { get; }

        /// <summary>True when the type mentions a generic parameter (of a method when <paramref name="method"/>).</summary>
        public abstract bool Mentions(bool method);

        public bool IsOpen => Mentions(method: true) || Mentions(method: false);

        /// <summary>Replaces !!n by <paramref name="methodArguments"/>[n] and !n by <paramref name="typeArguments"/>[n]
        /// (parameters beyond either list stay).</summary>
        public abstract TypeSig Substitute(IReadOnlyList<TypeSig> methodArguments, IReadOnlyList<TypeSig> typeArguments);

        /// <summary>The assembly-qualified name in the custom-attribute format rd.xml uses; only for closed types.</summary>
        public abstract string QualifiedName { get; }

        public override bool Equals(object? obj) => obj is TypeSig other && other.Key == Key;
        public override int GetHashCode() => Key.GetHashCode(System.StringComparison.Ordinal);
        public override string ToString() => Key;
    }

    /// <summary>A type definition named by its assembly and full (nested with '+') name.</summary>
    internal sealed class NamedSig(string assembly, string fullName, bool isValueType) : TypeSig
    {
        public string Assembly { get; } = assembly;
        public string FullName { get; } = fullName;
        public bool IsValueType { get; } = isValueType;
        public override string Key => "[" + Assembly + "]" + FullName;
        public override bool Mentions(bool method) => false;
        public override TypeSig Substitute(IReadOnlyList<TypeSig> methodArguments, IReadOnlyList<TypeSig> typeArguments) => this;
        public override string QualifiedName => FullName + ", " + Assembly;
    }

    internal sealed class GenericInstSig(NamedSig definition, IReadOnlyList<TypeSig> arguments) : TypeSig
    {
        public NamedSig Definition { get; } = definition;
        public IReadOnlyList<TypeSig> Arguments { get; } = arguments;
        public override string Key => Definition.FullName + "<" + string.Join(",", Arguments.Select(a => a.Key)) + ">";
        public override bool Mentions(bool method) => Arguments.Any(a => a.Mentions(method));
        public override TypeSig Substitute(IReadOnlyList<TypeSig> methodArguments, IReadOnlyList<TypeSig> typeArguments) =>
            new GenericInstSig(Definition, Arguments.Select(a => a.Substitute(methodArguments, typeArguments)).ToArray());

        /// <summary>Without the assembly: the name rd.xml resolves inside the definition's own assembly element.</summary>
        public string LocalName => Definition.FullName + "[" + string.Join(",", Arguments.Select(a => "[" + a.QualifiedName + "]")) + "]";
        public override string QualifiedName => LocalName + ", " + Definition.Assembly;
    }

    internal sealed class ArraySig(TypeSig element, int rank) : TypeSig
    {
        public TypeSig Element { get; } = element;
        public int Rank { get; } = rank;
        private string Suffix => Rank == 1 ? "[]" : "[" + new string(',', Rank - 1) + "]";
        public override string Key => Element.Key + Suffix;
        public override bool Mentions(bool method) => Element.Mentions(method);
        public override TypeSig Substitute(IReadOnlyList<TypeSig> methodArguments, IReadOnlyList<TypeSig> typeArguments) =>
            new ArraySig(Element.Substitute(methodArguments, typeArguments), Rank);
        public override string QualifiedName => Element is GenericInstSig g ? g.LocalName + Suffix + ", " + g.Definition.Assembly
            : Element is NamedSig n ? n.FullName + Suffix + ", " + n.Assembly : Key;
    }

    /// <summary>!!n (method) or !n (type) generic parameter.</summary>
    internal sealed class GenericParamSig(int index, bool method) : TypeSig
    {
        public int Index { get; } = index;
        public bool IsMethod { get; } = method;
        public override string Key => (IsMethod ? "!!" : "!") + Index.ToString(System.Globalization.CultureInfo.InvariantCulture);
        public override bool Mentions(bool method) => method == IsMethod;
        public override TypeSig Substitute(IReadOnlyList<TypeSig> methodArguments, IReadOnlyList<TypeSig> typeArguments)
        {
            IReadOnlyList<TypeSig> arguments = IsMethod ? methodArguments : typeArguments;
            return Index < arguments.Count ? arguments[Index] : this;
        }
        public override string QualifiedName => Key;
    }

    /// <summary>Pointers, byrefs, function pointers, modifiers: never rooted, kept only so signatures decode.</summary>
    internal sealed class OtherSig(string text, TypeSig? inner) : TypeSig
    {
        public override string Key => text + "(" + inner?.Key + ")";
        public override bool Mentions(bool method) => inner?.Mentions(method) ?? false;
        public override TypeSig Substitute(IReadOnlyList<TypeSig> methodArguments, IReadOnlyList<TypeSig> typeArguments) =>
            new OtherSig(text, inner?.Substitute(methodArguments, typeArguments));
        public override string QualifiedName => Key;
    }
}
