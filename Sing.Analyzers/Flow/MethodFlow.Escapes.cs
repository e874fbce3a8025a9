using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;

namespace Sing.Analyzers.Flow
{
    /// <summary>
    /// Shapes through which a tracked value would get owners the analysis cannot see: a method group bound to it
    /// (the delegate keeps its receiver and may be invoked any number of times), an iterator's yield (an
    /// enumerator's Current can be read any number of times) and a tuple of tracked values kept whole (its
    /// elements can be read any number of times). Each is SING0211, and the value counts as moved there.
    /// </summary>
    internal sealed partial class MethodFlow
    {
        /// <summary>v.Free or imp.SendAdd converted to a delegate: the delegate holds v.</summary>
        private void BindIntoDelegate(IMethodReferenceOperation methodGroup, IOperation receiver)
        {
            Escape(receiver, "is bound into a delegate by the method group '" + methodGroup.Syntax + "'",
                "call the method directly, or give the value to the delegate as an argument when it is invoked");
        }

        /// <summary>
        /// The receiver of an extension method group (v.Sum&lt;int&gt;): the control-flow graph drops it from the method
        /// reference, the original operation tree keeps it. Null when there is none.
        /// </summary>
        private IOperation? ExtensionReceiver(IMethodReferenceOperation methodGroup)
        {
            foreach (IOperation operation in _cfg.OriginalOperation.Descendants())
            {
                if (operation is IMethodReferenceOperation { Instance: { } receiver } original && original.Syntax == methodGroup.Syntax)
                {
                    return receiver;
                }
            }

            return null;
        }

        /// <summary>yield return v: the enumerator hands v out as Current, as often as it is read.</summary>
        private void Yield(IOperation yielded)
        {
            Escape(yielded, "is yielded by an iterator, whose Current can be read any number of times",
                "return one value per call instead, or send the values on a channel");
        }

        /// <summary>A tuple of tracked values from a call kept in a local, or used whole (t.Item1 twice is two owners).</summary>
        private void TupleKeptWhole(IOperation tuple, string where)
        {
            Report(Descriptors.CannotFollow, tuple.Syntax.GetLocation(), tuple.Syntax.ToString(), where,
                "deconstruct it where it is produced (var (a, b) = ...), so each value has a variable of its own");
        }

        /// <summary>
        /// A call producing a tuple of tracked values must be deconstructed, assigned (judged by the assignment),
        /// returned, passed on as a tuple or dropped (a leak, judged by the statement); anything else reads it whole.
        /// </summary>
        private void TupleResult(IOperation call)
        {
            if (!TrackedTuples.Holds(call.Type))
            {
                return;
            }

            IOperation? parent = call.Parent;
            while (parent is IConversionOperation)
            {
                parent = parent.Parent;
            }

            if (parent is null or IDeconstructionAssignmentOperation or ISimpleAssignmentOperation or IExpressionStatementOperation
                or IReturnOperation or IFlowCaptureOperation || (parent is IArgumentOperation argument && TrackedTuples.Holds(argument.Parameter?.Type)))
            {
                return;
            }

            TupleKeptWhole(call, "is a tuple of tracked values used whole");
        }

        /// <summary>The value escapes: a tracked variable counts as moved; another expression is reported where it is.</summary>
        private void Escape(IOperation value, string where, string advice)
        {
            int index = ResolveVar(value);
            if (index >= 0 && !_vars[index].IsView)
            {
                if ((_state.Vars[index].Own & (VarState.Gone | VarState.Unknown)) == VarState.Gone)
                {
                    // Already released or escaped: one diagnostic, the use after release.
                    Use(index, value.Syntax);
                    return;
                }

                CannotFollow(index, value.Syntax, where, advice);
                return;
            }

            Visit(value);
            Report(Descriptors.CannotFollow, value.Syntax.GetLocation(), value.Syntax.ToString(), where, advice);
        }
    }
}
