using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Operations;
using Sing.Contracts.Model;

namespace Sing.Analyzers
{
    /// <summary>
    /// SIP code purity: SIPs are isolated by type safety alone, so they may not use unsafe code,
    /// pointers, native interop, safety-bypassing APIs, or generate/load code (SIPs are sealed).
    /// Privileged members may only be used by trusted assemblies.
    /// </summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class PurityAnalyzer : DiagnosticAnalyzer
    {
        private static readonly ImmutableHashSet<string> UnsafeTypes = ImmutableHashSet.Create(
            "System.Runtime.InteropServices.Marshal",
            "System.Runtime.InteropServices.MemoryMarshal",
            "System.Runtime.InteropServices.NativeMemory",
            "System.Runtime.InteropServices.GCHandle",
            "System.Runtime.InteropServices.CollectionsMarshal",
            "System.Runtime.CompilerServices.Unsafe");

        private static readonly ImmutableHashSet<string> LoadMethods = ImmutableHashSet.Create(
            "Load", "LoadFrom", "LoadFile", "UnsafeLoadFrom", "LoadWithPartialName");

        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(
            Descriptors.UnsafeCode,
            Descriptors.PointerType,
            Descriptors.NativeInterop,
            Descriptors.UnsafeApi,
            Descriptors.DynamicCode,
            Descriptors.Privileged);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            context.RegisterCompilationStartAction(start =>
            {
                bool sip = SipAssembly.IsSip(start.Compilation, start.Options);
                bool trusted = SipAssembly.IsTrusted(start.Compilation);
                if (sip)
                {
                    start.RegisterSyntaxNodeAction(AnalyzeUnsafeSyntax, SyntaxKind.UnsafeStatement, SyntaxKind.FixedStatement, SyntaxKind.PointerType, SyntaxKind.FunctionPointerType);
                    start.RegisterSyntaxNodeAction(
                        AnalyzeModifiers,
                        SyntaxKind.MethodDeclaration,
                        SyntaxKind.ClassDeclaration,
                        SyntaxKind.StructDeclaration,
                        SyntaxKind.FieldDeclaration,
                        SyntaxKind.PropertyDeclaration,
                        SyntaxKind.ConstructorDeclaration,
                        SyntaxKind.LocalFunctionStatement,
                        SyntaxKind.OperatorDeclaration,
                        SyntaxKind.IndexerDeclaration);
                    start.RegisterSymbolAction(AnalyzeMethodSymbol, SymbolKind.Method);
                }

                if (sip || !trusted)
                {
                    start.RegisterOperationAction(
                        ctx => AnalyzeMemberUse(ctx, sip, trusted),
                        OperationKind.Invocation,
                        OperationKind.ObjectCreation,
                        OperationKind.PropertyReference,
                        OperationKind.FieldReference,
                        OperationKind.MethodReference);
                }
            });
        }

        private static void AnalyzeUnsafeSyntax(SyntaxNodeAnalysisContext context)
        {
            switch (context.Node)
            {
                case UnsafeStatementSyntax s:
                    context.ReportDiagnostic(Diagnostic.Create(Descriptors.UnsafeCode, s.UnsafeKeyword.GetLocation(), "unsafe block"));
                    break;
                case FixedStatementSyntax f:
                    context.ReportDiagnostic(Diagnostic.Create(Descriptors.UnsafeCode, f.FixedKeyword.GetLocation(), "fixed statement"));
                    break;
                case PointerTypeSyntax or FunctionPointerTypeSyntax:
                    context.ReportDiagnostic(Diagnostic.Create(Descriptors.PointerType, context.Node.GetLocation(), context.Node.ToString()));
                    break;
            }
        }

        private static void AnalyzeModifiers(SyntaxNodeAnalysisContext context)
        {
            SyntaxTokenList modifiers = context.Node switch
            {
                MemberDeclarationSyntax m => m.Modifiers,
                LocalFunctionStatementSyntax l => l.Modifiers,
                _ => default,
            };
            foreach (SyntaxToken modifier in modifiers)
            {
                if (modifier.IsKind(SyntaxKind.UnsafeKeyword))
                {
                    context.ReportDiagnostic(Diagnostic.Create(Descriptors.UnsafeCode, modifier.GetLocation(), "unsafe modifier"));
                }
            }
        }

        private static void AnalyzeMethodSymbol(SymbolAnalysisContext context)
        {
            var method = (IMethodSymbol)context.Symbol;
            if (method.Locations.Length == 0 || !method.Locations[0].IsInSource)
            {
                return;
            }

            foreach (AttributeData attribute in method.GetAttributes())
            {
                string? name = attribute.AttributeClass?.ToDisplayString();
                if (name == "System.Runtime.InteropServices.DllImportAttribute" || name == "System.Runtime.InteropServices.LibraryImportAttribute")
                {
                    context.ReportDiagnostic(Diagnostic.Create(Descriptors.NativeInterop, method.Locations[0], attribute.AttributeClass!.Name));
                    return;
                }
            }

            if (method.IsExtern)
            {
                context.ReportDiagnostic(Diagnostic.Create(Descriptors.NativeInterop, method.Locations[0], "extern method"));
            }
        }

        private static void AnalyzeMemberUse(OperationAnalysisContext context, bool sip, bool trusted)
        {
            ISymbol? member = context.Operation switch
            {
                IInvocationOperation i => i.TargetMethod,
                IObjectCreationOperation o => o.Constructor,
                IPropertyReferenceOperation p => p.Property,
                IFieldReferenceOperation f => f.Field,
                IMethodReferenceOperation m => m.Method,
                _ => null,
            };
            INamedTypeSymbol? type = member?.ContainingType;
            if (member is null || type is null)
            {
                return;
            }

            Location location = context.Operation.Syntax.GetLocation();
            if (sip)
            {
                string typeName = type.ToDisplayString();
                string ns = type.ContainingNamespace?.ToDisplayString() ?? "";
                if (UnsafeTypes.Contains(typeName))
                {
                    context.ReportDiagnostic(Diagnostic.Create(Descriptors.UnsafeApi, location, typeName + "." + member.Name));
                    return;
                }

                if (ns == "System.Reflection.Emit" || ns.StartsWith("System.Reflection.Emit.", System.StringComparison.Ordinal)
                    || typeName == "System.Runtime.Loader.AssemblyLoadContext"
                    || (typeName == "System.Reflection.Assembly" && LoadMethods.Contains(member.Name))
                    || (member.Name == "Compile" && ns == "System.Linq.Expressions"))
                {
                    context.ReportDiagnostic(Diagnostic.Create(Descriptors.DynamicCode, location, typeName + "." + member.Name));
                    return;
                }
            }

            if (!trusted && (ContractReader.FindAttribute(member, KnownNames.Privileged) is not null || ContractReader.FindAttribute(type, KnownNames.Privileged) is not null))
            {
                context.ReportDiagnostic(Diagnostic.Create(Descriptors.Privileged, location, type.Name + "." + member.Name));
            }
        }
    }
}
