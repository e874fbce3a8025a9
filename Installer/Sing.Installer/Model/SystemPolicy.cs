using System.Collections.Generic;

namespace Sing.Installer.Model
{
    /// <summary>The system policy (Manifests/policy.xsd) as written.</summary>
    public sealed record SystemPolicy(
        string File,
        string Configuration,
        IReadOnlyList<PolicyProgram> Programs,
        IReadOnlyList<NamespaceRule> Namespaces,
        IReadOnlyList<BootService> Boot,
        IReadOnlyList<ScriptLine> Startup)
    {
        /// <summary>Whose signatures the system trusts, and what becomes of programs no trusted publisher signed.</summary>
        public PublisherPolicy Publishers { get; init; } = PublisherPolicy.None;
    }

    /// <summary>The policy's &lt;publishers&gt;: the trusted publishers' public keys, and what an unsigned program (or one
    /// signed by a publisher not listed) may do: <see cref="Refuse"/> it, or <see cref="RunAsUnsigned"/>, installed with
    /// the publisher "unsigned" in its principal.</summary>
    public sealed record PublisherPolicy(IReadOnlyList<TrustedPublisher> Trusted, string Unsigned)
    {
        public const string Refuse = "refuse";
        public const string RunAsUnsigned = "run-as-unsigned";

        /// <summary>The principal's publisher of a program no trusted publisher signed.</summary>
        public const string UnsignedPublisher = "unsigned";

        /// <summary>A policy without &lt;publishers&gt;: nobody is trusted, every program runs as unsigned.</summary>
        public static readonly PublisherPolicy None = new(System.Array.Empty<TrustedPublisher>(), RunAsUnsigned);
    }

    /// <summary>A publisher the system trusts: its name as manifests write it, and its ECDSA P-256 public key (base64
    /// SubjectPublicKeyInfo). Test marks the repository's committed test key.</summary>
    public sealed record TrustedPublisher(string Name, string Key, bool Test, XmlSpot Spot);

    /// <summary>A program installed in the image. ManifestPath is resolved against the policy's directory.</summary>
    public sealed record PolicyProgram(string Name, string Manifest, string ManifestPath, string Project, bool Trusted, string? Reason, XmlSpot Spot)
    {
        /// <summary>The protection domain of its own the policy places it in ("ring0", "ring3"), or null.</summary>
        public string? Domain { get; init; }

        /// <summary>A test tool: the kernel starts it only when booted for tests or benchmarks.</summary>
        public bool TestTool { get; init; }

        /// <summary>Programs the policy lets start this one although it holds privileges or trust they lack.</summary>
        public IReadOnlyList<string> StartedBy { get; init; } = System.Array.Empty<string>();

        /// <summary>Whether its IL may be unverifiable: trusted, or isolated in a ring-3 domain of its own (001 Fig. 4).</summary>
        public bool MayRunUnverifiedCode => Trusted || Domain == "ring3";

        /// <summary>The processors its processes may run on, one bit per CPU index (bit 0 the boot processor); 0: any.</summary>
        public ulong Cpus { get; init; }

        /// <summary>Quotas the policy sets for the program (attribute name, value), in place of the kernel's defaults.</summary>
        public IReadOnlyList<(string Name, int Value)> Quotas { get; init; } = System.Array.Empty<(string, int)>();

        /// <summary>The quota attributes of a policy's &lt;program&gt;, as the kernel's system manifest names them.</summary>
        public static readonly string[] QuotaNames = { "pagesMiB", "exchangeMiB", "threads", "handles", "children", "names" };
    }

    /// <summary>A namespace rule: the kinds of program that may register under the prefix and, when given, the principal
    /// patterns (space-separated) of who may register and who may bind there.</summary>
    public sealed record NamespaceRule(string Prefix, IReadOnlyList<string> Kinds, XmlSpot Spot, string? Register = null, string? Bind = null);

    /// <summary>A service or driver started at boot, and what the kernel's supervisor does when it ends (restart:
    /// never, on-failure, always; it gives up after RestartLimit ends within RestartWindow seconds).</summary>
    public sealed record BootService(string Program, string Arguments, XmlSpot Spot)
    {
        public string Restart { get; init; } = "never";
        public int RestartLimit { get; init; } = 5;
        public int RestartWindow { get; init; } = 60;
    }

    /// <summary>One line of the shell's startup script.</summary>
    public sealed record ScriptLine(string Text, XmlSpot Spot);
}
