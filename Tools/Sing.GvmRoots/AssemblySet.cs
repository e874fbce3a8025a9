using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;

namespace Sing.GvmRoots
{
    /// <summary>One compiled assembly: its metadata and a signature decoder for it.</summary>
    internal sealed class LoadedModule
    {
        public LoadedModule(MetadataReader reader, PEReader pe, string systemModule)
        {
            Reader = reader;
            PE = pe;
            Name = reader.GetString(reader.GetAssemblyDefinition().Name);
            Signatures = new SignatureProvider(systemModule);
        }

        public MetadataReader Reader { get; }
        public PEReader PE { get; }
        public string Name { get; }
        public SignatureProvider Signatures { get; }

        public TypeSig DecodeType(EntityHandle handle) => handle.Kind switch
        {
            HandleKind.TypeDefinition => Signatures.GetTypeFromDefinition(Reader, (TypeDefinitionHandle)handle, 0),
            HandleKind.TypeReference => Signatures.GetTypeFromReference(Reader, (TypeReferenceHandle)handle, 0),
            HandleKind.TypeSpecification => Signatures.GetTypeFromSpecification(Reader, null, (TypeSpecificationHandle)handle, 0),
            _ => new OtherSig("?", null),
        };
    }

    /// <summary>The assemblies ILC compiles together, with their type definitions indexed by full name so that
    /// references from one module resolve to definitions in another.</summary>
    internal sealed class AssemblySet : IDisposable
    {
        private readonly Dictionary<string, (LoadedModule Module, TypeDefinitionHandle Type)> _types = new(StringComparer.Ordinal);
        private readonly Dictionary<(string, string), bool> _subtypes = new();

        public AssemblySet(IEnumerable<string> paths, string systemModule)
        {
            foreach (string path in paths)
            {
                var pe = new PEReader(File.OpenRead(path));
                if (!pe.HasMetadata)
                {
                    pe.Dispose();
                    continue;
                }
                var module = new LoadedModule(pe.GetMetadataReader(), pe, systemModule);
                if (!module.Reader.IsAssembly)
                {
                    pe.Dispose();
                    continue;
                }
                Modules.Add(module);
                foreach (TypeDefinitionHandle type in module.Reader.TypeDefinitions)
                    _types[Key(module.Name, SignatureProvider.DefinitionName(module.Reader, type))] = (module, type);
            }
        }

        public List<LoadedModule> Modules { get; } = new();

        private static string Key(string assembly, string fullName) => assembly + "!" + fullName;

        public bool TryResolve(NamedSig type, out LoadedModule module, out TypeDefinitionHandle handle)
        {
            bool found = _types.TryGetValue(Key(type.Assembly, type.FullName), out var entry);
            (module, handle) = entry;
            return found;
        }

        /// <summary>The generic definition (or plain type) a type token names, if it is one of ours.</summary>
        public static NamedSig? DefinitionOf(TypeSig type) => type switch
        {
            NamedSig named => named,
            GenericInstSig inst => inst.Definition,
            _ => null,
        };

        /// <summary>Whether <paramref name="type"/> derives from or implements <paramref name="target"/> (by definition,
        /// ignoring instantiations: over-approximating only roots a few more instantiations).</summary>
        public bool IsSubtype(NamedSig type, NamedSig target)
        {
            if (type.Equals(target))
                return true;
            var key = (Key(type.Assembly, type.FullName), Key(target.Assembly, target.FullName));
            if (_subtypes.TryGetValue(key, out bool known))
                return known;
            _subtypes[key] = false; // Cycles (bad metadata) end here.
            bool result = false;
            foreach (TypeSig super in DirectSupertypes(type))
            {
                if (DefinitionOf(super) is NamedSig superDef && IsSubtype(superDef, target))
                {
                    result = true;
                    break;
                }
            }
            _subtypes[key] = result;
            return result;
        }

        /// <summary>The base class and the interfaces a type definition names, as written (over its own !n).</summary>
        public IEnumerable<TypeSig> DirectSupertypes(NamedSig type)
        {
            if (!TryResolve(type, out LoadedModule module, out TypeDefinitionHandle handle))
                yield break;
            TypeDefinition def = module.Reader.GetTypeDefinition(handle);
            if (!def.BaseType.IsNil)
                yield return module.DecodeType(def.BaseType);
            foreach (InterfaceImplementationHandle impl in def.GetInterfaceImplementations())
                yield return module.DecodeType(module.Reader.GetInterfaceImplementation(impl).Interface);
        }

        public void Dispose()
        {
            foreach (LoadedModule module in Modules)
                module.PE.Dispose();
        }
    }
}
