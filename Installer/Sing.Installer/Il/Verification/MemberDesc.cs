using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;

namespace Sing.Installer.Il.Verification
{
    /// <summary>A method a token names, resolved to its definition and instantiated: declaring type (with its type
    /// arguments), parameter and return types with every generic parameter replaced. Array methods of
    /// multi-dimensional arrays (Get, Set, Address, .ctor) have no definition (<see cref="Definition"/> is null).</summary>
    public sealed class MethodDesc
    {
        public MethodDesc(TypeSig owner, TypeDef? ownerDef, MethodDefinitionHandle handle, MethodAttributes attributes, string name,
            bool hasThis, TypeSig returnType, ImmutableArray<TypeSig> parameters, ImmutableArray<TypeSig> methodArgs, int genericArity)
        {
            Owner = owner;
            OwnerDef = ownerDef;
            Handle = handle;
            Attributes = attributes;
            Name = name;
            HasThis = hasThis;
            ReturnType = returnType;
            Parameters = parameters;
            MethodArgs = methodArgs;
            GenericArity = genericArity;
        }

        /// <summary>The declaring type as instantiated by the token (Ns.List`1&lt;int32&gt;).</summary>
        public TypeSig Owner { get; }

        /// <summary>The declaring type's definition; null for the methods of multi-dimensional arrays.</summary>
        public TypeDef? OwnerDef { get; }

        public MethodDefinitionHandle Handle { get; }

        public MethodDefinitionHandle? Definition => Handle.IsNil ? null : Handle;

        public MethodAttributes Attributes { get; }

        public string Name { get; }

        public bool HasThis { get; }

        public TypeSig ReturnType { get; }

        public ImmutableArray<TypeSig> Parameters { get; }

        public ImmutableArray<TypeSig> MethodArgs { get; }

        public int GenericArity { get; }

        public bool IsStatic => !HasThis;

        public bool IsVirtual => (Attributes & MethodAttributes.Virtual) != 0;

        public bool IsAbstract => (Attributes & MethodAttributes.Abstract) != 0;

        public bool IsFinal => (Attributes & MethodAttributes.Final) != 0;

        public bool IsConstructor => Name == ".ctor";

        public MethodAttributes Access => Attributes & MethodAttributes.MemberAccessMask;

        public override string ToString() =>
            $"{ReturnType} {Owner}::{Name}{(MethodArgs.IsDefaultOrEmpty ? "" : "<" + string.Join(",", MethodArgs) + ">")}({string.Join(", ", Parameters)})";
    }

    /// <summary>A field a token names, resolved and instantiated.</summary>
    public sealed class FieldDesc
    {
        public FieldDesc(TypeSig owner, TypeDef ownerDef, FieldDefinitionHandle handle, FieldAttributes attributes, string name, TypeSig type)
        {
            Owner = owner;
            OwnerDef = ownerDef;
            Handle = handle;
            Attributes = attributes;
            Name = name;
            Type = type;
        }

        public TypeSig Owner { get; }

        public TypeDef OwnerDef { get; }

        public FieldDefinitionHandle Handle { get; }

        public FieldAttributes Attributes { get; }

        public string Name { get; }

        public TypeSig Type { get; }

        public bool IsStatic => (Attributes & FieldAttributes.Static) != 0;

        public bool IsInitOnly => (Attributes & FieldAttributes.InitOnly) != 0;

        public bool IsLiteral => (Attributes & FieldAttributes.Literal) != 0;

        public bool HasRva => (Attributes & FieldAttributes.HasFieldRVA) != 0;

        public FieldAttributes Access => Attributes & FieldAttributes.FieldAccessMask;

        public override string ToString() => $"{Type} {Owner}::{Name}";
    }

    /// <summary>Where generic parameters of a verified method come from: its declaring type's and its own.</summary>
    public sealed class GenericContext
    {
        public GenericContext(TypeDef type, MethodDefinitionHandle method) { Type = type; Method = method; }

        public TypeDef Type { get; }

        public MethodDefinitionHandle Method { get; }

        public int MethodArity => Type.Assembly.Reader.GetMethodDefinition(Method).GetGenericParameters().Count;

        public GenericParameterHandle? Parameter(GenericParamSig p)
        {
            MetadataReader r = Type.Assembly.Reader;
            var list = p.OfMethod ? r.GetMethodDefinition(Method).GetGenericParameters() : r.GetTypeDefinition(Type.Handle).GetGenericParameters();
            return p.Index < list.Count ? list[p.Index] : null;
        }

        public ImmutableArray<TypeSig> OwnParameters(bool ofMethod) =>
            Enumerable.Range(0, ofMethod ? MethodArity : Type.GenericArity).Select(i => (TypeSig)new GenericParamSig(ofMethod, i)).ToImmutableArray();
    }
}
