using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection.Metadata;
using Sing.Installer.Diagnostics;
using static Sing.Installer.Il.Verification.StackKind;

namespace Sing.Installer.Il.Verification
{
    /// <summary>call, callvirt and newobj (III.3.19, III.4.2, III.4.21): arguments against the instantiated callee
    /// signature, the `this` rules, constructors, and delegate construction from ldftn/ldvirtftn (III.4.21 with
    /// II.14.6.1 delegate-assignable-to).</summary>
    public sealed partial class MethodVerifier
    {
        private const string IsReadOnlyAttribute = "System.Runtime.CompilerServices.IsReadOnlyAttribute";

        private void Call(IlInstruction ins, bool isVirtual, TypeSig? constrained, Func<StackValue> pop, Action<StackValue> push, byte[] slots)
        {
            string name = isVirtual ? "callvirt" : "call";
            MethodDesc m = MethodToken(ins);
            if (m.GenericArity > 0 && m.MethodArgs.IsDefaultOrEmpty) throw Bad($"{name} of generic method {m.Name} without type arguments");
            bool staticVirtual = !isVirtual && constrained is not null;
            if (staticVirtual)
            {
                // `constrained. T call I::M`: a static abstract or virtual member of interface I, resolved on T (which
                // must implement I) when the program is compiled; there is no object.
                if (!m.IsStatic || !m.IsVirtual || m.OwnerDef is not { IsInterface: true })
                    throw Bad($"constrained. call of {m.Owner}::{m.Name}, which is not a static virtual interface member");
                if (!_types.IsAssignable(constrained!, m.Owner, _ctx))
                    throw Bad($"constrained. {constrained}: the type does not implement {m.Owner}::{m.Name}");
            }
            else if (!isVirtual && m.IsAbstract) throw Bad($"call of abstract method {m.Owner}::{m.Name} (use callvirt)");
            if (isVirtual && m.IsStatic) throw Bad($"callvirt of static method {m.Owner}::{m.Name}");
            if (isVirtual && m.IsConstructor) throw Bad("callvirt of a constructor");
            if (!isVirtual && IsReadOnlyDataSpan(ins, m))
            {
                pop();
                pop();
                StackValue span = pop();
                if (span is not { Kind: ByRef, ReadOnly: false } || span.Type is null || !span.Type.Equals(m.Owner))
                    throw Bad($"call of {m.Owner}::.ctor on a {span}, which is not a writable reference to a {m.Owner}");
                return;
            }
            var args = PopArguments(m, pop, name);
            StackValue? self = null;
            if (m.HasThis)
            {
                StackValue t = pop();
                self = t;
                CheckThis(t, m, isVirtual, constrained, name);
            }
            CheckByRefArguments(m, self, args, slots);
            if (m.IsConstructor)
            {
                bool chained = self is { Kind: ObjRef, IsThis: true } && IsConstructor && m.OwnerDef is { } od
                               && (ReferenceEquals(od, _owner) || (_owner.BaseType is { } b && _types.AsNamed(b) is { } nb && ReferenceEquals(nb.Def, od)));
                bool valueInit = self is { Kind: ByRef } && m.OwnerDef is { IsValueType: true };
                if (!chained && !valueInit) throw Bad($"call of constructor {m.Owner}::.ctor on an object other than this in a constructor (re-running a constructor on a constructed object is unverifiable)");
                if (chained && TracksUninitialisedThis && !ThisUninitialised(slots))
                    throw Bad($"call of constructor {m.Owner}::.ctor on this, which a constructor has already initialised (a constructor runs once; ECMA-335 III.1.8.1.4)");
            }
            if (m.ReturnType is not PrimSig { Code: PrimitiveTypeCode.Void }) push(Result(m, self, args));
        }

        private List<StackValue> PopArguments(MethodDesc m, Func<StackValue> pop, string name)
        {
            var args = new List<StackValue>();
            for (int i = m.Parameters.Length - 1; i >= 0; i--)
            {
                StackValue v = pop();
                RequireAssignable(v, m.Parameters[i], $"argument {i + 1} of {name} {m.Owner}::{m.Name}");
                if (v.Kind == ByRef && v.ReadOnly && !ParameterIsReadOnly(m, i))
                    throw Err(ErrorCodes.ReadOnlyViolation, $"argument {i + 1} of {m.Owner}::{m.Name} is a read-only byref passed to a writable ref parameter");
                args.Insert(0, v);
            }
            return args;
        }

        private void CheckThis(StackValue t, MethodDesc m, bool isVirtual, TypeSig? constrained, string name)
        {
            if (constrained is not null)
            {
                if (t.Kind != ByRef || !t.Type!.Equals(constrained)) throw Bad($"constrained. {constrained} callvirt needs a byref to {constrained} as this, found {t}");
                if (!_types.IsAssignable(constrained, m.Owner, _ctx) && !(_types.IsValueType(constrained, _ctx) && DefinesOrInherits(constrained, m)))
                    throw Bad($"constrained. {constrained}: the type does not implement {m.Owner}::{m.Name}");
                return;
            }
            bool ownerIsValue = m.OwnerDef is { IsValueType: true };
            if (ownerIsValue)
            {
                if (t.Kind == ByRef && _types.ReducedEquals(t.Type!, m.Owner))
                {
                    if (t.ReadOnly && !(m.OwnerDef!.IsReadOnly || MethodIsReadOnly(m)))
                        throw Err(ErrorCodes.ReadOnlyViolation, $"{name} of {m.Owner}::{m.Name}, which may modify its struct, through a read-only byref");
                    return;
                }
                // A boxed value only through virtual dispatch (the override's unboxing entry); a non-virtual struct method
                // would take the object reference for a pointer to the struct's data.
                if (t.Kind == ObjRef && (t.IsNull || t.Type!.Equals(m.Owner)) && isVirtual && m.IsVirtual) return;
                throw Bad($"{name} of {m.Owner}::{m.Name} needs a byref to {m.Owner} as this, found {t}");
            }
            if (t.Kind != ObjRef || (!t.IsNull && !_types.IsAssignable(t.Type!, m.Owner, _ctx)))
                throw Bad($"{name} of {m.Owner}::{m.Name} on a {t}, which is not a {m.Owner}");
            // A non-virtual call of an overridable method bypasses overrides: only for base calls on this.
            if (!isVirtual && m.IsVirtual && !m.IsFinal && !(m.OwnerDef?.IsSealed ?? true) && !t.IsThis)
                throw Bad($"call (not callvirt) of virtual method {m.Owner}::{m.Name} on an object other than this skips its overrides");
        }

        private bool DefinesOrInherits(TypeSig valueType, MethodDesc m) =>
            _types.AsNamed(valueType) is { } n && (_types.BaseChain(n).Any(b => ReferenceEquals(b.Def, m.OwnerDef)) || _types.AllInterfaces(n).Any(i => ReferenceEquals(i.Def, m.OwnerDef)));

        private bool ParameterIsReadOnly(MethodDesc m, int index)
        {
            if (m.OwnerDef is null || m.Definition is not { } h) return false;
            MetadataReader r = m.OwnerDef.Assembly.Reader;
            foreach (ParameterHandle ph in r.GetMethodDefinition(h).GetParameters())
            {
                Parameter p = r.GetParameter(ph);
                if (p.SequenceNumber == index + 1)
                    return AttributeReader.Find(r, p.GetCustomAttributes(), IsReadOnlyAttribute) is not null
                           || AttributeReader.Find(r, p.GetCustomAttributes(), "System.Runtime.CompilerServices.RequiresLocationAttribute") is not null;
            }
            return false;
        }

        private static bool MethodIsReadOnly(MethodDesc m) =>
            m.OwnerDef is not null && m.Definition is { } h
            && AttributeReader.Find(m.OwnerDef.Assembly.Reader, m.OwnerDef.Assembly.Reader.GetMethodDefinition(h).GetCustomAttributes(), IsReadOnlyAttribute) is not null;

        private static bool HasUnscopedRef(MethodDesc m) =>
            m.OwnerDef is not null && m.Definition is { } h
            && AttributeReader.Find(m.OwnerDef.Assembly.Reader, m.OwnerDef.Assembly.Reader.GetMethodDefinition(h).GetCustomAttributes(), "System.Diagnostics.CodeAnalysis.UnscopedRefAttribute") is not null;

        /// <summary>Whether an argument may carry a reference into this frame to what the callee returns or stores.</summary>
        private bool Tainted(StackValue v, bool isThis, MethodDesc m)
        {
            if (v.Kind == Value) return v.Local;
            if (v.Kind != ByRef) return false;
            bool byRefLikeTarget = _types.IsByRefLike(v.Type!);
            if (isThis && !HasUnscopedRef(m)) return byRefLikeTarget && v.ValueLocal;
            return v.Local || v.ValueLocal;
        }

        /// <summary>C#'s "method arguments must match" rule: when an argument may refer to this frame, a byref to a
        /// byref-like location passed alongside it must point into this frame too (the callee could store one in the other).</summary>
        private void CheckByRefArguments(MethodDesc m, StackValue? self, List<StackValue> args, byte[] slots)
        {
            var all = new List<(StackValue V, bool IsThis)>();
            if (self is { } s) all.Add((s, true));
            all.AddRange(args.Select(a => (a, false)));
            if (!all.Any(a => a.V.Kind is ByRef or Value && (a.V.Local || a.V.ValueLocal))) return;
            for (int i = 0; i < all.Count; i++)
            {
                StackValue r = all[i].V;
                if (r.Kind != ByRef || r.ReadOnly || !_types.IsByRefLike(r.Type!)) continue;
                bool othersTainted = all.Where((_, j) => j != i).Any(a => Tainted(a.V, a.IsThis, m));
                if (!othersTainted) continue;
                if (r.Slot >= 0) slots[r.Slot] |= FrameState.FlagLocal;
                else if (!r.ValueLocal)
                    throw Err(ErrorCodes.ByRefEscape, $"{m.Owner}::{m.Name} receives a reference into this frame and a writable {r} that may point outside it: the callee could store one in the other (byref escape)");
            }
        }

        private StackValue Result(MethodDesc m, StackValue? self, List<StackValue> args)
        {
            StackValue v = ForType(m.ReturnType);
            if (m.ReturnType is ByRefSig || _types.IsByRefLike(m.ReturnType))
            {
                bool local = (self is { } s && Tainted(s, true, m)) || args.Any(a => Tainted(a, false, m));
                v = v with { Local = local, ValueLocal = local };
            }
            return v;
        }

        /// <summary>A span over the program's read-only static data, as C# emits for "..."u8 literals and
        /// `ReadOnlySpan&lt;byte&gt; P => new byte[] {...}`: `ldsflda F; ldc.i4 n; newobj ReadOnlySpan&lt;byte&gt;(void*, int)`
        /// (or `call` of that constructor on a local's address)
        /// with F a static initonly field of this assembly that has data in the image (RVA) of at least n bytes, and
        /// no branch into the sequence. The span is read-only and the data lives as long as the program, so it is
        /// as safe as a span over an array; any other use of that pointer constructor stays unverifiable.</summary>
        private bool IsReadOnlyDataSpan(IlInstruction ins, MethodDesc m)
        {
            if (m.Owner is not NamedSig { Def: var span } owner || !ReferenceEquals(span.Assembly, _types.CoreLib) || span.Namespace != "System"
                || span.Name != "ReadOnlySpan`1" || owner.Args.Length != 1 || owner.Args[0] is not PrimSig { Code: PrimitiveTypeCode.Byte }
                || m.Parameters.Length != 2 || m.Parameters[0] is not PointerSig || m.Parameters[1] is not PrimSig { Code: PrimitiveTypeCode.Int32 })
                return false;
            if (ins.OpCode != 0x73 && ins.OpCode != 0x28) return false;
            int index = _indexOf[ins.Offset];
            if (index < 2 || _blockStarts.Contains(ins.Offset) || _blockStarts.Contains(_code[index - 1].Offset)) return false;
            IlInstruction length = _code[index - 1], address = _code[index - 2];
            if (address.OpCode != 0x7F || !TryConstantInt(length, out int n) || n < 0) return false;
            FieldDesc f = FieldToken(address);
            if (!f.IsStatic || !f.HasRva || !f.IsInitOnly || !ReferenceEquals(f.OwnerDef.Assembly, _asm)) return false;
            return n <= DataSize(f);
        }

        private static bool TryConstantInt(IlInstruction ins, out int value)
        {
            value = ins.OpCode switch
            {
                >= 0x16 and <= 0x1E => ins.OpCode - 0x16,   // ldc.i4.0 .. ldc.i4.8
                0x15 => -1,                                 // ldc.i4.m1
                0x1F or 0x20 => (int)ins.Operand,           // ldc.i4.s, ldc.i4
                _ => int.MinValue,
            };
            return value != int.MinValue;
        }

        /// <summary>Bytes of image data behind an RVA field: its primitive's size, or its struct's declared ClassSize.</summary>
        private int DataSize(FieldDesc f)
        {
            switch (f.Type)
            {
                case PrimSig { Code: PrimitiveTypeCode.Byte or PrimitiveTypeCode.SByte or PrimitiveTypeCode.Boolean }: return 1;
                case PrimSig { Code: PrimitiveTypeCode.Int16 or PrimitiveTypeCode.UInt16 or PrimitiveTypeCode.Char }: return 2;
                case PrimSig { Code: PrimitiveTypeCode.Int32 or PrimitiveTypeCode.UInt32 or PrimitiveTypeCode.Single }: return 4;
                case PrimSig { Code: PrimitiveTypeCode.Int64 or PrimitiveTypeCode.UInt64 or PrimitiveTypeCode.Double }: return 8;
                case NamedSig { Def: var d } when ReferenceEquals(d.Assembly, _asm) && d.IsValueType:
                    return d.Assembly.Reader.GetTypeDefinition(d.Handle).GetLayout().Size;
                default:
                    return -1;
            }
        }

        private void NewObj(IlInstruction ins, Func<StackValue> pop, Action<StackValue> push)
        {
            MethodDesc m = MethodToken(ins);
            if (!m.IsConstructor || m.IsStatic) throw Bad($"newobj of {m.Owner}::{m.Name}, which is not an instance constructor");
            if (m.Owner is ArraySig array)
            {
                PopArguments(m, pop, "newobj");
                push(StackValue.Ref(array));
                return;
            }
            TypeDef owner = m.OwnerDef!;
            if (owner.IsDelegate)
            {
                push(NewDelegate(m, pop));
                return;
            }
            if (owner.IsAbstract || owner.IsInterface) throw Bad($"newobj of {m.Owner}, which is abstract");
            if (IsReadOnlyDataSpan(ins, m))
            {
                pop();
                pop();
                push(ForType(m.Owner));
                return;
            }
            if (IsStackAllocSpan(ins, m))
            {
                // The count and the localloc'd address (the sequence admits nothing else between them): a span over
                // this frame's memory, which the byref rules keep from escaping.
                pop();
                pop();
                push(ForType(m.Owner) with { Local = true });
                return;
            }
            var args = PopArguments(m, pop, "newobj");
            StackValue result = ForType(m.Owner);
            if (_types.IsByRefLike(m.Owner) && args.Any(a => Tainted(a, false, m))) result = result with { Local = true };
            push(result);
        }

        /// <summary>newobj D::.ctor(object, native int) after ldftn/ldvirtftn: the target's signature must be
        /// delegate-assignable to D's Invoke (II.14.6.1), the object must fit the target.</summary>
        private StackValue NewDelegate(MethodDesc ctor, Func<StackValue> pop)
        {
            var d = (NamedSig)ctor.Owner;
            if (ctor.Parameters.Length != 2 || !ctor.Parameters[0].Equals(TypeSystem.Object) || !(ctor.Parameters[1].Equals(TypeSystem.IntPtr) || ctor.Parameters[1].Equals(TypeSystem.UIntPtr)))
                throw Err(ErrorCodes.DelegateSignature, $"delegate constructor {d}::.ctor must take (object, native int)");
            StackValue ftn = pop(), obj = pop();
            if (ftn.Kind != MethodPtr || ftn.Method is not { } target)
                throw Err(ErrorCodes.UnpairedFunctionPointer, $"newobj of delegate {d} needs a method pointer from ldftn/ldvirtftn, found {ftn}");
            if (obj.Kind != ObjRef) throw Err(ErrorCodes.DelegateSignature, $"newobj of delegate {d}: the target object is a {obj}, not an object reference");
            MethodDesc invoke = _types.DelegateInvoke(d) ?? throw Err(ErrorCodes.DelegateSignature, $"delegate {d} has no Invoke method");
            var targetParams = target.Parameters.ToList();
            string Mismatch(string why) =>
                $"delegate {d} (Invoke: {invoke.ReturnType} ({string.Join(", ", invoke.Parameters)})) cannot be bound to {target}: {why} (type confusion: a delegate must call a method of its own signature)";
            if (target.IsStatic)
            {
                if (targetParams.Count == invoke.Parameters.Length + 1)
                {
                    if (!_types.IsReferenceType(targetParams[0], _ctx) || !IsAssignable(obj, targetParams[0]))
                        throw Err(ErrorCodes.DelegateSignature, Mismatch($"the closed-over first argument is a {obj}, not a {targetParams[0]}"));
                    targetParams.RemoveAt(0);
                }
                else if (!obj.IsNull) throw Err(ErrorCodes.DelegateSignature, Mismatch("a static method's delegate needs a null target object"));
            }
            else if (!obj.IsNull && !_types.IsAssignable(obj.Type!, target.Owner, _ctx))
                throw Err(ErrorCodes.DelegateSignature, Mismatch($"the target object is a {obj}, not a {target.Owner}"));
            if (targetParams.Count != invoke.Parameters.Length) throw Err(ErrorCodes.DelegateSignature, Mismatch("the parameter counts differ"));
            for (int i = 0; i < targetParams.Count; i++)
                if (!DelegateAssignable(invoke.Parameters[i], targetParams[i])) throw Err(ErrorCodes.DelegateSignature, Mismatch($"parameter {i + 1} is {invoke.Parameters[i]} in the delegate and {targetParams[i]} in the method"));
            if (!DelegateAssignable(target.ReturnType, invoke.ReturnType)) throw Err(ErrorCodes.DelegateSignature, Mismatch($"the method returns {target.ReturnType}, the delegate {invoke.ReturnType}"));
            return StackValue.Ref(d);
        }

        /// <summary>II.14.6.1: the same type, or reference types where a <paramref name="from"/> may be used as a <paramref name="to"/>.</summary>
        private bool DelegateAssignable(TypeSig from, TypeSig to) =>
            from.Equals(to) || (_types.IsReferenceType(from, _ctx) && _types.IsReferenceType(to, _ctx) && _types.IsAssignable(from, to, _ctx));
    }

    /// <summary>Mnemonics for messages.</summary>
    internal static class OpNames
    {
        private static readonly Dictionary<int, string> s_names = Build();

        public static string Name(int op) => s_names.TryGetValue(op, out string? n) ? n : IlOpCode.Name(op);

        private static Dictionary<int, string> Build()
        {
            var d = new Dictionary<int, string>();
            foreach (var f in typeof(System.Reflection.Emit.OpCodes).GetFields())
                if (f.GetValue(null) is System.Reflection.Emit.OpCode oc) d[oc.Size == 1 ? oc.Value & 0xFF : 0xFE00 | (oc.Value & 0xFF)] = oc.Name ?? "";
            return d;
        }
    }
}
