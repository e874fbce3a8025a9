using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;
using Sing.Contracts.Model;

namespace Sing.Analyzers.Flow
{
    /// <summary>Calls: generated endpoint operations move the protocol; other calls borrow or claim their arguments.</summary>
    internal sealed partial class MethodFlow
    {
        private void VisitInvocation(IInvocationOperation invocation)
        {
            IMethodSymbol method = invocation.TargetMethod;
            if (!(method.Name == "Free" && method.Parameters.Length == 0))
            {
                DroppedTemporary(invocation.Instance);
            }

            int receiver = invocation.Instance is null ? -1 : ResolveVar(invocation.Instance);
            if (receiver >= 0)
            {
                TrackedVariable variable = _vars[receiver];
                if (method.Name == "Free" && method.Parameters.Length == 0)
                {
                    Consume(receiver, invocation.Syntax);
                    return;
                }

                if (variable.Contract is ContractModel contract && EndpointOperation(invocation, receiver, contract))
                {
                    return;
                }

                Use(receiver, invocation.Instance!.Syntax);
                VisitArguments(invocation.Arguments, method, invocation.Instance, invocation);
                if (variable.IsView && !method.IsReadOnly)
                {
                    // A method of a ref struct may keep a view of what it is given (holder.Attach(v)).
                    _state.Vars[receiver].States |= DeriveArguments(invocation.Arguments);
                }

                return;
            }

            if (invocation.Instance is not null && _contracts.ForReceiveResult(invocation.Instance.Type, out _, out _) is ContractModel resultContract
                && (method.Name.StartsWith("Get", System.StringComparison.Ordinal) || method.Name.StartsWith("After", System.StringComparison.Ordinal)))
            {
                // GetM/AfterM throw unless M arrived, so returning normally proves M arrived.
                string messageName = method.Name.Substring(method.Name.StartsWith("Get", System.StringComparison.Ordinal) ? 3 : 5);
                object? key = ResultKey(invocation.Instance);
                _lastReceiveKey = null;
                _pendingKeyForNextReceive = null;
                Visit(invocation.Instance);
                if (key is null && Unwrap(invocation.Instance) is IInvocationOperation)
                {
                    key = _lastReceiveKey;
                }

                if (key is not null)
                {
                    ApplyTag(_state, key, messageName, positive: true);
                }

                int message = resultContract.FindMessage(messageName);
                if (method.Name.StartsWith("Get", System.StringComparison.Ordinal))
                {
                    ReceiveArguments(invocation.Arguments, message >= 0 ? resultContract.Messages[message] : null);
                }

                return;
            }

            Visit(invocation.Instance);
            if (method.IsStatic && method.Name == "CreateChannel" && method.ContainingType is { } contractType && ContractReader.IsContract(contractType))
            {
                foreach (IArgumentOperation argument in invocation.Arguments)
                {
                    int end = ResolveVar(argument.Value);
                    if (end >= 0 && _vars[end].Contract is ContractModel model)
                    {
                        Overwrite(end, argument.Syntax);
                        VarState v = Fresh();
                        v.States = 1UL << model.Initial;
                        v.Known = model.Initial < VarState.ClosedBit;
                        _state.Vars[end] = v;
                    }
                }

                return;
            }

            VisitArguments(invocation.Arguments, method, invocation.Instance, invocation);
        }

        /// <summary>NewVector(8).AsSpan(), tref.Acquire().Length: a tracked value made by a call, used once and dropped, leaks.</summary>
        private void DroppedTemporary(IOperation? instance)
        {
            if (instance is not null && Unwrap(instance) is IInvocationOperation or IObjectCreationOperation && ArgumentKinds.IsTracked(instance.Type))
            {
                Report(Descriptors.Leak, instance.Syntax.GetLocation(), instance.Syntax.ToString(), " (a temporary nothing owns: assign it to a variable and free, send or return it)");
            }
        }

        /// <summary>SendM / RecvM / ReceiveS on an endpoint variable. False for other members.</summary>
        private bool EndpointOperation(IInvocationOperation invocation, int receiver, ContractModel contract)
        {
            string name = invocation.TargetMethod.Name;
            TrackedVariable variable = _vars[receiver];
            if (SendAndReceiveOperation(invocation, receiver, contract, name))
            {
                return true;
            }

            if (name.StartsWith("Send", System.StringComparison.Ordinal) && contract.FindMessage(name.Substring(4)) is int sent && sent >= 0)
            {
                Use(receiver, invocation.Instance!.Syntax);
                MessageModel message = contract.Messages[sent];
                _hintContract = contract;
                SendArguments(invocation.Arguments, message);
                _hintContract = null;
                Advance(receiver, invocation, sent, sending: true);
                return true;
            }

            if (name.StartsWith("Recv", System.StringComparison.Ordinal) && contract.FindMessage(name.Substring(4)) is int received && received >= 0)
            {
                Use(receiver, invocation.Instance!.Syntax);
                Advance(receiver, invocation, received, sending: false);
                ReceiveArguments(invocation.Arguments, contract.Messages[received]);
                return true;
            }

            if (name.StartsWith("Receive", System.StringComparison.Ordinal) && contract.FindState(name.Substring(7)) is int state && state >= 0 && state < VarState.ClosedBit)
            {
                Use(receiver, invocation.Instance!.Syntax);
                BeginTypedReceive(receiver, invocation, contract, state, name);
                return true;
            }

            if (name.StartsWith("In", System.StringComparison.Ordinal) && contract.FindState(name.Substring(2)) is int viewState && viewState >= 0 && viewState < VarState.ClosedBit)
            {
                // A typed view takes over: its own types now enforce the protocol, so stop tracking the state.
                Use(receiver, invocation.Instance!.Syntax);
                ref VarState v = ref _state.Vars[receiver];
                FlowState.Resolve(ref v, contract);
                ulong wrong = v.States & ~(1UL << viewState);
                if (v.Known && wrong != 0)
                {
                    Report(Descriptors.ReceiveNotAllowed, invocation.Syntax.GetLocation(), variable.Name, variable.Describe, "enter " + name + "()", StateNames(contract, wrong), ProtocolHint(contract, wrong, variable.IsImp));
                }

                v.Known = false;
                return true;
            }

            return false;
        }

        /// <summary>SendMAndReceive() and SendMAndRecvN(...): the send of M, then the typed receive in the state M leads
        /// to (or the receive of N there), as the two calls they stand for would be checked.</summary>
        private bool SendAndReceiveOperation(IInvocationOperation invocation, int receiver, ContractModel contract, string name)
        {
            if (!name.StartsWith("Send", System.StringComparison.Ordinal))
            {
                return false;
            }

            int sent = -1, replied = -1;
            if (name.EndsWith("AndReceive", System.StringComparison.Ordinal))
            {
                sent = contract.FindMessage(name.Substring(4, name.Length - 4 - "AndReceive".Length));
            }
            else
            {
                for (int at = name.IndexOf("AndRecv", 4, System.StringComparison.Ordinal); at >= 0 && sent < 0; at = name.IndexOf("AndRecv", at + 1, System.StringComparison.Ordinal))
                {
                    int m = contract.FindMessage(name.Substring(4, at - 4));
                    int r = contract.FindMessage(name.Substring(at + "AndRecv".Length));
                    if (m >= 0 && r >= 0)
                    {
                        sent = m;
                        replied = r;
                    }
                }

                if (replied < 0)
                {
                    return false;
                }
            }

            int target = sent < 0 ? -1 : contract.UniqueTarget(sent);
            if (sent < 0 || target < 0 || target >= VarState.ClosedBit)
            {
                return false;
            }

            Use(receiver, invocation.Instance!.Syntax);
            var sendArguments = ImmutableArray.CreateBuilder<IArgumentOperation>();
            var outArguments = ImmutableArray.CreateBuilder<IArgumentOperation>();
            foreach (IArgumentOperation argument in invocation.Arguments)
            {
                (argument.Parameter?.RefKind == RefKind.Out ? outArguments : sendArguments).Add(argument);
            }

            _hintContract = contract;
            SendArguments(sendArguments.ToImmutable(), contract.Messages[sent]);
            _hintContract = null;
            Advance(receiver, invocation, sent, sending: true);
            if (replied >= 0)
            {
                Advance(receiver, invocation, replied, sending: false);
                ReceiveArguments(outArguments.ToImmutable(), contract.Messages[replied]);
            }
            else
            {
                BeginTypedReceive(receiver, invocation, contract, target, name);
            }

            return true;
        }

        /// <summary>ReceiveS() (or the receive half of SendMAndReceive()): the endpoint must be in state S; the result
        /// holds which of S's messages (or ChannelClosed) came until a test of its Tag says.</summary>
        private void BeginTypedReceive(int receiver, IInvocationOperation invocation, ContractModel contract, int state, string name)
        {
            TrackedVariable variable = _vars[receiver];
            ref VarState v = ref _state.Vars[receiver];
            FlowState.Resolve(ref v, contract);
            ulong wrong = v.States & ~(1UL << state);
            if (v.Known && wrong != 0)
            {
                Report(Descriptors.ReceiveNotAllowed, invocation.Syntax.GetLocation(), variable.Name, variable.Describe, "call " + name + "()", StateNames(contract, wrong), ProtocolHint(contract, wrong, variable.IsImp));
            }

            int count = contract.States[state].Transitions.Count;
            v.PendingState = state;
            v.PendingMessages = (count >= VarState.ClosedBit ? ulong.MaxValue : (1UL << count) - 1) | (1UL << VarState.ClosedBit);
            v.PendingKey = _pendingKeyForNextReceive ?? new object();
            v.Known = true;
            _lastReceiveKey = v.PendingKey;
        }

        /// <summary>The key tag tests use for a receive result held in a local or a compiler capture.</summary>
        private object? ResultKey(IOperation instance)
        {
            instance = Unwrap(instance);
            if (instance is ILocalReferenceOperation local)
            {
                return local.Local;
            }

            return instance is IFlowCaptureReferenceOperation capture && _tagCaptures.TryGetValue(capture.Id, out object? key) ? key : null;
        }

        /// <summary>Moves the endpoint along <paramref name="message"/>, reporting the states where that is not allowed.</summary>
        private void Advance(int receiver, IInvocationOperation invocation, int message, bool sending)
        {
            TrackedVariable variable = _vars[receiver];
            ContractModel contract = variable.Contract!;
            ref VarState v = ref _state.Vars[receiver];
            FlowState.Resolve(ref v, contract);
            if (!v.Known)
            {
                return;
            }

            ulong next = 0;
            ulong wrong = 0;
            var others = new List<string>();
            for (int s = 0; s < 64; s++)
            {
                if ((v.States & (1UL << s)) == 0)
                {
                    continue;
                }

                int target = s < contract.States.Count ? contract.Next(s, message) : -1;
                if (target < 0 || target >= VarState.ClosedBit)
                {
                    wrong |= 1UL << s;
                    continue;
                }

                next |= 1UL << target;
                if (!sending)
                {
                    foreach (TransitionModel t in contract.States[s].Transitions)
                    {
                        string other = contract.Messages[t.Message].Name;
                        if (t.Message != message && !others.Contains(other))
                        {
                            others.Add(other);
                        }
                    }

                    if (others.Count > 0)
                    {
                        Report(Descriptors.RecvIgnoresOthers, invocation.Syntax.GetLocation(), variable.Name, variable.Describe, contract.Messages[message].Name, string.Join(", ", others), contract.States[s].Name);
                    }
                }
            }

            if (wrong != 0)
            {
                if (sending)
                {
                    // The fix offers each message allowed in every state the endpoint may be in, so the replacement is right on all paths.
                    List<string> allowed = SendableInAll(contract, v.States, variable.IsImp);
                    string hint = allowed.Count > 0 ? ": send " + string.Join(" or ", allowed) + " instead" : ProtocolHint(contract, wrong, variable.IsImp);
                    ImmutableDictionary<string, string?>? fix = allowed.Count > 0 ? ImmutableDictionary<string, string?>.Empty.Add("Allowed", string.Join(",", allowed)) : null;
                    ReportWith(Descriptors.SendNotAllowed, invocation.Syntax.GetLocation(), fix, variable.Name, variable.Describe, contract.Messages[message].Name, StateNames(contract, wrong), hint);
                }
                else
                {
                    Report(Descriptors.ReceiveNotAllowed, invocation.Syntax.GetLocation(), variable.Name, variable.Describe, "receive " + contract.Messages[message].Name, StateNames(contract, wrong), ProtocolHint(contract, wrong, variable.IsImp));
                }
            }

            v.States = next;
        }

        /// <summary>Arguments of a send: tracked ones are given away; endpoints must be in their declared state.</summary>
        private void SendArguments(ImmutableArray<IArgumentOperation> arguments, MessageModel message)
        {
            VisitOtherArgumentsFirst(arguments);
            foreach (IArgumentOperation argument in arguments)
            {
                int index = ResolveVar(argument.Value);
                if (index < 0)
                {
                    continue;
                }

                Use(index, argument.Value.Syntax);
                ArgumentModel? declared = FindArgument(message, argument.Parameter?.Name);
                if (declared?.EndpointState is string stateName && _vars[index].Contract is ContractModel contract)
                {
                    RequireState(index, contract, stateName, argument.Value.Syntax, (name, expected, actual) =>
                        Diagnostic.Create(Descriptors.EndpointArgumentWrongState, argument.Value.Syntax.GetLocation(), name, expected, message.Name, actual));
                }

                if (declared is not null && ReplyCarrying(message, declared) is string reply)
                {
                    _sendHints[argument.Value.Syntax.SpanStart] = "; it was sent in " + message.Name + ", and a " + declared.TypeText + " comes back in " + reply
                        + ": use the one received with Get" + reply + "(out ...)";
                }

                Consume(index, argument.Value.Syntax);
            }
        }

        /// <summary>A message in the other direction carrying a value of the same type (e.g. BadPacketSize returning the buffer), or null.</summary>
        private ContractModel? _hintContract;

        private string? ReplyCarrying(MessageModel sent, ArgumentModel argument)
        {
            ContractModel? contract = _hintContract;
            if (contract is null)
            {
                return null;
            }

            foreach (MessageModel other in contract.Messages)
            {
                if (other.IsIn == sent.IsIn)
                {
                    continue;
                }

                foreach (ArgumentModel candidate in other.Arguments)
                {
                    if (candidate.Kind == argument.Kind && candidate.TypeText == argument.TypeText)
                    {
                        return other.Name;
                    }
                }
            }

            return null;
        }

        /// <summary>Out arguments of a receive: the receiver now owns them, endpoints in their declared state.</summary>
        private void ReceiveArguments(ImmutableArray<IArgumentOperation> arguments, MessageModel? message)
        {
            foreach (IArgumentOperation argument in arguments)
            {
                int index = ResolveVar(argument.Value);
                if (index < 0)
                {
                    OutIntoUntracked(argument);
                    continue;
                }

                Overwrite(index, argument.Syntax);
                VarState v = Fresh();
                ArgumentModel? declared = message is null ? null : FindArgument(message, argument.Parameter?.Name);
                if (declared?.EndpointState is string stateName && _vars[index].Contract is ContractModel contract)
                {
                    int state = contract.FindState(stateName);
                    if (state >= 0 && state < VarState.ClosedBit)
                    {
                        v.States = 1UL << state;
                        v.Known = true;
                    }
                }

                _state.Vars[index] = v;
            }
        }

        /// <summary>
        /// A tracked value arriving through an out argument that is not a tracked variable: a discard drops it (a leak);
        /// an array element is a place the analysis does not follow. (A field of a tracked type is rejected at its declaration.)
        /// </summary>
        private void OutIntoUntracked(IArgumentOperation argument)
        {
            IOperation target = Unwrap(argument.Value);
            if (!ArgumentKinds.IsTracked(argument.Value.Type))
            {
                return;
            }

            if (target is IDiscardOperation)
            {
                Report(Descriptors.Leak, argument.Syntax.GetLocation(), "_", " (a discarded out argument)");
            }
            else if (target is IArrayElementReferenceOperation element)
            {
                Visit(element.ArrayReference);
                foreach (IOperation index in element.Indices)
                {
                    Visit(index);
                }

                Report(Descriptors.CannotFollow, argument.Value.Syntax.GetLocation(), argument.Value.Syntax.ToString(), "receives a value through an out argument into an array element",
                    "receive it into a local of its own type, or hold it in a TRef<T> or EndpointSet<T>");
            }
        }

        /// <summary>An ordinary call: [Claims] parameters take ownership, out parameters give it, others borrow.</summary>
        private void VisitArguments(ImmutableArray<IArgumentOperation> arguments, IMethodSymbol? method, IOperation? instance = null, IOperation? call = null)
        {
            ViewsGivenAwayWithTheirOwner(arguments);
            VisitOtherArgumentsFirst(arguments);
            foreach (IArgumentOperation argument in arguments)
            {
                IParameterSymbol? parameter = argument.Parameter;
                int index = ResolveVar(argument.Value);
                if (index >= 0 && _vars[index].IsView)
                {
                    if (parameter?.RefKind is RefKind.Out or RefKind.Ref)
                    {
                        // A view handed back by the callee may point into anything it was given.
                        if (parameter.RefKind == RefKind.Ref)
                        {
                            Use(index, argument.Value.Syntax);
                        }

                        VarState view = Fresh();
                        view.States = (parameter.RefKind == RefKind.Ref ? _state.Vars[index].States : 0) | Derive(instance, true) | DeriveArguments(arguments);
                        view.SeenAt = argument.Syntax.SpanStart;
                        _state.Vars[index] = view;
                    }
                    else
                    {
                        Use(index, argument.Value.Syntax);
                    }

                    continue;
                }

                if (parameter?.RefKind == RefKind.Out)
                {
                    if (index >= 0)
                    {
                        Overwrite(index, argument.Syntax);
                        VarState v = Fresh();
                        v.SeenAt = argument.Syntax.SpanStart;
                        if (call is not null && NullWhen(parameter) is bool whenResult)
                        {
                            // [NotNullWhen(true)] out v: null unless the call returned true; the test of the result decides.
                            v.Own |= VarState.Null;
                            if (!_nullWhen.TryGetValue(call, out List<(int, bool)>? list))
                            {
                                list = new List<(int, bool)>();
                                _nullWhen[call] = list;
                            }

                            if (!list.Contains((index, whenResult)))
                            {
                                list.Add((index, whenResult));
                            }
                        }
                        else if (parameter.NullableAnnotation == NullableAnnotation.Annotated)
                        {
                            v.Own |= VarState.Null;
                        }

                        if (_vars[index].Contract is ContractModel outContract)
                        {
                            int state = StateOf(outContract, ContractReader.FindAttribute(parameter, KnownNames.InState));
                            v.States = state >= 0 ? 1UL << state : 0;
                            v.Known = state >= 0;
                        }

                        _state.Vars[index] = v;
                    }
                    else
                    {
                        OutIntoUntracked(argument);
                    }

                    continue;
                }

                if (index < 0)
                {
                    continue;
                }

                if (parameter is not null && InvokedMixedDelegate(method, instance) && ContractReader.FindAttribute(parameter, KnownNames.Claims) is null)
                {
                    CannotFollow(index, argument.Value.Syntax, "is passed to a delegate local that holds targets claiming it and targets only borrowing it",
                        "keep targets that agree on [Claims] in one local");
                    continue;
                }

                if (parameter is not null && (ContractReader.FindAttribute(parameter, KnownNames.Claims) is not null || InvokedDelegateClaims(method, instance, parameter)))
                {
                    Use(index, argument.Value.Syntax);
                    Consume(index, argument.Value.Syntax);
                    continue;
                }

                if (parameter is not null && parameter.RefKind == RefKind.None && parameter.OriginalDefinition.Type is ITypeParameterSymbol typeParameter)
                {
                    if (method is not null && ReturnsItsArgument(method, parameter))
                    {
                        // T Id<T>(T x): the result is the value (Transfer.Move, identity helpers): a move into it.
                        Use(index, argument.Value.Syntax);
                        Consume(index, argument.Value.Syntax);
                        continue;
                    }

                    if (method?.MethodKind != MethodKind.DelegateInvoke && !ArgumentKinds.IsTracked(typeParameter))
                    {
                        // Passed as an unconstrained type parameter (List<T>.Add, Keep<T>): a second name the callee may keep.
                        // (An object or interface parameter is a borrow: using it as a tracked value again needs a cast the run-time check guards.)
                        Use(index, argument.Value.Syntax);
                        CannotFollow(index, argument.Value.Syntax, "is passed as '" + parameter.OriginalDefinition.Type.ToDisplayString() + "' to " + (method?.Name ?? "a call"),
                            "pass it to a parameter of its own type ([Claims] to give it away), or hold it in a TRef<T> or EndpointSet<T>");
                        continue;
                    }

                    // A T : Linear parameter is checked in the callee like any tracked parameter (borrowed unless [Claims]);
                    // a delegate's Invoke lends its arguments as a method does (the lambda or method it calls is checked
                    // as borrowing, and a conversion that would claim is reported where it is made): both are borrows here.
                }

                Use(index, argument.Value.Syntax);
                if (parameter?.RefKind == RefKind.Ref)
                {
                    // The callee may replace the value: the variable owns whatever comes back (a null may come back owned).
                    Invalidate(index);
                    if ((_state.Vars[index].Own & VarState.Gone) == 0)
                    {
                        _state.Vars[index].Own |= VarState.Owned;
                    }
                }

                if (parameter is not null && _vars[index].Contract is ContractModel contract)
                {
                    AttributeData? inState = ContractReader.FindAttribute(parameter, KnownNames.InState);
                    if (inState?.ConstructorArguments.Length == 1 && inState.ConstructorArguments[0].Value is string expected)
                    {
                        RequireState(index, contract, expected, argument.Value.Syntax, (name, e, actual) =>
                            Diagnostic.Create(Descriptors.ParameterWrongState, argument.Value.Syntax.GetLocation(), name, parameter.Name, e, actual));
                    }

                    int after = StateOf(contract, ContractReader.FindAttribute(parameter, KnownNames.OutState));
                    if (after >= 0)
                    {
                        _state.Vars[index].States = 1UL << after;
                        _state.Vars[index].Known = true;
                    }
                }
            }
        }

        /// <summary>
        /// Arguments are all evaluated before the call takes any of them: Send(v, v.Length) reads v while it
        /// is still owned. Expressions that are not a bare tracked variable are visited first, in order.
        /// </summary>
        private void VisitOtherArgumentsFirst(ImmutableArray<IArgumentOperation> arguments)
        {
            foreach (IArgumentOperation argument in arguments)
            {
                if (argument.Parameter?.RefKind != RefKind.Out && ResolveVar(argument.Value) < 0)
                {
                    Visit(argument.Value);
                }
            }
        }

        /// <summary>
        /// Process([Claims] v, v.AsSpan()): the callee may release the block and then use the view, which
        /// it cannot know points into it. A view of an owner passed in the same call that claims the owner is SING0209.
        /// </summary>
        private void ViewsGivenAwayWithTheirOwner(ImmutableArray<IArgumentOperation> arguments)
        {
            ulong claimed = 0;
            foreach (IArgumentOperation argument in arguments)
            {
                int index = ResolveVar(argument.Value);
                if (index >= 0 && !_vars[index].IsView && argument.Parameter is { } parameter && ContractReader.FindAttribute(parameter, KnownNames.Claims) is not null)
                {
                    claimed |= OwnerBit(index);
                }
            }

            if (claimed == 0)
            {
                return;
            }

            foreach (IArgumentOperation argument in arguments)
            {
                int index = ResolveVar(argument.Value);
                if (index >= 0 && !_vars[index].IsView)
                {
                    continue;
                }

                bool byRef = argument.Parameter is { } p && (p.RefKind != RefKind.None || IsViewType(p.Type));
                ulong owners = byRef || IsViewType(argument.Value.Type) ? Derive(argument.Value, true) & claimed : 0;
                if (owners != 0)
                {
                    Report(Descriptors.ViewAfterRelease, argument.Value.Syntax.GetLocation(), argument.Value.Syntax.ToString(), OwnerNames(owners) + " (given away in the same call)");
                }
            }
        }

        /// <summary>True for a generic method whose result has the type parameter the argument was passed as.</summary>
        private static bool ReturnsItsArgument(IMethodSymbol method, IParameterSymbol parameter)
        {
            ITypeSymbol declared = parameter.OriginalDefinition.Type;
            return declared is ITypeParameterSymbol && SymbolEqualityComparer.Default.Equals(method.OriginalDefinition.ReturnType.WithNullableAnnotation(NullableAnnotation.NotAnnotated), declared.WithNullableAnnotation(NullableAnnotation.NotAnnotated))
                && ArgumentKinds.IsTracked(method.ReturnType);
        }

        /// <summary>The result value of [NotNullWhen(b)] (or [MaybeNullWhen(!b)]) on an out parameter, or null.</summary>
        private static bool? NullWhen(IParameterSymbol parameter)
        {
            foreach (AttributeData attribute in parameter.GetAttributes())
            {
                // Other attributes may take arrays (the compiler's [Nullable(new byte[] { ... })] on a parameter of a
                // referenced assembly, e.g. WireMessage.TakeVector's out ExVector<T>?), whose Value throws: test the kind first.
                string? name = attribute.AttributeClass?.ToDisplayString();
                if (attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Kind == TypedConstantKind.Primitive
                    && attribute.ConstructorArguments[0].Value is bool value)
                {
                    if (name == "System.Diagnostics.CodeAnalysis.NotNullWhenAttribute")
                    {
                        return value;
                    }

                    if (name == "System.Diagnostics.CodeAnalysis.MaybeNullWhenAttribute")
                    {
                        return !value;
                    }
                }
            }

            return null;
        }

        private void RequireState(int index, ContractModel contract, string expectedName, SyntaxNode syntax, System.Func<string, string, string, Diagnostic> diagnostic)
        {
            int expected = contract.FindState(expectedName);
            ref VarState v = ref _state.Vars[index];
            FlowState.Resolve(ref v, contract);
            if (expected < 0 || expected >= VarState.ClosedBit || !v.Known || (v.Own & VarState.Owned) == 0)
            {
                return;
            }

            ulong wrong = v.States & ~(1UL << expected);
            if (wrong != 0 && _reporting && syntax.GetLocation() is { IsInSource: true } location
                && _reported.Add("state@" + location.SourceSpan.Start.ToString(System.Globalization.CultureInfo.InvariantCulture)))
            {
                _report(diagnostic(_vars[index].Name, expectedName, StateNames(contract, wrong)));
            }
        }

        private static ArgumentModel? FindArgument(MessageModel message, string? name)
        {
            foreach (ArgumentModel argument in message.Arguments)
            {
                if (argument.Name == name)
                {
                    return argument;
                }
            }

            return null;
        }
    }
}
