using System;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection.Metadata;

namespace Sing.Installer.Il.Verification
{
    /// <summary>A type as the verifier sees it (ECMA-335 II.23.2.12 decoded and resolved): a primitive, a named
    /// definition of some loaded assembly with its type arguments, an array, a byref, a pointer, or a generic parameter.
    /// Named types are resolved to their definition (<see cref="TypeDef"/>, one object per definition), so two
    /// signatures are equal when they denote the same type, whichever assembly spelled them.</summary>
    public abstract class TypeSig : IEquatable<TypeSig>
    {
        public abstract bool Equals(TypeSig? other);

        public override bool Equals(object? obj) => obj is TypeSig t && Equals(t);

        public abstract override int GetHashCode();

        /// <summary>Replaces generic parameters by the given arguments (empty arrays leave them as they are).</summary>
        public abstract TypeSig Substitute(ImmutableArray<TypeSig> typeArgs, ImmutableArray<TypeSig> methodArgs);

        public abstract override string ToString();
    }

    public sealed class PrimSig : TypeSig
    {
        public PrimSig(PrimitiveTypeCode code) { Code = code; }

        public PrimitiveTypeCode Code { get; }

        public override bool Equals(TypeSig? other) => other is PrimSig p && p.Code == Code;

        public override int GetHashCode() => (int)Code;

        public override TypeSig Substitute(ImmutableArray<TypeSig> typeArgs, ImmutableArray<TypeSig> methodArgs) => this;

        public override string ToString() => Code switch
        {
            PrimitiveTypeCode.Boolean => "bool", PrimitiveTypeCode.Char => "char", PrimitiveTypeCode.SByte => "int8",
            PrimitiveTypeCode.Byte => "uint8", PrimitiveTypeCode.Int16 => "int16", PrimitiveTypeCode.UInt16 => "uint16",
            PrimitiveTypeCode.Int32 => "int32", PrimitiveTypeCode.UInt32 => "uint32", PrimitiveTypeCode.Int64 => "int64",
            PrimitiveTypeCode.UInt64 => "uint64", PrimitiveTypeCode.Single => "float32", PrimitiveTypeCode.Double => "float64",
            PrimitiveTypeCode.IntPtr => "native int", PrimitiveTypeCode.UIntPtr => "native uint", PrimitiveTypeCode.Object => "object",
            PrimitiveTypeCode.String => "string", PrimitiveTypeCode.Void => "void", PrimitiveTypeCode.TypedReference => "typedref",
            _ => Code.ToString(),
        };
    }

    public sealed class NamedSig : TypeSig
    {
        public NamedSig(TypeDef def, ImmutableArray<TypeSig> args) { Def = def; Args = args.IsDefault ? ImmutableArray<TypeSig>.Empty : args; }

        public TypeDef Def { get; }

        public ImmutableArray<TypeSig> Args { get; }

        public override bool Equals(TypeSig? other) =>
            other is NamedSig n && ReferenceEquals(n.Def, Def) && n.Args.Length == Args.Length && n.Args.SequenceEqual(Args);

        public override int GetHashCode()
        {
            int h = Def.GetHashCode();
            foreach (var a in Args) h = HashCode.Combine(h, a);
            return h;
        }

        public override TypeSig Substitute(ImmutableArray<TypeSig> typeArgs, ImmutableArray<TypeSig> methodArgs) =>
            Args.Length == 0 ? this : new NamedSig(Def, Args.Select(a => a.Substitute(typeArgs, methodArgs)).ToImmutableArray());

        public override string ToString() => Args.Length == 0 ? Def.FullName : Def.FullName + "<" + string.Join(",", Args) + ">";
    }

    public sealed class ArraySig : TypeSig
    {
        public ArraySig(TypeSig element, int rank, bool isVector) { Element = element; Rank = rank; IsVector = isVector; }

        public TypeSig Element { get; }

        public int Rank { get; }

        /// <summary>A single-dimensional, zero-based array (SZARRAY).</summary>
        public bool IsVector { get; }

        public override bool Equals(TypeSig? other) => other is ArraySig a && a.Rank == Rank && a.IsVector == IsVector && a.Element.Equals(Element);

        public override int GetHashCode() => HashCode.Combine(Element, Rank, IsVector);

        public override TypeSig Substitute(ImmutableArray<TypeSig> typeArgs, ImmutableArray<TypeSig> methodArgs) =>
            new ArraySig(Element.Substitute(typeArgs, methodArgs), Rank, IsVector);

        public override string ToString() => Element + (IsVector ? "[]" : "[" + new string(',', Rank - 1) + "]");
    }

    public sealed class ByRefSig : TypeSig
    {
        public ByRefSig(TypeSig element) { Element = element; }

        public TypeSig Element { get; }

        public override bool Equals(TypeSig? other) => other is ByRefSig b && b.Element.Equals(Element);

        public override int GetHashCode() => HashCode.Combine(Element, 1);

        public override TypeSig Substitute(ImmutableArray<TypeSig> typeArgs, ImmutableArray<TypeSig> methodArgs) => new ByRefSig(Element.Substitute(typeArgs, methodArgs));

        public override string ToString() => Element + "&";
    }

    /// <summary>An unmanaged pointer or function pointer: never verifiable.</summary>
    public sealed class PointerSig : TypeSig
    {
        public PointerSig(TypeSig? element) { Element = element; }

        /// <summary>Null for a function pointer.</summary>
        public TypeSig? Element { get; }

        public override bool Equals(TypeSig? other) => other is PointerSig p && Equals(p.Element, Element);

        public override int GetHashCode() => HashCode.Combine(Element, 2);

        public override TypeSig Substitute(ImmutableArray<TypeSig> typeArgs, ImmutableArray<TypeSig> methodArgs) => Element is null ? this : new PointerSig(Element.Substitute(typeArgs, methodArgs));

        public override string ToString() => Element is null ? "method*" : Element + "*";
    }

    /// <summary>!i (a type's parameter) or !!i (a method's).</summary>
    public sealed class GenericParamSig : TypeSig
    {
        public GenericParamSig(bool ofMethod, int index) { OfMethod = ofMethod; Index = index; }

        public bool OfMethod { get; }

        public int Index { get; }

        public override bool Equals(TypeSig? other) => other is GenericParamSig g && g.OfMethod == OfMethod && g.Index == Index;

        public override int GetHashCode() => HashCode.Combine(OfMethod, Index, 3);

        public override TypeSig Substitute(ImmutableArray<TypeSig> typeArgs, ImmutableArray<TypeSig> methodArgs)
        {
            var args = OfMethod ? methodArgs : typeArgs;
            if (args.IsDefaultOrEmpty) return this;
            if (Index >= args.Length) throw new VerificationException($"generic parameter {this} has no argument (only {args.Length} given)");
            return args[Index];
        }

        public override string ToString() => (OfMethod ? "!!" : "!") + Index;
    }

    /// <summary>Thrown by the type system when metadata is inconsistent or a name cannot be resolved; the method
    /// verifier turns it into a rejection at the instruction that needed it.</summary>
    public sealed class VerificationException : Exception
    {
        public VerificationException(string message) : base(message) { }

        public VerificationException(string message, Exception inner) : base(message, inner) { }

        public VerificationException() { }
    }
}
