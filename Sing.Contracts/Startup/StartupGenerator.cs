using System.Collections.Generic;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Sing.Analyzers;

namespace Sing.Startup.Generator
{
    /// <summary>
    /// For the one <c>[ProgramStartup] partial class</c> of a program, emits <c>FromKernel()</c>, which reads each
    /// attributed field from the kernel's startup state, and the <c>sip_program_main</c> entry point, which calls the
    /// program's <c>static int Main(ThatClass)</c>. The installer checks the same fields against the manifest.
    /// </summary>
    [Generator(LanguageNames.CSharp)]
    public sealed class StartupGenerator : IIncrementalGenerator
    {
        private const string StartupAttribute = "Singularity.Configuration.ProgramStartupAttribute";

        private static readonly DiagnosticDescriptor NoMain = new DiagnosticDescriptor(
            "SINGS001", "Give the startup class a Main",
            "Program startup class {0} needs a 'static int Main({0} startup)' (or 'static async Task<int>' / 'Task Main') somewhere in the program: add one",
            "Sing.Startup", DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: HelpLinks.For("SINGS001"));

        private static readonly DiagnosticDescriptor BadField = new DiagnosticDescriptor(
            "SINGS002", "Give a startup field the type its attribute reads",
            "Field {0} is marked [{1}] and must be of type {2}: change its type or its attribute",
            "Sing.Startup", DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: HelpLinks.For("SINGS002"));

        private static readonly DiagnosticDescriptor NotPartial = new DiagnosticDescriptor(
            "SINGS003", "Startup class must be a top-level, non-generic partial class",
            "Program startup class {0} must be a top-level, non-generic partial class: add 'partial', and move it out of other types",
            "Sing.Startup", DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: HelpLinks.For("SINGS003"));

        // Attribute name -> (allowed field type, StartupContext reader).
        private static readonly Dictionary<string, (string Type, string Reader)[]> Readers = new Dictionary<string, (string, string)[]>
        {
            ["ParameterAttribute"] = new[] { ("int", "GetInt32"), ("long", "GetInt64"), ("bool", "GetBool"), ("string", "GetString") },
            ["EndpointAttribute"] = new[] { ("Singularity.V1.ChannelEndpoint", "GetEndpoint") },
            ["IoPortsAttribute"] = new[] { ("Singularity.Configuration.IoPortRange", "GetIoPorts") },
            ["IrqAttribute"] = new[] { ("Singularity.Configuration.IrqLine", "GetIrq") },
            ["IoMemoryAttribute"] = new[] { ("Singularity.Configuration.IoMemoryRange", "GetIoMemory") },
            ["DmaAttribute"] = new[] { ("Singularity.Configuration.DmaChannel", "GetDma") },
            ["DmaMemoryAttribute"] = new[] { ("Singularity.Configuration.DmaMemory", "GetDmaMemory") },
        };

        public void Initialize(IncrementalGeneratorInitializationContext context)
        {
            IncrementalValuesProvider<StartupModel> models = context.SyntaxProvider.ForAttributeWithMetadataName(
                StartupAttribute,
                static (node, _) => node is ClassDeclarationSyntax,
                static (ctx, _) => Build(ctx));
            context.RegisterSourceOutput(models, static (spc, model) =>
            {
                foreach (DiagnosticInfo d in model.Diagnostics) spc.ReportDiagnostic(d.Create());
                if (model.Source.Length > 0) spc.AddSource(model.HintName, model.Source);
            });
        }

        private static StartupModel Build(GeneratorAttributeSyntaxContext ctx)
        {
            var type = (INamedTypeSymbol)ctx.TargetSymbol;
            var declaration = (ClassDeclarationSyntax)ctx.TargetNode;
            var diagnostics = new List<DiagnosticInfo>();
            string typeName = type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
            if (type.ContainingType != null || type.IsGenericType || !declaration.Modifiers.Any(SyntaxKind.PartialKeyword))
            {
                diagnostics.Add(new DiagnosticInfo(NotPartial, declaration.Identifier.GetLocation(), type.Name));
                return new StartupModel("", "", diagnostics);
            }
            // Only the first partial declaration produces output.
            if (type.DeclaringSyntaxReferences[0].GetSyntax() != declaration) return new StartupModel("", "", diagnostics);

            var assignments = new StringBuilder();
            foreach (IFieldSymbol field in type.GetMembers().OfType<IFieldSymbol>())
            {
                foreach (AttributeData attribute in field.GetAttributes())
                {
                    INamedTypeSymbol? attributeClass = attribute.AttributeClass;
                    if (attributeClass == null || attributeClass.ContainingNamespace.ToDisplayString() != "Singularity.Configuration") continue;
                    if (!Readers.TryGetValue(attributeClass.Name, out (string Type, string Reader)[] readers)) continue;
                    string fieldType = field.Type.ToDisplayString();
                    string? reader = readers.Where(r => r.Type == fieldType).Select(r => r.Reader).FirstOrDefault();
                    Location location = field.Locations.FirstOrDefault() ?? Location.None;
                    if (reader == null)
                    {
                        string expected = string.Join(" or ", readers.Select(r => r.Type));
                        diagnostics.Add(new DiagnosticInfo(BadField, location, field.Name, attributeClass.Name.Replace("Attribute", ""), expected));
                        continue;
                    }
                    string name = attribute.ConstructorArguments.Length == 1 ? attribute.ConstructorArguments[0].Value as string ?? field.Name : field.Name;
                    assignments.Append("            startup.").Append(field.Name).Append(" = global::Singularity.Configuration.StartupContext.")
                        .Append(reader).Append('(').Append(SymbolDisplay.FormatLiteral(name, quote: true)).Append(");\n");
                }
            }

            IMethodSymbol? main = FindMain(ctx.SemanticModel.Compilation, type);
            if (main == null) diagnostics.Add(new DiagnosticInfo(NoMain, declaration.Identifier.GetLocation(), type.Name));

            var source = new StringBuilder();
            source.Append("// <auto-generated/> by Sing.Startup.Generator from ").Append(type.Name).Append("'s startup fields.\n");
            source.Append("#nullable disable\n");
            string ns = type.ContainingNamespace.IsGlobalNamespace ? "" : type.ContainingNamespace.ToDisplayString();
            if (ns.Length > 0) source.Append("namespace ").Append(ns).Append("\n{\n");
            source.Append("    partial class ").Append(type.Name).Append("\n    {\n");
            source.Append("        /// <summary>This program's startup object, filled from what the kernel's binder prepared from its manifest.</summary>\n");
            source.Append("        internal static ").Append(typeName).Append(" FromKernel()\n        {\n");
            source.Append("            var startup = new ").Append(typeName).Append("();\n");
            source.Append(assignments);
            source.Append("            return startup;\n        }\n    }\n");
            if (ns.Length > 0) source.Append("}\n");
            if (main != null)
            {
                string owner = main.ContainingType.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
                source.Append("\nnamespace Singularity.Generated\n{\n");
                source.Append("    internal static class ProgramEntry\n    {\n");
                source.Append("        [global::System.Runtime.InteropServices.UnmanagedCallersOnly(EntryPoint = \"sip_program_main\")]\n");
                string call = owner + ".Main(" + typeName + ".FromKernel())";
                // An async Main runs to its end here (its continuations on the thread pool), as .NET's generated entry does;
                // a Main with no number to return exits with Environment.ExitCode.
                string body = main.ReturnType.SpecialType == SpecialType.System_Int32 ? "=> " + call + ";"
                    : main.ReturnType is INamedTypeSymbol { IsGenericType: true } ? "=> " + call + ".GetAwaiter().GetResult();"
                    : "{ " + call + ".GetAwaiter().GetResult(); return global::System.Environment.ExitCode; }";
                source.Append("        private static int Main() ").Append(body).Append("\n");
                source.Append("    }\n}\n");
            }
            return new StartupModel(type.Name + ".Startup.g.cs", source.ToString(), diagnostics);
        }

        private static bool IsTaskOfIntOrTask(ITypeSymbol type) =>
            type is INamedTypeSymbol named && named.ContainingNamespace?.ToDisplayString() == "System.Threading.Tasks" && named.Name == "Task"
            && (named.TypeArguments.Length == 0 || named.TypeArguments[0].SpecialType == SpecialType.System_Int32);

        private static IMethodSymbol? FindMain(Compilation compilation, INamedTypeSymbol startup)
        {
            foreach (ISymbol symbol in compilation.GetSymbolsWithName("Main", SymbolFilter.Member))
            {
                if (symbol is IMethodSymbol m && m.IsStatic && m.Parameters.Length == 1
                    && SymbolEqualityComparer.Default.Equals(m.Parameters[0].Type, startup)
                    && (m.ReturnType.SpecialType == SpecialType.System_Int32 || IsTaskOfIntOrTask(m.ReturnType)))
                    return m;
            }
            return null;
        }
    }
}
