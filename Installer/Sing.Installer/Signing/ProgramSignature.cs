using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using System.Text;

namespace Sing.Installer.Signing
{
    /// <summary>A publisher's signature of one program, the file <c>NAME.dll.sig</c> beside the program's main assembly.
    /// UTF-8 text, one "key=value" per line after the header line:
    /// <code>
    /// singularity-program-signature 1
    /// program=hello
    /// publisher=Singularity project
    /// content=sha256:…            (ContentHash of the manifest and the code assemblies)
    /// algorithm=ecdsa-p256-sha256
    /// signature=…                 (base64, IEEE P1363 r||s, over the UTF-8 of every line before this one)
    /// </code>
    /// Nothing else is accepted: unknown, repeated or missing keys, other line ends, or more than
    /// <see cref="MaxBytes"/> bytes are refused with the reason.</summary>
    public sealed record ProgramSignature(string Program, string Publisher, string Content, byte[] Value)
    {
        public const string Header = "singularity-program-signature 1";
        public const string Algorithm = "ecdsa-p256-sha256";
        public const int MaxBytes = 4096;
        private static readonly string[] s_keys = { "program", "publisher", "content", "algorithm", "signature" };

        /// <summary>The signed text: every line before signature=.</summary>
        public string SignedText => $"{Header}\nprogram={Program}\npublisher={Publisher}\ncontent=sha256:{Content}\nalgorithm={Algorithm}\n";

        /// <summary>The file's text.</summary>
        public string Text => SignedText + "signature=" + Convert.ToBase64String(Value) + "\n";

        /// <summary>Signs the program's content as its publisher.</summary>
        public static ProgramSignature Sign(string program, string publisher, string content, ECDsa key)
        {
            var unsigned = new ProgramSignature(program, publisher, content, Array.Empty<byte>());
            byte[] value = key.SignData(Encoding.UTF8.GetBytes(unsigned.SignedText), HashAlgorithmName.SHA256, DSASignatureFormat.IeeeP1363FixedFieldConcatenation);
            return unsigned with { Value = value };
        }

        /// <summary>True when <paramref name="key"/> made this signature.</summary>
        public bool IsMadeBy(ECDsa key) =>
            key.VerifyData(Encoding.UTF8.GetBytes(SignedText), Value, HashAlgorithmName.SHA256, DSASignatureFormat.IeeeP1363FixedFieldConcatenation);

        /// <summary>Parses a signature file's bytes, or null with the reason.</summary>
        public static ProgramSignature? Parse(byte[] bytes, out string? problem)
        {
            problem = null;
            if (bytes.Length > MaxBytes) return Fail(out problem, $"it is {bytes.Length} bytes; a signature file is at most {MaxBytes}");
            string text;
            try
            {
                text = new UTF8Encoding(false, throwOnInvalidBytes: true).GetString(bytes);
            }
            catch (DecoderFallbackException)
            {
                return Fail(out problem, "it is not UTF-8 text");
            }
            if (text.Contains('\r')) return Fail(out problem, "it has carriage returns; lines end with a newline alone");
            string[] lines = text.Split('\n');
            if (lines.Length < 2 || lines[^1].Length != 0) return Fail(out problem, "it does not end with a newline");
            if (lines[0] != Header) return Fail(out problem, $"the first line is not \"{Header}\"");
            var values = new Dictionary<string, string>(StringComparer.Ordinal);
            for (int i = 1; i < lines.Length - 1; i++)
            {
                int eq = lines[i].IndexOf('=');
                string key = eq < 0 ? lines[i] : lines[i][..eq];
                if (eq < 0 || Array.IndexOf(s_keys, key) < 0) return Fail(out problem, $"line {i + 1} is not one of {string.Join("=, ", s_keys)}=");
                if (!values.TryAdd(key, lines[i][(eq + 1)..])) return Fail(out problem, $"line {i + 1} repeats {key}=");
            }
            foreach (string key in s_keys)
                if (!values.ContainsKey(key)) return Fail(out problem, $"it has no {key}= line");
            if (values["algorithm"] != Algorithm) return Fail(out problem, $"algorithm={values["algorithm"]} is not {Algorithm}");
            string content = values["content"];
            if (!content.StartsWith("sha256:", StringComparison.Ordinal) || content.Length != 7 + 64 || !IsLowerHex(content.AsSpan(7)))
                return Fail(out problem, "content= is not sha256: and 64 lower-case hex digits");
            byte[] value;
            try
            {
                value = Convert.FromBase64String(values["signature"]);
            }
            catch (FormatException)
            {
                return Fail(out problem, "signature= is not base64");
            }
            var parsed = new ProgramSignature(values["program"], values["publisher"], content[7..], value);
            // The lines must be in the one order SignedText writes, so what was signed is exactly what is read.
            if (parsed.Text != text) return Fail(out problem, "its lines are not exactly as sing-install sign writes them (program, publisher, content, algorithm, signature, in that order, canonical base64)");
            return parsed;
        }

        private static bool IsLowerHex(ReadOnlySpan<char> s)
        {
            foreach (char c in s)
                if (!(c is >= '0' and <= '9' or >= 'a' and <= 'f')) return false;
            return true;
        }

        private static ProgramSignature? Fail(out string? problem, string why)
        {
            problem = why;
            return null;
        }
    }
}
