using System.Collections.Generic;
using System.Linq;
using System.Reflection.Metadata;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;

namespace Sing.Installer.Il
{
    /// <summary>A program may use only the channel contracts its manifest declares (001 §4.1): every type carrying an
    /// attribute named ContractAttribute (any namespace), or nested in one, that the program defines or references must
    /// be the contract of one of its endpoints or listed under &lt;contracts&gt; (channels made at run time). References are resolved into the --references assemblies to see the
    /// attribute.</summary>
    public static class ContractUseChecker
    {
        private const string Marker = "ContractAttribute";

        /// <param name="definitionsAreUse">True for the program's main assembly: a contract it defines is one it uses. A
        /// library among its code assemblies may define contracts the program does not use; its references still count.</param>
        public static void Check(LoadedAssembly asm, ProgramManifest m, AssemblyResolver resolver, DiagnosticBag bag, bool definitionsAreUse = true)
        {
            MetadataReader r = asm.Reader;
            var declared = new HashSet<string>(m.Endpoints.Select(e => e.Contract).Concat(m.Contracts.Select(c => c.Name)));
            var reported = new HashSet<string>();

            if (definitionsAreUse)
                foreach (TypeDefinitionHandle h in r.TypeDefinitions)
                    if (ContractOf(r, h) is string contract)
                        Report(asm, m, contract, MetadataNames.OfDefinition(r, h), "defines", declared, reported, bag);

            foreach (TypeReferenceHandle h in r.TypeReferences)
                if (resolver.Resolve(r, h) is { } d && ContractOf(d.Reader, d.Type) is string contract)
                    Report(asm, m, contract, MetadataNames.OfReference(r, h), "references", declared, reported, bag);
        }

        /// <summary>The full name (dotted, as manifests write it) of the contract type <paramref name="h"/> is or is nested in.</summary>
        public static string? ContractOf(MetadataReader r, TypeDefinitionHandle h)
        {
            int depth = 0;
            for (TypeDefinitionHandle t = h; !t.IsNil; t = r.GetTypeDefinition(t).GetDeclaringType())
                if (++depth > 32) throw new System.BadImageFormatException("nested types form a cycle");
                else if (AttributeReader.HasSimpleName(r, r.GetTypeDefinition(t).GetCustomAttributes(), Marker))
                    return MetadataNames.OfDefinition(r, t).Replace('+', '.');
            return null;
        }

        private static void Report(LoadedAssembly asm, ProgramManifest m, string contract, string through, string verb,
            HashSet<string> declared, HashSet<string> reported, DiagnosticBag bag)
        {
            if (declared.Contains(contract) || !reported.Add(contract)) return;
            string via = through.Replace('+', '.') == contract ? "" : $" (it {verb} {through})";
            bag.Add(ErrorCodes.UndeclaredContract, SourceLocation.OfFile(asm.DisplayName),
                $"{asm.Name} uses contract {contract}{via}, which the manifest of {m.Name} does not declare; add an endpoint with contract=\"{contract}\" or <contracts><contract name=\"{contract}\"/></contracts>, or remove the use");
        }
    }
}
