using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection.Metadata;

namespace Sing.Installer.Il
{
    /// <summary>Finds referenced assemblies ("NAME.dll" in the --references directories) and resolves type references
    /// to their definitions there, so the rules can see attributes and base types of types the program only uses.</summary>
    public sealed class AssemblyResolver : IDisposable
    {
        private readonly IReadOnlyList<string> _directories;
        private readonly Dictionary<string, LoadedAssembly?> _cache = new(StringComparer.Ordinal);
        private readonly Dictionary<string, string> _pinned = new(StringComparer.Ordinal);

        public AssemblyResolver(IEnumerable<string> directories) { _directories = new List<string>(directories); }

        /// <summary>As above, but the assemblies named in <paramref name="pinned"/> (the trusted libraries) are always
        /// read from the given file, never from the directories.</summary>
        public AssemblyResolver(IEnumerable<string> directories, IEnumerable<KeyValuePair<string, string>> pinned) : this(directories)
        {
            foreach (var kv in pinned) _pinned[kv.Key] = kv.Value;
        }

        /// <summary>State that outlives one verification but belongs with these assemblies (the verifier's cache of the
        /// trusted libraries' type definitions and signatures), keyed by its owner's type.</summary>
        internal Dictionary<Type, object> Shared { get; } = new();

        /// <summary>Adds an already opened assembly (a program's own code) under its name.</summary>
        public void Add(LoadedAssembly assembly) => _cache[assembly.Name] = assembly;

        /// <summary>Forgets an assembly added with <see cref="Add"/> (a resolver shared across many verifications).</summary>
        public void Forget(LoadedAssembly assembly)
        {
            foreach (var kv in _cache)
                if (ReferenceEquals(kv.Value, assembly)) { _cache.Remove(kv.Key); break; }
            _indexes.Remove(assembly.Reader);
        }

        public LoadedAssembly? Find(string name)
        {
            if (_cache.TryGetValue(name, out var cached)) return cached;
            LoadedAssembly? found = null;
            if (_pinned.TryGetValue(name, out string? pinnedPath))
            {
                found = LoadedAssembly.Open(pinnedPath, out _);
                _cache[name] = found;
                return found;
            }
            foreach (string dir in _directories)
            {
                string candidate = Path.Combine(dir, name + ".dll");
                if (File.Exists(candidate) && (found = LoadedAssembly.Open(candidate, out _)) is not null) break;
            }
            _cache[name] = found;
            return found;
        }

        /// <summary>The definition a type reference of <paramref name="from"/> names, or null when its assembly is not found.</summary>
        public (MetadataReader Reader, TypeDefinitionHandle Type)? Resolve(MetadataReader from, TypeReferenceHandle handle) => Resolve(from, handle, 0);

        private (MetadataReader Reader, TypeDefinitionHandle Type)? Resolve(MetadataReader from, TypeReferenceHandle handle, int depth)
        {
            if (depth > 32) throw new BadImageFormatException("type reference scopes nest in a cycle");
            TypeReference tr = from.GetTypeReference(handle);
            string name = from.GetString(tr.Name);
            string ns = from.GetString(tr.Namespace);
            switch (tr.ResolutionScope.Kind)
            {
                case HandleKind.TypeReference:
                {
                    var outer = Resolve(from, (TypeReferenceHandle)tr.ResolutionScope, depth + 1);
                    if (outer is not { } o) return null;
                    foreach (TypeDefinitionHandle nested in o.Reader.GetTypeDefinition(o.Type).GetNestedTypes())
                        if (o.Reader.GetString(o.Reader.GetTypeDefinition(nested).Name) == name) return (o.Reader, nested);
                    return null;
                }
                case HandleKind.AssemblyReference:
                {
                    string assembly = from.GetString(from.GetAssemblyReference((AssemblyReferenceHandle)tr.ResolutionScope).Name);
                    LoadedAssembly? target = Find(assembly);
                    return target is null ? null : FindIndexed(target.Reader, ns, name);
                }
                case HandleKind.ModuleDefinition:
                    return FindTopLevel(from, ns, name);
                default:
                    return null;
            }
        }

        /// <summary>A referenced assembly's top-level type, through an index built once per assembly (the trusted
        /// libraries serve every verification that shares this resolver).</summary>
        private (MetadataReader, TypeDefinitionHandle)? FindIndexed(MetadataReader reader, string ns, string name)
        {
            if (!_indexes.TryGetValue(reader, out var index))
            {
                index = new Dictionary<(string, string), TypeDefinitionHandle>();
                foreach (TypeDefinitionHandle h in reader.TypeDefinitions)
                {
                    TypeDefinition t = reader.GetTypeDefinition(h);
                    if (t.GetDeclaringType().IsNil) index.TryAdd((reader.GetString(t.Namespace), reader.GetString(t.Name)), h);
                }
                _indexes[reader] = index;
            }
            return index.TryGetValue((ns, name), out var found) ? (reader, found) : null;
        }

        private static (MetadataReader, TypeDefinitionHandle)? FindTopLevel(MetadataReader reader, string ns, string name)
        {
            foreach (TypeDefinitionHandle h in reader.TypeDefinitions)
            {
                TypeDefinition t = reader.GetTypeDefinition(h);
                if (!t.GetDeclaringType().IsNil) continue;
                if (reader.StringComparer.Equals(t.Name, name) && reader.StringComparer.Equals(t.Namespace, ns)) return (reader, h);
            }
            return null;
        }

        private readonly Dictionary<MetadataReader, Dictionary<(string, string), TypeDefinitionHandle>> _indexes = new();

        public void Dispose()
        {
            foreach (var a in _cache.Values) a?.Dispose();
            _cache.Clear();
        }
    }
}
