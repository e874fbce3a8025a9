using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;
using Sing.Analyzers.Flow;

namespace Sing.Analyzers
{
    /// <summary>
    /// Runs the flow analysis (<see cref="MethodFlow"/>) on every method, local function and lambda
    /// body: linearity of tracked values and protocol conformance of endpoints.
    /// </summary>
    [DiagnosticAnalyzer(LanguageNames.CSharp)]
    public sealed class LinearityProtocolAnalyzer : DiagnosticAnalyzer
    {
        public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics => ImmutableArray.Create(
            Descriptors.SendNotAllowed,
            Descriptors.ReceiveNotAllowed,
            Descriptors.RecvIgnoresOthers,
            Descriptors.ExitState,
            Descriptors.EndpointArgumentWrongState,
            Descriptors.ParameterWrongState,
            Descriptors.UseAfterRelease,
            Descriptors.DoubleRelease,
            Descriptors.Leak,
            Descriptors.BorrowedConsumed,
            Descriptors.ViewAfterRelease,
            Descriptors.HandedBackReleased,
            Descriptors.CannotFollow);

        public override void Initialize(AnalysisContext context)
        {
            context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
            context.EnableConcurrentExecution();
            context.RegisterCompilationStartAction(start =>
            {
                // Nothing to track unless the program references the contract library.
                if (start.Compilation.GetTypeByMetadataName(Sing.Contracts.Model.KnownNames.Linear) is null)
                {
                    return;
                }

                var contracts = new ContractCache();
                start.RegisterOperationBlockAction(block => AnalyzeBlock(block, contracts));
            });
        }

        private static void AnalyzeBlock(OperationBlockAnalysisContext context, ContractCache contracts)
        {
            var done = new HashSet<IOperation>();
            foreach (IOperation block in context.OperationBlocks)
            {
                IOperation root = block;
                while (root.Parent is not null)
                {
                    root = root.Parent;
                }

                if (block is not (IMethodBodyOperation or IConstructorBodyOperation or IBlockOperation) || !done.Add(root))
                {
                    continue;
                }

                if (block.Syntax.ContainsDiagnostics)
                {
                    // Incomplete code: the graph may be partial; judge it once it compiles.
                    continue;
                }

                ControlFlowGraph cfg;
                try
                {
                    cfg = context.GetControlFlowGraph(block);
                }
                catch (System.ArgumentException)
                {
                    continue;
                }

                var reported = new HashSet<string>();
                AnalyzeGraph(cfg, context.OwningSymbol as IMethodSymbol, contracts, context.ReportDiagnostic, reported, context.CancellationToken);
            }
        }

        private static void AnalyzeGraph(ControlFlowGraph cfg, IMethodSymbol? method, ContractCache contracts, System.Action<Diagnostic> report, HashSet<string> reported, System.Threading.CancellationToken cancellation)
        {
            cancellation.ThrowIfCancellationRequested();
            try
            {
                new MethodFlow(cfg, contracts, report, reported).Run(method);
            }
            catch (System.Exception e) when (e is not System.OperationCanceledException)
            {
#if DEBUG
                throw;
#else
                // A shape the analysis does not understand must not break the user's build (AD0001
                // becomes an error under warnings-as-errors): skip this body. Debug builds, which
                // the tests use, still surface the exception.
                _ = e;
#endif
            }

            foreach (IMethodSymbol localFunction in cfg.LocalFunctions)
            {
                AnalyzeGraph(cfg.GetLocalFunctionControlFlowGraph(localFunction, cancellation), localFunction, contracts, report, reported, cancellation);
            }

            foreach (BasicBlock block in cfg.Blocks)
            {
                foreach (IOperation operation in block.Operations)
                {
                    AnalyzeLambdas(cfg, operation, contracts, report, reported, cancellation);
                }

                if (block.BranchValue is not null)
                {
                    AnalyzeLambdas(cfg, block.BranchValue, contracts, report, reported, cancellation);
                }
            }
        }

        private static void AnalyzeLambdas(ControlFlowGraph cfg, IOperation operation, ContractCache contracts, System.Action<Diagnostic> report, HashSet<string> reported, System.Threading.CancellationToken cancellation)
        {
            foreach (IOperation nested in operation.DescendantsAndSelf())
            {
                if (nested is IFlowAnonymousFunctionOperation lambda)
                {
                    AnalyzeGraph(cfg.GetAnonymousFunctionControlFlowGraph(lambda, cancellation), lambda.Symbol, contracts, report, reported, cancellation);
                }
            }
        }
    }
}
