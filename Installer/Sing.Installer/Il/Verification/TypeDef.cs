using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;

namespace Sing.Installer.Il.Verification
{
    /// <summary>One type definition of a loaded assembly (one object per definition, created by <see cref="TypeSystem"/>),
    /// with what verification needs: kind, base type and interfaces in terms of its own generic parameters,
    /// visibility, and the byref-like / readonly markers.</summary>
    public sealed class TypeDef
    {
        private readonly TypeSystem _types;
        private TypeSig? _base;
        private bool _baseDone;
        private ImmutableArray<TypeSig> _interfaces;

        internal TypeDef(TypeSystem types, LoadedAssembly assembly, TypeDefinitionHandle handle)
        {
            _types = types;
            Assembly = assembly;
            Handle = handle;
            TypeDefinition t = assembly.Reader.GetTypeDefinition(handle);
            Attributes = t.Attributes;
            Name = assembly.Reader.GetString(t.Name);
            Namespace = assembly.Reader.GetString(t.Namespace);
            FullName = MetadataNames.OfDefinition(assembly.Reader, handle);
            GenericArity = t.GetGenericParameters().Count;
            TypeDefinitionHandle outer = t.GetDeclaringType();
            DeclaringHandle = outer;
        }

        public LoadedAssembly Assembly { get; }

        public TypeDefinitionHandle Handle { get; }

        public TypeAttributes Attributes { get; }

        public string Name { get; }

        public string Namespace { get; }

        public string FullName { get; }

        public int GenericArity { get; }

        internal TypeDefinitionHandle DeclaringHandle { get; }

        public TypeDef? DeclaringType => DeclaringHandle.IsNil ? null : _types.Def(Assembly, DeclaringHandle);

        public bool IsInterface => (Attributes & TypeAttributes.Interface) != 0;

        public bool IsSealed => (Attributes & TypeAttributes.Sealed) != 0;

        public bool IsAbstract => (Attributes & TypeAttributes.Abstract) != 0;

        public bool IsSystem(string name) => ReferenceEquals(Assembly, _types.CoreLib) && Namespace == "System" && Name == name && DeclaringHandle.IsNil;

        /// <summary>The base type with this type's own generic parameters as !0..!n-1 (null for interfaces and System.Object).</summary>
        public TypeSig? BaseType
        {
            get
            {
                if (_baseDone) return _base;
                EntityHandle b = Assembly.Reader.GetTypeDefinition(Handle).BaseType;
                _base = b.IsNil ? null : _types.FromToken(Assembly, b);
                _baseDone = true;
                return _base;
            }
        }

        public ImmutableArray<TypeSig> Interfaces
        {
            get
            {
                if (_interfaces.IsDefault)
                {
                    MetadataReader r = Assembly.Reader;
                    _interfaces = r.GetTypeDefinition(Handle).GetInterfaceImplementations()
                        .Select(i => _types.FromToken(Assembly, r.GetInterfaceImplementation(i).Interface)).ToImmutableArray();
                }
                return _interfaces;
            }
        }

        /// <summary>A value type: derives from System.ValueType or System.Enum (those two themselves are classes).</summary>
        public bool IsValueType => !IsSystem("Enum") && BaseType is NamedSig { Def: var d } && (d.IsSystem("ValueType") || (d.IsSystem("Enum") && !IsSystem("ValueType")));

        public bool IsEnum => BaseType is NamedSig { Def: var d } && d.IsSystem("Enum");

        public bool IsDelegate => BaseType is NamedSig { Def: var d } && (d.IsSystem("MulticastDelegate") || d.IsSystem("Delegate")) && !IsSystem("MulticastDelegate");

        /// <summary>A ref struct ([IsByRefLike]).</summary>
        public bool IsByRefLike => IsValueType && HasAttribute("System.Runtime.CompilerServices.IsByRefLikeAttribute");

        /// <summary>A readonly struct ([IsReadOnly]).</summary>
        public bool IsReadOnly => HasAttribute("System.Runtime.CompilerServices.IsReadOnlyAttribute");

        public bool HasAttribute(string fullName) =>
            AttributeReader.Find(Assembly.Reader, Assembly.Reader.GetTypeDefinition(Handle).GetCustomAttributes(), fullName) is not null;

        /// <summary>The underlying type of an enum (its one instance field).</summary>
        public TypeSig? EnumUnderlying
        {
            get
            {
                if (!IsEnum) return null;
                MetadataReader r = Assembly.Reader;
                foreach (FieldDefinitionHandle fh in r.GetTypeDefinition(Handle).GetFields())
                {
                    FieldDefinition f = r.GetFieldDefinition(fh);
                    if ((f.Attributes & FieldAttributes.Static) == 0) return _types.DecodeField(Assembly, f.Signature);
                }
                return null;
            }
        }

        /// <summary>Variance of each generic parameter (for interfaces and delegates).</summary>
        public GenericParameterAttributes Variance(int index)
        {
            MetadataReader r = Assembly.Reader;
            var ps = r.GetTypeDefinition(Handle).GetGenericParameters();
            return index < ps.Count ? r.GetGenericParameter(ps[index]).Attributes & GenericParameterAttributes.VarianceMask : GenericParameterAttributes.None;
        }

        /// <summary>Whether this type is <paramref name="other"/> or nested (at any depth) in it.</summary>
        public bool IsWithin(TypeDef other)
        {
            for (TypeDef? t = this; t is not null; t = t.DeclaringType)
                if (ReferenceEquals(t, other)) return true;
            return false;
        }

        /// <summary>The type as seen from inside itself: its generic parameters as arguments.</summary>
        public NamedSig Open() => new(this, Enumerable.Range(0, GenericArity).Select(i => (TypeSig)new GenericParamSig(false, i)).ToImmutableArray());

        public IEnumerable<MethodDefinitionHandle> Methods => Assembly.Reader.GetTypeDefinition(Handle).GetMethods();

        public IEnumerable<FieldDefinitionHandle> Fields => Assembly.Reader.GetTypeDefinition(Handle).GetFields();

        public override string ToString() => FullName;
    }
}
