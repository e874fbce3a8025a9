using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;

namespace Sing.Installer.Il
{
    /// <summary>The trusted libraries (our corelib, the SIP runtime, the contract library) by identity: the SHA-256 of
    /// the exact bytes the system build produced, keyed by assembly name. The build hands the installer the files
    /// (`--trusted`); an assembly that merely has one of these names but other bytes is not trusted.</summary>
    public sealed class TrustedSet
    {
        private readonly Dictionary<string, (string Path, string Hash)> _byName = new(StringComparer.Ordinal);

        public static readonly TrustedSet Empty = new();

        /// <summary>The names a program's code may never take: the trusted libraries' and the stock framework's.</summary>
        public static readonly IReadOnlySet<string> ReservedNames = new HashSet<string>(StringComparer.OrdinalIgnoreCase)
        {
            CodeManifestChecker.CoreLib, "Sing.SipRuntime", "Sing.Contracts.Sip", "Sing.Contracts", "System.Runtime", "mscorlib", "netstandard",
        };

        /// <summary>True for a name a program's code assembly may not take: a reserved name, or one under the
        /// framework's or the contract libraries' prefixes (System.*, Microsoft.*, Sing.Contracts.*), in any case.</summary>
        public static bool IsReservedName(string name) =>
            ReservedNames.Contains(name) || name.StartsWith("System.", StringComparison.OrdinalIgnoreCase)
            || name.StartsWith("Microsoft.", StringComparison.OrdinalIgnoreCase) || name.StartsWith("Sing.Contracts.", StringComparison.OrdinalIgnoreCase);

        public IReadOnlyCollection<string> Names => _byName.Keys;

        public bool IsEmpty => _byName.Count == 0;

        /// <summary>Hashes the given files; problems (missing file, not an assembly, two files of one name) are returned.</summary>
        public static TrustedSet FromFiles(IEnumerable<string> files, out List<string> problems)
        {
            var set = new TrustedSet();
            problems = new List<string>();
            foreach (string file in files.Where(f => f.Length > 0))
            {
                if (!File.Exists(file)) { problems.Add($"trusted assembly {file} does not exist (build the runtime first)"); continue; }
                using LoadedAssembly? asm = LoadedAssembly.Open(file, out string? why);
                if (asm is null) { problems.Add($"trusted assembly {file} is not an IL assembly ({why})"); continue; }
                string hash = Hash(file);
                if (set._byName.TryGetValue(asm.Name, out var other) && other.Hash != hash)
                    problems.Add($"two different trusted files claim assembly {asm.Name}: {other.Path} and {file}");
                else set._byName[asm.Name] = (Path.GetFullPath(file), hash);
            }
            return set;
        }

        public static string Hash(string file)
        {
            using var stream = File.OpenRead(file);
            return Convert.ToHexString(SHA256.HashData(stream));
        }

        public bool IsTrustedName(string name) => _byName.ContainsKey(name);

        public string? PathOf(string name) => _byName.TryGetValue(name, out var e) ? e.Path : null;

        public string? HashOf(string name) => _byName.TryGetValue(name, out var e) ? e.Hash : null;

        /// <summary>Whether <paramref name="file"/>, which is assembly <paramref name="name"/>, has the trusted bytes.</summary>
        public bool Matches(string name, string file) => _byName.TryGetValue(name, out var e) && Hash(file) == e.Hash;

        public IEnumerable<KeyValuePair<string, string>> Pinned => _byName.Select(kv => new KeyValuePair<string, string>(kv.Key, kv.Value.Path));
    }
}
