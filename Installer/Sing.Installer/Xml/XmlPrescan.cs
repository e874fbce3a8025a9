using System;
using System.Globalization;
using System.IO;
using System.Xml;
using Sing.Installer.Diagnostics;

namespace Sing.Installer.Xml
{
    /// <summary>The checks that run before an XML file is loaded: no DTD or entity declarations and no entity references
    /// beyond XML's five (SINGI006), then the caps of <see cref="XmlLimits"/> (SINGI005) in one streaming pass. Each
    /// reports the first problem it finds, with its line, and the file is not loaded.</summary>
    internal static class XmlPrescan
    {
        /// <summary>True when <paramref name="text"/> may be loaded; otherwise one diagnostic says why.</summary>
        public static bool Check(string file, string text, DiagnosticBag bag) => CheckMarkup(file, text, bag) && CheckLimits(file, text, bag);

        /// <summary>A lexical pass over the text: comments, CDATA sections and processing instructions are skipped, any
        /// other "&lt;!" (DOCTYPE, ENTITY, ...) and any "&amp;name;" other than lt, gt, amp, apos, quot are refused.</summary>
        private static bool CheckMarkup(string file, string text, DiagnosticBag bag)
        {
            int i = 0;
            while (i < text.Length)
            {
                char c = text[i];
                if (c == '<' && At(text, i, "<!--")) { i = Skip(text, i + 4, "-->"); continue; }
                if (c == '<' && At(text, i, "<![CDATA[")) { i = Skip(text, i + 9, "]]>"); continue; }
                if (c == '<' && At(text, i, "<?")) { i = Skip(text, i + 2, "?>"); continue; }
                if (c == '<' && At(text, i, "<!"))
                {
                    string word = Word(text, i + 2);
                    bag.Add(ErrorCodes.DtdRefused, Locate(file, text, i),
                        $"<!{word} ...> declares a document type or entities, which manifests and policies may not have (the installer never processes DTDs); remove the declaration and write the values out");
                    return false;
                }
                if (c == '&')
                {
                    int end = text.IndexOf(';', i + 1, Math.Min(XmlLimits.MaxNameLength + 2, text.Length - i - 1));
                    string name = end < 0 ? Word(text, i + 1) : text[(i + 1)..end];
                    if (end < 0 || !IsPredefined(name))
                    {
                        bag.Add(ErrorCodes.DtdRefused, Locate(file, text, i),
                            $"entity reference &{name}{(end < 0 ? "" : ";")} is refused: only &lt; &gt; &amp; &apos; &quot; and character references (&#65; &#x41;) may be used; write the text out");
                        return false;
                    }
                    i = end + 1;
                    continue;
                }
                i++;
            }
            return true;
        }

        private static bool IsPredefined(string name)
        {
            if (name is "lt" or "gt" or "amp" or "apos" or "quot") return true;
            if (name.Length < 2 || name[0] != '#') return false;
            bool hex = name[1] == 'x';
            string digits = hex ? name[2..] : name[1..];
            return digits.Length > 0 && (hex
                ? uint.TryParse(digits, NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out _)
                : uint.TryParse(digits, NumberStyles.None, CultureInfo.InvariantCulture, out _));
        }

        /// <summary>One streaming read that stops at the first cap exceeded. The reader is XmlReader with DTDs prohibited
        /// (the lexical pass has already refused them) and no resolver.</summary>
        private static bool CheckLimits(string file, string text, DiagnosticBag bag)
        {
            var settings = new XmlReaderSettings
            {
                DtdProcessing = DtdProcessing.Prohibit,
                XmlResolver = null,
                MaxCharactersInDocument = XmlLimits.MaxFileBytes,
                IgnoreComments = true,
                IgnoreProcessingInstructions = true,
            };
            int elements = 0;
            try
            {
                using var reader = XmlReader.Create(new StringReader(text), settings);
                var info = (IXmlLineInfo)reader;
                while (reader.Read())
                {
                    string? problem = null;
                    switch (reader.NodeType)
                    {
                        case XmlNodeType.Element:
                            if (++elements > XmlLimits.MaxElements) problem = $"more than {XmlLimits.MaxElements} elements";
                            else if (reader.Depth + 1 > XmlLimits.MaxDepth) problem = $"elements nested deeper than {XmlLimits.MaxDepth} levels";
                            else if (reader.Name.Length > XmlLimits.MaxNameLength) problem = $"an element name longer than {XmlLimits.MaxNameLength} characters";
                            else if (reader.AttributeCount > XmlLimits.MaxAttributes) problem = $"more than {XmlLimits.MaxAttributes} attributes on <{reader.Name}>";
                            else problem = CheckAttributes(reader);
                            break;
                        case XmlNodeType.Text:
                        case XmlNodeType.CDATA:
                        case XmlNodeType.Whitespace:
                        case XmlNodeType.SignificantWhitespace:
                            if (reader.Value.Length > XmlLimits.MaxTextLength) problem = $"a text of more than {XmlLimits.MaxTextLength} characters";
                            break;
                    }
                    if (problem is not null)
                    {
                        bag.Add(ErrorCodes.InputLimit, new SourceLocation(file, info.LineNumber, info.LinePosition),
                            $"the file has {problem}, beyond what the installer reads; manifests and policies are small, so shorten or split this one");
                        return false;
                    }
                }
            }
            catch (XmlException e)
            {
                XmlDocumentLoader.ReportMalformed(file, e, bag);
                return false;
            }
            return true;
        }

        private static string? CheckAttributes(XmlReader reader)
        {
            for (int a = 0; a < reader.AttributeCount; a++)
            {
                reader.MoveToAttribute(a);
                if (reader.Name.Length > XmlLimits.MaxNameLength)
                    return $"an attribute name longer than {XmlLimits.MaxNameLength} characters";
                if (reader.Value.Length > XmlLimits.MaxAttributeLength)
                    return $"an attribute value ({reader.Name}) of {reader.Value.Length} characters, more than {XmlLimits.MaxAttributeLength}";
            }
            reader.MoveToElement();
            return null;
        }

        private static bool At(string text, int i, string what) => string.CompareOrdinal(text, i, what, 0, what.Length) == 0;

        /// <summary>The index after the next <paramref name="end"/>, or the end of the text (the reader then reports it).</summary>
        private static int Skip(string text, int from, string end)
        {
            int at = text.IndexOf(end, from, StringComparison.Ordinal);
            return at < 0 ? text.Length : at + end.Length;
        }

        /// <summary>The name-like characters at <paramref name="from"/>, at most MaxNameLength of them.</summary>
        private static string Word(string text, int from)
        {
            int end = from;
            while (end < text.Length && end - from < XmlLimits.MaxNameLength && (char.IsLetterOrDigit(text[end]) || text[end] is '_' or '-' or '.' or '#' or ':')) end++;
            return text[from..end];
        }

        private static SourceLocation Locate(string file, string text, int index)
        {
            int line = 1, column = 1;
            for (int k = 0; k < index; k++)
            {
                if (text[k] == '\n') { line++; column = 1; }
                else column++;
            }
            return new SourceLocation(file, line, column);
        }
    }
}
