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
                Report(Descriptors.Leak, operation.Syntax.GetLocation(), operation.Syntax.ToString());
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
                case IIsNullOperation:
                    return;
                case IBinaryOperation binary when IsNullLiteral(binary.LeftOperand) || IsNullLiteral(binary.RightOperand):
                    return;
                case IIsPatternOperation pattern when ResolveVar(pattern.Value) >= 0:
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
            if (target >= 0)
            {
                object? key = Unwrap(assignment.Target) is ILocalReferenceOperation local ? local.Local : null;
                AssignTo(target, assignment.Value, assignment.Syntax, key);
                return;
            }

            // Storing into a field, array element or property: the value leaves the variable.
            int source = ResolveVar(assignment.Value);
            if (source >= 0)
            {
                Consume(source, assignment.Value.Syntax);
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

            if (_contracts.ForReceiveResult(value.Type, out _, out _) is not null)
            {
                _tagCaptures[capture.Id] = capture.Id;
                _pendingKeyForNextReceive = capture.Id;
                Visit(value);
                _pendingKeyForNextReceive = null;
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

                if ((_state.Vars[source].Own & VarState.Gone) != 0)
                {
                    Report(Descriptors.UseAfterRelease, value.Syntax.GetLocation(), _vars[source].Name);
                }

                Overwrite(target, syntax);
                _state.Vars[target] = _state.Vars[source];
                _state.Vars[source].Own = VarState.Gone;
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
            if ((_state.Vars[target].Own & VarState.Owned) != 0 && !_vars[target].IsBorrowed && !_vars[target].IsCapture)
            {
                Report(Descriptors.Leak, syntax.GetLocation(), _vars[target].Name);
            }
        }

        private void Consume(int index, SyntaxNode syntax)
        {
            TrackedVariable variable = _vars[index];
            if (variable.IsBorrowed)
            {
                Report(Descriptors.BorrowedConsumed, syntax.GetLocation(), variable.Name);
            }
            else if ((_state.Vars[index].Own & VarState.Gone) != 0)
            {
                Report(Descriptors.DoubleRelease, syntax.GetLocation(), variable.Name);
            }

            _state.Vars[index].Own = VarState.Gone;
            _state.Vars[index].PendingState = -1;
            _state.Vars[index].PendingKey = null;
        }

        private void Use(int index, SyntaxNode syntax)
        {
            if ((_state.Vars[index].Own & VarState.Gone) != 0)
            {
                Report(Descriptors.UseAfterRelease, syntax.GetLocation(), _vars[index].Name);
            }
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
