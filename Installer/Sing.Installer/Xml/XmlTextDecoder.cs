using System;
using System.Buffers;
using System.Text;
using System.Text.RegularExpressions;
using System.Text.Unicode;
using Sing.Installer.Diagnostics;

namespace Sing.Installer.Xml
{
    /// <summary>Turns a manifest's or policy's bytes into text, honouring what the document says about its encoding
    /// (XML 1.0 §4.3.3, Appendix F): a byte-order mark, else the XML declaration's <c>encoding</c>, else UTF-8. Every
    /// byte must be valid in that encoding; nothing is replaced by U+FFFD, because a replaced character would reach the
    /// system manifest as something its author never wrote. Accepted: UTF-8 (with or without a mark), UTF-16 little or
    /// big endian (with a mark, as §4.3.3 requires), US-ASCII and ISO-8859-1 (declared, without a mark). Anything else,
    /// a mark that contradicts the declaration, or an invalid byte is refused (SINGI007) with its line and column.</summary>
    internal static partial class XmlTextDecoder
    {
        private enum Form { Utf8, Utf16Le, Utf16Be, Ascii, Latin1 }

        /// <summary>The decoded text, or null after one diagnostic.</summary>
        public static string? Decode(string file, ReadOnlySpan<byte> bytes, DiagnosticBag bag)
        {
            Form? marked = null;
            int markLength = 0;
            if (bytes.StartsWith(new byte[] { 0xEF, 0xBB, 0xBF })) { marked = Form.Utf8; markLength = 3; }
            else if (bytes.StartsWith(new byte[] { 0xFF, 0xFE, 0, 0 }) || bytes.StartsWith(new byte[] { 0, 0, 0xFE, 0xFF }))
                return Refuse(file, 1, 1, bag, "the byte-order mark says UTF-32, which the installer does not read; save the file as UTF-8");
            else if (bytes.StartsWith(new byte[] { 0xFF, 0xFE })) { marked = Form.Utf16Le; markLength = 2; }
            else if (bytes.StartsWith(new byte[] { 0xFE, 0xFF })) { marked = Form.Utf16Be; markLength = 2; }
            else if (bytes.Length >= 2 && ((bytes[0] == '<' && bytes[1] == 0) || (bytes[0] == 0 && bytes[1] == '<')))
                return Refuse(file, 1, 1, bag, "the file looks like UTF-16 without a byte-order mark, which XML requires for UTF-16 (§4.3.3); save it as UTF-8 or with a mark");
            ReadOnlySpan<byte> body = bytes[markLength..];

            // The declaration is ASCII in every accepted encoding; read it in the mark's form (or byte by byte).
            string head = Head(body, marked ?? Form.Latin1);
            Match declaration = DeclarationRegex().Match(head);
            Form form = marked ?? Form.Utf8;
            if (declaration.Success && declaration.Groups["name"].Success)
            {
                string name = declaration.Groups["name"].Value;
                var (line, column) = Position(head.AsSpan(0, declaration.Groups["name"].Index));
                Form? declared = Named(name);
                if (declared is null)
                    return Refuse(file, line, column, bag,
                        $"encoding \"{name}\" is not one the installer reads (UTF-8, UTF-16, US-ASCII, ISO-8859-1); save the file as UTF-8 and declare encoding=\"UTF-8\" or nothing");
                bool agrees = marked switch
                {
                    null => declared is not (Form.Utf16Le or Form.Utf16Be),
                    Form.Utf8 => declared == Form.Utf8,
                    _ => declared is Form.Utf16Le or Form.Utf16Be && (IsBareUtf16(name) || declared == marked),
                };
                if (!agrees)
                    return Refuse(file, line, column, bag, marked is null
                        ? $"encoding \"{name}\" is declared but the file has no byte-order mark, which UTF-16 requires (§4.3.3); save it as UTF-8 or with a mark"
                        : $"encoding \"{name}\" is declared but the file begins with a {Describe(marked.Value)} byte-order mark; make the declaration and the mark agree");
                if (marked is null) form = declared.Value;
            }
            return Strict(file, body, form, bag);
        }

        private static Form? Named(string name) => name.ToUpperInvariant() switch
        {
            "UTF-8" or "UTF8" => Form.Utf8,
            "UTF-16" or "UTF-16LE" => Form.Utf16Le,
            "UTF-16BE" => Form.Utf16Be,
            "US-ASCII" or "ASCII" => Form.Ascii,
            "ISO-8859-1" or "LATIN1" => Form.Latin1,
            _ => null,
        };

        /// <summary>"UTF-16" names both byte orders; the mark decides.</summary>
        private static bool IsBareUtf16(string name) => name.Equals("UTF-16", StringComparison.OrdinalIgnoreCase);

        private static string Describe(Form form) => form switch
        {
            Form.Utf8 => "UTF-8",
            Form.Utf16Le => "UTF-16 little-endian",
            _ => "UTF-16 big-endian",
        };

        /// <summary>Up to 256 characters from the start, decoded leniently: only to find the declaration.</summary>
        private static string Head(ReadOnlySpan<byte> body, Form form)
        {
            var head = new StringBuilder();
            int step = form is Form.Utf16Le or Form.Utf16Be ? 2 : 1;
            for (int i = 0; i + step <= body.Length && head.Length < 256; i += step)
                head.Append(step == 1 ? (char)body[i] : form == Form.Utf16Le ? (char)(body[i] | body[i + 1] << 8) : (char)(body[i] << 8 | body[i + 1]));
            return head.ToString();
        }

        private static string? Strict(string file, ReadOnlySpan<byte> body, Form form, DiagnosticBag bag)
        {
            switch (form)
            {
                case Form.Utf8:
                {
                    var chars = new char[body.Length];
                    var status = Utf8.ToUtf16(body, chars, out int read, out int written, replaceInvalidSequences: false);
                    if (status == OperationStatus.Done) return new string(chars, 0, written);
                    return Invalid(file, new string(chars, 0, written), bag, $"byte 0x{body[read]:X2} at offset {read} is not valid UTF-8 (a malformed or truncated sequence, an overlong form, or an encoded surrogate)");
                }
                case Form.Utf16Le:
                case Form.Utf16Be:
                {
                    var chars = new StringBuilder(body.Length / 2);
                    for (int i = 0; i < body.Length; i += 2)
                    {
                        if (i + 1 == body.Length)
                            return Invalid(file, chars.ToString(), bag, "the file ends in half a UTF-16 code unit (an odd number of bytes)");
                        char c = form == Form.Utf16Le ? (char)(body[i] | body[i + 1] << 8) : (char)(body[i] << 8 | body[i + 1]);
                        bool pairs = char.IsHighSurrogate(c) && i + 3 < body.Length
                            && char.IsLowSurrogate(form == Form.Utf16Le ? (char)(body[i + 2] | body[i + 3] << 8) : (char)(body[i + 2] << 8 | body[i + 3]));
                        if (char.IsSurrogate(c) && !pairs)
                            return Invalid(file, chars.ToString(), bag, $"U+{(int)c:X4} at offset {i} is a lone surrogate, not valid UTF-16");
                        chars.Append(c);
                        if (pairs)
                        {
                            chars.Append(form == Form.Utf16Le ? (char)(body[i + 2] | body[i + 3] << 8) : (char)(body[i + 2] << 8 | body[i + 3]));
                            i += 2;
                        }
                    }
                    return chars.ToString();
                }
                case Form.Ascii:
                {
                    int bad = body.IndexOfAnyInRange((byte)0x80, (byte)0xFF);
                    string valid = Encoding.ASCII.GetString(bad < 0 ? body : body[..bad]);
                    return bad < 0 ? valid : Invalid(file, valid, bag, $"byte 0x{body[bad]:X2} at offset {bad} is not US-ASCII, the declared encoding");
                }
                default:
                    return Encoding.Latin1.GetString(body);
            }
        }

        /// <summary>Reports at the line and column just after <paramref name="valid"/>, the text before the bad byte.</summary>
        private static string? Invalid(string file, string valid, DiagnosticBag bag, string what)
        {
            var (line, column) = Position(valid);
            return Refuse(file, line, column, bag, $"{what}; save the file in the encoding it declares (UTF-8 when it declares none)");
        }

        /// <summary>The 1-based line and column of the character after <paramref name="before"/>.</summary>
        private static (int Line, int Column) Position(ReadOnlySpan<char> before)
        {
            int line = 1, column = 1;
            foreach (char c in before)
            {
                if (c == '\n') { line++; column = 1; }
                else column++;
            }
            return (line, column);
        }

        private static string? Refuse(string file, int line, int column, DiagnosticBag bag, string message)
        {
            bag.Add(ErrorCodes.BadEncoding, new SourceLocation(file, line, column), message);
            return null;
        }

        /// <summary>An XML declaration at the very start, with its encoding pseudo-attribute if it has one.</summary>
        [GeneratedRegex(@"^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(?:""[^""]*""|'[^']*')(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(?<q>[""'])(?<name>[^""'?>]*)\k<q>)?")]
        private static partial Regex DeclarationRegex();
    }
}
