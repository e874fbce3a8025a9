namespace Sing.Installer.Xml
{
    /// <summary>Caps on a manifest or policy, checked before the schema or any rule looks at it, so hostile input costs
    /// linear time and bounded memory and never recurses deeply. Real manifests use a small fraction of each: the
    /// deepest element is at depth 3, the largest file a few KiB.</summary>
    public static class XmlLimits
    {
        /// <summary>Bytes in one file.</summary>
        public const long MaxFileBytes = 256 * 1024;

        /// <summary>Element nesting depth (the root is depth 1).</summary>
        public const int MaxDepth = 16;

        /// <summary>Elements in one file.</summary>
        public const int MaxElements = 4096;

        /// <summary>Attributes on one element (namespace declarations included).</summary>
        public const int MaxAttributes = 16;

        /// <summary>Characters in one attribute value.</summary>
        public const int MaxAttributeLength = 1024;

        /// <summary>Characters in one text node (a description, a startup line).</summary>
        public const int MaxTextLength = 4096;

        /// <summary>Characters in an element or attribute name (prefix included).</summary>
        public const int MaxNameLength = 64;
    }
}
