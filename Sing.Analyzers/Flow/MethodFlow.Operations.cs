using System;
using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;
using Sing.Contracts.Model;

namespace Sing.Analyzers.Flow
{
    /// <summary>Transfer functions: what each operation does to ownership and protocol state.</summary>
    internal sealed partial class MethodFlow
    {
        /// <summary>A statement-level operation: a tracked value produced and dropped here leaks.</summary>
        private void VisitStatement(IOperation operation)
        {
            Visit(operation);
            if (operation is IExpressionStatementOperation statement)
            {
                operation = statement.Operation;
            }

            if ((operation is IInvocationOperation or IObjectCreationOperation) && ArgumentKinds.IsTracked(operation.Type))
            {
                Report(Descriptors.Leak, operation.Syntax.GetLocation(), operation.Syntax.ToString(), " (the result is discarded)");
            }
            else if ((operation is IInvocationOperation or IObjectCreationOperation) && TrackedTuples.Holds(operation.Type))
            {
                Report(Descriptors.Leak, operation.Syntax.GetLocation(), operation.Syntax.ToString(), " (the result, a tuple of tracked values, is discarded)");
            }
        }

        private void Visit(IOperation? operation)
        {
            if (operation is null)
            {
                return;
            }

            switch (operation)
            {
                case ISimpleAssignmentOperation assignment:
                    VisitAssignment(assignment);
                    return;
                case IFlowCaptureOperation capture:
                    VisitCapture(capture);
                    return;
                case IInvocationOperation invocation:
                    VisitInvocation(invocation);
                    TupleResult(invocation);
                    return;
                case IMethodReferenceOperation { Instance: { } receiver } methodGroup when ArgumentKinds.IsTracked(receiver.Type):
                    BindIntoDelegate(methodGroup, receiver);
                    return;
                case IMethodReferenceOperation { Instance: null, Method.IsExtensionMethod: true } extensionGroup
                    when ExtensionReceiver(extensionGroup) is { } extensionReceiver && ArgumentKinds.IsTracked(extensionReceiver.Type):
                    BindIntoDelegate(extensionGroup, extensionReceiver);
                    return;
                case IReturnOperation { Kind: OperationKind.YieldReturn, ReturnedValue: { } yielded } when ArgumentKinds.IsTracked(Unwrap(yielded).Type):
                    Yield(yielded);
                    return;
                case IObjectCreationOperation creation:
                    VisitArguments(creation.Arguments, creation.Constructor);
                    Visit(creation.Initializer);
                    return;
                case ILocalReferenceOperation or IParameterReferenceOperation or IFlowCaptureReferenceOperation:
                {
                    int index = ResolveVar(operation);
                    if (index >= 0)
                    {
                        Use(index, operation.Syntax);
                    }

                    return;
                }

                case IPropertyReferenceOperation property when property.Instance is not null && ResolveVar(property.Instance) >= 0:
                    if (property.Property.Name != "IsOwned")
                    {
                        Use(ResolveVar(property.Instance), operation.Syntax);
                    }

                    foreach (IArgumentOperation argument in property.Arguments)
                    {
                        Visit(argument.Value);
                    }

                    return;
                case IPropertyReferenceOperation temporaryOwner when temporaryOwner.Instance is not null && ResolveVar(temporaryOwner.Instance) < 0:
                    DroppedTemporary(temporaryOwner.Instance);
                    foreach (IOperation child in operation.ChildOperations)
                    {
                        Visit(child);
                    }

                    return;
                case IIsNullOperation:
                    return;
                case IBinaryOperation binary when IsNullLiteral(binary.LeftOperand) || IsNullLiteral(binary.RightOperand):
                    return;
                case IIsPatternOperation pattern when ResolveVar(pattern.Value) >= 0:
                    return;
                case IDeconstructionAssignmentOperation deconstruction:
                    VisitDeconstruction(deconstruction);
                    return;
                case IArrayInitializerOperation or ITupleOperation or ICollectionExpressionOperation when !IsCallTemporary(operation):
                    foreach (IOperation element in operation.ChildOperations)
                    {
                        int index = ResolveVar(element);
                        if (index >= 0 && !_vars[index].IsView)
                        {
                            CannotFollow(index, element.Syntax, operation is ITupleOperation ? "is put in a tuple" : "is put in an array or collection", "keep it in a variable of its own type, or hold it in a TRef<T> or EndpointSet<T>");
                        }
                        else
                        {
                            Visit(element);
                            if (index < 0 && operation is ITupleOperation && ArgumentKinds.IsTracked(Unwrap(element).Type))
                            {
                                // (NewVector(8), 1) kept whole: the new value's only owner is the tuple.
                                Report(Descriptors.CannotFollow, element.Syntax.GetLocation(), element.Syntax.ToString(), "is put in a tuple",
                                    "keep it in a variable of its own type, or hold it in a TRef<T> or EndpointSet<T>");
                            }
                        }
                    }

                    return;
                case IFlowAnonymousFunctionOperation or IAnonymousFunctionOperation or ILocalFunctionOperation:
                    // Captures are reported by the capture rule; bodies are analysed on their own.
                    return;
            }

            foreach (IOperation child in operation.ChildOperations)
            {
                Visit(child);
            }
        }

        private void VisitAssignment(ISimpleAssignmentOperation assignment)
        {
            int target = ResolveVar(assignment.Target);
            if (target >= 0 && _vars[target].IsView && !assignment.IsRef && Unwrap(assignment.Target) is ILocalReferenceOperation { Local.RefKind: not RefKind.None })
            {
                // b = 1 through a ref local writes into what it points at.
                Use(target, assignment.Target.Syntax);
                Visit(assignment.Value);
                return;
            }

            if (target >= 0 && _vars[target].IsView)
            {
                AssignView(target, assignment.Value, assignment.Syntax);
                return;
            }

            if (target >= 0)
            {
                object? key = Unwrap(assignment.Target) is ILocalReferenceOperation local ? local.Local : null;
                AssignTo(target, assignment.Value, assignment.Syntax, key);
                return;
            }

            // A field of a ref struct local (holder.Span = v.AsSpan()): the holder now points into the block too.
            int holder = ViewHolder(assignment.Target);
            if (holder >= 0 && (IsViewType(assignment.Value.Type) || assignment.IsRef))
            {
                Visit(assignment.Value);
                _state.Vars[holder].States |= Derive(assignment.Value, true);
                foreach (IOperation child in assignment.Target.ChildOperations)
                {
                    Visit(child);
                }

                return;
            }

            // Storing into a field, array element or property: the value leaves the variable.
            int source = ResolveVar(assignment.Value);
            if (source >= 0 && !_vars[source].IsView)
            {
                IOperation store = Unwrap(assignment.Target);
                if (assignment.IsRef)
                {
                    CannotFollow(source, assignment.Value.Syntax, "gets a second name through a ref local", "use the variable itself");
                }
                else if (store is IFieldReferenceOperation or IPropertyReferenceOperation && ArgumentKinds.IsTracked(store.Type))
                {
                    Consume(source, assignment.Value.Syntax);
                }
                else if (store is IArrayElementReferenceOperation)
                {
                    CannotFollow(source, assignment.Value.Syntax, "is stored in an array element", "hold it in a TRef<T> or EndpointSet<T>");
                }
                else
                {
                    CannotFollow(source, assignment.Value.Syntax, "is converted to '" + (store.Type?.ToDisplayString() ?? "another type") + "'", "keep it in a variable of its own type");
                }
            }
            else if (source >= 0)
            {
                Use(source, assignment.Value.Syntax);
            }
            else if (Unwrap(assignment.Target) is ILocalReferenceOperation or IParameterReferenceOperation && TrackedTuples.Holds(assignment.Target.Type)
                && Unwrap(assignment.Value) is not ITupleOperation)
            {
                // var t = Pair(): t.Item1 can be read twice. (A tuple literal reports its tracked elements itself.)
                Visit(assignment.Value);
                string holderName = Unwrap(assignment.Target) is ILocalReferenceOperation holderLocal ? holderLocal.Local.Name : ((IParameterReferenceOperation)Unwrap(assignment.Target)).Parameter.Name;
                TupleKeptWhole(assignment.Value, "is a tuple of tracked values kept whole in '" + holderName + "'");
                return;
            }
            else if (Unwrap(assignment.Target) is ILocalReferenceOperation tagCopy && ReceiveCoverageAnalyzer.TagEnum(tagCopy.Type) is not null
                && TagSource(assignment.Value, out object? tagKey))
            {
                // var t = r.Tag: tests on t are tests on the receive.
                Visit(assignment.Value);
                _tagLocals[tagCopy.Local] = tagKey!;
                return;
            }
            else
            {
                // r = ep.ReceiveS(): tag tests on r refine ep's state.
                _pendingKeyForNextReceive = Unwrap(assignment.Target) is ILocalReferenceOperation resultLocal ? resultLocal.Local : null;
                Visit(assignment.Value);
                _pendingKeyForNextReceive = null;
            }

            foreach (IOperation child in assignment.Target.ChildOperations)
            {
                Visit(child);
            }
        }

        /// <summary>An array, collection or tuple built only to be passed to a call (Wait(0, [ep]), params): its elements are borrowed.</summary>
        private static bool IsCallTemporary(IOperation operation)
        {
            IOperation? parent = operation.Parent;
            if (parent is IArrayCreationOperation)
            {
                parent = parent.Parent;
            }

            while (parent is IConversionOperation)
            {
                parent = parent.Parent;
            }

            // Except for an unconstrained type parameter (list.Add((v, 1))): the callee may keep what it is given.
            return parent is IArgumentOperation argument
                && !(argument.Parameter?.OriginalDefinition.Type is ITypeParameterSymbol typeParameter
                    && argument.Parameter.ContainingSymbol is not IMethodSymbol { MethodKind: MethodKind.DelegateInvoke }
                    && !ArgumentKinds.IsTracked(typeParameter));
        }

        /// <summary>
        /// (a, b) = (x, y), var (a, (b, c)) = (x, (y, z)): element-wise moves, all at once (so a swap is clean), nested
        /// tuples pair by pair. One variable moved into two targets ((a, b) = (b, b)) is moved twice: SING0202.
        /// </summary>
        private void VisitDeconstruction(IDeconstructionAssignmentOperation deconstruction)
        {
            var pairs = new List<(IOperation Target, IOperation? Element)>();
            var opaque = new List<IOperation>();
            if (!DeconstructionPairs(deconstruction.Target, deconstruction.Value, pairs, opaque))
            {
                Visit(deconstruction.Value);
                return;
            }

            int count = pairs.Count;
            var sources = new int[count];
            var saved = new VarState[count];
            var targets = new int[count];
            var twice = new bool[count];
            for (int i = 0; i < count; i++)
            {
                sources[i] = -1;
                targets[i] = ResolveVar(pairs[i].Target);
                IOperation? element = pairs[i].Element;
                int source = element is null ? -1 : ResolveVar(element);
                if (source >= 0 && !_vars[source].IsView && targets[i] >= 0)
                {
                    if (System.Array.IndexOf(sources, source, 0, i) >= 0)
                    {
                        // The value already went to an earlier target: a second owner.
                        Report(Descriptors.DoubleRelease, element!.Syntax.GetLocation(), _vars[source].Name, " (it is moved into two variables by this deconstruction)");
                        twice[i] = true;
                        continue;
                    }

                    Use(source, element!.Syntax);
                    sources[i] = source;
                    saved[i] = _state.Vars[source];
                }
                else if (element is not null)
                {
                    if (source >= 0 && !_vars[source].IsView)
                    {
                        CannotFollow(source, element.Syntax, "is deconstructed into a variable of another type", "deconstruct into a variable of its own type");
                    }
                    else
                    {
                        Visit(element);
                    }
                }
            }

            foreach (IOperation value in opaque)
            {
                Visit(value);
            }

            for (int i = 0; i < count; i++)
            {
                if ((sources[i] >= 0 || twice[i]) && System.Array.IndexOf(sources, targets[i]) < 0)
                {
                    Overwrite(targets[i], pairs[i].Target.Syntax);
                }
            }

            for (int i = 0; i < count; i++)
            {
                int targetIndex = targets[i];
                if (sources[i] >= 0 && System.Array.IndexOf(targets, sources[i]) < 0)
                {
                    _state.Vars[sources[i]].Own = VarState.Gone;
                    _state.Vars[sources[i]].ReleasedAt = deconstruction.Syntax.SpanStart;
                }

                if (targetIndex >= 0 && !_vars[targetIndex].IsView)
                {
                    if (sources[i] >= 0)
                    {
                        _state.Vars[targetIndex] = saved[i];
                    }
                    else if (twice[i])
                    {
                        // Reported above; the second target holds nothing of its own.
                        _state.Vars[targetIndex] = VarState.Unassigned;
                    }
                    else if (ArgumentKinds.IsTracked(pairs[i].Target.Type))
                    {
                        Overwrite(targetIndex, pairs[i].Target.Syntax);
                        _state.Vars[targetIndex] = Fresh();
                    }
                }
            }
        }

        /// <summary>
        /// The (target, element) leaves of a deconstruction; element is null where the value is not a tuple literal
        /// of the same shape (that value goes to <paramref name="opaque"/>, to be evaluated, and its targets get fresh values).
        /// False when the target is not a tuple.
        /// </summary>
        private static bool DeconstructionPairs(IOperation target, IOperation? value, List<(IOperation Target, IOperation? Element)> pairs, List<IOperation> opaque)
        {
            target = Unwrap(target);
            if (target is IDeclarationExpressionOperation declaration)
            {
                target = Unwrap(declaration.Expression);
            }

            if (target is not ITupleOperation targets)
            {
                return false;
            }

            ITupleOperation? values = value is null ? null : Unwrap(value) as ITupleOperation;
            if (values is not null && values.Elements.Length != targets.Elements.Length)
            {
                values = null;
            }

            if (values is null && value is not null)
            {
                opaque.Add(value);
            }

            for (int i = 0; i < targets.Elements.Length; i++)
            {
                IOperation? element = values?.Elements[i];
                if (!DeconstructionPairs(targets.Elements[i], element, pairs, opaque))
                {
                    pairs.Add((targets.Elements[i], element));
                }
            }

            return true;
        }

        /// <summary>The view variable whose field an assignment target writes (h.S, h.Inner.S), or -1.</summary>
        private int ViewHolder(IOperation target)
        {
            IOperation? current = Unwrap(target);
            while (current is IFieldReferenceOperation field && field.Instance is not null)
            {
                current = Unwrap(field.Instance);
                int index = ResolveVar(current);
                if (index >= 0)
                {
                    return _vars[index].IsView ? index : -1;
                }
            }

            return -1;
        }

        /// <summary>view = value: valid, pointing into whatever blocks the value points into.</summary>
        private void AssignView(int target, IOperation value, SyntaxNode syntax)
        {
            Visit(value);
            ulong owners = Derive(value, true);
            VarState v = Fresh();
            v.States = owners;
            v.SeenAt = syntax.SpanStart;
            _state.Vars[target] = v;
        }

        /// <summary>
        /// Which owners (bits of tracked variables) a view-valued or by-ref expression may point into:
        /// the owner itself (v.AsSpan(), v[i], r.Value), views it derives from (s.Slice(1), foreach over
        /// s), and for calls that return a view or a ref, every tracked or view argument (a helper
        /// returning a view of its argument ties the result to the caller's owner).
        /// </summary>
        private ulong Derive(IOperation? operation, bool byRef)
        {
            if (operation is null)
            {
                return 0;
            }

            operation = Unwrap(operation);
            int index = ResolveVar(operation);
            if (index >= 0)
            {
                return _vars[index].IsView ? _state.Vars[index].States : OwnerBit(index);
            }

            switch (operation)
            {
                case IInvocationOperation invocation:
                    if (!invocation.TargetMethod.ReturnsByRef && !invocation.TargetMethod.ReturnsByRefReadonly && !IsViewType(invocation.Type))
                    {
                        return 0;
                    }

                    return Derive(invocation.Instance, true) | DeriveArguments(invocation.Arguments);
                case IPropertyReferenceOperation property:
                    if (!property.Property.ReturnsByRef && !property.Property.ReturnsByRefReadonly && !IsViewType(property.Type))
                    {
                        return 0;
                    }

                    return Derive(property.Instance, true) | DeriveArguments(property.Arguments);
                case IFieldReferenceOperation field:
                    return byRef || IsViewType(field.Type) ? Derive(field.Instance, true) : 0;
                case IArrayElementReferenceOperation:
                case ILiteralOperation:
                    return 0;
            }

            if (!byRef && !IsViewType(operation.Type))
            {
                return 0;
            }

            ulong mask = 0;
            foreach (IOperation child in operation.ChildOperations)
            {
                mask |= Derive(child, byRef);
            }

            return mask;
        }

        private ulong DeriveArguments(System.Collections.Immutable.ImmutableArray<IArgumentOperation> arguments)
        {
            ulong mask = 0;
            foreach (IArgumentOperation argument in arguments)
            {
                bool byRef = argument.Parameter is { } p && (p.RefKind != RefKind.None || IsViewType(p.Type));
                if (byRef || ArgumentKinds.IsTracked(argument.Value.Type))
                {
                    mask |= Derive(argument.Value, byRef);
                }
            }

            return mask;
        }

        /// <summary>Views into the block of <paramref name="owner"/> stop being valid (it was sent, freed, moved or overwritten).</summary>
        private void Invalidate(int owner)
        {
            ulong bit = OwnerBit(owner);
            for (int j = 0; j < _vars.Length; j++)
            {
                if (_vars[j].IsView && (_state.Vars[j].States & bit) != 0 && (_state.Vars[j].Own & VarState.Owned) != 0)
                {
                    _state.Vars[j].Own = (byte)((_state.Vars[j].Own & ~VarState.Owned) | VarState.Gone);
                }
            }
        }

        /// <summary>A move: views into the source's block now point into the target's.</summary>
        private void Reassociate(int source, int target)
        {
            ulong from = OwnerBit(source);
            ulong to = OwnerBit(target);
            for (int j = 0; j < _vars.Length; j++)
            {
                if (_vars[j].IsView && (_state.Vars[j].States & from) != 0)
                {
                    _state.Vars[j].States = (_state.Vars[j].States & ~from) | to;
                }
            }
        }

        private void VisitCapture(IFlowCaptureOperation capture)
        {
            int aliased = ResolveVar(capture.Value);
            if (aliased >= 0)
            {
                _captureIndex[capture.Id] = aliased;
                return;
            }

            IOperation value = Unwrap(capture.Value);
            if (value is IPropertyReferenceOperation { Property.Name: "Tag" } && TagSource(value, out object? key))
            {
                _tagCaptures[capture.Id] = key!;
                return;
            }

            if (value is IPropertyReferenceOperation { Property.Name: "Tag", Instance: IInvocationOperation receive })
            {
                _tagCaptures[capture.Id] = capture.Id;
                _pendingKeyForNextReceive = capture.Id;
                Visit(receive);
                _pendingKeyForNextReceive = null;
                return;
            }

            if (value is ILocalReferenceOperation resultLocal && _contracts.ForReceiveResult(value.Type, out _, out _) is not null)
            {
                // switch (r) { case { Tag: ... }: }: patterns on the capture test r's receive.
                _tagCaptures[capture.Id] = resultLocal.Local;
                return;
            }

            if (_contracts.ForReceiveResult(value.Type, out _, out _) is not null)
            {
                _tagCaptures[capture.Id] = capture.Id;
                _pendingKeyForNextReceive = capture.Id;
                Visit(value);
                _pendingKeyForNextReceive = null;
                return;
            }

            if (CaptureVariable(capture) is int view and >= 0 && _vars[view].IsView)
            {
                AssignView(view, capture.Value, capture.Syntax);
                return;
            }

            if (ArgumentKinds.IsTracked(capture.Value.Type))
            {
                int pseudo = CaptureVariable(capture);
                if (pseudo >= 0)
                {
                    AssignTo(pseudo, capture.Value, capture.Syntax, null);
                    return;
                }
            }

            Visit(capture.Value);
        }

        private int CaptureVariable(IFlowCaptureOperation capture)
        {
            return _captureIndex.TryGetValue(capture.Id, out int index) ? index : -1;
        }

        /// <summary>x = value: a move from another variable, null, or a freshly produced value.</summary>
        private void AssignTo(int target, IOperation value, SyntaxNode syntax, object? receiveKey)
        {
            int source = ResolveVar(value);
            if (source == target)
            {
                return;
            }

            if (source >= 0)
            {
                if (_vars[source].IsBorrowed)
                {
                    Report(Descriptors.BorrowedConsumed, value.Syntax.GetLocation(), _vars[source].Name);
                }

                if ((_state.Vars[source].Own & VarState.Gone) != 0 && (_state.Vars[source].Own & VarState.Unknown) == 0)
                {
                    Report(Descriptors.UseAfterRelease, value.Syntax.GetLocation(), _vars[source].Name, ReleasedNote(_state.Vars[source]));
                }

                Overwrite(target, syntax);
                _state.Vars[target] = _state.Vars[source];
                _state.Vars[target].SeenAt = syntax.SpanStart;
                _state.Vars[source].Own = VarState.Gone;
                _state.Vars[source].ReleasedAt = syntax.SpanStart;
                Reassociate(source, target);
                return;
            }

            if (IsNullLiteral(value))
            {
                Overwrite(target, syntax);
                _state.Vars[target] = VarState.Unassigned;
                return;
            }

            _pendingKeyForNextReceive = receiveKey;
            Visit(value);
            _pendingKeyForNextReceive = null;
            if (ArgumentKinds.IsTracked(value.Type) && target < _state.Vars.Length)
            {
                Overwrite(target, syntax);
                _state.Vars[target] = Fresh();
                _state.Vars[target].SeenAt = syntax.SpanStart;
                if (Unwrap(value) is IInvocationOperation call && _vars[target].Contract is { } contract && ReturnState(call.TargetMethod, contract) is int state and >= 0)
                {
                    // [return: InState("S")] on the callee: the endpoint arrives in S.
                    _state.Vars[target].States = 1UL << state;
                    _state.Vars[target].Known = true;
                }
            }
        }

        private static VarState Fresh()
        {
            var v = VarState.Unassigned;
            v.Own = VarState.Owned;
            return v;
        }

        private void Overwrite(int target, SyntaxNode syntax)
        {
            TrackedVariable variable = _vars[target];
            if (variable.IsView)
            {
                return;
            }

            VarState v = _state.Vars[target];
            if ((v.Own & VarState.Owned) != 0 && (v.Own & VarState.Unknown) == 0 && !variable.IsBorrowed && !variable.IsCapture)
            {
                Report(Descriptors.Leak, syntax.GetLocation(), variable.Name, " (" + SeenNote(v) + "its value is overwritten here)");
            }

            Invalidate(target);
        }

        private void Consume(int index, SyntaxNode syntax)
        {
            Undecided(index, syntax);
            TrackedVariable variable = _vars[index];
            VarState v = _state.Vars[index];
            if (variable.IsBorrowed)
            {
                Report(Descriptors.BorrowedConsumed, syntax.GetLocation(), variable.Name);
            }
            else if ((v.Own & VarState.Gone) != 0 && (v.Own & VarState.Unknown) == 0)
            {
                Report(Descriptors.DoubleRelease, syntax.GetLocation(), variable.Name, ReleasedNote(v));
            }

            _state.Vars[index].Own = VarState.Gone;
            _state.Vars[index].PendingState = -1;
            _state.Vars[index].PendingKey = null;
            _state.Vars[index].ReleasedAt = syntax.SpanStart;
            _state.Vars[index].SeenAt = syntax.SpanStart;
            Invalidate(index);
        }

        /// <summary>SING0211: the value goes where the analysis cannot follow; it is treated as moved there.</summary>
        private void CannotFollow(int index, SyntaxNode syntax, string where, string advice)
        {
            Use(index, syntax);
            if (!_vars[index].IsBorrowed)
            {
                Report(Descriptors.CannotFollow, syntax.GetLocation(), _vars[index].Name, where, advice);
            }

            Consume(index, syntax);
        }

        /// <summary>A value undecided after an exception (see MarkUndecided) is used or released: say so (SING0211).</summary>
        private void Undecided(int index, SyntaxNode syntax)
        {
            if ((_state.Vars[index].Own & VarState.Unknown) != 0 && !_vars[index].IsView)
            {
                Report(Descriptors.CannotFollow, syntax.GetLocation(), _vars[index].Name,
                    "may or may not have been sent, freed or moved when the exception reached this catch",
                    "test 'if (" + _vars[index].Name + ".IsOwned)' first, or release it only after the try completes");
            }
        }

        private void Use(int index, SyntaxNode syntax)
        {
            Undecided(index, syntax);
            ref VarState v = ref _state.Vars[index];
            if ((v.Own & VarState.Gone) != 0 && (v.Own & VarState.Unknown) == 0)
            {
                if (_vars[index].IsView)
                {
                    // Once per view and line (c.Data[c.At] is one mistake); a compiler temporary (foreach) once.
                    Location location = _vars[index].IsCapture ? _vars[index].Location : syntax.GetLocation();
                    string key = "SING0209:" + index + ":" + (_vars[index].IsCapture ? 0 : LineOf(syntax.SpanStart));
                    if (_reporting && _reported.Add(key))
                    {
                        Report(Descriptors.ViewAfterRelease, location, _vars[index].IsCapture ? "the enumerator of " + _vars[index].Name : _vars[index].Name, OwnerNames(v.States));
                    }
                }
                else
                {
                    Report(Descriptors.UseAfterRelease, syntax.GetLocation(), _vars[index].Name, ReleasedNote(v));
                }
            }

            if ((v.Own & VarState.Owned) != 0)
            {
                v.SeenAt = syntax.SpanStart;
            }
        }

        /// <summary>" (released at line N)" for use-after-release and double-release messages.</summary>
        private string ReleasedNote(VarState v)
        {
            if (v.ReleasedAt < 0)
            {
                return string.Empty;
            }

            string hint = _sendHints.TryGetValue(v.ReleasedAt, out string? reply) ? reply : string.Empty;
            return " (it was sent, freed or moved at line " + LineOf(v.ReleasedAt) + hint + ")";
        }

        private string SeenNote(VarState v)
        {
            return v.SeenAt >= 0 ? "last seen at line " + LineOf(v.SeenAt) + "; " : string.Empty;
        }

        private int LineOf(int position)
        {
            return _cfg.OriginalOperation.Syntax.SyntaxTree.GetLineSpan(new Microsoft.CodeAnalysis.Text.TextSpan(position, 0)).StartLinePosition.Line + 1;
        }

        /// <summary>The tracked variable an operation denotes (through conversions and compiler captures), or -1.</summary>
        private int ResolveVar(IOperation? operation)
        {
            if (operation is null)
            {
                return -1;
            }

            operation = Unwrap(operation);
            if (operation is IDeclarationExpressionOperation declaration)
            {
                operation = declaration.Expression;
            }

            switch (operation)
            {
                case ILocalReferenceOperation local when _symbolIndex.TryGetValue(local.Local, out int index):
                    return index;
                case IParameterReferenceOperation parameter when _symbolIndex.TryGetValue(parameter.Parameter, out int index):
                    return index;
                case IFlowCaptureReferenceOperation capture when _captureIndex.TryGetValue(capture.Id, out int index):
                    return index < _state.Vars.Length ? index : -1;
                default:
                    return -1;
            }
        }
    }
}
