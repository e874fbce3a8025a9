using System.Collections.Generic;
using System.Linq;
using System.Xml.Linq;

namespace Sing.GvmRoots
{
    /// <summary>Writes the rooted types as ILC runtime directives: each under the assembly that defines its generic
    /// definition (or array element), named in the custom-attribute format with assembly-qualified arguments.</summary>
    internal static class RdXmlWriter
    {
        private static readonly XNamespace s_ns = "http://schemas.microsoft.com/netfx/2013/01/metadata";

        public static XDocument Build(IEnumerable<TypeSig> types)
        {
            var byAssembly = types
                .Select(t => (Owner: Owner(t), Type: t))
                .Where(e => e.Owner != null)
                .GroupBy(e => e.Owner!.Assembly, System.StringComparer.Ordinal)
                .OrderBy(g => g.Key, System.StringComparer.Ordinal);
            var application = new XElement(s_ns + "Application");
            foreach (var group in byAssembly)
            {
                var assembly = new XElement(s_ns + "Assembly", new XAttribute("Name", group.Key));
                foreach (var (_, type) in group)
                {
                    string qualified = type.QualifiedName;
                    string local = qualified[..qualified.LastIndexOf(", ", System.StringComparison.Ordinal)];
                    // "Required All" makes the type constructed (its MethodTable lands in the generics hashtable).
                    assembly.Add(new XElement(s_ns + "Type", new XAttribute("Name", local), new XAttribute("Dynamic", "Required All")));
                }
                application.Add(assembly);
            }
            return new XDocument(new XElement(s_ns + "Directives", application));
        }

        private static NamedSig? Owner(TypeSig type) => type switch
        {
            GenericInstSig inst => inst.Definition,
            ArraySig array => Owner(array.Element),
            NamedSig named => named,
            _ => null,
        };
    }
}
