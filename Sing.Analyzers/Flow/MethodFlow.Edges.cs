using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Sing.Analyzers.Flow
{
    /// <summary>Block transfer and edges: conditions refine facts, leaving a scope checks for leaks, finally blocks are threaded through.</summary>
    internal sealed partial class MethodFlow
    {
        private List<(int Target, int Context, FlowState State)> Step(BasicBlock block, FlowState input, int context)
        {
            var results = new List<(int, int, FlowState)>();
            ExceptionEdges(block, input, context, results);
            _state = input.Clone();
            foreach (IOperation operation in block.Operations)
            {
                VisitStatement(operation);
            }

            if (block.BranchValue is IOperation branchValue)
            {
                if (block.ConditionKind == ControlFlowConditionKind.None && block.FallThroughSuccessor?.Semantics == ControlFlowBranchSemantics.Return)
                {
                    int returned = ResolveVar(branchValue);
                    if (returned >= 0 && _vars[returned].IsView)
                    {
                        Use(returned, branchValue.Syntax);
                    }
                    else if (returned >= 0)
                    {
                        if (_method is not null && _vars[returned].Contract is { } contract && ReturnState(_method, contract) is int promised and >= 0)
                        {
                            // [return: InState("S")]: the endpoint must leave in S.
                            RequireState(returned, contract, contract.States[promised].Name, branchValue.Syntax, (name, expected, actual) =>
                                Diagnostic.Create(Descriptors.ExitState, branchValue.Syntax.GetLocation(), name, expected, actual));
                        }

                        Consume(returned, branchValue.Syntax);
                    }
                    else
                    {
                        Visit(branchValue);
                    }
                }
                else
                {
                    Visit(branchValue);
                }
            }

            FlowState after = _state;
            ExceptionEdges(block, after, context, results);
            if (block.ConditionKind != ControlFlowConditionKind.None && block.BranchValue is not null)
            {
                FlowState whenTrue = after.Clone();
                FlowState whenFalse = after.Clone();
                Refine(block.BranchValue, whenTrue, true);
                Refine(block.BranchValue, whenFalse, false);
                bool jumpsWhenTrue = block.ConditionKind == ControlFlowConditionKind.WhenTrue;

                // A constant condition (while (true)) has one feasible edge only.
                bool? constant = block.BranchValue.ConstantValue is { HasValue: true, Value: bool b } ? b : null;
                if (constant != !jumpsWhenTrue)
                {
                    Follow(block.ConditionalSuccessor, jumpsWhenTrue ? whenTrue : whenFalse, context, results);
                }

                if (constant != jumpsWhenTrue)
                {
                    Follow(block.FallThroughSuccessor, jumpsWhenTrue ? whenFalse : whenTrue, context, results);
                }
            }
            else
            {
                Follow(block.FallThroughSuccessor, after, context, results);
            }

            return results;
        }

        /// <summary>
        /// An exception may leave a try block before or after any of its operations: each catch handler
        /// of an enclosing try starts from the states at the block's start and end (locals of the
        /// scopes the exception leaves are dropped; their leaks on exceptional paths are not reported).
        /// </summary>
        private void ExceptionEdges(BasicBlock block, FlowState state, int context, List<(int, int, FlowState)> results)
        {
            FlowState? copy = null;
            // A lambda's or local function's graph has its root region inside the containing method's regions: the
            // walk stops at this graph's root, so a try around the lambda's creation is not taken for one around its body.
            for (ControlFlowRegion? region = block.EnclosingRegion; region is not null; region = region == _cfg.Root ? null : region.EnclosingRegion)
            {
                if (region.Kind == ControlFlowRegionKind.Finally || region.Kind == ControlFlowRegionKind.Catch || region.Kind == ControlFlowRegionKind.FilterAndHandler)
                {
                    // An exception out of a handler or a finally is not followed.
                    return;
                }

                if (region.Kind == ControlFlowRegionKind.Try && region.EnclosingRegion is { Kind: ControlFlowRegionKind.TryAndCatch } tryAndCatch)
                {
                    copy ??= state.Clone();
                    for (ControlFlowRegion? left = block.EnclosingRegion; left is not null; left = left.EnclosingRegion)
                    {
                        foreach (ILocalSymbol local in left.Locals)
                        {
                            if (_symbolIndex.TryGetValue(local, out int index))
                            {
                                copy.Vars[index] = VarState.Unassigned;
                            }
                        }

                        if (left == region)
                        {
                            break;
                        }
                    }

                    foreach (ControlFlowRegion handler in tryAndCatch.NestedRegions)
                    {
                        if (handler.Kind == ControlFlowRegionKind.Catch || handler.Kind == ControlFlowRegionKind.FilterAndHandler)
                        {
                            _catchEntries.Add(handler.FirstBlockOrdinal);
                            results.Add((handler.FirstBlockOrdinal, context, copy));
                        }
                    }

                    // Only the innermost try with handlers: an exception it does not catch is not followed further.
                    return;
                }
            }
        }

        private int Context(int parent, int target, ControlFlowBranch? leaving)
        {
            if (!_contextIds.TryGetValue((parent, target, leaving), out int id))
            {
                id = _contexts.Count;
                _contexts.Add((parent, target, leaving));
                _contextIds[(parent, target, leaving)] = id;
            }

            return id;
        }

        private void Follow(ControlFlowBranch? branch, FlowState state, int context, List<(int, int, FlowState)> results)
        {
            if (branch is null)
            {
                return;
            }

            if (branch.Semantics == ControlFlowBranchSemantics.StructuredExceptionHandling)
            {
                // The end of a finally: continue where the path that entered it was going.
                foreach (ControlFlowRegion region in branch.LeavingRegions)
                {
                    LeaveScope(region, state, branch);
                }

                if (context == 0 || context >= _contexts.Count)
                {
                    return;
                }

                (int parent, int target, ControlFlowBranch? leaving) = _contexts[context];
                if (leaving is not null)
                {
                    foreach (ControlFlowRegion region in leaving.LeavingRegions)
                    {
                        LeaveScope(region, state, leaving);
                    }
                }

                results.Add((target, parent, state));
                return;
            }

            if (branch.FinallyRegions.Length > 0)
            {
                // Innermost finally first; each one's end continues to the next, the last to the destination.
                int destination = branch.Destination?.Ordinal ?? -1;
                if (destination < 0)
                {
                    return;
                }

                int current = Context(context, destination, branch);
                for (int i = branch.FinallyRegions.Length - 1; i > 0; i--)
                {
                    current = Context(current, branch.FinallyRegions[i].FirstBlockOrdinal, null);
                }

                results.Add((branch.FinallyRegions[0].FirstBlockOrdinal, current, state));
                return;
            }

            foreach (ControlFlowRegion region in branch.LeavingRegions)
            {
                LeaveScope(region, state, branch);
            }

            if (branch.Destination is BasicBlock destinationBlock)
            {
                results.Add((destinationBlock.Ordinal, context, state));
            }
        }

        /// <summary>Locals whose scope ends must not still own a value; they start fresh if the scope is re-entered.</summary>
        private void LeaveScope(ControlFlowRegion region, FlowState state, ControlFlowBranch? branch)
        {
            foreach (ILocalSymbol local in region.Locals)
            {
                if (_symbolIndex.TryGetValue(local, out int index))
                {
                    if (_reporting && (state.Vars[index].Own & VarState.Owned) != 0)
                    {
                        CheckLeak(index, state.Vars[index], ExitNote(branch, region), FixPoint(branch));
                    }

                    state.Vars[index] = VarState.Unassigned;
                }
            }

            foreach (CaptureId capture in region.CaptureIds)
            {
                if (_captureIndex.TryGetValue(capture, out int index) && _vars.Length > index && _vars[index].IsCapture)
                {
                    state.Vars[index] = VarState.Unassigned;
                }
            }
        }

        /// <summary>Where a release is missing on a leaking path, for the code fix: "before:N" (a return statement) or "after:N" (the statement at N).</summary>
        private static string? FixPoint(ControlFlowBranch? branch)
        {
            BasicBlock? source = branch?.Source;
            if (source is null)
            {
                return null;
            }

            if (branch!.Semantics == ControlFlowBranchSemantics.Return && source.BranchValue is { } returned)
            {
                for (SyntaxNode? node = returned.Syntax; node is not null; node = node.Parent)
                {
                    if (node is Microsoft.CodeAnalysis.CSharp.Syntax.ReturnStatementSyntax statement)
                    {
                        return "before:" + statement.SpanStart.ToString(System.Globalization.CultureInfo.InvariantCulture);
                    }
                }

                return null;
            }

            if (source.BranchValue is null && source.Operations.Length > 0 && branch.Destination is { } destination && destination.Ordinal > source.Ordinal)
            {
                return "after:" + source.Operations[source.Operations.Length - 1].Syntax.SpanStart.ToString(System.Globalization.CultureInfo.InvariantCulture);
            }

            return null;
        }

        /// <summary>How a path leaves a scope, for leak messages: "returns at line N", "leaves its scope at line N".</summary>
        private string ExitNote(ControlFlowBranch? branch, ControlFlowRegion region)
        {
            BasicBlock? source = branch?.Source;
            SyntaxNode? at = source?.BranchValue?.Syntax;
            if (at is null && source is not null && source.Operations.Length > 0)
            {
                at = source.Operations[source.Operations.Length - 1].Syntax;
            }

            string line = at is null ? string.Empty : " after line " + LineOf(at.Span.End);
            if (branch?.Semantics == ControlFlowBranchSemantics.Return)
            {
                return "reaches a return" + line;
            }

            return branch is not null && branch.Destination is { } destination && destination.Ordinal <= (source?.Ordinal ?? 0)
                ? "goes round the loop again" + line
                : "leaves its scope" + line;
        }

        /// <summary>Narrows facts on one edge of a condition: null tests and receive-tag tests.</summary>
        private void Refine(IOperation condition, FlowState state, bool value)
        {
            switch (condition)
            {
                case IUnaryOperation { OperatorKind: UnaryOperatorKind.Not } not:
                    Refine(not.Operand, state, !value);
                    return;
                case IIsNullOperation isNull:
                    RefineNull(ResolveVar(isNull.Operand), state, value);
                    return;
                case IBinaryOperation binary when binary.OperatorKind == BinaryOperatorKind.Equals || binary.OperatorKind == BinaryOperatorKind.NotEquals:
                {
                    bool equal = binary.OperatorKind == BinaryOperatorKind.Equals ? value : !value;
                    if (IsNullLiteral(binary.RightOperand))
                    {
                        RefineNull(ResolveVar(binary.LeftOperand), state, equal);
                    }
                    else if (IsNullLiteral(binary.LeftOperand))
                    {
                        RefineNull(ResolveVar(binary.RightOperand), state, equal);
                    }
                    else if (TagSource(binary.LeftOperand, out object? key) && TagMember(binary.RightOperand) is string member)
                    {
                        ApplyTag(state, key!, member, equal);
                    }
                    else if (TagSource(binary.RightOperand, out key) && TagMember(binary.LeftOperand) is string member2)
                    {
                        ApplyTag(state, key!, member2, equal);
                    }

                    return;
                }

                case IIsPatternOperation pattern:
                    RefinePattern(pattern.Value, pattern.Pattern, state, value);
                    return;
                case IPropertyReferenceOperation { Property.Name: "IsOwned", Instance: { } owner } when ResolveVar(owner) is int tested and >= 0 && !_vars[tested].IsView:
                    // The run-time answer decides what the analysis could not (after an exception, for example).
                    state.Vars[tested].Own = value ? VarState.Owned : VarState.Gone;
                    return;
                case IInvocationOperation call when _nullWhen.TryGetValue(call, out List<(int Index, bool WhenResult)>? outs):
                    foreach ((int index, bool whenResult) in outs)
                    {
                        RefineNull(index, state, isNull: value != whenResult);
                    }

                    return;
            }
        }

        private void RefinePattern(IOperation subject, IPatternOperation pattern, FlowState state, bool value)
        {
            // A receive's tag or result tested with any pattern shape (or, not, relational, { Tag: ... }).
            ITypeSymbol? subjectType = Unwrap(subject).Type;
            INamedTypeSymbol? tags = ReceiveCoverageAnalyzer.Governed(subjectType, out bool onResult);
            if (tags is not null && (onResult ? ResultSubject(subject, out object? key) : TagSource(subject, out key)))
            {
                List<IFieldSymbol> members = TagPatterns.Members(tags);
                TagMatch match = TagPatterns.Match(pattern, tags, members, onResult);
                ulong all = members.Count >= 64 ? ulong.MaxValue : (1UL << members.Count) - 1;
                ApplyTagSet(state, key!, TagPatterns.Names(value ? match.May : all & ~match.Must, members));
                if (!onResult && pattern is IDeclarationPatternOperation { DeclaredSymbol: ILocalSymbol copy })
                {
                    // case var t: tests on t are tests on the receive.
                    _tagLocals[copy] = key!;
                }

                return;
            }

            switch (pattern)
            {
                case INegatedPatternOperation negated:
                    RefinePattern(subject, negated.Pattern, state, !value);
                    return;
                case IConstantPatternOperation constant when IsNullLiteral(constant.Value):
                    RefineNull(ResolveVar(subject), state, value);
                    return;
                case IDeclarationPatternOperation or ITypePatternOperation or IRecursivePatternOperation:
                    if (value)
                    {
                        if (pattern is not IDeclarationPatternOperation { MatchedType: null })
                        {
                            RefineNull(ResolveVar(subject), state, false);
                        }

                        DeclaredAlias(subject, pattern, state);
                    }
                    else if (MatchesEveryNonNull(pattern))
                    {
                        // v is ExVector<byte> w failing means v is null.
                        RefineNull(ResolveVar(subject), state, true);
                    }

                    return;
            }
        }

        private static bool MatchesEveryNonNull(IPatternOperation pattern)
        {
            ITypeSymbol? matched = pattern switch
            {
                IDeclarationPatternOperation declaration => declaration.MatchedType,
                ITypePatternOperation type => type.MatchedType,
                IRecursivePatternOperation { PropertySubpatterns.IsEmpty: true, DeconstructionSubpatterns.IsEmpty: true } recursive => recursive.MatchedType,
                _ => null,
            };
            if (matched is null)
            {
                return false;
            }

            for (ITypeSymbol? t = pattern.InputType; t is not null; t = t.BaseType)
            {
                if (SymbolEqualityComparer.Default.Equals(t.WithNullableAnnotation(NullableAnnotation.NotAnnotated), matched.WithNullableAnnotation(NullableAnnotation.NotAnnotated)))
                {
                    return true;
                }
            }

            return false;
        }

        /// <summary>v is ExVector&lt;byte&gt; w: on the matching edge the value moves to w (a second name is a move).</summary>
        private void DeclaredAlias(IOperation subject, IPatternOperation pattern, FlowState state)
        {
            ISymbol? declared = pattern switch
            {
                IDeclarationPatternOperation declaration => declaration.DeclaredSymbol,
                IRecursivePatternOperation recursive => recursive.DeclaredSymbol,
                _ => null,
            };
            int source = ResolveVar(subject);
            if (declared is null || source < 0 || _vars[source].IsView || !_symbolIndex.TryGetValue(declared, out int target) || target == source)
            {
                return;
            }

            FlowState saved = _state;
            _state = state;
            state.Vars[target] = state.Vars[source];
            state.Vars[source].Own = VarState.Gone;
            state.Vars[source].ReleasedAt = pattern.Syntax.SpanStart;
            Reassociate(source, target);
            _state = saved;
        }

        /// <summary>A receive result (a local, or the capture of ep.ReceiveS() in a switch) and the key its tag tests use.</summary>
        private bool ResultSubject(IOperation subject, out object? key)
        {
            subject = Unwrap(subject);
            if (subject is ILocalReferenceOperation local)
            {
                key = local.Local;
                return true;
            }

            if (subject is IFlowCaptureReferenceOperation capture && _tagCaptures.TryGetValue(capture.Id, out key))
            {
                return true;
            }

            if (subject is IInvocationOperation && _lastReceiveKey is not null)
            {
                key = _lastReceiveKey;
                return true;
            }

            key = null;
            return false;
        }

        private static void RefineNull(int index, FlowState state, bool isNull)
        {
            if (index < 0)
            {
                return;
            }

            byte own = state.Vars[index].Own;
            byte narrowed = isNull ? (byte)(own & VarState.Null) : (byte)(own & ~VarState.Null);
            state.Vars[index].Own = narrowed;
        }

        private void ApplyTag(FlowState state, object key, string member, bool positive)
        {
            ApplyTagSet(state, key, new List<string> { member }, keep: positive);
        }

        /// <summary>Keeps (or, with keep false, drops) the pending messages named in <paramref name="members"/>.</summary>
        private void ApplyTagSet(FlowState state, object key, List<string> members, bool keep = true)
        {
            for (int i = 0; i < _vars.Length; i++)
            {
                ref VarState v = ref state.Vars[i];
                if (v.PendingState < 0 || !Equals(v.PendingKey, key) || _vars[i].Contract is not { } contract)
                {
                    continue;
                }

                ulong bits = 0;
                if (members.Contains("ChannelClosed"))
                {
                    bits |= 1UL << VarState.ClosedBit;
                }

                var transitions = contract.States[v.PendingState].Transitions;
                for (int k = 0; k < transitions.Count && k < VarState.ClosedBit; k++)
                {
                    if (members.Contains(contract.Messages[transitions[k].Message].Name))
                    {
                        bits |= 1UL << k;
                    }
                }

                v.PendingMessages = keep ? v.PendingMessages & bits : v.PendingMessages & ~bits;
            }
        }

        /// <summary>Recognises <c>r.Tag</c> (or a capture of it) for a typed receive result.</summary>
        private bool TagSource(IOperation operation, out object? key)
        {
            key = null;
            operation = Unwrap(operation);
            if (operation is IFlowCaptureReferenceOperation capture)
            {
                return _tagCaptures.TryGetValue(capture.Id, out key);
            }

            if (operation is ILocalReferenceOperation tagLocal && _tagLocals.TryGetValue(tagLocal.Local, out key))
            {
                return true;
            }

            if (operation is IPropertyReferenceOperation { Property.Name: "Tag", Instance: { } instance }
                && _contracts.ForReceiveResult(instance.Type, out _, out _) is not null)
            {
                instance = Unwrap(instance);
                if (instance is ILocalReferenceOperation local)
                {
                    key = local.Local;
                    return true;
                }

                if (instance is IFlowCaptureReferenceOperation resultCapture && _tagCaptures.TryGetValue(resultCapture.Id, out key))
                {
                    return true;
                }

                // ep.ReceiveS().Tag tested directly: the receive was just visited with the branch value.
                if (instance is IInvocationOperation && _lastReceiveKey is not null)
                {
                    key = _lastReceiveKey;
                    return true;
                }
            }

            return false;
        }

        private static string? TagMember(IOperation operation)
        {
            operation = Unwrap(operation);
            if (operation is IFieldReferenceOperation field && field.Field.ContainingType?.TypeKind == TypeKind.Enum)
            {
                return field.Field.Name;
            }

            if (operation.Type is INamedTypeSymbol { TypeKind: TypeKind.Enum } enumType && operation.ConstantValue.HasValue)
            {
                foreach (ISymbol member in enumType.GetMembers())
                {
                    if (member is IFieldSymbol { HasConstantValue: true } f && Equals(f.ConstantValue, operation.ConstantValue.Value))
                    {
                        return f.Name;
                    }
                }
            }

            return null;
        }

        private static bool IsNullLiteral(IOperation operation)
        {
            operation = Unwrap(operation);
            return operation.ConstantValue.HasValue && operation.ConstantValue.Value is null
                || operation is IDefaultValueOperation { Type.IsReferenceType: true };
        }

        private static IOperation Unwrap(IOperation operation)
        {
            while (operation is IConversionOperation { IsImplicit: true } conversion)
            {
                operation = conversion.Operand;
            }

            while (operation is IConversionOperation conversion2 && conversion2.Operand.Type is not null && conversion2.Type?.IsReferenceType == true)
            {
                operation = conversion2.Operand;
            }

            return operation;
        }
    }
}
