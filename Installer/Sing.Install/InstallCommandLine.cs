using System.CommandLine;

namespace Sing.Install
{
    /// <summary>sing-install's verbs and options (System.CommandLine): generated help, errors that name the bad token
    /// and suggest the nearest verb or option. The spellings are the ones Build/SipProgram.targets,
    /// Kernel/Sing.Kernel.csproj and Bench/Installer pass; list values are MSBuild item lists ("a;b;c").</summary>
    internal sealed class InstallCommandLine
    {
        public InstallCommandLine()
        {
            Check = new Command("check", "check the system policy against its schema and rules") { Policy, Fragments };
            Verify = new Command("verify",
                "verify one program: its manifest, its IL (type safety, no unsafe code outside the trusted set) and its use of contracts")
            {
                Policy, Fragments, Program, Assembly, Trusted, References, Image,
            };
            Compose = new Command("compose",
                "compose the system manifest from the policy and every program's manifest; a rejected system leaves no manifest")
            {
                Policy, Fragments, Assemblies, Images, Trusted, References, Out,
            };
            Sign = new Command("sign", "sign one program (its manifest and code assemblies) as its manifest's publisher; writes ASSEMBLY.sig")
            {
                Policy, Fragments, Program, Assembly, References, Key,
            };
            Keygen = new Command("keygen", "make a publisher's ECDSA P-256 key pair: the private key to a file only the publisher keeps, the policy's <publisher> line to the output")
            {
                Publisher, KeyOut,
            };
            Root = new RootCommand("sing-install: the installer's checks, run by the build for every program and for the system image")
            {
                Check, Verify, Compose, Sign, Keygen,
            };
        }

        public Option<string> Policy { get; } = new("--policy") { Description = "the system policy (Manifests/system.policy.xml)", Required = true, HelpName = "POLICY" };
        public Option<string?> Fragments { get; } = new("--fragments") { Description = "policy fragments (sing.policy.xml) of programs built outside the repository, appended to the policy; they cannot grant trust", HelpName = "a.xml;b.xml" };
        public Option<string> Program { get; } = new("--program") { Description = "the program's name in the policy", Required = true, HelpName = "NAME" };
        public Option<string> Assembly { get; } = new("--assembly") { Description = "the program's IL assembly", Required = true, HelpName = "path/Name.dll" };
        public Option<string?> Trusted { get; } = new("--trusted") { Description = "the trusted system libraries (corelib, SIP runtime, contracts)", HelpName = "a.dll;b.dll" };
        public Option<string?> References { get; } = new("--references") { Description = "directories to resolve references in", HelpName = "dir1;dir2" };
        public Option<string?> Image { get; } = new("--image") { Description = "every assembly the program's image links", HelpName = "a.dll;b.dll" };
        public Option<string?> Assemblies { get; } = new("--assemblies") { Description = "each program's IL assembly, checked again at compose", HelpName = "name=path.dll;..." };
        public Option<string?> Images { get; } = new("--images") { Description = "each program's native image as the boot image carries it; the system manifest records its SHA-256, and the kernel refuses an image that does not match", HelpName = "name=path.elf;..." };
        public Option<string> Out { get; } = new("--out") { Description = "where to write the system manifest", Required = true, HelpName = "system.manifest" };
        public Option<string> Key { get; } = new("--key") { Description = "the publisher's private key (PEM, from sing-install keygen)", Required = true, HelpName = "publisher.key" };
        public Option<string> Publisher { get; } = new("--publisher") { Description = "the publisher's name, as its manifests write it", Required = true, HelpName = "NAME" };
        public Option<string> KeyOut { get; } = new("--out") { Description = "where to write the private key (refused if the file exists)", Required = true, HelpName = "publisher.key" };

        public RootCommand Root { get; }
        public Command Check { get; }
        public Command Verify { get; }
        public Command Compose { get; }
        public Command Sign { get; }
        public Command Keygen { get; }

        /// <summary>Parses as the build passes arguments: no response files (an argument starting with '@' is a path).</summary>
        public ParseResult Parse(string[] args) => Root.Parse(args, new ParserConfiguration { ResponseFileTokenReplacer = null });
    }
}
