using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.FlowAnalysis;
using Microsoft.CodeAnalysis.Operations;
using Sing.Contracts.Model;

namespace Sing.Analyzers.Flow
{
    /// <summary>
    /// Flow-sensitive check of one method body over Roslyn's control-flow graph: ownership of
    /// exchange-heap values and endpoints (linearity) and the protocol state of every endpoint.
    /// A fixpoint runs silently first; a last pass over the stable states reports diagnostics, so
    /// loops and merges are judged on all paths. Exceptional edges are not modelled.
    /// </summary>
    internal sealed partial class MethodFlow
    {
        private readonly ControlFlowGraph _cfg;
        private readonly ContractCache _contracts;
        private readonly Action<Diagnostic> _report;
        private readonly HashSet<string> _reported;
        private readonly List<TrackedVariable> _variables = new List<TrackedVariable>();
        private readonly Dictionary<ISymbol, int> _symbolIndex = new Dictionary<ISymbol, int>(SymbolEqualityComparer.Default);
        private readonly Dictionary<CaptureId, int> _captureIndex = new Dictionary<CaptureId, int>();
        private readonly Dictionary<CaptureId, object> _tagCaptures = new Dictionary<CaptureId, object>();
        private readonly Dictionary<IOperation, List<(int Index, bool WhenResult)>> _nullWhen = new Dictionary<IOperation, List<(int Index, bool WhenResult)>>();
        private readonly Dictionary<int, string> _sendHints = new Dictionary<int, string>();
        private readonly Dictionary<ILocalSymbol, object> _tagLocals = new Dictionary<ILocalSymbol, object>(SymbolEqualityComparer.Default);
        /// <summary>
        /// Finally contexts: a finally block is analysed once per way of entering it (per exit of the
        /// try it guards), so a return after a free and a normal exit do not share one merged state.
        /// Entry 0 is "not in a finally"; each other entry is the continuation after the finally, on
        /// top of its parent context.
        /// </summary>
        private readonly List<(int Parent, int Target, ControlFlowBranch? Leaving)> _contexts = new List<(int Parent, int Target, ControlFlowBranch? Leaving)>();
        private readonly Dictionary<(int Parent, int Target, ControlFlowBranch? Leaving), int> _contextIds = new Dictionary<(int Parent, int Target, ControlFlowBranch? Leaving), int>();
        private readonly HashSet<int> _catchEntries = new HashSet<int>();
        private TrackedVariable[] _vars = Array.Empty<TrackedVariable>();
        private FlowState _state = new FlowState(0);
        private bool _reporting;
        private bool _sawTracked;
        private object? _pendingKeyForNextReceive;
        private object? _lastReceiveKey;

        public MethodFlow(ControlFlowGraph cfg, ContractCache contracts, Action<Diagnostic> report, HashSet<string> reported)
        {
            _cfg = cfg;
            _contracts = contracts;
            _report = report;
            _reported = reported;
        }

        private IMethodSymbol? _method;

        public void Run(IMethodSymbol? method)
        {
            _method = method;
            CollectVariables(method);
            if (!_sawTracked)
            {
                return;
            }

            CollectClaimingDelegates();

            var entry = new FlowState(_vars.Length);
            for (int i = 0; i < _vars.Length; i++)
            {
                entry.Vars[i] = VarState.Unassigned;
            }

            if (method is not null)
            {
                InitializeParameters(method, entry);
            }

            ImmutableArray<BasicBlock> blocks = _cfg.Blocks;
            _contexts.Add(default);
            var inStates = new Dictionary<(int Block, int Context), FlowState> { [(0, 0)] = entry };
            var work = new SortedSet<(int Block, int Context)> { (0, 0) };
            // A safety net against a non-terminating fixpoint; each finally context is another copy of its blocks.
            int steps = 0;
            while (work.Count > 0 && steps++ < (blocks.Length * _contexts.Count * 50) + 1000)
            {
                (int ordinal, int context) = work.Min;
                work.Remove(work.Min);
                FlowState input = inStates[(ordinal, context)];
                foreach ((int target, int targetContext, FlowState output) in Step(blocks[ordinal], input, context))
                {
                    inStates.TryGetValue((target, targetContext), out FlowState? old);
                    FlowState merged = old is null ? output : old.Join(output, _vars);
                    if (_catchEntries.Contains(target))
                    {
                        MarkUndecided(merged);
                    }

                    if (old is null || !merged.SameAs(old))
                    {
                        inStates[(target, targetContext)] = merged;
                        work.Add((target, targetContext));
                    }
                }
            }

            // Report on the stable states.
            _reporting = true;
            FlowState? exit = null;
            foreach (KeyValuePair<(int Block, int Context), FlowState> entryState in inStates)
            {
                foreach (var _ in Step(blocks[entryState.Key.Block], entryState.Value, entryState.Key.Context))
                {
                }

                if (entryState.Key.Block == blocks.Length - 1)
                {
                    exit = exit is null ? entryState.Value : exit.Join(entryState.Value, _vars);
                }
            }

            if (exit is not null)
            {
                CheckExit(exit);
            }
        }

        /// <summary>
        /// At a catch handler's entry a value that may be owned and may be gone was being transferred
        /// when the exception came (or not): the analysis cannot decide, the run-time check does.
        /// </summary>
        private static void MarkUndecided(FlowState state)
        {
            for (int i = 0; i < state.Vars.Length; i++)
            {
                byte own = state.Vars[i].Own;
                if ((own & VarState.Owned) != 0 && (own & VarState.Gone) != 0)
                {
                    state.Vars[i].Own |= VarState.Unknown;
                }
            }
        }

        private void CollectVariables(IMethodSymbol? method)
        {
            if (method is not null)
            {
                foreach (IParameterSymbol parameter in method.Parameters)
                {
                    if (AddSymbol(parameter, parameter.Type, IsViewType(parameter.Type)) is int index and >= 0)
                    {
                        _variables[index].IsParameter = true;
                    }
                }
            }

            foreach (ControlFlowRegion region in AllRegions(_cfg.Root))
            {
                foreach (ILocalSymbol local in region.Locals)
                {
                    if (local.RefKind != RefKind.None && ArgumentKinds.IsTracked(local.Type))
                    {
                        // ref ExVector<byte> alias = ref v: a second name; binding it is reported (SING0211).
                        continue;
                    }

                    AddSymbol(local, local.Type, local.RefKind != RefKind.None || IsViewType(local.Type));
                }
            }

            foreach (BasicBlock block in _cfg.Blocks)
            {
                foreach (IOperation operation in block.Operations)
                {
                    CollectCaptures(operation);
                }

                if (block.BranchValue is not null)
                {
                    CollectCaptures(block.BranchValue);
                }
            }

            _vars = _variables.ToArray();
            _sawTracked |= _vars.Length > 0;
        }

        /// <summary>Compiler captures (?:, ??, ?., switch) either alias a tracked variable or hold a fresh tracked value.</summary>
        private void CollectCaptures(IOperation root)
        {
            foreach (IOperation operation in root.DescendantsAndSelf())
            {
                _sawTracked |= ArgumentKinds.IsTracked(operation.Type) || TrackedTuples.Holds(operation.Type);
                if (operation is not IFlowCaptureOperation capture || _captureIndex.ContainsKey(capture.Id))
                {
                    continue;
                }

                IOperation value = Unwrap(capture.Value);
                int aliased = value switch
                {
                    ILocalReferenceOperation local when _symbolIndex.TryGetValue(local.Local, out int i) => i,
                    IParameterReferenceOperation parameter when _symbolIndex.TryGetValue(parameter.Parameter, out int i) => i,
                    IFlowCaptureReferenceOperation inner when _captureIndex.TryGetValue(inner.Id, out int i) => i,
                    _ => -1,
                };
                if (aliased >= 0)
                {
                    _captureIndex[capture.Id] = aliased;
                }
                else if (ArgumentKinds.IsTracked(capture.Value.Type))
                {
                    var variable = new TrackedVariable("(temporary)", capture.Value.Type!, capture.Syntax.GetLocation()) { IsCapture = true };
                    variable.Contract = _contracts.ForEndpoint(capture.Value.Type, out bool isImp);
                    variable.IsImp = isImp;
                    _captureIndex[capture.Id] = _variables.Count;
                    _variables.Add(variable);
                }
                else if (IsViewType(capture.Value.Type))
                {
                    // e.g. the enumerator of foreach over a span: a view like a span local.
                    var variable = new TrackedVariable(capture.Value.Syntax.ToString(), capture.Value.Type!, capture.Syntax.GetLocation()) { IsCapture = true, IsView = true };
                    _captureIndex[capture.Id] = _variables.Count;
                    _variables.Add(variable);
                }
            }
        }

        private static IEnumerable<ControlFlowRegion> AllRegions(ControlFlowRegion root)
        {
            yield return root;
            foreach (ControlFlowRegion nested in root.NestedRegions)
            {
                foreach (ControlFlowRegion r in AllRegions(nested))
                {
                    yield return r;
                }
            }
        }

        /// <summary>Types whose values may point into an exchange-heap block without owning it.</summary>
        private static bool IsViewType(ITypeSymbol? type)
        {
            return type is not null && type.IsRefLikeType;
        }

        private int AddSymbol(ISymbol symbol, ITypeSymbol type, bool view)
        {
            if ((!view && !ArgumentKinds.IsTracked(type)) || _symbolIndex.ContainsKey(symbol))
            {
                return -1;
            }

            Location location = symbol.Locations.Length > 0 ? symbol.Locations[0] : Location.None;
            var variable = new TrackedVariable(symbol.Name, type, location) { IsView = view };
            variable.Contract = _contracts.ForEndpoint(type, out bool isImp);
            variable.IsImp = isImp;
            _symbolIndex[symbol] = _variables.Count;
            _variables.Add(variable);
            return _variables.Count - 1;
        }

        private void InitializeParameters(IMethodSymbol method, FlowState entry)
        {
            foreach (IParameterSymbol parameter in method.Parameters)
            {
                if (!_symbolIndex.TryGetValue(parameter, out int index))
                {
                    continue;
                }

                TrackedVariable variable = _vars[index];
                var v = VarState.Unassigned;
                if (variable.IsView)
                {
                    // A view the caller passed in: valid, pointing at blocks the caller tracks.
                    variable.ReturnsToCaller = parameter.RefKind == RefKind.Out || parameter.RefKind == RefKind.Ref;
                    if (parameter.RefKind != RefKind.Out)
                    {
                        v.Own = VarState.Owned;
                    }

                    entry.Vars[index] = v;
                    continue;
                }

                bool claims = ContractReader.FindAttribute(parameter, KnownNames.Claims) is not null;
                variable.IsRefParameter = parameter.RefKind == RefKind.Ref;
                variable.IsBorrowed = !claims && parameter.RefKind != RefKind.Out && parameter.RefKind != RefKind.Ref;
                variable.ReturnsToCaller = parameter.RefKind == RefKind.Out || parameter.RefKind == RefKind.Ref;
                if (parameter.RefKind != RefKind.Out)
                {
                    v.Own = VarState.Owned;
                }

                if (variable.Contract is not null)
                {
                    int inState = StateOf(variable.Contract, ContractReader.FindAttribute(parameter, KnownNames.InState));
                    int outState = StateOf(variable.Contract, ContractReader.FindAttribute(parameter, KnownNames.OutState));
                    if (inState >= 0)
                    {
                        v.States = 1UL << inState;
                        v.Known = true;
                    }

                    variable.ExitState = variable.IsBorrowed || variable.IsRefParameter ? (outState >= 0 ? outState : inState) : -1;
                }

                entry.Vars[index] = v;
            }
        }

        /// <summary>[return: InState("S")] on a method: the state its returned endpoint is in, or -1.</summary>
        private static int ReturnState(IMethodSymbol method, ContractModel contract)
        {
            foreach (AttributeData attribute in method.GetReturnTypeAttributes())
            {
                if (attribute.AttributeClass?.ToDisplayString() == KnownNames.InState)
                {
                    return StateOf(contract, attribute);
                }
            }

            return -1;
        }

        private static int StateOf(ContractModel contract, AttributeData? attribute)
        {
            if (attribute is not null && attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is string name)
            {
                int state = contract.FindState(name);
                return state < VarState.ClosedBit ? state : -1;
            }

            return -1;
        }

        private void CheckExit(FlowState exit)
        {
            for (int i = 0; i < _vars.Length; i++)
            {
                TrackedVariable variable = _vars[i];
                VarState v = exit.Vars[i];
                if (variable.IsView)
                {
                    if (variable.ReturnsToCaller && (v.Own & VarState.Gone) != 0)
                    {
                        Report(Descriptors.ViewAfterRelease, variable.Location, variable.Name, OwnerNames(v.States));
                    }
                }
                else if (variable.IsRefParameter || (variable.ReturnsToCaller && !variable.IsCapture))
                {
                    // ref/out: the caller takes a value back; a released one would be a dead handle.
                    if ((v.Own & VarState.Gone) != 0 && (v.Own & VarState.Unknown) == 0)
                    {
                        Report(Descriptors.HandedBackReleased, variable.Location, variable.Name);
                    }

                    CheckExitState(variable, v);
                }
                else if (variable.IsBorrowed)
                {
                    CheckExitState(variable, v);
                }
                else if (!variable.ReturnsToCaller && !variable.IsCapture)
                {
                    CheckLeak(i, v, "reaches the end of the method");
                }
            }
        }

        private void CheckExitState(TrackedVariable variable, VarState v)
        {
            if (variable.Contract is not null && variable.ExitState >= 0 && v.Known && (v.Own & VarState.Owned) != 0)
            {
                FlowState.Resolve(ref v, variable.Contract);

                // A peer that closed is observed by the caller's next receive, whatever the state.
                ulong wrong = v.States & ~(1UL << variable.ExitState) & ~(1UL << VarState.ClosedBit);
                if (wrong != 0)
                {
                    Report(Descriptors.ExitState, variable.Location, variable.Name, variable.Contract.States[variable.ExitState].Name, StateNames(variable.Contract, wrong));
                }
            }
        }

        private void CheckLeak(int index, VarState v, string exit, string? insert = null)
        {
            TrackedVariable variable = _vars[index];
            if ((v.Own & VarState.Owned) != 0 && (v.Own & VarState.Unknown) == 0 && !variable.IsView && !variable.IsBorrowed && !variable.ReturnsToCaller && !variable.IsCapture)
            {
                // For the code fix: where the release is missing, and whether the value may be null there.
                ImmutableDictionary<string, string?>? fix = insert is null ? null : ImmutableDictionary<string, string?>.Empty
                    .Add("Name", variable.Name)
                    .Add("Insert", insert)
                    .Add("MayBeNull", (v.Own & VarState.Null) != 0 ? "true" : "false")
                    .Add("Endpoint", variable.Contract is not null ? "true" : "false");
                ReportWith(Descriptors.Leak, variable.Location, fix, variable.Name, " (on a path where it " + (v.SeenAt >= 0 ? "is last seen at line " + LineOf(v.SeenAt) + " and then " : string.Empty) + exit + ")");
            }
        }

        private void Report(DiagnosticDescriptor descriptor, Location location, params object[] arguments)
        {
            ReportWith(descriptor, location, null, arguments);
        }

        private void ReportWith(DiagnosticDescriptor descriptor, Location location, ImmutableDictionary<string, string?>? properties, params object[] arguments)
        {
            if (!_reporting || !location.IsInSource)
            {
                return;
            }

            if (_reported.Add(descriptor.Id + "@" + location.SourceSpan.Start.ToString(System.Globalization.CultureInfo.InvariantCulture)))
            {
                _report(Diagnostic.Create(descriptor, location, properties, arguments));
            }
        }

        /// <summary>The names of the owners a view's mask may point into.</summary>
        private string OwnerNames(ulong mask)
        {
            var names = new List<string>();
            for (int i = 0; i < _vars.Length; i++)
            {
                if (!_vars[i].IsView && (mask & OwnerBit(i)) != 0 && !names.Contains(_vars[i].Name))
                {
                    names.Add("'" + _vars[i].Name + "'");
                }
            }

            return names.Count == 0 ? "its block" : string.Join(" or ", names);
        }

        private static ulong OwnerBit(int index)
        {
            return 1UL << (index % 64);
        }

        private static string StateNames(ContractModel contract, ulong states)
        {
            var names = new List<string>();
            for (int s = 0; s < 64; s++)
            {
                if ((states & (1UL << s)) != 0)
                {
                    names.Add(s == VarState.ClosedBit ? "ChannelClosed" : s < contract.States.Count ? contract.States[s].Name : "?");
                }
            }

            return string.Join(" or ", names);
        }
    }
}
