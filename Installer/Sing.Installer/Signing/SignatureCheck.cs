using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;
using Sing.Installer.Rules;

namespace Sing.Installer.Signing
{
    /// <summary>Who vouches for an installed program: the publisher its principal names (a trusted publisher that signed
    /// exactly this content, or "unsigned") and the content hash of its manifest and code.</summary>
    public sealed record ProgramIdentity(string Publisher, string Content, bool Signed);

    /// <summary>Signing a program (<c>sing-install sign</c>) and checking its signature at install (compose): the
    /// content is the manifest and every code assembly the manifest declares, found beside the main assembly or in the
    /// reference directories, exactly as the verifier reads them.</summary>
    public static class SignatureCheck
    {
        /// <summary>Where a program's signature lives: beside its main assembly.</summary>
        public static string FileFor(string assemblyPath) => assemblyPath + ".sig";

        /// <summary>The content hash of a program, or null (with the reason) when one of its files is missing.</summary>
        public static string? Content(InstalledProgram program, string assemblyPath, IEnumerable<string> references, DiagnosticBag bag)
        {
            ProgramManifest m = program.Manifest;
            var parts = new List<(string Name, string File)> { ("manifest", program.Entry.ManifestPath), (m.Assemblies[0].Name, assemblyPath) };
            var directories = new[] { Path.GetDirectoryName(Path.GetFullPath(assemblyPath)) ?? "." }.Concat(references.Where(d => d.Length > 0)).ToList();
            foreach (var declared in m.Assemblies.Skip(1))
            {
                string? file = directories.Select(d => Path.Combine(d, declared.Name + ".dll")).FirstOrDefault(File.Exists);
                if (file is null)
                {
                    bag.Add(ErrorCodes.FileMissing, declared.Spot.At("name"), $"code assembly {declared.Name} of {m.Name} was not found beside {assemblyPath} or in the reference directories, so the program's content cannot be hashed; build it first");
                    return null;
                }
                parts.Add((declared.Name, file));
            }
            if (!File.Exists(assemblyPath))
            {
                bag.Add(ErrorCodes.FileMissing, SourceLocation.OfFile(assemblyPath), $"assembly {assemblyPath} does not exist; build the program first or correct the path");
                return null;
            }
            return ContentHash.Of(parts);
        }

        /// <summary>Signs the program with the publisher key in <paramref name="keyFile"/>: writes
        /// <see cref="FileFor"/> and returns it, or null with the reasons in <paramref name="bag"/>.</summary>
        public static string? Sign(InstalledProgram program, string assemblyPath, IEnumerable<string> references, string keyFile, DiagnosticBag bag)
        {
            using var key = PublisherKey.LoadPrivate(keyFile, out string? problem);
            if (key is null)
            {
                bag.Add(ErrorCodes.BadSignature, SourceLocation.OfFile(keyFile), problem!);
                return null;
            }
            if (Content(program, assemblyPath, references, bag) is not string content) return null;
            var signature = ProgramSignature.Sign(program.Manifest.Name, program.Manifest.Publisher, content, key);
            string file = FileFor(assemblyPath);
            File.WriteAllText(file, signature.Text, new System.Text.UTF8Encoding(false));
            return file;
        }

        /// <summary>The identity the program is installed with, or null when it is refused (reasons in <paramref name="bag"/>).
        /// A signature that names a trusted publisher must hold; one that does not, or none, follows the policy's
        /// unsigned= rule.</summary>
        public static ProgramIdentity? Check(InstalledProgram program, string assemblyPath, IEnumerable<string> references, PublisherPolicy publishers, DiagnosticBag bag)
        {
            ProgramManifest m = program.Manifest;
            if (Content(program, assemblyPath, references, bag) is not string content) return null;
            string file = FileFor(assemblyPath);
            var at = SourceLocation.OfFile(file);
            if (!File.Exists(file)) return Unsigned(program, content, publishers, bag, "it has no signature (" + file + ")");
            byte[] bytes;
            try
            {
                var info = new FileInfo(file);
                if (info.Length > ProgramSignature.MaxBytes)
                {
                    bag.Add(ErrorCodes.BadSignature, at, $"the signature of {m.Name} is {info.Length} bytes; a signature file is at most {ProgramSignature.MaxBytes}; sign the program again with sing-install sign");
                    return null;
                }
                bytes = File.ReadAllBytes(file);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                bag.Add(ErrorCodes.BadSignature, at, $"the signature of {m.Name} cannot be read ({e.Message})");
                return null;
            }
            if (ProgramSignature.Parse(bytes, out string? problem) is not ProgramSignature signature)
            {
                bag.Add(ErrorCodes.BadSignature, at, $"the signature of {m.Name} is malformed: {problem}; sign the program again with sing-install sign");
                return null;
            }
            if (signature.Program != m.Name)
            {
                bag.Add(ErrorCodes.BadSignature, at, $"the signature beside {m.Name} is for program \"{signature.Program}\"; sign {m.Name} itself");
                return null;
            }
            TrustedPublisher? trusted = publishers.Trusted.FirstOrDefault(t => t.Name == signature.Publisher);
            if (trusted is null)
                return Unsigned(program, content, publishers, bag, $"its publisher \"{signature.Publisher}\" is not one the policy trusts ({Listed(publishers)})");
            if (signature.Publisher != m.Publisher)
            {
                bag.Add(ErrorCodes.BadSignature, at, $"{m.Name} is signed by \"{signature.Publisher}\" but its manifest names the publisher \"{m.Publisher}\"; a publisher signs only its own programs");
                return null;
            }
            using var key = PublisherKey.LoadPublic(trusted.Key, out _);
            if (key is null || !signature.IsMadeBy(key))
            {
                bag.Add(ErrorCodes.BadSignature, at, $"the signature of {m.Name} was not made by the key the policy lists for \"{trusted.Name}\"; it is forged, damaged, or made with another key");
                return null;
            }
            if (signature.Content != content)
            {
                bag.Add(ErrorCodes.BadSignature, at, $"{m.Name}'s code does not match its signature: the manifest and code assemblies hash to sha256:{content}, \"{trusted.Name}\" signed sha256:{signature.Content}; the program changed after it was signed, so it is refused");
                return null;
            }
            return new ProgramIdentity(Singularity.Security.PrincipalName.PublisherName(trusted.Name), content, Signed: true);
        }

        private static ProgramIdentity? Unsigned(InstalledProgram program, string content, PublisherPolicy publishers, DiagnosticBag bag, string why)
        {
            if (publishers.Unsigned == PublisherPolicy.Refuse)
            {
                bag.Add(ErrorCodes.UnsignedRefused, program.Entry.Spot.At("name"),
                    $"program {program.Manifest.Name} is refused: {why}, and the policy's <publishers unsigned=\"refuse\"> installs only programs a trusted publisher signed; sign it with a trusted key (sing-install sign) or allow unsigned=\"run-as-unsigned\"");
                return null;
            }
            return new ProgramIdentity(PublisherPolicy.UnsignedPublisher, content, Signed: false);
        }

        private static string Listed(PublisherPolicy publishers) =>
            publishers.Trusted.Count == 0 ? "it lists none" : "it lists " + string.Join(", ", publishers.Trusted.Select(t => "\"" + t.Name + "\""));
    }
}
