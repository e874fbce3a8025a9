using System;
using System.Collections.Generic;
using System.IO;
using System.Xml;
using System.Xml.Linq;
using System.Xml.Schema;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;

namespace Sing.Installer.Xml
{
    /// <summary>Loads an XML file with line information, checks it is the expected kind of document and validates it
    /// against its schema. Returns null (and reports) when the file cannot be used for the semantic rules.</summary>
    public static class XmlDocumentLoader
    {
        public static XDocument? Load(string file, XName root, XmlSchemaSet schemas, string schemaName, DiagnosticBag bag)
        {
            if (!File.Exists(file))
            {
                bag.Add(ErrorCodes.FileMissing, SourceLocation.OfFile(file), $"file {file} does not exist; create it or correct the path that names it");
                return null;
            }
            // Read at most one byte more than the cap: a device or a growing file cannot make the installer read forever.
            string text;
            try
            {
                using var stream = new FileStream(file, FileMode.Open, FileAccess.Read, FileShare.Read);
                var buffer = new byte[XmlLimits.MaxFileBytes + 1];
                int size = 0, got;
                while (size < buffer.Length && (got = stream.Read(buffer, size, buffer.Length - size)) > 0) size += got;
                if (size > XmlLimits.MaxFileBytes)
                {
                    bag.Add(ErrorCodes.InputLimit, SourceLocation.OfFile(file),
                        $"file {file} has more than {XmlLimits.MaxFileBytes} bytes, the most the installer reads; manifests and policies are small, so shorten or split it");
                    return null;
                }
                // Strictly in the declared encoding: a byte that is not valid there is refused, never replaced.
                if (XmlTextDecoder.Decode(file, buffer.AsSpan(0, size), bag) is not { } decoded) return null;
                text = decoded;
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                bag.Add(ErrorCodes.FileMissing, SourceLocation.OfFile(file), $"file {file} cannot be read ({e.Message}); check the path and its permissions");
                return null;
            }
            if (!XmlPrescan.Check(file, text, bag)) return null;
            XDocument doc;
            try
            {
                var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit, XmlResolver = null, MaxCharactersInDocument = XmlLimits.MaxFileBytes };
                using var reader = XmlReader.Create(new StringReader(text), settings);
                doc = XDocument.Load(reader, LoadOptions.SetLineInfo);
            }
            catch (XmlException e)
            {
                ReportMalformed(file, e, bag);
                return null;
            }
            if (doc.Root is null || doc.Root.Name != root)
            {
                string found = doc.Root is null ? "nothing" : $"<{doc.Root.Name.LocalName}> in namespace '{doc.Root.Name.NamespaceName}'";
                bag.Add(ErrorCodes.WrongDocument, Locate(file, doc.Root),
                    $"expected root element <{root.LocalName}> in namespace '{root.NamespaceName}', found {found}; write <{root.LocalName} xmlns=\"{root.NamespaceName}\" ...>");
                return null;
            }
            int before = bag.Count;
            doc.Validate(schemas, (sender, e) =>
                bag.Add(ErrorCodes.SchemaViolation, Locate(file, sender as XObject),
                    $"{e.Message.TrimEnd('.')}; make it match {schemaName}"));
            return bag.Count == before ? doc : null;
        }

        /// <summary>SINGI001 from the reader's exception, without its own position suffix (ours is the location).</summary>
        internal static void ReportMalformed(string file, XmlException e, DiagnosticBag bag) =>
            bag.Add(ErrorCodes.XmlMalformed, new SourceLocation(file, e.LineNumber, e.LinePosition),
                $"not well-formed XML: {e.Message.Split(" Line ")[0].TrimEnd('.', ' ')}; fix the XML syntax at this place");

        public static SourceLocation Locate(string file, XObject? node)
        {
            if (node is IXmlLineInfo info && info.HasLineInfo()) return new SourceLocation(file, info.LineNumber, info.LinePosition);
            return SourceLocation.OfFile(file);
        }

        public static XmlSpot Spot(string file, XElement element)
        {
            var attributes = new Dictionary<string, SourceLocation>();
            foreach (var a in element.Attributes()) attributes[a.Name.LocalName] = Locate(file, a);
            return new XmlSpot(Locate(file, element), attributes);
        }
    }
}
