using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using Sing.Installer.Diagnostics;
using static Sing.Installer.Il.Verification.StackKind;

namespace Sing.Installer.Il.Verification
{
    /// <summary>ECMA-335 Partition III §1.8 verification of one method body: abstract interpretation of the IL over
    /// verification types, to a fixed point over every path (branches, switch, exception handlers, leave), with the
    /// per-instruction typing rules of Partition III §3-4 (<see cref="Step"/>). The first violation ends the method with
    /// a <see cref="VerifyError"/> naming the rule; <see cref="Verify"/> returns it with its IL offset.</summary>
    public sealed partial class MethodVerifier
    {
        private const int MaxVisitsPerOffset = 200;

        private readonly TypeSystem _types;
        private readonly LoadedAssembly _asm;
        private readonly TypeDef _owner;
        private readonly MethodDefinition _method;
        private readonly MethodDefinitionHandle _handle;
        private readonly GenericContext _ctx;
        private readonly MethodBodyBlock _body;
        private readonly byte[] _il;
        private readonly IReadOnlyList<IlInstruction> _code;
        private readonly Dictionary<int, int> _indexOf = new();
        private readonly TypeSig[] _args;
        private readonly ImmutableArray<TypeSig> _locals;
        private readonly TypeSig _return;
        private readonly bool _thisModified;
        private readonly ImmutableArray<ExceptionRegion> _regions;
        private readonly Dictionary<int, FrameState> _states = new();
        private readonly HashSet<int> _blockStarts = new();
        private readonly VerifierWork _work;

        /// <param name="work">the assembly's work budget, shared by its methods (<see cref="VerifierWork"/>)</param>
        public MethodVerifier(TypeSystem types, LoadedAssembly asm, MethodDefinitionHandle handle, MethodBodyBlock body, IReadOnlyList<IlInstruction> code, VerifierWork work)
        {
            _types = types;
            _asm = asm;
            _handle = handle;
            _method = asm.Reader.GetMethodDefinition(handle);
            _owner = types.Def(asm, _method.GetDeclaringType());
            _ctx = new GenericContext(_owner, handle);
            _body = body;
            _il = body.GetILBytes() ?? Array.Empty<byte>();
            _code = code;
            _work = work;
            for (int i = 0; i < code.Count; i++) _indexOf[code[i].Offset] = i;
            MethodSignature<TypeSig> sig = types.DecodeMethod(asm, _method.Signature);
            if (sig.Header.CallingConvention != SignatureCallingConvention.Default)
                throw new VerifyError(ErrorCodes.UnverifiableIl, $"the method uses calling convention {sig.Header.CallingConvention}; only the default managed convention is verifiable");
            var args = new List<TypeSig>();
            if (sig.Header.IsInstance)
            {
                NamedSig self = _owner.Open();
                TypeSig selfType = types.Named(_owner, self.Args);
                args.Add(_owner.IsValueType ? new ByRefSig(selfType) : selfType);
            }
            args.AddRange(sig.ParameterTypes);
            _args = args.ToArray();
            _return = sig.ReturnType;
            _locals = body.LocalSignature.IsNil ? ImmutableArray<TypeSig>.Empty : types.DecodeLocals(asm, body.LocalSignature);
            _regions = body.ExceptionRegions;
            _thisModified = sig.Header.IsInstance && code.Any(i => (i.OpCode is 0x10 or 0xFE0B or 0x0F or 0xFE0A) && i.Operand == 0);
        }

        private bool IsInstance => _method.Attributes.HasFlag(MethodAttributes.Static) == false;

        /// <summary>An init-only property setter (`init`): C# marks its return type modreq(IsExternalInit) and stores
        /// the property's readonly backing field in it, as a constructor would. Only fields of the setter's own
        /// type are allowed (InOwnConstructor), so this opens nothing beyond what a constructor may do: no trusted
        /// type has init setters, and a readonly field of the program's own type guards only the program's logic.</summary>
        private bool IsInitAccessor => IsInstance && _asm.Reader.GetString(_method.Name).StartsWith("set_", StringComparison.Ordinal)
            && ReturnHasRequiredModifier(_asm.Reader, _method, "System.Runtime.CompilerServices", "IsExternalInit");

        private static bool ReturnHasRequiredModifier(MetadataReader reader, MethodDefinition method, string ns, string name)
        {
            BlobReader blob = reader.GetBlobReader(method.Signature);
            SignatureHeader header = blob.ReadSignatureHeader();
            if (header.IsGeneric) blob.ReadCompressedInteger();
            blob.ReadCompressedInteger(); // parameter count
            while (blob.RemainingBytes > 0)
            {
                SignatureTypeCode code = blob.ReadSignatureTypeCode();
                if (code != SignatureTypeCode.RequiredModifier && code != SignatureTypeCode.OptionalModifier) return false;
                EntityHandle modifier = blob.ReadTypeHandle();
                if (code == SignatureTypeCode.RequiredModifier && IsTypeNamed(reader, modifier, ns, name)) return true;
            }
            return false;
        }

        private static bool IsTypeNamed(MetadataReader reader, EntityHandle handle, string ns, string name)
        {
            switch (handle.Kind)
            {
                case HandleKind.TypeReference:
                    TypeReference r = reader.GetTypeReference((TypeReferenceHandle)handle);
                    return reader.StringComparer.Equals(r.Namespace, ns) && reader.StringComparer.Equals(r.Name, name);
                case HandleKind.TypeDefinition:
                    TypeDefinition d = reader.GetTypeDefinition((TypeDefinitionHandle)handle);
                    return reader.StringComparer.Equals(d.Namespace, ns) && reader.StringComparer.Equals(d.Name, name);
                default:
                    return false;
            }
        }

        private string MethodName => _method.Name.IsNil ? "?" : _asm.Reader.GetString(_method.Name);

        private bool IsConstructor => MethodName == ".ctor" && IsInstance;

        private bool IsTypeInitializer => MethodName == ".cctor" && !IsInstance;

        /// <summary>Verifies the body; null when it is verifiable, else the offset and the error.</summary>
        public (int Offset, VerifyError Error)? Verify()
        {
            int offset = 0;
            try
            {
                CheckHeader();
                CheckThisArgumentUntouched();
                FindBlocks();
                _states[0] = InitialState();
                foreach (ExceptionRegion r in _regions)
                {
                    Enter(r.HandlerOffset, HandlerEntry(r, _states[0].Slots), -1);
                    if (r.Kind == ExceptionRegionKind.Filter) Enter(r.FilterOffset, new FrameState(new[] { StackValue.Ref(TypeSystem.Object) }, (byte[])_states[0].Slots.Clone()), -1);
                }
                var work = new SortedSet<int> { 0 };
                foreach (ExceptionRegion r in _regions)
                {
                    work.Add(r.HandlerOffset);
                    if (r.Kind == ExceptionRegionKind.Filter) work.Add(r.FilterOffset);
                }
                var visits = new Dictionary<int, int>();
                while (work.Count > 0)
                {
                    int start = work.Min;
                    work.Remove(start);
                    visits[start] = visits.TryGetValue(start, out int v) ? v + 1 : 1;
                    if (visits[start] > MaxVisitsPerOffset)
                        throw new VerifyError(ErrorCodes.VerifierLimit, $"the stack types at IL offset 0x{start:x} do not settle after {MaxVisitsPerOffset} passes");
                    FrameState state = _states[start];
                    int index = _indexOf[start];
                    while (true)
                    {
                        IlInstruction ins = _code[index];
                        offset = ins.Offset;
                        // Interpreting it on a copy of the state, and checking it against every exception region
                        // (the handlers it may reach, the transfers it makes).
                        _work.Spend(1 + state.Stack.Length + state.Slots.Length + 2 * _regions.Length);
                        PropagateToHandlers(ins.Offset, state);
                        var (next, successors) = Step(index, state);
                        // The instruction may throw after it changed a slot (a call storing through a byref it was given).
                        if (next is not null) PropagateToHandlers(ins.Offset, next);
                        work.UnionWith(_requeue);
                        _requeue.Clear();
                        foreach (var (target, st, viaLeave) in successors)
                        {
                            CheckTransfer(ins.Offset, target, viaLeave, st);
                            if (Enter(target, st, ins.Offset)) work.Add(target);
                        }
                        if (next is null) break;
                        if (index + 1 >= _code.Count)
                            throw new VerifyError(ErrorCodes.ControlFlow, "execution falls off the end of the method body (the last instruction must be ret, throw, br, leave, endfinally or similar)");
                        int nextOffset = _code[index + 1].Offset;
                        CheckTransfer(ins.Offset, nextOffset, false, next);
                        if (_blockStarts.Contains(nextOffset))
                        {
                            if (Enter(nextOffset, next, ins.Offset)) work.Add(nextOffset);
                            break;
                        }
                        state = next;
                        index++;
                    }
                }
                return null;
            }
            catch (VerifyError e)
            {
                return (offset, e);
            }
            catch (VerificationException e)
            {
                return (offset, new VerifyError(ErrorCodes.UnresolvedToken, e.Message));
            }
            catch (Exception e) when (MalformedInput.Is(e))
            {
                return (offset, new VerifyError(ErrorCodes.MalformedIl, $"malformed metadata ({e.GetType().Name}: {e.Message})"));
            }
        }

        private void CheckHeader()
        {
            if (_locals.Length > 0 && !_body.LocalVariablesInitialized)
                throw new VerifyError(ErrorCodes.UnverifiableIl, "the method has locals but no localsinit flag, so it could read uninitialized memory ([SkipLocalsInit] is unverifiable)");
            foreach (TypeSig t in _locals.Concat(_args).Append(_return))
            {
                CheckSignatureType(t, "a local, parameter or return type");
                CheckConstraints(_types.ConstraintViolation(t, _ctx));
            }
            foreach (TypeSig t in _locals)
                if (t is PrimSig { Code: PrimitiveTypeCode.Void }) throw new VerifyError(ErrorCodes.UnverifiableIl, "a local has type void");
            foreach (ExceptionRegion r in _regions)
            {
                if (!InBody(r.TryOffset, r.TryLength) || !InBody(r.HandlerOffset, r.HandlerLength) || (r.Kind == ExceptionRegionKind.Filter && !_indexOf.ContainsKey(r.FilterOffset)))
                    throw new VerifyError(ErrorCodes.ControlFlow, $"exception region (try 0x{r.TryOffset:x}+{r.TryLength}, handler 0x{r.HandlerOffset:x}+{r.HandlerLength}) does not lie on instruction boundaries inside the body");
                if (r.Kind == ExceptionRegionKind.Filter && r.FilterOffset >= r.HandlerOffset)
                    throw new VerifyError(ErrorCodes.ControlFlow, $"the filter at 0x{r.FilterOffset:x} does not precede its handler at 0x{r.HandlerOffset:x}");
                if (r.TryOffset < r.HandlerOffset + r.HandlerLength && r.HandlerOffset < r.TryOffset + r.TryLength)
                    throw new VerifyError(ErrorCodes.ControlFlow, $"exception region's try block (0x{r.TryOffset:x}) overlaps its own handler (0x{r.HandlerOffset:x})");
            }
            // II.19: any two blocks (try, handler, filter) of different clauses are disjoint or one lies inside the other.
            var blocks = new List<(int Start, int End, int Clause, string What)>();
            for (int i = 0; i < _regions.Length; i++)
            {
                ExceptionRegion r = _regions[i];
                blocks.Add((r.TryOffset, r.TryOffset + r.TryLength, i, "try"));
                blocks.Add((r.HandlerOffset, r.HandlerOffset + r.HandlerLength, i, "handler"));
                if (r.Kind == ExceptionRegionKind.Filter) blocks.Add((r.FilterOffset, r.HandlerOffset, i, "filter"));
            }
            _work.Spend((long)blocks.Count * blocks.Count / 2);
            for (int a = 0; a < blocks.Count; a++)
                for (int b = a + 1; b < blocks.Count; b++)
                {
                    var (s1, e1, c1, w1) = blocks[a];
                    var (s2, e2, c2, w2) = blocks[b];
                    if (c1 == c2 || e1 <= s2 || e2 <= s1) continue;
                    bool nested = (s1 <= s2 && e2 <= e1) || (s2 <= s1 && e1 <= e2);
                    if (!nested) throw new VerifyError(ErrorCodes.ControlFlow, $"the {w1} block at 0x{s1:x} and the {w2} block at 0x{s2:x} overlap without one lying inside the other (ECMA-335 II.19)");
                }
        }

        private bool InBody(int start, int length) =>
            length > 0 && _indexOf.ContainsKey(start) && (start + length == _il.Length || _indexOf.ContainsKey(start + length));

        /// <summary>Types that can never be verifiable in a signature: pointers and function pointers.</summary>
        private void CheckSignatureType(TypeSig t, string what)
        {
            switch (t)
            {
                case PointerSig: throw new VerifyError(ErrorCodes.PointerType, $"{what} has pointer type {t}");
                case ByRefSig b when b.Element is ByRefSig: throw new VerifyError(ErrorCodes.UnverifiableIl, $"{what} is a byref to a byref ({t})");
                case ByRefSig b: CheckSignatureType(b.Element, what); break;
                case ArraySig a: CheckSignatureType(a.Element, what); break;
                case NamedSig n: foreach (var x in n.Args) CheckSignatureType(x, what); break;
            }
        }

        private FrameState InitialState()
        {
            var slots = FrameState.NewSlots(_args.Length + _locals.Length);
            // A struct's `this` is scoped to the call (C#'s rule): refs derived from it may not be returned.
            if (IsInstance && _owner.IsValueType && !HasUnscopedRef(_method.GetCustomAttributes())) slots[0] |= FrameState.FlagLocal;
            if (TracksUninitialisedThis) slots[0] |= FrameState.FlagThisUninitialised;
            return new FrameState(Array.Empty<StackValue>(), slots);
        }

        private bool HasUnscopedRef(CustomAttributeHandleCollection attributes) =>
            AttributeReader.Find(_asm.Reader, attributes, "System.Diagnostics.CodeAnalysis.UnscopedRefAttribute") is not null;

        private void FindBlocks()
        {
            _blockStarts.Add(0);
            foreach (ExceptionRegion r in _regions)
            {
                _blockStarts.Add(r.TryOffset);
                _blockStarts.Add(r.HandlerOffset);
                if (r.TryOffset + r.TryLength < _il.Length) _blockStarts.Add(r.TryOffset + r.TryLength);
                if (r.HandlerOffset + r.HandlerLength < _il.Length) _blockStarts.Add(r.HandlerOffset + r.HandlerLength);
                if (r.Kind == ExceptionRegionKind.Filter) _blockStarts.Add(r.FilterOffset);
            }
            for (int i = 0; i < _code.Count; i++)
            {
                IlInstruction ins = _code[i];
                foreach (int t in Targets(ins))
                {
                    if (!_indexOf.ContainsKey(t)) throw new VerifyError(ErrorCodes.ControlFlow, $"IL offset 0x{ins.Offset:x}: branch target 0x{t:x} is not the start of an instruction");
                    _blockStarts.Add(t);
                }
                if (i + 1 < _code.Count && (IsBranch(ins.OpCode) || ins.OpCode is 0x2A or 0x7A or 0xDC or 0xFE11 or 0xFE1A or 0x45))
                    _blockStarts.Add(_code[i + 1].Offset);
            }
            // A prefix belongs to its instruction: control may not arrive between them (it would run the instruction
            // without the prefix, e.g. a callvirt on a byref that constrained. was meant to dereference).
            foreach (int start in _blockStarts)
                if (_indexOf.TryGetValue(start, out int at) && at > 0 && IsPrefix(_code[at - 1].OpCode))
                    throw new VerifyError(ErrorCodes.ControlFlow, $"IL offset 0x{start:x} follows the prefix {OpNames.Name(_code[at - 1].OpCode)} but is also a branch target or region boundary (control would skip the prefix)");
            if (_code.Count > 0 && IsPrefix(_code[^1].OpCode)) throw new VerifyError(ErrorCodes.ControlFlow, "the body ends with a prefix");
        }

        private static bool IsPrefix(int op) => op is 0xFE12 or 0xFE13 or 0xFE14 or 0xFE16 or 0xFE19 or 0xFE1E;

        private static bool IsBranch(int op) => op is (>= 0x2B and <= 0x44) or 0xDD or 0xDE;

        private IEnumerable<int> Targets(IlInstruction ins)
        {
            int size = ins.OpCode is (>= 0x2B and <= 0x37) or 0xDE ? 2 : 5;
            if (IsBranch(ins.OpCode)) yield return ins.Offset + size + (int)ins.Operand;
            else if (ins.OpCode == 0x45)
            {
                int count = (int)ins.Operand;
                int end = ins.Offset + 1 + 4 + 4 * count;
                for (int k = 0; k < count; k++) yield return end + BinaryPrimitives.ReadInt32LittleEndian(_il.AsSpan(ins.Offset + 5 + 4 * k));
            }
        }

        /// <summary>Merges a state into the one recorded for <paramref name="offset"/>; true when it changed (needs a visit).</summary>
        private bool Enter(int offset, FrameState state, int from)
        {
            // The state was copied for this target, and may be merged slot by slot.
            _work.Spend(1 + state.Stack.Length + state.Slots.Length);
            if (!_states.TryGetValue(offset, out FrameState? old))
            {
                _states[offset] = state;
                return true;
            }
            FrameState? merged;
            try { merged = old.Merge(state, _types, _ctx); }
            catch (VerifyError e) { throw new VerifyError(e.Code, $"at IL offset 0x{offset:x} (reached from 0x{from:x}): {e.Message}"); }
            if (merged is null) return false;
            _states[offset] = merged;
            return true;
        }

        // ---- exception regions (ECMA-335 I.12.4.2, III.1.7.5 ) --------------------------------------------------------

        private static bool In(int offset, int start, int length) => offset >= start && offset < start + length;

        private FrameState HandlerEntry(ExceptionRegion r, byte[] slots)
        {
            StackValue[] stack = r.Kind switch
            {
                ExceptionRegionKind.Catch => new[] { StackValue.Ref(CatchType(r)) },
                ExceptionRegionKind.Filter => new[] { StackValue.Ref(TypeSystem.Object) },
                _ => Array.Empty<StackValue>(),
            };
            return new FrameState(stack, (byte[])slots.Clone());
        }

        private TypeSig CatchType(ExceptionRegion r)
        {
            TypeSig t = _types.FromToken(_asm, r.CatchType);
            if (!_types.IsReferenceType(t, _ctx)) throw new VerifyError(ErrorCodes.UnverifiableIl, $"catch clause at 0x{r.HandlerOffset:x} catches {t}, which is not a reference type");
            return t;
        }

        /// <summary>Every instruction of a try block may be the last before an exception: its locals reach the handler.</summary>
        private void PropagateToHandlers(int offset, FrameState state)
        {
            foreach (ExceptionRegion r in _regions)
            {
                if (!In(offset, r.TryOffset, r.TryLength)) continue;
                if (Enter(r.HandlerOffset, HandlerEntry(r, state.Slots), offset)) Requeue(r.HandlerOffset);
                if (r.Kind == ExceptionRegionKind.Filter && Enter(r.FilterOffset, new FrameState(new[] { StackValue.Ref(TypeSystem.Object) }, (byte[])state.Slots.Clone()), offset))
                    Requeue(r.FilterOffset);
            }
        }

        private readonly HashSet<int> _requeue = new();

        private void Requeue(int offset) => _requeue.Add(offset);

        /// <summary>Control may enter a try block only at its first instruction with an empty stack, never enter a handler
        /// or filter, and leave a try block or catch handler only with leave (finally/fault: endfinally; filter: endfilter).</summary>
        private void CheckTransfer(int from, int to, bool viaLeave, FrameState state)
        {
            foreach (ExceptionRegion r in _regions)
            {
                bool fromTry = In(from, r.TryOffset, r.TryLength), toTry = In(to, r.TryOffset, r.TryLength);
                bool fromHandler = In(from, r.HandlerOffset, r.HandlerLength), toHandler = In(to, r.HandlerOffset, r.HandlerLength);
                bool isFilter = r.Kind == ExceptionRegionKind.Filter;
                bool fromFilter = isFilter && In(from, r.FilterOffset, r.HandlerOffset - r.FilterOffset), toFilter = isFilter && In(to, r.FilterOffset, r.HandlerOffset - r.FilterOffset);
                if (toTry && !fromTry)
                {
                    if (to != r.TryOffset) throw new VerifyError(ErrorCodes.ControlFlow, $"branch from 0x{from:x} into the middle of the try block at 0x{r.TryOffset:x} (a try block is entered only at its first instruction)");
                    if (state.Stack.Length != 0) throw new VerifyError(ErrorCodes.ControlFlow, $"the try block at 0x{r.TryOffset:x} is entered with {state.Stack.Length} item(s) on the stack (it must be empty)");
                }
                if (toHandler && !fromHandler) throw new VerifyError(ErrorCodes.ControlFlow, $"branch from 0x{from:x} into the handler at 0x{r.HandlerOffset:x} (handlers are entered only by exceptions)");
                if (toFilter && !fromFilter) throw new VerifyError(ErrorCodes.ControlFlow, $"branch from 0x{from:x} into the filter at 0x{r.FilterOffset:x}");
                if (fromTry && !toTry && !viaLeave) throw new VerifyError(ErrorCodes.ControlFlow, $"control leaves the try block at 0x{r.TryOffset:x} from 0x{from:x} without leave");
                if (fromHandler && !toHandler)
                {
                    if (!viaLeave) throw new VerifyError(ErrorCodes.ControlFlow, $"control leaves the handler at 0x{r.HandlerOffset:x} from 0x{from:x} without leave");
                    if (r.Kind is ExceptionRegionKind.Finally or ExceptionRegionKind.Fault) throw new VerifyError(ErrorCodes.ControlFlow, $"leave out of the finally/fault handler at 0x{r.HandlerOffset:x} (it ends with endfinally)");
                }
                if (fromFilter && !toFilter) throw new VerifyError(ErrorCodes.ControlFlow, $"control leaves the filter at 0x{r.FilterOffset:x} other than by endfilter");
            }
        }

        private ExceptionRegion? InnermostHandler(int offset, Func<ExceptionRegion, bool> kind)
        {
            ExceptionRegion? best = null;
            foreach (ExceptionRegion r in _regions)
                if (kind(r) && In(offset, r.HandlerOffset, r.HandlerLength) && (best is null || r.HandlerLength < best.Value.HandlerLength)) best = r;
            return best;
        }

        private bool InAnyProtected(int offset) =>
            _regions.Any(r => In(offset, r.TryOffset, r.TryLength) || In(offset, r.HandlerOffset, r.HandlerLength)
                              || (r.Kind == ExceptionRegionKind.Filter && In(offset, r.FilterOffset, r.HandlerOffset - r.FilterOffset)));
    }
}
