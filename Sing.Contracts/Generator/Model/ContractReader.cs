using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Sing.Contracts.Model
{
    /// <summary>
    /// Builds a <see cref="ContractModel"/> from a [Contract] class's symbols: its message partial
    /// methods and [State] attributes, after those of the contract it extends. Works on source and
    /// on metadata, and never throws on incomplete code.
    /// </summary>
    internal static class ContractReader
    {
        private sealed class StateDeclaration
        {
            public StateDeclaration(string name, string[] branches, Location? location, AttributeData attribute, bool fromBase)
            {
                Name = name;
                Branches = branches;
                Location = location;
                Attribute = attribute;
                FromBase = fromBase;
            }

            public string Name { get; }

            public string[] Branches { get; }

            public Location? Location { get; }

            public AttributeData Attribute { get; }

            public bool FromBase { get; }
        }

        /// <summary>Members the generator adds to every contract class; messages and states may not use these names.</summary>
        public static readonly string[] ReservedNames =
        {
            "States", "Messages", "Protocol", "Message", "ImpQueueCapacity", "ExpQueueCapacity", "CreateChannel", "Imp", "Exp",
        };

        private static bool IsReserved(string name)
        {
            return System.Array.IndexOf(ReservedNames, name) >= 0;
        }

        public static bool IsContract(INamedTypeSymbol type)
        {
            return FindAttribute(type, KnownNames.Contract) is not null;
        }

        public static ContractModel Read(INamedTypeSymbol type)
        {
            return Read(type, checkEndpointArguments: true);
        }

        /// <summary>Reads a contract; endpoint arguments are checked against their contracts only at the top level, so mutually referring contracts terminate.</summary>
        private static ContractModel Read(INamedTypeSymbol type, bool checkEndpointArguments)
        {
            string? ns = type.ContainingNamespace is { IsGlobalNamespace: false } n ? n.ToDisplayString() : null;
            var model = new ContractModel(type.Name, ns, FirstLocation(type));
            var declarations = new List<StateDeclaration>();
            string initial = "";
            Gather(type, model, declarations, ref initial, fromBase: false, depth: 0, checkEndpointArguments);
            BuildStates(model, declarations, initial);
            ContractChecks.Run(model);
            return model;
        }

        private static void Gather(INamedTypeSymbol type, ContractModel model, List<StateDeclaration> declarations, ref string initial, bool fromBase, int depth, bool checkEndpointArguments)
        {
            AttributeData? contract = FindAttribute(type, KnownNames.Contract);
            if (contract is null || depth > 8)
            {
                return;
            }

            string ownInitial = "";
            foreach (KeyValuePair<string, TypedConstant> named in contract.NamedArguments)
            {
                if (named.Key == "Extends" && named.Value.Value is INamedTypeSymbol baseContract && !SymbolEqualityComparer.Default.Equals(baseContract, type))
                {
                    Gather(baseContract, model, declarations, ref initial, fromBase: true, depth: depth + 1, checkEndpointArguments: false);
                }
                else if (named.Key == "Initial" && named.Value.Value is string s)
                {
                    ownInitial = s;
                }
            }

            if (ownInitial.Length > 0)
            {
                initial = ownInitial;
            }

            bool fromSource = false;
            foreach (Location location in type.Locations)
            {
                fromSource |= location.IsInSource;
            }

            if (fromSource)
            {
                foreach (ISymbol member in type.GetMembers())
                {
                    if (member is IMethodSymbol method)
                    {
                        bool isIn = FindAttribute(method, KnownNames.InMessage) is not null;
                        bool isOut = FindAttribute(method, KnownNames.OutMessage) is not null;
                        if (isIn || isOut)
                        {
                            AddMessage(model, method, isIn, fromBase, checkEndpointArguments);
                        }
                    }
                }
            }
            else
            {
                // A contract from another assembly: its message declarations (partial methods
                // without bodies) are not in metadata, but the generated SendM methods are.
                AddMessagesFromEndpoints(model, type, KnownNames.ImpName, isIn: true);
                AddMessagesFromEndpoints(model, type, KnownNames.ExpName, isIn: false);
            }

            foreach (AttributeData attribute in type.GetAttributes())
            {
                if (attribute.AttributeClass?.ToDisplayString() != KnownNames.State || attribute.ConstructorArguments.Length < 1)
                {
                    continue;
                }

                if (attribute.ConstructorArguments[0].Value is not string name)
                {
                    continue;
                }

                var branches = new List<string>();
                if (attribute.ConstructorArguments.Length > 1 && attribute.ConstructorArguments[1].Kind == TypedConstantKind.Array)
                {
                    foreach (TypedConstant branch in attribute.ConstructorArguments[1].Values)
                    {
                        if (branch.Value is string text)
                        {
                            branches.Add(text);
                        }
                    }
                }

                declarations.Add(new StateDeclaration(name, branches.ToArray(), AttributeLocation(attribute, 0), attribute, fromBase));
            }
        }

        private static void AddMessagesFromEndpoints(ContractModel model, INamedTypeSymbol contract, string side, bool isIn)
        {
            foreach (INamedTypeSymbol endpoint in contract.GetTypeMembers(side))
            {
                foreach (ISymbol member in endpoint.GetMembers())
                {
                    // A message's own send returns nothing and takes every argument by value; SendMAndReceive and
                    // SendMAndRecvN (which return an outcome or take out arguments) are not messages.
                    if (member is IMethodSymbol { MethodKind: MethodKind.Ordinary, IsStatic: false, ReturnsVoid: true } send
                        && send.Name.StartsWith("Send", System.StringComparison.Ordinal) && send.Name.Length > 4
                        && !HasOutParameter(send) && !IsSendAndRecv(endpoint, send.Name)
                        && model.FindMessage(send.Name.Substring(4)) < 0)
                    {
                        var arguments = new List<ArgumentModel>();
                        foreach (IParameterSymbol parameter in send.Parameters)
                        {
                            AttributeData? inState = FindAttribute(parameter, KnownNames.InState);
                            string? state = inState is not null && inState.ConstructorArguments.Length == 1 ? inState.ConstructorArguments[0].Value as string : null;
                            arguments.Add(new ArgumentModel(parameter.Name, TypeText(parameter), ArgumentKinds.Classify(parameter.Type), state, null));
                        }

                        model.Messages.Add(new MessageModel(send.Name.Substring(4), isIn, arguments, null, fromBase: true));
                    }
                }
            }
        }

        // SendMAndRecvN of a reply N without arguments: the endpoint also has SendM and RecvN.
        private static bool IsSendAndRecv(INamedTypeSymbol endpoint, string name)
        {
            for (int at = name.IndexOf("AndRecv", 4, System.StringComparison.Ordinal); at >= 0; at = name.IndexOf("AndRecv", at + 1, System.StringComparison.Ordinal))
            {
                if (!endpoint.GetMembers(name.Substring(0, at)).IsEmpty && !endpoint.GetMembers("Recv" + name.Substring(at + "AndRecv".Length)).IsEmpty)
                {
                    return true;
                }
            }

            return false;
        }

        private static bool HasOutParameter(IMethodSymbol method)
        {
            foreach (IParameterSymbol parameter in method.Parameters)
            {
                if (parameter.RefKind == RefKind.Out)
                {
                    return true;
                }
            }

            return false;
        }

        private static void AddMessage(ContractModel model, IMethodSymbol method, bool isIn, bool fromBase, bool checkEndpointArguments)
        {
            Location? location = FirstLocation(method);
            if (model.FindMessage(method.Name) >= 0)
            {
                if (!fromBase)
                {
                    model.Problems.Add(new ContractProblem(ProblemIds.Duplicate, location, "message", method.Name));
                }

                return;
            }

            if (!fromBase && IsReserved(method.Name))
            {
                model.Problems.Add(new ContractProblem(ProblemIds.ReservedName, location, "message", method.Name));
            }

            var arguments = new List<ArgumentModel>();
            foreach (IParameterSymbol parameter in method.Parameters)
            {
                ArgumentKind kind = ArgumentKinds.Classify(parameter.Type);
                string? state = null;
                AttributeData? inState = FindAttribute(parameter, KnownNames.InState);
                if (inState is not null && inState.ConstructorArguments.Length == 1 && inState.ConstructorArguments[0].Value is string s)
                {
                    state = s;
                }

                Location? location2 = FirstLocation(parameter);
                arguments.Add(new ArgumentModel(parameter.Name, TypeText(parameter), kind, state, location2));
                if (fromBase)
                {
                    continue;
                }

                if (kind == ArgumentKind.Invalid)
                {
                    model.Problems.Add(new ContractProblem(ProblemIds.NotExchangeable, location2, parameter.Name, method.Name, parameter.Type.ToDisplayString()));
                }
                else if (kind == ArgumentKind.Endpoint && checkEndpointArguments)
                {
                    CheckEndpointArgument(model, method, parameter, state, location2);
                }
            }

            model.Messages.Add(new MessageModel(method.Name, isIn, arguments, location, fromBase));
        }

        /// <summary>An endpoint travels in a declared state of its contract; the sender must hold it in exactly that state.</summary>
        private static void CheckEndpointArgument(ContractModel model, IMethodSymbol method, IParameterSymbol parameter, string? state, Location? location)
        {
            if (state is null)
            {
                model.Problems.Add(new ContractProblem(ProblemIds.EndpointArgumentState, location, parameter.Name, method.Name, "has no [InState(\"...\")] saying which state the endpoint travels in"));
                return;
            }

            if (parameter.Type is not INamedTypeSymbol { ContainingType: INamedTypeSymbol other } || !IsContract(other))
            {
                return;
            }

            ContractModel target = SymbolEqualityComparer.Default.Equals(other, method.ContainingType) ? model : Read(other, checkEndpointArguments: false);
            int index = target.FindState(state);
            if (index < 0)
            {
                model.Problems.Add(new ContractProblem(ProblemIds.EndpointArgumentState, location, parameter.Name, method.Name, "names state '" + state + "', which " + other.Name + " does not declare"));
                return;
            }

            if (index < target.States.Count && !target.States[index].IsDeclared)
            {
                model.Problems.Add(new ContractProblem(ProblemIds.EndpointArgumentState, location, parameter.Name, method.Name, "names '" + state + "', the middle of a message sequence of " + other.Name + ", not a declared state"));
            }
        }

        private static void BuildStates(ContractModel model, List<StateDeclaration> declarations, string initial)
        {
            var ownedByBase = new HashSet<string>();
            var duplicates = new HashSet<StateDeclaration>();
            foreach (StateDeclaration d in declarations)
            {
                if (model.FindState(d.Name) < 0)
                {
                    if (!d.FromBase && IsReserved(d.Name))
                    {
                        model.Problems.Add(new ContractProblem(ProblemIds.ReservedName, d.Location, "state", d.Name));
                    }

                    model.States.Add(new StateModel(d.Name, true, d.Location));
                    if (d.FromBase)
                    {
                        ownedByBase.Add(d.Name);
                    }
                }
                else if (!d.FromBase && !ownedByBase.Contains(d.Name))
                {
                    model.Problems.Add(new ContractProblem(ProblemIds.Duplicate, d.Location, "state", d.Name));
                    duplicates.Add(d);
                }
            }

            if (model.States.Count == 0)
            {
                model.Problems.Add(new ContractProblem(ProblemIds.NoStates, model.Location, model.Name, "declares no [State]"));
                return;
            }

            model.Initial = initial.Length == 0 ? 0 : model.FindState(initial);
            if (model.Initial < 0)
            {
                model.Problems.Add(new ContractProblem(ProblemIds.NoStates, model.Location, model.Name, "names initial state '" + initial + "', which is not declared"));
                model.Initial = 0;
            }

            int declaredCount = model.States.Count;
            foreach (StateDeclaration d in declarations)
            {
                if (duplicates.Contains(d))
                {
                    continue;
                }

                int from = model.FindState(d.Name);
                bool extendsBaseState = !d.FromBase && ownedByBase.Contains(d.Name);
                for (int b = 0; b < d.Branches.Length; b++)
                {
                    Location? location = d.FromBase ? null : AttributeLocation(d.Attribute, b + 1) ?? d.Location;
                    AddBranch(model, from, d.Branches[b], location, d.FromBase, extendsBaseState, declaredCount);
                }
            }
        }

        private static void AddBranch(ContractModel model, int from, string text, Location? location, bool fromBase, bool extendsBaseState, int declaredCount)
        {
            ParsedBranch? branch = BranchParser.Parse(text, out string error);
            if (branch is null)
            {
                if (!fromBase)
                {
                    model.Problems.Add(new ContractProblem(ProblemIds.BranchSyntax, location, text, error));
                }

                return;
            }

            int target = model.FindState(branch.Target);
            if (target < 0 || target >= declaredCount)
            {
                if (!fromBase)
                {
                    model.Problems.Add(new ContractProblem(ProblemIds.UnknownState, location, branch.Target, model.Name));
                }

                return;
            }

            if (extendsBaseState)
            {
                foreach (MessageRef first in branch.Steps[0])
                {
                    if (first.Sign != '?')
                    {
                        model.Problems.Add(new ContractProblem(ProblemIds.ExtensionMustStartWithIn, location, model.States[from].Name, first.Name));
                        return;
                    }
                }
            }

            int current = from;
            for (int s = 0; s < branch.Steps.Count; s++)
            {
                List<MessageRef> step = branch.Steps[s];
                int next = target;
                if (s < branch.Steps.Count - 1)
                {
                    next = NewIntermediate(model, current, step[0].Name, location);
                }

                foreach (MessageRef reference in step)
                {
                    int message = model.FindMessage(reference.Name);
                    if (message < 0)
                    {
                        if (!fromBase)
                        {
                            model.Problems.Add(new ContractProblem(ProblemIds.UnknownMessage, location, reference.Name, model.Name));
                        }

                        continue;
                    }

                    bool signIn = reference.Sign == '?';
                    if (model.Messages[message].IsIn != signIn && !fromBase)
                    {
                        model.Problems.Add(new ContractProblem(
                            ProblemIds.DirectionMismatch,
                            location,
                            reference.Name + reference.Sign,
                            model.Messages[message].IsIn ? "an [InMessage] (write '" + reference.Name + "?')" : "an [OutMessage] (write '" + reference.Name + "!')"));
                    }

                    int existing = model.Next(current, message);
                    if (existing >= 0)
                    {
                        if (!fromBase)
                        {
                            model.Problems.Add(new ContractProblem(ProblemIds.Duplicate, location, "choice", reference.Name + " in state " + model.States[current].Name));
                        }

                        continue;
                    }

                    model.States[current].Transitions.Add(new TransitionModel(message, next));
                }

                current = next;
            }
        }

        /// <summary>A state in the middle of a message sequence, named after where it comes from.</summary>
        private static int NewIntermediate(ContractModel model, int from, string afterMessage, Location? location)
        {
            string baseName = model.States[from].Name + "After" + afterMessage;
            string name = baseName;
            for (int n = 2; model.FindState(name) >= 0; n++)
            {
                name = baseName + n.ToString(System.Globalization.CultureInfo.InvariantCulture);
            }

            model.States.Add(new StateModel(name, false, location));
            return model.States.Count - 1;
        }

        public static AttributeData? FindAttribute(ISymbol symbol, string fullName)
        {
            foreach (AttributeData attribute in symbol.GetAttributes())
            {
                if (attribute.AttributeClass?.ToDisplayString() == fullName)
                {
                    return attribute;
                }
            }

            return null;
        }

        /// <summary>The source location of an attribute argument (0 = first), or of the attribute.</summary>
        private static Location? AttributeLocation(AttributeData attribute, int argument)
        {
            if (attribute.ApplicationSyntaxReference?.GetSyntax() is not AttributeSyntax syntax)
            {
                return null;
            }

            if (syntax.ArgumentList is { } list && argument < list.Arguments.Count)
            {
                return list.Arguments[argument].GetLocation();
            }

            return syntax.GetLocation();
        }

        private static Location? FirstLocation(ISymbol symbol)
        {
            foreach (Location location in symbol.Locations)
            {
                if (location.IsInSource)
                {
                    return location;
                }
            }

            return null;
        }

        /// <summary>C# text for an argument type; for not-yet-generated endpoint types, the source text.</summary>
        private static string TypeText(IParameterSymbol parameter)
        {
            if (parameter.Type is IErrorTypeSymbol)
            {
                foreach (SyntaxReference reference in parameter.DeclaringSyntaxReferences)
                {
                    if (reference.GetSyntax() is ParameterSyntax { Type: { } type })
                    {
                        return type.ToString();
                    }
                }
            }

            return parameter.Type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
        }
    }
}
