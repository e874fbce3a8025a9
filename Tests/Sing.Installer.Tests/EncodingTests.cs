using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;
using Sing.Installer.Xml;
using Xunit;

namespace Sing.Installer.Tests
{
    /// <summary>A manifest or policy must be valid in the encoding it declares (a byte-order mark, else the XML
    /// declaration, else UTF-8): invalid bytes, lone surrogates, a mark that contradicts the declaration and encodings
    /// the installer does not read are refused with SINGI007 at their line and column, never turned into U+FFFD.
    /// The cases are built byte by byte, which a corpus text file cannot hold.</summary>
    public sealed class EncodingTests : IDisposable
    {
        private readonly string _dir = ProgramCompiler.TempDirectory();

        public void Dispose() => Directory.Delete(_dir, recursive: true);

        /// <summary>A manifest whose description (line 3, from column 16) holds <c>{0}</c>.</summary>
        private const string Template =
            "{decl}<manifest xmlns=\"urn:singularity:manifest:v1\" name=\"app\" kind=\"application\" publisher=\"Tests\" version=\"1.0.0\">\n" +
            "  <!-- encodings -->\n" +
            "  <description>{0}</description>\n" +
            "  <abi version=\"1\"/>\n" +
            "  <code><assembly name=\"App\"/></code>\n" +
            "</manifest>\n";

        private static byte[] Utf8Manifest(string declaration, byte[] description) =>
            Concat(Encoding.UTF8.GetBytes(Template.Replace("{decl}", declaration).Split("{0}")[0]), description,
                Encoding.UTF8.GetBytes(Template.Split("{0}")[1]));

        private static byte[] Concat(params byte[][] parts) => parts.SelectMany(p => p).ToArray();

        /// <summary>Code unit by code unit, so a lone surrogate is written as it is (Encoding.Unicode would replace it).</summary>
        private static byte[] Utf16(string text, bool bigEndian) =>
            text.SelectMany(c => bigEndian ? new[] { (byte)(c >> 8), (byte)c } : new[] { (byte)c, (byte)(c >> 8) }).ToArray();

        private (ProgramManifest? Manifest, IReadOnlyList<Diagnostic> Diagnostics) Read(byte[] bytes)
        {
            string file = Path.Combine(_dir, "m.xml");
            File.WriteAllBytes(file, bytes);
            var bag = new DiagnosticBag();
            var manifest = ManifestReader.Read(file, bag);
            return (manifest, bag.Items);
        }

        private Diagnostic Refused(byte[] bytes, string fragment, int line, int column)
        {
            var (manifest, diagnostics) = Read(bytes);
            Assert.Null(manifest);
            var d = Assert.Single(diagnostics);
            Assert.Equal(ErrorCodes.BadEncoding, d.Code);
            Assert.Contains(fragment, d.Message, StringComparison.Ordinal);
            Assert.Equal((line, column), (d.Location.Line, d.Location.Column));
            return d;
        }

        public static IEnumerable<object[]> InvalidUtf8() => new[]
        {
            new object[] { "truncated sequence", new byte[] { (byte)'a', 0xC3 } },
            new object[] { "lone continuation byte", new byte[] { (byte)'a', 0x80, (byte)'b' } },
            new object[] { "overlong slash", new byte[] { (byte)'a', 0xC0, 0xAF } },
            new object[] { "encoded high surrogate", new byte[] { (byte)'a', 0xED, 0xA0, 0x80 } },
            new object[] { "encoded low surrogate", new byte[] { (byte)'a', 0xED, 0xB0, 0x80 } },
            new object[] { "beyond U+10FFFF", new byte[] { (byte)'a', 0xF4, 0x90, 0x80, 0x80 } },
            new object[] { "byte 0xFF", new byte[] { (byte)'a', 0xFF } },
        };

        [Theory]
        [MemberData(nameof(InvalidUtf8))]
        public void InvalidUtf8WithoutDeclarationIsRefusedAtItsPlace(string what, byte[] description)
        {
            _ = what;
            Refused(Utf8Manifest("", description), "is not valid UTF-8", 3, 17);
        }

        [Theory]
        [MemberData(nameof(InvalidUtf8))]
        public void InvalidUtf8UnderAUtf8DeclarationOrMarkIsRefused(string what, byte[] description)
        {
            _ = what;
            Refused(Utf8Manifest("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n", description), "is not valid UTF-8", 4, 17);
            Refused(Concat(new byte[] { 0xEF, 0xBB, 0xBF }, Utf8Manifest("", description)), "is not valid UTF-8", 3, 17);
        }

        /// <summary>Code units as numbers: a lone surrogate in a string attribute argument would be stored as U+FFFD.</summary>
        [Theory]
        [InlineData(false, 0xD800, 0)]
        [InlineData(false, 0xDC00, 'x')]
        [InlineData(true, 0xD800, 0)]
        [InlineData(true, 0xDFFF, 0xD800)]
        public void LoneSurrogateInUtf16IsRefused(bool bigEndian, int lone, int next)
        {
            string units = next == 0 ? $"{(char)lone}" : $"{(char)lone}{(char)next}";
            string text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + Template.Replace("{decl}", "").Replace("{0}", "ab" + units);
            byte[] mark = bigEndian ? new byte[] { 0xFE, 0xFF } : new byte[] { 0xFF, 0xFE };
            Refused(Concat(mark, Utf16(text, bigEndian)), "is a lone surrogate", 4, 18);
        }

        [Fact]
        public void Utf16WithAnOddByteIsRefused()
        {
            string text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + Template.Replace("{decl}", "").Replace("{0}", "ab");
            Refused(Concat(new byte[] { 0xFF, 0xFE }, Utf16(text, false), new byte[] { (byte)'x' }), "half a UTF-16 code unit", 8, 1);
        }

        [Theory]
        [InlineData(new byte[] { 0xEF, 0xBB, 0xBF }, "UTF-16", false, "UTF-8 byte-order mark")]
        [InlineData(new byte[] { 0xEF, 0xBB, 0xBF }, "ISO-8859-1", false, "UTF-8 byte-order mark")]
        [InlineData(new byte[] { 0xFF, 0xFE }, "UTF-8", false, "UTF-16 little-endian byte-order mark")]
        [InlineData(new byte[] { 0xFF, 0xFE }, "UTF-16BE", false, "UTF-16 little-endian byte-order mark")]
        [InlineData(new byte[] { 0xFE, 0xFF }, "UTF-16LE", true, "UTF-16 big-endian byte-order mark")]
        [InlineData(new byte[] { 0xFE, 0xFF }, "US-ASCII", true, "UTF-16 big-endian byte-order mark")]
        public void MarkContradictingTheDeclarationIsRefused(byte[] mark, string declared, bool bigEndian, string fragment)
        {
            string text = $"<?xml version=\"1.0\" encoding=\"{declared}\"?>\n" + Template.Replace("{decl}", "").Replace("{0}", "ok");
            byte[] body = mark.Length == 3 ? Encoding.UTF8.GetBytes(text) : Utf16(text, bigEndian);
            Refused(Concat(mark, body), fragment, 1, 31);
        }

        [Fact]
        public void Utf16DeclaredWithoutAMarkIsRefused()
        {
            Refused(Utf8Manifest("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n", "ok"u8.ToArray()), "no byte-order mark", 1, 31);
            string text = Template.Replace("{decl}", "").Replace("{0}", "ok");
            Refused(Utf16(text, false), "UTF-16 without a byte-order mark", 1, 1);
            Refused(Utf16(text, true), "UTF-16 without a byte-order mark", 1, 1);
        }

        [Theory]
        [InlineData("EBCDIC-CP-US")]
        [InlineData("windows-1252")]
        [InlineData("UTF-32")]
        [InlineData("x-no-such-encoding")]
        [InlineData("")]
        public void UnknownEncodingIsRefused(string declared)
        {
            var d = Refused(Utf8Manifest($"<?xml version=\"1.0\"\n  encoding='{declared}'?>\n", "ok"u8.ToArray()), "is not one the installer reads", 2, 13);
            Assert.Contains($"\"{declared}\"", d.Message, StringComparison.Ordinal);
        }

        [Fact]
        public void Utf32MarkIsRefused()
        {
            string text = Template.Replace("{decl}", "").Replace("{0}", "ok");
            Refused(Concat(new byte[] { 0xFF, 0xFE, 0, 0 }, new UTF32Encoding(false, false).GetBytes(text)), "UTF-32", 1, 1);
        }

        [Fact]
        public void NonAsciiByteUnderAnAsciiDeclarationIsRefused() =>
            Refused(Utf8Manifest("<?xml version=\"1.0\" encoding=\"US-ASCII\"?>\n", new byte[] { (byte)'a', 0xE9 }), "is not US-ASCII", 4, 17);

        [Fact]
        public void PolicyWithInvalidBytesIsRefusedToo()
        {
            string file = Path.Combine(_dir, "p.xml");
            File.WriteAllBytes(file, Concat("<policy xmlns=\"urn:singularity:policy:v1\" configuration=\"SIP-Phys\">\n  <programs>"u8.ToArray(),
                new byte[] { 0xC3, 0x28 }, "</programs>\n</policy>\n"u8.ToArray()));
            var bag = new DiagnosticBag();
            InstallerPipeline.Check(file, bag);
            var d = Assert.Single(bag.Items);
            Assert.Equal(ErrorCodes.BadEncoding, d.Code);
            Assert.Equal((2, 13), (d.Location.Line, d.Location.Column));
        }

        /// <summary>What the installer reads, it reads exactly: the description arrives as written.</summary>
        [Theory]
        [InlineData("utf8-plain")]
        [InlineData("utf8-mark")]
        [InlineData("utf8-declared")]
        [InlineData("utf16le-mark")]
        [InlineData("utf16be-mark")]
        [InlineData("utf16le-declared-le")]
        [InlineData("latin1")]
        [InlineData("ascii")]
        public void DocumentsValidInTheirEncodingAreReadExactly(string form)
        {
            const string wide = "Caf\u00e9 \u00fcber \u4e16\u754c \U0001D11E";
            const string narrow = "Caf\u00e9 \u00fcber";
            string Text(string decl, string description) => decl + Template.Replace("{decl}", "").Replace("{0}", description);
            var (bytes, expected) = form switch
            {
                "utf8-plain" => (Encoding.UTF8.GetBytes(Text("", wide)), wide),
                "utf8-mark" => (Concat(new byte[] { 0xEF, 0xBB, 0xBF }, Encoding.UTF8.GetBytes(Text("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", wide))), wide),
                "utf8-declared" => (Encoding.UTF8.GetBytes(Text("<?xml version='1.0' encoding='utf-8' standalone='yes'?>\n", wide)), wide),
                "utf16le-mark" => (Concat(new byte[] { 0xFF, 0xFE }, Utf16(Text("", wide), false)), wide),
                "utf16be-mark" => (Concat(new byte[] { 0xFE, 0xFF }, Utf16(Text("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n", wide), true)), wide),
                "utf16le-declared-le" => (Concat(new byte[] { 0xFF, 0xFE }, Utf16(Text("<?xml version=\"1.0\" encoding=\"UTF-16LE\"?>\n", wide), false)), wide),
                "latin1" => (Encoding.Latin1.GetBytes(Text("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n", narrow)), narrow),
                _ => (Encoding.ASCII.GetBytes(Text("<?xml version=\"1.0\" encoding=\"us-ascii\"?>\n", "Cafe")), "Cafe"),
            };
            var (manifest, diagnostics) = Read(bytes);
            Assert.True(diagnostics.Count == 0, string.Join("\n", diagnostics));
            Assert.Equal(expected, manifest!.Description);
        }
    }
}
