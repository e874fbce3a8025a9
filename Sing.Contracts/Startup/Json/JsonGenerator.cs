using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Sing.Startup.Generator.Json
{
    /// <summary>
    /// System.Text.Json's serializer without reflection (compile-time reflection, 001 §4.1.1): for every
    /// <c>[JsonSerializable]</c> <c>JsonSerializerContext</c> it writes the context's members, and every call of a
    /// JsonSerializer options overload whose type the compiler knows (<c>JsonSerializer.Serialize(person)</c>) it
    /// intercepts with a call that carries generated metadata. The metadata itself (a Write and a Read method per
    /// type) is one class, <see cref="JsonTypeEmitter"/>. Runs only against our corelib (which has
    /// JsonMetadataServices.CreateTypeInfo).
    /// </summary>
    [Generator(LanguageNames.CSharp)]
    public sealed class JsonGenerator : IIncrementalGenerator
    {
        private const string Serializer = "System.Text.Json.JsonSerializer";
        private const string OptionsType = "System.Text.Json.JsonSerializerOptions";

        private static readonly HashSet<string> Intercepted = new HashSet<string>
        {
            "Serialize", "SerializeToUtf8Bytes", "SerializeAsync", "SerializeToNode", "SerializeToElement", "SerializeToDocument",
            "Deserialize", "DeserializeAsync",
        };

        public void Initialize(IncrementalGeneratorInitializationContext context)
        {
            IncrementalValueProvider<ImmutableArray<InvocationExpressionSyntax>> calls = context.SyntaxProvider.CreateSyntaxProvider(
                static (node, _) => node is InvocationExpressionSyntax invocation && Intercepted.Contains(MethodName(invocation)),
                static (ctx, _) => (InvocationExpressionSyntax)ctx.Node).Collect();
            IncrementalValueProvider<ImmutableArray<ClassDeclarationSyntax>> contexts = context.SyntaxProvider.ForAttributeWithMetadataName(
                "System.Text.Json.Serialization.JsonSerializableAttribute",
                static (node, _) => node is ClassDeclarationSyntax,
                static (ctx, _) => (ClassDeclarationSyntax)ctx.TargetNode).Collect();
            context.RegisterSourceOutput(context.CompilationProvider.Combine(calls.Combine(contexts)), static (spc, input) =>
                Generate(spc, input.Left, input.Right.Left, input.Right.Right));
        }

        private static string MethodName(InvocationExpressionSyntax invocation) => invocation.Expression switch
        {
            MemberAccessExpressionSyntax member => member.Name.Identifier.ValueText,
            GenericNameSyntax generic => generic.Identifier.ValueText,
            IdentifierNameSyntax name => name.Identifier.ValueText,
            _ => "",
        };

        private static void Generate(SourceProductionContext spc, Compilation compilation, ImmutableArray<InvocationExpressionSyntax> calls, ImmutableArray<ClassDeclarationSyntax> contexts)
        {
            INamedTypeSymbol? services = compilation.GetTypeByMetadataName("System.Text.Json.Serialization.Metadata.JsonMetadataServices");
            if (services == null || services.GetMembers("CreateTypeInfo").IsEmpty) return;
            var diagnostics = new List<Diagnostic>();
            var emitter = new JsonTypeEmitter(compilation, diagnostics);

            var interceptors = new StringBuilder();
            int count = 0;
            foreach (InvocationExpressionSyntax call in calls)
            {
                SemanticModel model = compilation.GetSemanticModel(call.SyntaxTree);
                if (model.GetSymbolInfo(call).Symbol is not IMethodSymbol method) continue;
                if (method.ContainingType?.ToDisplayString() != Serializer || !method.IsGenericMethod) continue;
                IMethodSymbol original = method.ReducedFrom ?? method;
                IMethodSymbol constructed = method.ReducedFrom != null ? method.ReducedFrom.Construct(method.TypeArguments.ToArray()) : method;
                if (!original.Parameters.Any(p => p.Type.ToDisplayString() == OptionsType)) continue;
                ITypeSymbol valueType = method.TypeArguments[0];
                if (ContainsTypeParameter(valueType)) continue;
                var location = model.GetInterceptableLocation(call);
                if (location == null) continue;
                int id = emitter.Require(valueType);
                if (id < 0) continue;
                Interceptor(interceptors, location.GetInterceptsLocationAttributeSyntax(), constructed, valueType, id, count++);
            }

            foreach (ClassDeclarationSyntax declaration in contexts.Distinct())
            {
                SemanticModel model = compilation.GetSemanticModel(declaration.SyntaxTree);
                if (model.GetDeclaredSymbol(declaration) is not INamedTypeSymbol type) continue;
                if (declaration != type.DeclaringSyntaxReferences.First().GetSyntax()) continue;
                spc.AddSource(HintName(type) + ".JsonContext.g.cs", Context(type, emitter));
            }

            if (emitter.Types.Count == 0) return;
            spc.AddSource("Sing.Json.Metadata.g.cs", emitter.Source());
            if (count > 0)
            {
                var source = new StringBuilder();
                source.Append("// <auto-generated/> by Sing.Startup.Generator's JSON generator\n#nullable disable\n");
                source.Append("namespace System.Runtime.CompilerServices\n{\n");
                source.Append("    [global::System.AttributeUsage(global::System.AttributeTargets.Method, AllowMultiple = true)]\n");
                source.Append("    file sealed class InterceptsLocationAttribute : global::System.Attribute\n    {\n");
                source.Append("        public InterceptsLocationAttribute(int version, string data) { }\n    }\n}\n\n");
                source.Append("namespace Sing.Json.Generated\n{\n    file static class JsonInterceptors\n    {\n");
                source.Append(interceptors);
                source.Append("    }\n}\n");
                spc.AddSource("Sing.Json.Interceptors.g.cs", source.ToString());
            }
            foreach (Diagnostic d in diagnostics) spc.ReportDiagnostic(d);
        }

        private static bool ContainsTypeParameter(ITypeSymbol type) => type switch
        {
            ITypeParameterSymbol => true,
            IArrayTypeSymbol array => ContainsTypeParameter(array.ElementType),
            INamedTypeSymbol named => named.TypeArguments.Any(ContainsTypeParameter),
            _ => false,
        };

        private static string HintName(INamedTypeSymbol type) =>
            new string(type.ToDisplayString().Select(c => char.IsLetterOrDigit(c) ? c : '_').ToArray());

        /// <summary>A static method with the intercepted call's parameters that calls the JsonTypeInfo overload of
        /// the same name, the options replaced by metadata built on them.</summary>
        private static void Interceptor(StringBuilder source, string attribute, IMethodSymbol method, ITypeSymbol valueType, int id, int index)
        {
            string t = JsonTypeEmitter.Name(valueType);
            string returns = method.ReturnsVoid ? "void" : JsonTypeEmitter.Name(method.ReturnType);
            var parameters = new List<string>();
            var arguments = new List<string>();
            foreach (IParameterSymbol parameter in method.Parameters)
            {
                string modifier = parameter.RefKind switch { RefKind.Ref => "ref ", RefKind.In => "in ", RefKind.Out => "out ", _ => "" };
                string prefix = parameter.Ordinal == 0 && method.IsExtensionMethod ? "this " : "";
                parameters.Add(prefix + modifier + JsonTypeEmitter.Name(parameter.Type) + " " + parameter.Name);
                arguments.Add(parameter.Type.ToDisplayString() == OptionsType
                    ? "global::System.Text.Json.Serialization.Metadata.JsonMetadataServices.CreateTypeInfo<" + t + ">(" + parameter.Name
                        + " ?? global::System.Text.Json.JsonSerializerOptions.Default, " + JsonTypeEmitter.ClassName + ".Write_" + id + ", " + JsonTypeEmitter.ClassName + ".Read_" + id + ")"
                    : modifier + parameter.Name);
            }
            source.Append("        ").Append(attribute).Append('\n');
            source.Append("        internal static ").Append(returns).Append(" Call").Append(index).Append('(').Append(string.Join(", ", parameters)).Append(")\n");
            source.Append("            => global::System.Text.Json.JsonSerializer.").Append(method.Name).Append('<').Append(t).Append(">(")
                .Append(string.Join(", ", arguments)).Append(");\n");
        }

        // ---- contexts ----

        private static string Context(INamedTypeSymbol type, JsonTypeEmitter emitter)
        {
            var roots = new List<(ITypeSymbol Type, string? Property)>();
            AttributeData? options = null;
            foreach (AttributeData attribute in type.GetAttributes())
            {
                string? name = attribute.AttributeClass?.ToDisplayString();
                if (name == "System.Text.Json.Serialization.JsonSourceGenerationOptionsAttribute") options = attribute;
                if (name != "System.Text.Json.Serialization.JsonSerializableAttribute" || attribute.ConstructorArguments.Length != 1) continue;
                if (attribute.ConstructorArguments[0].Value is not ITypeSymbol root) continue;
                string? property = attribute.NamedArguments.FirstOrDefault(a => a.Key == "TypeInfoPropertyName").Value.Value as string;
                roots.Add((root, property));
            }
            var properties = new List<(ITypeSymbol Type, string Property, int Id)>();
            var used = new HashSet<string>(type.GetMembers().Select(m => m.Name));
            foreach (var (root, property) in roots)
            {
                int id = emitter.Require(root);
                if (id < 0) continue;
                string name = property ?? PropertyName(root);
                if (used.Add(name)) properties.Add((root, name, id));
            }
            // Every type the roots contain gets its property too, as .NET's contexts have.
            foreach (ITypeSymbol reached in emitter.Types.ToList())
            {
                if (properties.Any(p => SymbolEqualityComparer.Default.Equals(p.Type, reached))) continue;
                string name = PropertyName(reached);
                if (used.Add(name)) properties.Add((reached, name, emitter.Require(reached)));
            }

            string metadata = JsonTypeEmitter.ClassName;
            var source = new StringBuilder();
            source.Append("// <auto-generated/> by Sing.Startup.Generator's JSON generator\n#nullable disable\n");
            bool inNamespace = !type.ContainingNamespace.IsGlobalNamespace;
            if (inNamespace) source.Append("namespace ").Append(type.ContainingNamespace.ToDisplayString()).Append("\n{\n");
            var containers = new List<INamedTypeSymbol>();
            for (INamedTypeSymbol outer = type.ContainingType; outer != null; outer = outer.ContainingType) containers.Insert(0, outer);
            foreach (INamedTypeSymbol outer in containers) source.Append("partial ").Append(Keyword(outer)).Append(' ').Append(outer.Name).Append("\n{\n");
            string self = type.Name;
            source.Append("partial class ").Append(self).Append("\n{\n");
            source.Append("    private static readonly global::System.Text.Json.JsonSerializerOptions s_generatedOptions = GeneratedOptions();\n");
            source.Append("    private static ").Append(self).Append(" s_default;\n");
            source.Append("    public static ").Append(self).Append(" Default => s_default ??= new ").Append(self).Append("(new global::System.Text.Json.JsonSerializerOptions(s_generatedOptions));\n");
            source.Append("    public ").Append(self).Append("() : base(null) { }\n");
            source.Append("    public ").Append(self).Append("(global::System.Text.Json.JsonSerializerOptions options) : base(options) { }\n");
            source.Append("    protected override global::System.Text.Json.JsonSerializerOptions GeneratedSerializerOptions => s_generatedOptions;\n");
            source.Append("    private static global::System.Text.Json.JsonSerializerOptions GeneratedOptions()\n    {\n");
            source.Append("        var options = new global::System.Text.Json.JsonSerializerOptions(").Append(WebDefaults(options) ? "global::System.Text.Json.JsonSerializerDefaults.Web" : "").Append(");\n");
            if (options != null) OptionsAssignments(source, options);
            source.Append("        return options;\n    }\n");
            foreach (var (root, property, id) in properties)
            {
                string t = JsonTypeEmitter.Name(root);
                source.Append("    private global::System.Text.Json.Serialization.Metadata.JsonTypeInfo<").Append(t).Append("> _").Append(property).Append(";\n");
                source.Append("    public global::System.Text.Json.Serialization.Metadata.JsonTypeInfo<").Append(t).Append("> ").Append(property)
                    .Append(" => _").Append(property).Append(" ??= global::System.Text.Json.Serialization.Metadata.JsonMetadataServices.CreateTypeInfo<").Append(t)
                    .Append(">(Options, ").Append(metadata).Append(".Write_").Append(id).Append(", ").Append(metadata).Append(".Read_").Append(id).Append(");\n");
            }
            source.Append("    public override global::System.Text.Json.Serialization.Metadata.JsonTypeInfo GetTypeInfo(global::System.Type type)\n    {\n");
            foreach (var (root, property, _) in properties)
                source.Append("        if (type == typeof(").Append(JsonTypeEmitter.Name(root)).Append(")) return ").Append(property).Append(";\n");
            source.Append("        return null;\n    }\n}\n");
            foreach (INamedTypeSymbol _ in containers) source.Append("}\n");
            if (inNamespace) source.Append("}\n");
            return source.ToString();
        }

        private static string Keyword(INamedTypeSymbol type) =>
            type.IsRecord ? (type.IsValueType ? "record struct" : "record") : type.IsValueType ? "struct" : type.TypeKind == TypeKind.Interface ? "interface" : "class";

        /// <summary>.NET's property names: the type's name, generic arguments appended, arrays as "Array".</summary>
        private static string PropertyName(ITypeSymbol type) => type switch
        {
            IArrayTypeSymbol array => PropertyName(array.ElementType) + "Array",
            INamedTypeSymbol named when named.IsGenericType => named.Name + string.Concat(named.TypeArguments.Select(PropertyName)),
            _ => type.Name,
        };

        private static bool WebDefaults(AttributeData? options) =>
            options != null && options.ConstructorArguments.Length == 1 && options.ConstructorArguments[0].Value is int defaults && defaults == 1;

        private static readonly string?[] Policies = { null, "CamelCase", "SnakeCaseLower", "SnakeCaseUpper", "KebabCaseLower", "KebabCaseUpper" };

        private static void OptionsAssignments(StringBuilder source, AttributeData options)
        {
            foreach (KeyValuePair<string, TypedConstant> named in options.NamedArguments)
            {
                object? value = named.Value.Value;
                string? assignment = named.Key switch
                {
                    "WriteIndented" or "PropertyNameCaseInsensitive" or "IncludeFields" or "IgnoreReadOnlyProperties" or "IgnoreReadOnlyFields" or "AllowTrailingCommas"
                        => named.Key + " = " + (value is true ? "true" : "false"),
                    "MaxDepth" or "IndentSize" => named.Key + " = " + value,
                    "IndentCharacter" => named.Key + " = " + SymbolDisplay.FormatLiteral(value is char c ? c : ' ', true),
                    "NewLine" => named.Key + " = " + SymbolDisplay.FormatLiteral(value as string ?? "\n", true),
                    "PropertyNamingPolicy" or "DictionaryKeyPolicy" when value is int policy && policy > 0 && policy < Policies.Length
                        => named.Key + " = global::System.Text.Json.JsonNamingPolicy." + Policies[policy],
                    "DefaultIgnoreCondition" => named.Key + " = (global::System.Text.Json.Serialization.JsonIgnoreCondition)" + value,
                    "NumberHandling" => named.Key + " = (global::System.Text.Json.Serialization.JsonNumberHandling)" + value,
                    "ReadCommentHandling" => named.Key + " = (global::System.Text.Json.JsonCommentHandling)" + value,
                    _ => null,
                };
                if (assignment != null) source.Append("        options.").Append(assignment).Append(";\n");
                if (named.Key == "UseStringEnumConverter" && value is true)
                    source.Append("        options.Converters.Add(new global::System.Text.Json.Serialization.JsonStringEnumConverter());\n");
                if (named.Key == "Converters" && !named.Value.IsNull)
                    foreach (TypedConstant converter in named.Value.Values)
                        if (converter.Value is ITypeSymbol converterType)
                            source.Append("        options.Converters.Add(new ").Append(JsonTypeEmitter.Name(converterType)).Append("());\n");
            }
        }
    }
}
