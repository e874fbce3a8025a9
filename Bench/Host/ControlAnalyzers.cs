using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;

// Run in process by the benchmark only, never loaded by a compiler, so they carry no [DiagnosticAnalyzer].
#pragma warning disable RS1001

namespace Sing.Bench.Host
{
    /// <summary>
    /// Analyzers that do nothing, for the keystroke benchmark's controls: what Roslyn's analyzer driver costs for any
    /// analyzer, for one with symbol actions, and for one that asks for the operation trees of every method body (the
    /// Sing analyzers use both).
    /// The Sing analyzers' own share is what they cost beyond these.
    /// </summary>
    internal static class ControlAnalyzers
    {
        // Never reported and never shipped, so no release tracking.
#pragma warning disable RS2008
        private static readonly DiagnosticDescriptor Never = new DiagnosticDescriptor(
            "BENCH0001", "Never reported", "Never reported", "Bench", DiagnosticSeverity.Hidden, isEnabledByDefault: true);
#pragma warning restore RS2008

        internal sealed class SyntaxOnly : DiagnosticAnalyzer
        {
            public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(Never);

            public override void Initialize(AnalysisContext context)
            {
                context.EnableConcurrentExecution();
                context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
                context.RegisterSyntaxTreeAction(_ => { });
            }
        }

        internal sealed class Symbols : DiagnosticAnalyzer
        {
            public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(Never);

            public override void Initialize(AnalysisContext context)
            {
                context.EnableConcurrentExecution();
                context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
                context.RegisterSymbolAction(_ => { }, SymbolKind.NamedType, SymbolKind.Method, SymbolKind.Field, SymbolKind.Property);
            }
        }

        internal sealed class OperationBlocks : DiagnosticAnalyzer
        {
            public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(Never);

            public override void Initialize(AnalysisContext context)
            {
                context.EnableConcurrentExecution();
                context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
                context.RegisterOperationBlockAction(_ => { });
            }
        }
    }
}
