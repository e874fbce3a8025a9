using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace Sing.Analyzers.Tests.Harness
{
    /// <summary>Applies a code fix in an in-memory workspace and returns the fixed program text.</summary>
    public static class CodeFixHarness
    {
        /// <summary>Applies the fix's first action, or the one with <paramref name="title"/>.</summary>
        public static string Apply(string program, string diagnosticId, CodeFixProvider provider, string? title = null)
        {
            using var workspace = new AdhocWorkspace();
            List<CodeAction> actions = Actions(workspace, program, diagnosticId, provider, out Document document);
            CodeAction? action = title is null ? actions.FirstOrDefault() : actions.FirstOrDefault(a => a.Title == title);
            Assert.True(action is not null, "no action " + (title ?? string.Empty) + " among: " + string.Join(" | ", actions.Select(a => a.Title)));
            ImmutableArray<CodeActionOperation> operations = action!.GetOperationsAsync(CancellationToken.None).GetAwaiter().GetResult();
            Solution changed = operations.OfType<ApplyChangesOperation>().Single().ChangedSolution;
            Document fixedDocument = changed.GetDocument(document.Id)!;
            fixedDocument = Microsoft.CodeAnalysis.Simplification.Simplifier.ReduceAsync(fixedDocument, Microsoft.CodeAnalysis.Simplification.Simplifier.Annotation).GetAwaiter().GetResult();
            fixedDocument = Microsoft.CodeAnalysis.Formatting.Formatter.FormatAsync(fixedDocument, Microsoft.CodeAnalysis.Formatting.Formatter.Annotation).GetAwaiter().GetResult();
            return fixedDocument.GetTextAsync().GetAwaiter().GetResult().ToString();
        }

        /// <summary>The titles of the actions the fix offers for the program's first <paramref name="diagnosticId"/>.</summary>
        public static IReadOnlyList<string> Titles(string program, string diagnosticId, CodeFixProvider provider)
        {
            using var workspace = new AdhocWorkspace();
            return Actions(workspace, program, diagnosticId, provider, out _).Select(a => a.Title).ToList();
        }

        private static List<CodeAction> Actions(AdhocWorkspace workspace, string program, string diagnosticId, CodeFixProvider provider, out Document document)
        {
            // Generated endpoint types go in as plain documents, so the workspace needs no generator.
            CSharpCompilation seed = CompilationHarness.Compile(Prelude.Contracts, program);
            CompilationHarness.Generate(seed, out _, out GeneratorDriverRunResult generated);

            ProjectId projectId = ProjectId.CreateNewId();
            Solution solution = workspace.CurrentSolution
                .AddProject(projectId, "Fix", "Fix", LanguageNames.CSharp)
                .WithProjectCompilationOptions(projectId, seed.Options)
                .WithProjectParseOptions(projectId, CompilationHarness.ParseOptions)
                .AddMetadataReferences(projectId, seed.References);
            DocumentId programId = DocumentId.CreateNewId(projectId);
            solution = solution.AddDocument(DocumentId.CreateNewId(projectId), "Contracts.cs", SourceText.From(Prelude.Contracts));
            solution = solution.AddDocument(programId, "Program.cs", SourceText.From(program));
            int n = 0;
            foreach (SyntaxTree tree in generated.GeneratedTrees)
            {
                solution = solution.AddDocument(DocumentId.CreateNewId(projectId), "Generated" + n++ + ".cs", tree.GetText());
            }

            document = solution.GetDocument(programId)!;
            Compilation compilation = document.Project.GetCompilationAsync().GetAwaiter().GetResult()!;
            ImmutableArray<Diagnostic> diagnostics = CompilationHarness.Analyze(compilation);
            SyntaxTree programTree = document.GetSyntaxTreeAsync().GetAwaiter().GetResult()!;
            Diagnostic diagnostic = diagnostics.First(d => d.Id == diagnosticId && d.Location.SourceTree == programTree);

            var actions = new List<CodeAction>();
            var context = new CodeFixContext(document, diagnostic, (a, _) => actions.Add(a), CancellationToken.None);
            provider.RegisterCodeFixesAsync(context).GetAwaiter().GetResult();
            return actions;
        }
    }
}
