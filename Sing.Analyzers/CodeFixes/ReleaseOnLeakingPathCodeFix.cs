using System.Collections.Immutable;
using System.Composition;
using System.Globalization;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Formatting;

namespace Sing.Analyzers.CodeFixes
{
    /// <summary>
    /// SING0203: free (for an endpoint: close, which is what its Free does) the leaked value on the path the analyzer found leaking,
    /// before the return it reaches or after the last statement of the scope it leaves. The analyzer
    /// passes the point in the diagnostic's properties; a value that may be null there gets <c>?.Free()</c>.
    /// </summary>
    [ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(ReleaseOnLeakingPathCodeFix))]
    [Shared]
    public sealed class ReleaseOnLeakingPathCodeFix : CodeFixProvider
    {
        public override ImmutableArray<string> FixableDiagnosticIds => ImmutableArray.Create("SING0203");

        public override FixAllProvider? GetFixAllProvider() => null;

        public override async Task RegisterCodeFixesAsync(CodeFixContext context)
        {
            SyntaxNode? root = await context.Document.GetSyntaxRootAsync(context.CancellationToken).ConfigureAwait(false);
            if (root is null)
            {
                return;
            }

            foreach (Diagnostic diagnostic in context.Diagnostics)
            {
                if (!diagnostic.Properties.TryGetValue("Name", out string? name) || name is null
                    || !diagnostic.Properties.TryGetValue("Insert", out string? insert) || insert is null)
                {
                    continue;
                }

                bool before = insert.StartsWith("before:", System.StringComparison.Ordinal);
                if (!int.TryParse(insert.Substring(insert.IndexOf(':') + 1), NumberStyles.Integer, CultureInfo.InvariantCulture, out int position))
                {
                    continue;
                }

                StatementSyntax? anchor = StatementInBlock(root.FindToken(position).Parent);
                if (anchor is null)
                {
                    continue;
                }

                bool mayBeNull = diagnostic.Properties.TryGetValue("MayBeNull", out string? nullable) && nullable == "true";
                StatementSyntax free = SyntaxFactory.ParseStatement(name + (mayBeNull ? "?" : string.Empty) + ".Free();").WithAdditionalAnnotations(Formatter.Annotation);
                SyntaxNode updated = before ? root.InsertNodesBefore(anchor, new[] { free }) : root.InsertNodesAfter(anchor, new[] { free });
                // Free on an endpoint closes its end of the channel: the peer sees ChannelClosed.
                bool endpoint = diagnostic.Properties.TryGetValue("Endpoint", out string? isEndpoint) && isEndpoint == "true";
                string title = (endpoint ? "Close '" + name + "' (Free)" : "Free '" + name + "'") + " on the leaking path";
                context.RegisterCodeFix(
                    CodeAction.Create(title, _ => Task.FromResult(context.Document.WithSyntaxRoot(updated)), nameof(ReleaseOnLeakingPathCodeFix)),
                    diagnostic);
            }
        }

        /// <summary>The innermost statement around the node whose parent is a block or switch section (so a statement can go next to it).</summary>
        private static StatementSyntax? StatementInBlock(SyntaxNode? node)
        {
            for (; node is not null; node = node.Parent)
            {
                if (node is StatementSyntax statement && (statement.Parent is BlockSyntax || statement.Parent is SwitchSectionSyntax))
                {
                    return statement;
                }
            }

            return null;
        }
    }
}
