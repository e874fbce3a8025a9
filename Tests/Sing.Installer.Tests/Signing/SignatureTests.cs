using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;
using Sing.Installer.Rules;
using Sing.Installer.Signing;
using Xunit;

namespace Sing.Installer.Tests.Signing
{
    /// <summary>Publisher signatures (Installer/README.md, Signatures): a program signed by a trusted publisher installs
    /// under that publisher; any change to its manifest or code, another key, another program's or another publisher's
    /// signature, or a damaged signature file is refused with the reason; unsigned and unknown publishers follow the
    /// policy's unsigned= rule.</summary>
    public sealed class SignatureTests : IDisposable
    {
        private readonly string _dir = Path.Combine(Path.GetTempPath(), "sing-sign-" + Guid.NewGuid().ToString("N"));
        private readonly InstalledProgram _hello;
        private readonly string _assembly;
        private readonly string _key;
        private readonly string _publicKey;

        public SignatureTests()
        {
            Directory.CreateDirectory(_dir);
            var bag = new DiagnosticBag();
            InstalledProgram hello = InstallerPipeline.LoadInstalled(Path.Combine(TestPaths.Root, "Manifests", "system.policy.xml"), "hello", bag)
                ?? throw new InvalidOperationException(string.Join("\n", bag.Items));
            // A copy of the manifest, so a test may change it; the "assembly" is any bytes (hashing does not read IL).
            string manifest = Path.Combine(_dir, "hello.xml");
            File.Copy(hello.Entry.ManifestPath, manifest);
            _hello = hello with { Entry = hello.Entry with { ManifestPath = manifest } };
            _assembly = Path.Combine(_dir, "Hello.dll");
            File.WriteAllBytes(_assembly, Enumerable.Range(0, 5000).Select(i => (byte)(i * 31)).ToArray());
            (string privatePem, _publicKey) = PublisherKey.Create();
            _key = Path.Combine(_dir, "publisher.key");
            File.WriteAllText(_key, "a comment before the key is ignored\n" + privatePem);
        }

        public void Dispose() => Directory.Delete(_dir, recursive: true);

        private PublisherPolicy Trusting(string unsigned = PublisherPolicy.Refuse, string name = "Singularity project", string? key = null) =>
            new(new[] { new TrustedPublisher(name, key ?? _publicKey, false, XmlSpot.Unknown("policy")) }, unsigned);

        private string Sign()
        {
            var bag = new DiagnosticBag();
            string? file = SignatureCheck.Sign(_hello, _assembly, Array.Empty<string>(), _key, bag);
            Assert.Empty(bag.Items);
            return file!;
        }

        private (ProgramIdentity? Identity, DiagnosticBag Bag) Check(PublisherPolicy publishers)
        {
            var bag = new DiagnosticBag();
            return (SignatureCheck.Check(_hello, _assembly, Array.Empty<string>(), publishers, bag), bag);
        }

        private static Diagnostic Single(DiagnosticBag bag, string code)
        {
            Diagnostic d = Assert.Single(bag.Items);
            Assert.Equal(code, d.Code);
            return d;
        }

        [Fact]
        public void ASignedProgramInstallsUnderItsPublisherWithItsContentHash()
        {
            Assert.Equal(_assembly + ".sig", Sign());
            var (identity, bag) = Check(Trusting());
            Assert.Empty(bag.Items);
            Assert.Equal(new ProgramIdentity("singularity-project", identity!.Content, true), identity);
            Assert.Matches("^[0-9a-f]{64}$", identity.Content);
            Assert.Equal(SignatureCheck.Content(_hello, _assembly, Array.Empty<string>(), new DiagnosticBag()), identity.Content);
        }

        [Fact]
        public void ChangedCodeOrManifestIsRefusedNamingBothHashes()
        {
            Sign();
            string signed = Check(Trusting()).Identity!.Content;
            File.AppendAllText(_assembly, "x");
            var d = Single(Check(Trusting()).Bag, ErrorCodes.BadSignature);
            Assert.Contains("code does not match its signature", d.Message);
            Assert.Contains("signed sha256:" + signed, d.Message);

            File.WriteAllBytes(_assembly, File.ReadAllBytes(_assembly)[..^1]);
            Assert.Empty(Check(Trusting()).Bag.Items);
            File.WriteAllText(_hello.Entry.ManifestPath, File.ReadAllText(_hello.Entry.ManifestPath).Replace("</manifest>", "<!-- changed --></manifest>"));
            Assert.Contains("does not match its signature", Single(Check(Trusting()).Bag, ErrorCodes.BadSignature).Message);
        }

        [Fact]
        public void AnotherKeyOrAnAlteredSignatureIsRefused()
        {
            Sign();
            var (_, otherKey) = PublisherKey.Create();
            Assert.Contains("not made by the key the policy lists", Single(Check(Trusting(key: otherKey)).Bag, ErrorCodes.BadSignature).Message);

            // Editing the signed lines (here the content hash, to one of the program as it is now) breaks the signature.
            string file = _assembly + ".sig";
            File.AppendAllText(_assembly, "tampered");
            string now = SignatureCheck.Content(_hello, _assembly, Array.Empty<string>(), new DiagnosticBag())!;
            string text = File.ReadAllText(file);
            string[] lines = text.Split('\n');
            File.WriteAllText(file, text.Replace(lines[3], "content=sha256:" + now));
            Assert.Contains("not made by the key", Single(Check(Trusting()).Bag, ErrorCodes.BadSignature).Message);
        }

        [Fact]
        public void ASignatureOfAnotherProgramOrPublisherIsRefused()
        {
            using var key = PublisherKey.LoadPrivate(_key, out _)!;
            string content = SignatureCheck.Content(_hello, _assembly, Array.Empty<string>(), new DiagnosticBag())!;
            File.WriteAllText(_assembly + ".sig", ProgramSignature.Sign("probe", "Singularity project", content, key).Text);
            Assert.Contains("is for program \"probe\"", Single(Check(Trusting()).Bag, ErrorCodes.BadSignature).Message);

            // A trusted publisher signing a program whose manifest names someone else.
            File.WriteAllText(_assembly + ".sig", ProgramSignature.Sign("hello", "Other", content, key).Text);
            Assert.Contains("its manifest names the publisher \"Singularity project\"", Single(Check(Trusting(name: "Other")).Bag, ErrorCodes.BadSignature).Message);
        }

        [Fact]
        public void UnsignedAndUnknownPublishersFollowThePolicy()
        {
            var refused = Single(Check(Trusting(PublisherPolicy.Refuse)).Bag, ErrorCodes.UnsignedRefused);
            Assert.Contains("it has no signature", refused.Message);
            var (identity, bag) = Check(Trusting(PublisherPolicy.RunAsUnsigned));
            Assert.Empty(bag.Items);
            Assert.Equal("unsigned", identity!.Publisher);
            Assert.False(identity.Signed);

            Sign();
            var unknown = new PublisherPolicy(Array.Empty<TrustedPublisher>(), PublisherPolicy.Refuse);
            Assert.Contains("is not one the policy trusts (it lists none)", Single(Check(unknown).Bag, ErrorCodes.UnsignedRefused).Message);
            Assert.Equal("unsigned", Check(unknown with { Unsigned = PublisherPolicy.RunAsUnsigned }).Identity!.Publisher);
        }

        public static TheoryData<string, string> DamagedSignatures() => new()
        {
            { "header", "first line" },
            { "crlf", "carriage returns" },
            { "no-newline", "does not end with a newline" },
            { "extra-line", "is not one of" },
            { "repeated", "repeats" },
            { "missing", "has no publisher= line" },
            { "reordered", "not exactly as sing-install sign writes them" },
            { "algorithm", "algorithm=rsa" },
            { "short-hash", "64 lower-case hex digits" },
            { "base64", "signature= is not base64" },
            { "latin1", "not UTF-8" },
            { "huge", "at most 4096" },
            { "empty", "does not end with a newline" },
        };

        [Theory]
        [MemberData(nameof(DamagedSignatures))]
        public void ADamagedSignatureFileIsRefusedWithTheReason(string damage, string reason)
        {
            string file = Sign();
            string text = File.ReadAllText(file);
            string[] lines = text.Split('\n');
            byte[] bytes = damage switch
            {
                "header" => Encoding.UTF8.GetBytes(text.Replace(ProgramSignature.Header, "singularity-program-signature 2")),
                "crlf" => Encoding.UTF8.GetBytes(text.Replace("\n", "\r\n")),
                "no-newline" => Encoding.UTF8.GetBytes(text.TrimEnd('\n')),
                "extra-line" => Encoding.UTF8.GetBytes(text + "trusted=true\n"),
                "repeated" => Encoding.UTF8.GetBytes(text + lines[1] + "\n"),
                "missing" => Encoding.UTF8.GetBytes(text.Replace(lines[2] + "\n", "")),
                "reordered" => Encoding.UTF8.GetBytes(string.Join("\n", lines[0], lines[2], lines[1], lines[3], lines[4], lines[5], "")),
                "algorithm" => Encoding.UTF8.GetBytes(text.Replace(ProgramSignature.Algorithm, "rsa-pss")),
                "short-hash" => Encoding.UTF8.GetBytes(text.Replace(lines[3], lines[3][..^1])),
                "base64" => Encoding.UTF8.GetBytes(text.Replace(lines[5], "signature=***")),
                "latin1" => Encoding.Latin1.GetBytes(text.Replace("Singularity", "Singularit\u00e9")),
                "huge" => Encoding.UTF8.GetBytes(text + new string('#', 5000)),
                "empty" => Array.Empty<byte>(),
                _ => throw new ArgumentOutOfRangeException(nameof(damage)),
            };
            File.WriteAllBytes(file, bytes);
            var d = Single(Check(Trusting()).Bag, ErrorCodes.BadSignature);
            Assert.Contains(reason, d.Message);
            Assert.Contains(file, d.Location.File);
        }

        [Fact]
        public void ThePolicyRefusesUnusablePublishers()
        {
            string policy = Path.Combine(_dir, "policy.xml");
            File.WriteAllText(policy, $"""
                <policy xmlns="urn:singularity:policy:v1" configuration="SIP-Phys">
                  <publishers unsigned="refuse">
                    <publisher name="Acme" key="{_publicKey}"/>
                    <publisher name="ACME" key="{_publicKey}"/>
                    <publisher name="Unsigned" key="{_publicKey}"/>
                    <publisher name="--" key="{_publicKey}"/>
                    <publisher name="Broken" key="bm90IGEga2V5"/>
                    <publisher name="NotBase64" key="!!"/>
                  </publishers>
                  <programs/>
                </policy>
                """);
            var bag = new DiagnosticBag();
            InstallerPipeline.Check(policy, bag);
            var messages = bag.Items.Where(d => d.Code == ErrorCodes.BadPublisher).Select(d => d.Message).ToList();
            Assert.Equal(5, messages.Count);
            Assert.Contains(messages, m => m.Contains("\"ACME\" is listed twice"));
            Assert.Contains(messages, m => m.Contains("\"Unsigned\" would appear in principals as \"unsigned\""));
            Assert.Contains(messages, m => m.Contains("\"--\" has no letter or digit"));
            Assert.Contains(messages, m => m.Contains("\"Broken\" cannot be used: the key is not an ECDSA P-256 public key"));
            Assert.Contains(messages, m => m.Contains("\"NotBase64\" cannot be used: the key is not base64"));
        }

        [Fact]
        public void KeygenWritesAPrivateKeyOnceAndPrintsThePolicyLineThatVerifiesItsSignatures()
        {
            string key = Path.Combine(_dir, "keys", "acme.key");
            var output = new StringWriter();
            var errors = new StringWriter();
            Assert.Equal(0, Sing.Install.Program.Run(new[] { "keygen", "--publisher", "Singularity project", "--out", key }, output, errors));
            Assert.Empty(errors.ToString());
            if (!OperatingSystem.IsWindows()) Assert.Equal(UnixFileMode.UserRead | UnixFileMode.UserWrite, File.GetUnixFileMode(key));
            string line = output.ToString().Split('\n').Single(l => l.StartsWith("<publisher ", StringComparison.Ordinal));
            string publicKey = System.Xml.Linq.XElement.Parse(line).Attribute("key")!.Value;

            var again = new StringWriter();
            Assert.Equal(2, Sing.Install.Program.Run(new[] { "keygen", "--publisher", "Singularity project", "--out", key }, new StringWriter(), again));
            Assert.Contains("never overwrites a key", again.ToString());

            var bag = new DiagnosticBag();
            SignatureCheck.Sign(_hello, _assembly, Array.Empty<string>(), key, bag);
            Assert.Empty(bag.Items);
            Assert.True(Check(Trusting(key: publicKey)).Identity!.Signed);
        }

        /// <summary>The image this repository built: every program was signed with the test key and installed under its
        /// publisher, with the content hash of exactly the files the build signed.</summary>
        [Fact]
        public void TheBuiltSystemManifestNamesTheCheckedPublisherAndContentOfEveryProgram()
        {
            string[] programs = File.ReadAllLines(Path.Combine(TestPaths.Root, "artifacts", "system.manifest")).Where(l => l.StartsWith("program\t", StringComparison.Ordinal)).ToArray();
            Assert.True(programs.Length > 20, $"{programs.Length} programs in the built system manifest");
            Assert.All(programs, line =>
            {
                Assert.Contains("\tpublisher=singularity-project\t", line);
                Assert.Matches("\tcontent=sha256:[0-9a-f]{64}\t", line);
            });
            var bag = new DiagnosticBag();
            InstalledProgram hello = InstallerPipeline.LoadInstalled(Path.Combine(TestPaths.Root, "Manifests", "system.policy.xml"), "hello", bag)!;
            string? content = SignatureCheck.Content(hello, Path.Combine(TestPaths.Root, "Apps", "Hello", "bin", "Debug", "net10.0", "Hello.dll"), Array.Empty<string>(), bag);
            Assert.Contains(programs, l => l.StartsWith("program\tname=hello\t", StringComparison.Ordinal) && l.Contains("\tcontent=sha256:" + content + "\t"));
        }

        [Fact]
        public void SigningNeedsAUsableKey()
        {
            var bag = new DiagnosticBag();
            File.WriteAllText(_key, "no key here");
            Assert.Null(SignatureCheck.Sign(_hello, _assembly, Array.Empty<string>(), _key, bag));
            Assert.Contains("is not an ECDSA P-256 private key in PEM", Single(bag, ErrorCodes.BadSignature).Message);
            using var rsa = RSA.Create(2048);
            File.WriteAllText(_key, rsa.ExportPkcs8PrivateKeyPem());
            bag = new DiagnosticBag();
            Assert.Null(SignatureCheck.Sign(_hello, _assembly, Array.Empty<string>(), _key, bag));
            Assert.Single(bag.Items);
            Assert.False(File.Exists(_assembly + ".sig"));
        }
    }
}
