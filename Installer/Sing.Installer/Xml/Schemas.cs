using System;
using System.IO;
using System.Xml;
using System.Xml.Schema;

namespace Sing.Installer.Xml
{
    /// <summary>The manifest and policy schemas, embedded from Manifests/*.xsd and compiled once.</summary>
    public static class Schemas
    {
        public const string ManifestNamespace = "urn:singularity:manifest:v1";
        public const string PolicyNamespace = "urn:singularity:policy:v1";

        private static readonly Lazy<XmlSchemaSet> s_manifest = new(() => Load("Sing.Installer.manifest.xsd"));
        private static readonly Lazy<XmlSchemaSet> s_policy = new(() => Load("Sing.Installer.policy.xsd"));

        public static XmlSchemaSet Manifest => s_manifest.Value;

        public static XmlSchemaSet Policy => s_policy.Value;

        private static XmlSchemaSet Load(string resource)
        {
            using Stream stream = typeof(Schemas).Assembly.GetManifestResourceStream(resource)
                ?? throw new InvalidOperationException($"embedded schema {resource} is missing from the installer");
            using var reader = XmlReader.Create(stream, new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit });
            var set = new XmlSchemaSet();
            set.Add(null, reader);
            set.Compile();
            return set;
        }
    }
}
