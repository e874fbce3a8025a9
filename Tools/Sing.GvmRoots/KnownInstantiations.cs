using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection.Metadata;

namespace Sing.GvmRoots
{
    /// <summary>The closed instantiations of generic types the program names (in IL, or as the base class or an
    /// interface of a type), each with its generic supertypes. A GVM override in a generic class is shared over the
    /// class's arguments too, so its needs depend on which instantiations of the class exist; <see cref="Added"/>
    /// reports each new one so targets found earlier can be walked with it.</summary>
    internal sealed class KnownInstantiations
    {
        private readonly AssemblySet _set;
        private readonly Dictionary<string, List<GenericInstSig>> _byDefinition = new(StringComparer.Ordinal);
        private readonly HashSet<TypeSig> _seen = new();

        public KnownInstantiations(AssemblySet set, Action<GenericInstSig> added)
        {
            _set = set;
            Added = added;
            // Closed generic supertypes written in type definitions (class Sub : Holder<string>).
            foreach (LoadedModule module in set.Modules)
            {
                foreach (TypeDefinitionHandle type in module.Reader.TypeDefinitions)
                {
                    var named = new NamedSig(module.Name, SignatureProvider.DefinitionName(module.Reader, type), false);
                    foreach (TypeSig super in set.DirectSupertypes(named))
                        Add(super);
                }
            }
        }

        private Action<GenericInstSig> Added { get; }

        public IReadOnlyList<GenericInstSig> Of(NamedSig definition) =>
            _byDefinition.TryGetValue(definition.Key, out var list) ? list.ToArray() : [];

        /// <summary>Records <paramref name="type"/> (or an array's element) if it is a closed generic instantiation.</summary>
        public void Add(TypeSig type)
        {
            while (type is ArraySig array)
                type = array.Element;
            if (type is not GenericInstSig inst || inst.IsOpen || !_seen.Add(inst))
                return;
            if (!_byDefinition.TryGetValue(inst.Definition.Key, out var list))
                _byDefinition[inst.Definition.Key] = list = new List<GenericInstSig>();
            list.Add(inst);
            foreach (TypeSig super in _set.DirectSupertypes(inst.Definition).ToArray())
                Add(super.Substitute([], inst.Arguments));
            Added(inst);
        }
    }
}
