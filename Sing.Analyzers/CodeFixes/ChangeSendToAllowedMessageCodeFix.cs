using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Sing.Analyzers.CodeFixes
{
    /// <summary>
    /// SING0101: change a send the state does not allow into one it does, one action per allowed message. The analyzer
    /// passes the messages allowed in every state the endpoint may be in. Arguments are kept where the new message has a
    /// parameter of the same name (or the same position and type); a missing value argument becomes <c>default</c>. A
    /// message that needs a block or endpoint the call does not already pass is not offered: no mechanical change can
    /// make one up.
    /// </summary>
    [ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(ChangeSendToAllowedMessageCodeFix))]
    [Shared]
    public sealed class ChangeSendToAllowedMessageCodeFix : CodeFixProvider
    {
        public override ImmutableArray<string> FixableDiagnosticIds => ImmutableArray.Create("SING0101");

        // Each diagnostic has its own choices of message, so there is nothing to apply to all of them at once.
        public override FixAllProvider? GetFixAllProvider() => null;

        public override async Task RegisterCodeFixesAsync(CodeFixContext context)
        {
            SyntaxNode? root = await context.Document.GetSyntaxRootAsync(context.CancellationToken).ConfigureAwait(false);
            SemanticModel? model = await context.Document.GetSemanticModelAsync(context.CancellationToken).ConfigureAwait(false);
            if (root is null || model is null)
            {
                return;
            }

            foreach (Diagnostic diagnostic in context.Diagnostics)
            {
                if (!diagnostic.Properties.TryGetValue("Allowed", out string? allowed) || string.IsNullOrEmpty(allowed)
                    || root.FindNode(diagnostic.Location.SourceSpan, getInnermostNodeForTie: true).FirstAncestorOrSelf<InvocationExpressionSyntax>() is not InvocationExpressionSyntax call
                    || call.Expression is not MemberAccessExpressionSyntax access
                    || model.GetTypeInfo(access.Expression, context.CancellationToken).Type is not ITypeSymbol endpoint)
                {
                    continue;
                }

                foreach (string message in allowed!.Split(','))
                {
                    if (SendMethod(endpoint, message) is not IMethodSymbol send || Arguments(call, send, model) is not ArgumentListSyntax arguments)
                    {
                        continue;
                    }

                    InvocationExpressionSyntax replacement = call
                        .WithExpression(access.WithName(SyntaxFactory.IdentifierName(send.Name).WithTriviaFrom(access.Name)))
                        .WithArgumentList(arguments);
                    SyntaxNode updated = root.ReplaceNode(call, replacement);
                    context.RegisterCodeFix(
                        CodeAction.Create("Send " + message + " instead", _ => Task.FromResult(context.Document.WithSyntaxRoot(updated)), nameof(ChangeSendToAllowedMessageCodeFix) + "." + message),
                        diagnostic);
                }
            }
        }

        private static IMethodSymbol? SendMethod(ITypeSymbol endpoint, string message)
        {
            for (ITypeSymbol? type = endpoint; type is not null; type = type.BaseType)
            {
                foreach (ISymbol member in type.GetMembers("Send" + message))
                {
                    if (member is IMethodSymbol method && !method.IsStatic)
                    {
                        return method;
                    }
                }
            }

            return null;
        }

        /// <summary>
        /// The new call's arguments, or null when a parameter can be filled neither from the old call nor by a default.
        /// An old argument is kept for the parameter of the same name, or failing that for the same position and type.
        /// </summary>
        private static ArgumentListSyntax? Arguments(InvocationExpressionSyntax call, IMethodSymbol send, SemanticModel model)
        {
            var byParameter = new List<(IParameterSymbol Parameter, ArgumentSyntax Argument)>();
            if (model.GetSymbolInfo(call).Symbol is IMethodSymbol old)
            {
                SeparatedSyntaxList<ArgumentSyntax> arguments = call.ArgumentList.Arguments;
                for (int i = 0; i < arguments.Count; i++)
                {
                    string? name = arguments[i].NameColon?.Name.Identifier.ValueText;
                    IParameterSymbol? parameter = name is null ? (i < old.Parameters.Length ? old.Parameters[i] : null) : old.Parameters.FirstOrDefault(p => p.Name == name);
                    if (parameter is not null)
                    {
                        byParameter.Add((parameter, arguments[i]));
                    }
                }
            }

            var result = new List<ArgumentSyntax>();
            for (int i = 0; i < send.Parameters.Length; i++)
            {
                IParameterSymbol parameter = send.Parameters[i];
                ArgumentSyntax? reused = byParameter.Where(a => a.Parameter.Name == parameter.Name).Select(a => a.Argument).FirstOrDefault()
                    ?? byParameter.Where(a => a.Parameter.Ordinal == i && SymbolEqualityComparer.Default.Equals(a.Parameter.Type, parameter.Type)).Select(a => a.Argument).FirstOrDefault();
                if (reused is not null && Fits(reused, parameter, model))
                {
                    result.Add(reused.WithNameColon(null).WithoutTrivia());
                }
                else if (parameter.Type.IsValueType && parameter.RefKind == RefKind.None)
                {
                    result.Add(SyntaxFactory.Argument(SyntaxFactory.LiteralExpression(SyntaxKind.DefaultLiteralExpression)));
                }
                else
                {
                    return null;
                }
            }

            return call.ArgumentList.WithArguments(SyntaxFactory.SeparatedList(result, Enumerable.Repeat(SyntaxFactory.Token(SyntaxKind.CommaToken).WithTrailingTrivia(SyntaxFactory.Space), System.Math.Max(0, result.Count - 1))));
        }

        private static bool Fits(ArgumentSyntax argument, IParameterSymbol parameter, SemanticModel model)
        {
            RefKind kind = argument.RefKindKeyword.Kind() switch
            {
                SyntaxKind.OutKeyword => RefKind.Out,
                SyntaxKind.RefKeyword => RefKind.Ref,
                SyntaxKind.InKeyword => RefKind.In,
                _ => RefKind.None,
            };
            return kind == parameter.RefKind && model.ClassifyConversion(argument.Expression, parameter.Type).IsImplicit;
        }
    }
}
