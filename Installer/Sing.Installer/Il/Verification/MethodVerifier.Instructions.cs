using System;
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
    /// <summary>The per-instruction typing rules (ECMA-335 Partition III §3 and §4, "Verifiability" of each
    /// instruction).</summary>
    public sealed partial class MethodVerifier
    {
        private readonly List<(int Target, FrameState State, bool ViaLeave)> _successors = new();

        private static VerifyError Bad(string message) => new(ErrorCodes.UnverifiableIl, message);

        private static VerifyError Err(string code, string message) => new(code, message);

        /// <summary>Applies instruction <paramref name="index"/> to <paramref name="state"/>: the state after it when
        /// control falls through (null when it does not), and the states at the other places it transfers to.</summary>
        private (FrameState? Next, List<(int, FrameState, bool)> Successors) Step(int index, FrameState state)
        {
            IlInstruction ins = _code[index];
            var stack = new List<StackValue>(state.Stack);
            byte[] slots = (byte[])state.Slots.Clone();
            _successors.Clear();
            int op = ins.OpCode;
            bool fallsThrough = true;
            IlInstruction? prev = index > 0 ? _code[index - 1] : null;
            bool readonlyPrefix = prev is { OpCode: 0xFE1E };
            TypeSig? constrained = prev is { OpCode: 0xFE16 } p ? TypeToken(p) : null;

            bool thisUninitialised = ThisUninitialised(slots);
            int popped = 0;
            List<(int Index, bool IsThis)>? thisPopped = null;
            StackValue Pop()
            {
                if (stack.Count == 0) throw Bad($"{OpName(op)} needs more values than the stack holds (stack underflow)");
                StackValue v = stack[^1];
                stack.RemoveAt(stack.Count - 1);
                if (thisUninitialised && (v.IsThis || v.BoundToUninitialisedThis)) (thisPopped ??= new()).Add((popped, v.IsThis));
                popped++;
                return v;
            }
            void Push(StackValue v) => stack.Add(v);

            switch (op)
            {
                case 0x00: case 0x01: break;                                            // nop, break
                case >= 0x02 and <= 0x05: Push(LoadArg(op - 0x02, slots)); break;        // ldarg.0-3
                case >= 0x06 and <= 0x09: Push(LoadLocal(op - 0x06, slots)); break;      // ldloc.0-3
                case >= 0x0A and <= 0x0D: StoreLocal(op - 0x0A, Pop(), slots); break;    // stloc.0-3
                case 0x0E: case 0xFE09: Push(LoadArg(VarIndex(ins), slots)); break;
                case 0x0F: case 0xFE0A: Push(ArgAddress(VarIndex(ins), slots)); break;
                case 0x10: case 0xFE0B: StoreArg(VarIndex(ins), Pop(), slots); break;
                case 0x11: case 0xFE0C: Push(LoadLocal(VarIndex(ins), slots)); break;
                case 0x12: case 0xFE0D: Push(LocalAddress(VarIndex(ins), slots)); break;
                case 0x13: case 0xFE0E: StoreLocal(VarIndex(ins), Pop(), slots); break;
                case 0x14: Push(StackValue.Null); break;
                case >= 0x15 and <= 0x20: Push(StackValue.I4); break;                   // ldc.i4.*
                case 0x21: Push(StackValue.I8); break;
                case 0x22: case 0x23: Push(StackValue.F); break;
                case 0x25: { var v = Pop(); Push(v); Push(v with { IsThis = v.IsThis }); break; }   // dup
                case 0x26: Pop(); break;                                                // pop
                case 0x28: case 0x6F: Call(ins, op == 0x6F, constrained, Pop, Push, slots); break;
                case 0x2A: Return(Pop, stack, ins); fallsThrough = false; break;
                case 0x2B: case 0x38: Branch(ins, state, stack, slots); fallsThrough = false; break;   // br
                case 0x2C: case 0x2D: case 0x39: case 0x3A:                              // brfalse, brtrue
                {
                    var v = Pop();
                    if (v.Kind is not (I32 or I64 or NInt or ObjRef)) throw Bad($"{OpName(op)} tests a {v}; it needs an integer or an object reference");
                    Branch(ins, state, stack, slots);
                    break;
                }
                case >= 0x2E and <= 0x37: case >= 0x3B and <= 0x44:                      // beq .. blt.un
                {
                    int rel = op >= 0x3B ? op - 0x3B : op - 0x2E;
                    var b = Pop(); var a = Pop();
                    Compare(a, b, rel == 0 || rel == 5, rel == 7, OpName(op));
                    Branch(ins, state, stack, slots);
                    break;
                }
                case 0x45:                                                              // switch
                {
                    var v = Pop();
                    if (v.Kind != I32) throw Bad($"switch needs an int32, found {v}");
                    foreach (int t in Targets(ins)) _successors.Add((t, new FrameState(stack.ToArray(), (byte[])slots.Clone()), false));
                    break;
                }
                case >= 0x46 and <= 0x50: case 0x71:                                    // ldind.*, ldobj
                {
                    TypeSig t = op == 0x71 ? TypeToken(ins) : IndirectType(op);
                    var addr = Pop();
                    if (addr.Kind != ByRef) throw Bad($"{OpName(op)} reads through {addr}, which is not a managed pointer (reading through a native pointer is unverifiable)");
                    if (op == 0x50)
                    {
                        if (!_types.IsReferenceType(addr.Type!, _ctx)) throw Bad($"ldind.ref reads a {addr.Type}, which is not an object reference");
                        Push(StackValue.Ref(addr.Type!));
                    }
                    else
                    {
                        if (!_types.ReducedEquals(addr.Type!, t)) throw Bad($"{OpName(op)} reads a {t} through {addr}");
                        Push(Loaded(t, addr));
                    }
                    break;
                }
                case >= 0x51 and <= 0x57: case 0xDF: case 0x81:                          // stind.*, stobj
                {
                    TypeSig t = op == 0x81 ? TypeToken(ins) : IndirectType(op);
                    var value = Pop(); var addr = Pop();
                    if (addr.Kind != ByRef) throw Bad($"{OpName(op)} writes through {addr}, which is not a managed pointer (writing through a native pointer is unverifiable)");
                    if (addr.ReadOnly) throw Err(ErrorCodes.ReadOnlyViolation, $"{OpName(op)} writes through a read-only byref ({addr})");
                    TypeSig target = op == 0x51 ? addr.Type! : t;
                    if (op == 0x51 && !_types.IsReferenceType(target, _ctx)) throw Bad($"stind.ref writes to a {target}, which is not an object reference location");
                    if (op != 0x51 && !_types.ReducedEquals(addr.Type!, t)) throw Bad($"{OpName(op)} writes a {t} through {addr}");
                    RequireAssignable(value, target, $"the value {OpName(op)} stores");
                    StoreThrough(addr, value, slots);
                    break;
                }
                case 0x58: case 0x59: case 0x5A: case 0x5B: case 0x5D:                   // add sub mul div rem
                    Push(Numeric(Pop(), Pop(), OpName(op), allowFloat: true)); break;
                case 0x5C: case 0x5E: case 0x5F: case 0x60: case 0x61:                   // div.un rem.un and or xor
                case 0xD6: case 0xD7: case 0xD8: case 0xD9: case 0xDA: case 0xDB:        // add.ovf .. sub.ovf.un
                    Push(Numeric(Pop(), Pop(), OpName(op), allowFloat: false)); break;
                case 0x62: case 0x63: case 0x64:                                        // shl shr shr.un
                {
                    var amount = Pop(); var v = Pop();
                    if (amount.Kind is not (I32 or NInt) || v.Kind is not (I32 or I64 or NInt))
                        throw Arith(v, amount, OpName(op));
                    Push(Plain(v)); break;
                }
                case 0x65: { var v = Pop(); if (v.Kind is not (I32 or I64 or NInt or Flt)) throw Arith(v, null, "neg"); Push(Plain(v)); break; }
                case 0x66: { var v = Pop(); if (v.Kind is not (I32 or I64 or NInt)) throw Arith(v, null, "not"); Push(Plain(v)); break; }
                case >= 0x67 and <= 0x6E: case 0x76: case >= 0x82 and <= 0x8B: case >= 0xB3 and <= 0xBA: case 0xC3:
                case >= 0xD1 and <= 0xD5: case 0xE0:
                {
                    var v = Pop();
                    if (v.Kind is not (I32 or I64 or NInt or Flt))
                        throw Err(v.Kind == ByRef ? ErrorCodes.PointerArithmetic : ErrorCodes.UnverifiableIl,
                            $"{OpName(op)} converts a {v} to a number: turning a reference or managed pointer into an integer is unverifiable (it is how pointer arithmetic on fixed buffers and refs starts)");
                    if (op == 0xC3 && v.Kind != Flt) throw Bad($"ckfinite needs a float, found {v}");
                    Push(ConvResult(op)); break;
                }
                case 0x70:                                                              // cpobj
                {
                    TypeSig t = TypeToken(ins);
                    var src = Pop(); var dst = Pop();
                    if (src.Kind != ByRef || dst.Kind != ByRef || !_types.ReducedEquals(src.Type!, t) || !_types.ReducedEquals(dst.Type!, t)) throw Bad($"cpobj {t} needs two byrefs to {t}, found {dst} and {src}");
                    if (dst.ReadOnly) throw Err(ErrorCodes.ReadOnlyViolation, "cpobj writes through a read-only byref");
                    StoreThrough(dst, Loaded(t, src), slots);
                    break;
                }
                case 0x72: Push(StackValue.Ref(TypeSystem.String)); break;              // ldstr
                case 0x73: NewObj(ins, Pop, Push); break;
                case 0x74: case 0x75:                                                   // castclass, isinst
                {
                    TypeSig t = TypeToken(ins);
                    var v = Pop();
                    if (v.Kind != ObjRef) throw Bad($"{OpName(op)} needs an object reference, found {v}");
                    CheckBoxable(t, OpName(op));
                    Push(StackValue.Ref(BoxedType(t)));
                    break;
                }
                case 0x79:                                                              // unbox
                {
                    TypeSig t = TypeToken(ins);
                    var v = Pop();
                    if (v.Kind != ObjRef) throw Bad($"unbox needs an object reference, found {v}");
                    if (!_types.IsValueType(t, _ctx)) throw Bad($"unbox {t}: not a value type");
                    CheckBoxable(t, "unbox");
                    Push(new StackValue(ByRef, t, ReadOnly: true));
                    break;
                }
                case 0x7A:                                                              // throw
                {
                    var v = Pop();
                    if (v.Kind != ObjRef) throw Bad($"throw needs an object reference, found {v}");
                    fallsThrough = false; break;
                }
                case 0x7B: case 0x7C:                                                   // ldfld, ldflda
                {
                    FieldDesc f = FieldToken(ins);
                    var obj = Pop();
                    if (!f.IsStatic) CheckInstance(obj, f, OpName(op));
                    else if (obj.Kind is not (ObjRef or ByRef or Value)) throw Bad($"{OpName(op)} of static field {f.Name} with a {obj} as object");
                    if (op == 0x7B)
                    {
                        StackValue v = ForType(f.Type);
                        if (_types.IsByRefLike(f.Type) || f.Type is ByRefSig) v = v with { Local = obj.Kind == ByRef ? obj.ValueLocal : obj.Local };
                        Push(v);
                    }
                    else
                    {
                        if (obj.Kind == Value) throw Bad($"ldflda of {f.Name} on a value (not a byref) has no address to take");
                        bool ro = obj.ReadOnly || (f.IsInitOnly && !InOwnConstructor(f, false));
                        Push(new StackValue(ByRef, f.Type, ro, obj.Kind == ByRef && obj.Local, obj.Kind == ByRef && obj.ValueLocal, obj.Kind == ByRef ? obj.Slot : -1));
                    }
                    break;
                }
                case 0x7D:                                                              // stfld
                {
                    FieldDesc f = FieldToken(ins);
                    var value = Pop(); var obj = Pop();
                    if (f.IsStatic) throw Bad($"stfld of static field {f.Name}; use stsfld");
                    CheckInstance(obj, f, "stfld");
                    if (obj.Kind == Value) throw Bad($"stfld of {f.Name} on a value (not a byref or object) stores nowhere");
                    if (obj.ReadOnly) throw Err(ErrorCodes.ReadOnlyViolation, $"stfld of {f.Name} through a read-only byref");
                    if (f.IsInitOnly && !InOwnConstructor(f, false)) throw Err(ErrorCodes.ReadOnlyViolation, $"stfld of initonly field {f.Owner}::{f.Name} outside a constructor of {f.OwnerDef.FullName}");
                    RequireAssignable(value, f.Type, $"the value stored in {f.Name}");
                    if (obj.Kind == ByRef) StoreThrough(obj, value, slots);
                    else if (value.Local) throw Err(ErrorCodes.ByRefEscape, $"stfld stores a value that may refer to this method's frame into field {f.Name} of a heap object");
                    break;
                }
                case 0x7E: case 0x7F:                                                   // ldsfld, ldsflda
                {
                    FieldDesc f = FieldToken(ins);
                    if (!f.IsStatic) throw Bad($"{OpName(op)} of instance field {f.Name}");
                    if (op == 0x7E) Push(ForType(f.Type));
                    else
                    {
                        if (f.HasRva && !f.IsInitOnly) throw Err(ErrorCodes.ReadOnlyViolation, $"ldsflda of data field {f.Name}, which maps the image's read-only data writable");
                        Push(new StackValue(ByRef, f.Type, ReadOnly: f.IsInitOnly && !InOwnConstructor(f, true)));
                    }
                    break;
                }
                case 0x80:                                                              // stsfld
                {
                    FieldDesc f = FieldToken(ins);
                    var value = Pop();
                    if (!f.IsStatic) throw Bad($"stsfld of instance field {f.Name}");
                    if (f.IsInitOnly && !InOwnConstructor(f, true)) throw Err(ErrorCodes.ReadOnlyViolation, $"stsfld of initonly field {f.Owner}::{f.Name} outside the type initializer of {f.OwnerDef.FullName}");
                    RequireAssignable(value, f.Type, $"the value stored in {f.Name}");
                    if (value.Local) throw Err(ErrorCodes.ByRefEscape, $"stsfld stores a value that may refer to this method's frame into static field {f.Name}");
                    break;
                }
                case 0x8C:                                                              // box
                {
                    TypeSig t = TypeToken(ins);
                    var v = Pop();
                    CheckBoxable(t, "box");
                    RequireAssignable(v, t, "the value box converts");
                    Push(StackValue.Ref(BoxedType(t)));
                    break;
                }
                case 0x8D:                                                              // newarr
                {
                    TypeSig t = TypeToken(ins);
                    var n = Pop();
                    if (n.Kind is not (I32 or NInt)) throw Bad($"newarr needs an int32 or native int length, found {n}");
                    if (t is ByRefSig || _types.IsByRefLike(t) || t is PrimSig { Code: PrimitiveTypeCode.Void })
                        throw Err(_types.IsByRefLike(t) ? ErrorCodes.ByRefEscape : ErrorCodes.UnverifiableIl, $"newarr of {t}: arrays of byrefs, byref-like types or void cannot exist");
                    Push(StackValue.Ref(new ArraySig(t, 1, true)));
                    break;
                }
                case 0x8E:                                                              // ldlen
                {
                    var a = Pop();
                    if (a.Kind != ObjRef || !(a.IsNull || a.Type is ArraySig { IsVector: true })) throw Bad($"ldlen needs a single-dimensional array, found {a}");
                    Push(StackValue.I);
                    break;
                }
                case 0x8F:                                                              // ldelema
                {
                    TypeSig t = TypeToken(ins);
                    var i = Pop(); var a = Pop();
                    TypeSig elem = ArrayElement(a, i, "ldelema");
                    if (!elem.Equals(t) && !(a.IsNull)) throw Bad($"ldelema {t} on an array of {elem} (the element type must be exactly the same)");
                    Push(new StackValue(ByRef, t, ReadOnly: readonlyPrefix));
                    break;
                }
                case >= 0x90 and <= 0x9A: case 0xA3:                                     // ldelem.*, ldelem
                {
                    var i = Pop(); var a = Pop();
                    TypeSig elem = ArrayElement(a, i, OpName(op));
                    if (op == 0x9A)
                    {
                        if (!a.IsNull && !_types.IsReferenceType(elem, _ctx)) throw Bad($"ldelem.ref on an array of {elem}, which are not object references");
                        Push(a.IsNull ? StackValue.Null : StackValue.Ref(elem));
                    }
                    else
                    {
                        TypeSig t = op == 0xA3 ? TypeToken(ins) : ElementType(op);
                        if (!a.IsNull && !ElementMatches(elem, t)) throw Bad($"{OpName(op)} reads a {t} from an array of {elem}");
                        Push(ForType(t));
                    }
                    break;
                }
                case >= 0x9B and <= 0xA2: case 0xA4:                                     // stelem.*, stelem
                {
                    var v = Pop(); var i = Pop(); var a = Pop();
                    TypeSig elem = ArrayElement(a, i, OpName(op));
                    if (op == 0xA2)
                    {
                        if (!a.IsNull && !_types.IsReferenceType(elem, _ctx)) throw Bad($"stelem.ref on an array of {elem}");
                        if (v.Kind != ObjRef) throw Bad($"stelem.ref stores a {v}, not an object reference");
                        if (!a.IsNull) RequireAssignable(v, elem, "the value stelem.ref stores");
                    }
                    else
                    {
                        TypeSig t = op == 0xA4 ? TypeToken(ins) : ElementType(op);
                        if (!a.IsNull && !ElementMatches(elem, t)) throw Bad($"{OpName(op)} stores a {t} into an array of {elem}");
                        RequireAssignable(v, t, $"the value {OpName(op)} stores");
                    }
                    break;
                }
                case 0xA5:                                                              // unbox.any
                {
                    TypeSig t = TypeToken(ins);
                    var v = Pop();
                    if (v.Kind != ObjRef) throw Bad($"unbox.any needs an object reference, found {v}");
                    CheckBoxable(t, "unbox.any");
                    Push(ForType(t));
                    break;
                }
                case 0xD0:                                                              // ldtoken
                {
                    EntityHandle h = Token(ins);
                    string handleType;
                    switch (h.Kind)
                    {
                        case HandleKind.TypeReference when _types.Resolve(_asm, (TypeReferenceHandle)h) is { GenericArity: > 0 } open:
                        {
                            // typeof(Dictionary<,>): another assembly's generic definition, named as itself (as the
                            // TypeDef form of a token names this assembly's); only its handle is taken.
                            TypeSig named = new NamedSig(open, open.Open().Args);
                            CheckSignatureType(named, "the type ldtoken names");
                            CheckAccess(named, $"type {named}");
                            handleType = "RuntimeTypeHandle";
                            break;
                        }
                        case HandleKind.TypeDefinition: case HandleKind.TypeReference: case HandleKind.TypeSpecification:
                            TypeToken(ins); handleType = "RuntimeTypeHandle"; break;
                        case HandleKind.FieldDefinition: FieldToken(ins); handleType = "RuntimeFieldHandle"; break;
                        case HandleKind.MemberReference when _asm.Reader.GetMemberReference((MemberReferenceHandle)h).GetKind() == MemberReferenceKind.Field:
                            FieldToken(ins); handleType = "RuntimeFieldHandle"; break;
                        default: MethodToken(ins); handleType = "RuntimeMethodHandle"; break;
                    }
                    TypeDef d = _types.SystemType("System", handleType) ?? throw Bad($"the corelib has no System.{handleType} for ldtoken");
                    Push(new StackValue(Value, new NamedSig(d, ImmutableArray<TypeSig>.Empty)));
                    break;
                }
                case 0xDC:                                                              // endfinally
                    if (InnermostHandler(ins.Offset, r => r.Kind is ExceptionRegionKind.Finally or ExceptionRegionKind.Fault) is null)
                        throw Err(ErrorCodes.ControlFlow, "endfinally outside a finally or fault handler");
                    fallsThrough = false; break;
                case 0xDD: case 0xDE:                                                   // leave
                {
                    if (!_regions.Any(r => In(ins.Offset, r.TryOffset, r.TryLength) || In(ins.Offset, r.HandlerOffset, r.HandlerLength)))
                        throw Err(ErrorCodes.ControlFlow, "leave outside any try block or handler (use br)");
                    int target = Targets(ins).Single();
                    _successors.Add((target, new FrameState(Array.Empty<StackValue>(), slots), true));
                    fallsThrough = false; break;
                }
                case 0xFE01: case 0xFE02: case 0xFE03: case 0xFE04: case 0xFE05:        // ceq cgt cgt.un clt clt.un
                {
                    var b = Pop(); var a = Pop();
                    Compare(a, b, op == 0xFE01, op == 0xFE03, OpName(op));
                    Push(StackValue.I4); break;
                }
                case 0xFE06: case 0xFE07:                                               // ldftn, ldvirtftn
                {
                    MethodDesc m = MethodToken(ins);
                    if (op == 0xFE07)
                    {
                        var obj = Pop();
                        if (m.IsStatic) throw Bad($"ldvirtftn of static method {m.Name}");
                        if (obj.Kind != ObjRef || (!obj.IsNull && !_types.IsAssignable(obj.Type!, m.Owner, _ctx))) throw Bad($"ldvirtftn of {m.Name} on a {obj}, which is not a {m.Owner}");
                    }
                    if (op == 0xFE07 && (prev is not { OpCode: 0x25 } || _blockStarts.Contains(ins.Offset)))
                        throw Err(ErrorCodes.DelegateSignature, "ldvirtftn must directly follow dup of the object the delegate is bound to (III.4.21): otherwise the method looked up on one object could be bound to another of a different type");
                    if (op == 0xFE06 && m.IsAbstract) throw Err(ErrorCodes.DelegateSignature, $"ldftn of abstract method {m.Owner}::{m.Name} (it has no body to call; use ldvirtftn)");
                    if (index + 1 < _code.Count && _blockStarts.Contains(_code[index + 1].Offset))
                        throw Err(ErrorCodes.DelegateSignature, $"the newobj after {OpName(op)} is also a branch target: the delegate's object and method must come from one path");
                    if (m.GenericArity > 0 && m.MethodArgs.IsDefaultOrEmpty) throw Bad($"{OpName(op)} of generic method {m.Name} without type arguments");
                    if (m.IsConstructor) throw Bad($"{OpName(op)} of a constructor");
                    if (index + 1 >= _code.Count || _code[index + 1].OpCode != 0x73)
                        throw Err(ErrorCodes.UnpairedFunctionPointer, $"{OpName(op)} must be followed at once by newobj of a delegate constructor");
                    Push(new StackValue(MethodPtr, Method: m));
                    break;
                }
                case 0xFE11:                                                            // endfilter
                {
                    var v = Pop();
                    if (v.Kind != I32) throw Bad($"endfilter needs an int32, found {v}");
                    if (!_regions.Any(r => r.Kind == ExceptionRegionKind.Filter && In(ins.Offset, r.FilterOffset, r.HandlerOffset - r.FilterOffset)))
                        throw Err(ErrorCodes.ControlFlow, "endfilter outside a filter");
                    if (stack.Count != 0) throw Bad("endfilter with more than its int32 on the stack");
                    fallsThrough = false; break;
                }
                case 0xFE12: case 0xFE13: break;                                        // unaligned., volatile.
                case 0xFE16:                                                            // constrained.
                    TypeToken(ins);
                    // callvirt, or call of a static virtual interface member (generic math: `T.Zero`, `a + b` over T).
                    if (index + 1 >= _code.Count || _code[index + 1].OpCode is not (0x6F or 0x28)) throw Bad("constrained. must prefix callvirt or call");
                    break;
                case 0xFE1E:                                                            // readonly.
                    if (index + 1 >= _code.Count || _code[index + 1].OpCode != 0x8F) throw Bad("readonly. must prefix ldelema");
                    break;
                case 0xFE15:                                                            // initobj
                {
                    TypeSig t = TypeToken(ins);
                    var addr = Pop();
                    if (addr.Kind != ByRef || !_types.ReducedEquals(addr.Type!, t)) throw Bad($"initobj {t} needs a byref to {t}, found {addr}");
                    if (addr.ReadOnly) throw Err(ErrorCodes.ReadOnlyViolation, "initobj through a read-only byref");
                    break;
                }
                case 0xFE1A:                                                            // rethrow
                    if (InnermostHandler(ins.Offset, r => r.Kind is ExceptionRegionKind.Catch or ExceptionRegionKind.Filter) is null)
                        throw Err(ErrorCodes.ControlFlow, "rethrow outside a catch handler");
                    fallsThrough = false; break;
                case 0xFE1C:                                                            // sizeof
                {
                    TypeSig t = TypeToken(ins);
                    if (!_types.IsValueType(t, _ctx) && t is not GenericParamSig) throw Bad($"sizeof of {t}, which is not a value type");
                    Push(StackValue.I4); break;
                }
                case 0xFE0F:                                                            // localloc (stackalloc into a span)
                {
                    StackAlloc(index, stack.Count);
                    var size = Pop();
                    if (size.Kind is not (NInt or I32)) throw Bad($"localloc needs a native int size, found {size}");
                    Push(StackValue.I);
                    break;
                }
                case 0x27: case 0x29: case 0xFE17: case 0xFE18: case 0xFE00: case 0xC2: case 0xC6: case 0xFE1D: case 0xFE14: case 0xFE19:
                    throw Err(ErrorCodes.ForbiddenOpcode, $"{OpName(op)} is unverifiable (ECMA-335 III: raw memory, function pointers, typed references, tail calls or skipped checks)");
                default:
                    throw Bad($"opcode {OpName(op)} is not verifiable");
            }

            if (thisUninitialised) UseOfUninitialisedThis(ins, thisPopped, popped, stack, slots);
            // A prefix changes nothing on the stack: its instruction (read through `prev` above) carries on.
            if (!fallsThrough) return (null, _successors);
            return (new FrameState(stack.ToArray(), slots), _successors);
        }

        private void Branch(IlInstruction ins, FrameState state, List<StackValue> stack, byte[] slots)
        {
            foreach (int t in Targets(ins)) _successors.Add((t, new FrameState(stack.ToArray(), (byte[])slots.Clone()), false));
        }

        private static string OpName(int op) => OpNames.Name(op);

        private static int VarIndex(IlInstruction ins) => (int)(ins.Kind == OperandKind.Int8 ? (byte)(sbyte)ins.Operand : ins.Operand);

        private EntityHandle Token(IlInstruction ins)
        {
            int token = (int)ins.Operand;
            int table = (int)((uint)token >> 24);
            if (table is not (0x01 or 0x02 or 0x04 or 0x06 or 0x0A or 0x1B or 0x2B))
                throw new VerificationException($"token 0x{token:x8} of {OpName(ins.OpCode)} is not a type, field or method token");
            EntityHandle h = MetadataTokens.EntityHandle(token);
            int rows = _asm.Reader.GetTableRowCount((TableIndex)table);
            if (MetadataTokens.GetRowNumber(h) < 1 || MetadataTokens.GetRowNumber(h) > rows) throw new VerificationException($"token 0x{token:x8} of {OpName(ins.OpCode)} is out of range");
            return h;
        }

        private TypeSig TypeToken(IlInstruction ins)
        {
            EntityHandle h = Token(ins);
            if (h.Kind is not (HandleKind.TypeDefinition or HandleKind.TypeReference or HandleKind.TypeSpecification))
                throw new VerificationException($"{OpName(ins.OpCode)} needs a type token, found a {h.Kind}");
            TypeSig t = _types.FromToken(_asm, h);
            CheckSignatureType(t, $"the type {OpName(ins.OpCode)} names");
            CheckAccess(t, $"type {t}");
            CheckConstraints(_types.ConstraintViolation(t, _ctx));
            return t;
        }

        private FieldDesc FieldToken(IlInstruction ins)
        {
            FieldDesc f = _types.ResolveField(_asm, Token(ins));
            if (f.IsLiteral && ins.OpCode != 0xD0) throw Bad($"{OpName(ins.OpCode)} of literal (const) field {f.Name}, which has no storage (II.22.15)");
            CheckSignatureType(f.Type, $"field {f.Name}");
            CheckAccess(f.Owner, $"type {f.Owner}");
            CheckConstraints(_types.ConstraintViolation(f.Owner, _ctx));
            if (!_types.CanAccessMember(_owner, f.OwnerDef, (int)f.Access))
                throw Err(ErrorCodes.Inaccessible, $"field {f.Owner}::{f.Name} is {Access((int)f.Access)} in {f.OwnerDef.Assembly.Name}: {_owner.FullName} may not access it");
            return f;
        }

        private MethodDesc MethodToken(IlInstruction ins)
        {
            MethodDesc m = _types.ResolveMethod(_asm, Token(ins));
            if (!IsReadOnlyDataSpan(ins, m) && !IsStackAllocSpan(ins, m))
                foreach (TypeSig t in m.Parameters.Append(m.ReturnType)) CheckSignatureType(t, $"the signature of {m.Name}");
            CheckAccess(m.Owner, $"type {m.Owner}");
            foreach (TypeSig a in m.MethodArgs.IsDefault ? ImmutableArray<TypeSig>.Empty : m.MethodArgs) CheckAccess(a, $"type {a}");
            if (m.OwnerDef is not null && !_types.CanAccessMember(_owner, m.OwnerDef, (int)m.Access))
                throw Err(ErrorCodes.Inaccessible, $"method {m.Owner}::{m.Name} is {Access((int)m.Access)} in {m.OwnerDef.Assembly.Name}: {_owner.FullName} may not call it");
            foreach (TypeSig a in (m.Owner is NamedSig n ? n.Args : ImmutableArray<TypeSig>.Empty).Concat(m.MethodArgs.IsDefault ? ImmutableArray<TypeSig>.Empty : m.MethodArgs))
                if (a is ByRefSig || a is PointerSig || _types.IsByRefLike(a))
                    throw Err(ErrorCodes.ByRefEscape, $"{m.Name} is instantiated over {a}: byrefs, pointers and byref-like types may not be generic arguments");
            CheckConstraints(_types.ConstraintViolation(m, _ctx));
            return m;
        }

        private static void CheckConstraints(string? violation)
        {
            if (violation is not null) throw Err(ErrorCodes.UnverifiableIl, $"generic instantiation {violation} (ECMA-335 II.10.1.7: the callee is verified assuming its constraints hold)");
        }

        private void CheckAccess(TypeSig t, string what)
        {
            if (!_types.CanAccessSig(_owner, t)) throw Err(ErrorCodes.Inaccessible, $"{what} is not accessible from {_owner.FullName} (private or internal to another assembly)");
        }

        private static string Access(int access) => access switch
        {
            1 => "private", 2 => "private protected", 3 => "internal", 4 => "protected", 5 => "protected internal", 6 => "public", _ => "compiler-controlled",
        };

        // ---- arguments and locals ------------------------------------------------------------------------------------

        private TypeSig ArgType(int i) => i < _args.Length ? _args[i] : throw Bad($"argument {i} does not exist (the method has {_args.Length})");

        private TypeSig LocalType(int i) => i < _locals.Length ? _locals[i] : throw Bad($"local {i} does not exist (the method has {_locals.Length})");

        private StackValue LoadArg(int i, byte[] slots)
        {
            StackValue v = ForType(ArgType(i));
            bool local = (slots[i] & FrameState.FlagLocal) != 0;
            return v with { Local = local, ReadOnly = (slots[i] & FrameState.FlagReadOnly) != 0, IsThis = i == 0 && IsInstance && !_thisModified };
        }

        private StackValue LoadLocal(int i, byte[] slots)
        {
            StackValue v = ForType(LocalType(i));
            int s = _args.Length + i;
            return v with { Local = (slots[s] & FrameState.FlagLocal) != 0, ReadOnly = v.Kind == ByRef && (slots[s] & FrameState.FlagReadOnly) != 0 };
        }

        private StackValue ArgAddress(int i, byte[] slots)
        {
            TypeSig t = ArgType(i);
            if (t is ByRefSig) throw Bad($"ldarga of argument {i}, which is itself a byref (byref to byref)");
            return new StackValue(ByRef, t, Local: true, ValueLocal: (slots[i] & FrameState.FlagLocal) != 0, Slot: i);
        }

        private StackValue LocalAddress(int i, byte[] slots)
        {
            TypeSig t = LocalType(i);
            if (t is ByRefSig) throw Bad($"ldloca of local {i}, which is itself a byref (byref to byref)");
            return new StackValue(ByRef, t, Local: true, ValueLocal: (slots[_args.Length + i] & FrameState.FlagLocal) != 0, Slot: _args.Length + i);
        }

        private void StoreArg(int i, StackValue v, byte[] slots)
        {
            RequireAssignable(v, ArgType(i), $"the value starg stores in argument {i}");
            Flag(slots, i, v);
        }

        private void StoreLocal(int i, StackValue v, byte[] slots)
        {
            RequireAssignable(v, LocalType(i), $"the value stloc stores in local {i}");
            Flag(slots, _args.Length + i, v);
        }

        private static void Flag(byte[] slots, int s, StackValue v) =>
            slots[s] = (byte)((v.Local ? FrameState.FlagLocal : 0) | (v.Kind == ByRef && v.ReadOnly ? FrameState.FlagReadOnly : 0));

        /// <summary>A store of <paramref name="value"/> through byref <paramref name="addr"/>: a value that may refer to this
        /// frame may go only into this frame (an argument or local whose address was taken, or storage derived from one).</summary>
        private void StoreThrough(StackValue addr, StackValue value, byte[] slots)
        {
            if (!value.Local) return;
            if (addr.Slot >= 0) { slots[addr.Slot] |= FrameState.FlagLocal; return; }
            if (!addr.ValueLocal)
                throw Err(ErrorCodes.ByRefEscape, $"a value that may refer to this method's frame ({value}) is stored through {addr}, which may point outside it (byref escape)");
        }

        // ---- types on the stack --------------------------------------------------------------------------------------

        /// <summary>The stack type of a value of signature type <paramref name="t"/> (III.1.8.1.2.1).</summary>
        private StackValue ForType(TypeSig t)
        {
            switch (t)
            {
                case PrimSig p:
                    if (PrimitiveCodes.IsSmallInt(p.Code)) return StackValue.I4;
                    return p.Code switch
                    {
                        PrimitiveTypeCode.Int64 or PrimitiveTypeCode.UInt64 => StackValue.I8,
                        PrimitiveTypeCode.IntPtr or PrimitiveTypeCode.UIntPtr => StackValue.I,
                        PrimitiveTypeCode.Single or PrimitiveTypeCode.Double => StackValue.F,
                        PrimitiveTypeCode.Object or PrimitiveTypeCode.String => StackValue.Ref(t),
                        PrimitiveTypeCode.TypedReference => throw Err(ErrorCodes.ForbiddenOpcode, "typed references (TypedReference) are unverifiable"),
                        _ => throw Bad($"no value has type {t}"),
                    };
                case NamedSig n:
                    if (n.Def.IsEnum) return n.Def.EnumUnderlying is { } u && u is not NamedSig ? ForType(u) : throw Bad($"enum {n} has no primitive underlying type");
                    return n.Def.IsValueType ? new StackValue(Value, t) : StackValue.Ref(t);
                case ArraySig: return StackValue.Ref(t);
                case ByRefSig b: return new StackValue(ByRef, b.Element);
                case GenericParamSig g: return _types.IsReferenceType(g, _ctx) ? StackValue.Ref(t) : new StackValue(Value, t);
                case PointerSig: throw Err(ErrorCodes.PointerType, $"a value of pointer type {t} is unverifiable");
                default: throw Bad($"no value has type {t}");
            }
        }

        /// <summary>A value read from a location of type <paramref name="t"/> through <paramref name="addr"/>.</summary>
        private StackValue Loaded(TypeSig t, StackValue addr)
        {
            StackValue v = ForType(t);
            return _types.IsByRefLike(t) ? v with { Local = addr.ValueLocal } : v;
        }

        /// <summary>III.1.8.1.2.3 verifier-assignable-to, for a stack value and a location of signature type <paramref name="target"/>.</summary>
        private bool IsAssignable(StackValue v, TypeSig target)
        {
            StackValue t = ForType(target);
            switch (t.Kind)
            {
                case I32: return v.Kind == I32;
                case I64: return v.Kind == I64;
                case NInt: return v.Kind is NInt or I32;
                case Flt: return v.Kind == Flt;
                case ObjRef: return v.Kind == ObjRef && (v.IsNull || _types.IsAssignable(v.Type!, t.Type!, _ctx));
                case ByRef: return v.Kind == ByRef && _types.ReducedEquals(v.Type!, t.Type!) && (_types.IsReferenceType(v.Type!, _ctx) ? v.Type!.Equals(t.Type) : true);
                case Value: return v.Kind == Value && v.Type!.Equals(t.Type);
                default: return false;
            }
        }

        private void RequireAssignable(StackValue v, TypeSig target, string what)
        {
            if (v.Kind == MethodPtr) throw Err(ErrorCodes.UnpairedFunctionPointer, $"{what} is a method pointer from ldftn; only a delegate constructor may take one");
            if (!IsAssignable(v, target)) throw Bad($"{what} is a {v}, which is not assignable to {target}");
        }

        private static StackValue Plain(StackValue v) => new(v.Kind);

        private static StackValue ConvResult(int op) => op switch
        {
            0x6A or 0x6E or 0x85 or 0x89 or 0xB9 or 0xBA => StackValue.I8,                     // conv.i8 conv.u8 conv.ovf.i8.un conv.ovf.u8.un conv.ovf.i8 conv.ovf.u8
            0x6B or 0x6C or 0x76 => StackValue.F,                                              // conv.r4 conv.r8 conv.r.un
            0xC3 => StackValue.F,                                                              // ckfinite
            0xD3 or 0xD4 or 0xD5 or 0xE0 or 0x8A or 0x8B => StackValue.I,                      // conv.i conv.ovf.i conv.ovf.u conv.u conv.ovf.i.un conv.ovf.u.un
            _ => StackValue.I4,
        };

        /// <summary>III.1.5 table 2 (binary numeric) and table 5 (integer): no operand may be a byref or an object.</summary>
        private static StackValue Numeric(StackValue b, StackValue a, string name, bool allowFloat)
        {
            if (a.Kind == ByRef || b.Kind == ByRef)
                throw Err(ErrorCodes.PointerArithmetic, $"{name} on a managed pointer ({a} {name} {b}): pointer arithmetic is unverifiable (this is how fixed-buffer indexing and Unsafe.Add work)");
            if (a.Kind == I32 && b.Kind == I32) return StackValue.I4;
            if (a.Kind == I64 && b.Kind == I64) return StackValue.I8;
            if ((a.Kind is I32 or NInt) && (b.Kind is I32 or NInt)) return StackValue.I;
            if (allowFloat && a.Kind == Flt && b.Kind == Flt) return StackValue.F;
            throw Arith(a, b, name);
        }

        private static VerifyError Arith(StackValue a, StackValue? b, string name) =>
            Err(a.Kind == ByRef || b?.Kind == ByRef ? ErrorCodes.PointerArithmetic : ErrorCodes.UnverifiableIl,
                $"{name} on {a}{(b is { } x ? " and " + x : "")}: operand types not allowed by ECMA-335 III.1.5");

        /// <summary>III.1.5 table 4: comparisons. Object references and byrefs only for equality (and cgt.un against null).</summary>
        private static void Compare(StackValue a, StackValue b, bool equality, bool unsignedGreater, string name)
        {
            bool ok = (a.Kind, b.Kind) switch
            {
                (I32, I32) or (I64, I64) or (Flt, Flt) => true,
                (I32 or NInt, I32 or NInt) => true,
                (ObjRef, ObjRef) => equality || unsignedGreater,
                (ByRef, ByRef) => equality,
                _ => false,
            };
            if (!ok) throw Err(a.Kind == ByRef || b.Kind == ByRef ? ErrorCodes.PointerArithmetic : ErrorCodes.UnverifiableIl, $"{name} compares {a} with {b}, which ECMA-335 III.1.5 does not allow in verifiable code");
        }

        private static TypeSig IndirectType(int op) => op switch
        {
            0x46 or 0x52 => new PrimSig(PrimitiveTypeCode.SByte),
            0x47 => new PrimSig(PrimitiveTypeCode.Byte),
            0x48 or 0x53 => new PrimSig(PrimitiveTypeCode.Int16),
            0x49 => new PrimSig(PrimitiveTypeCode.UInt16),
            0x4A or 0x54 => TypeSystem.Int32,
            0x4B => new PrimSig(PrimitiveTypeCode.UInt32),
            0x4C or 0x55 => TypeSystem.Int64,
            0x4D or 0xDF => TypeSystem.IntPtr,
            0x4E or 0x56 => new PrimSig(PrimitiveTypeCode.Single),
            0x4F or 0x57 => TypeSystem.Double,
            _ => TypeSystem.Object,
        };

        private static TypeSig ElementType(int op) => op switch
        {
            0x90 or 0x9C => new PrimSig(PrimitiveTypeCode.SByte),
            0x91 => new PrimSig(PrimitiveTypeCode.Byte),
            0x92 or 0x9D => new PrimSig(PrimitiveTypeCode.Int16),
            0x93 => new PrimSig(PrimitiveTypeCode.UInt16),
            0x94 or 0x9E => TypeSystem.Int32,
            0x95 => new PrimSig(PrimitiveTypeCode.UInt32),
            0x96 or 0x9F => TypeSystem.Int64,
            0x97 or 0x9B => TypeSystem.IntPtr,
            0x98 or 0xA0 => new PrimSig(PrimitiveTypeCode.Single),
            0x99 or 0xA1 => TypeSystem.Double,
            _ => TypeSystem.Object,
        };

        private bool ElementMatches(TypeSig elem, TypeSig t) =>
            _types.IsReferenceType(elem, _ctx) && _types.IsReferenceType(t, _ctx) ? _types.IsAssignable(elem, t, _ctx) : _types.ReducedEquals(elem, t);

        private TypeSig ArrayElement(StackValue a, StackValue i, string name)
        {
            if (i.Kind is not (I32 or NInt)) throw Bad($"{name} needs an int32 or native int index, found {i}");
            if (a.IsNull) return TypeSystem.Object;
            if (a.Kind != ObjRef || a.Type is not ArraySig { IsVector: true } arr) throw Bad($"{name} needs a single-dimensional array, found {a}");
            return arr.Element;
        }

        private void CheckBoxable(TypeSig t, string name)
        {
            if (t is ByRefSig || _types.IsByRefLike(t) || t is PrimSig { Code: PrimitiveTypeCode.Void })
                throw Err(_types.IsByRefLike(t) ? ErrorCodes.ByRefEscape : ErrorCodes.UnverifiableIl, $"{name} of {t}: byref-like types (ref structs) and byrefs can never be boxed or live on the heap");
        }

        /// <summary>The type of a boxed <paramref name="t"/>: Nullable&lt;T&gt; boxes as T.</summary>
        private static TypeSig BoxedType(TypeSig t) =>
            t is NamedSig { Def: var d, Args.Length: 1 } n && d.IsSystem("Nullable`1") ? n.Args[0] : t;

        private void CheckInstance(StackValue obj, FieldDesc f, string name)
        {
            bool ok = obj.Kind switch
            {
                ObjRef => obj.IsNull || (!f.OwnerDef.IsValueType && _types.IsAssignable(obj.Type!, f.Owner, _ctx)),
                // Through a byref only to a struct: a byref to a location holding an object reference is not the object.
                ByRef => f.OwnerDef.IsValueType && _types.ReducedEquals(obj.Type!, f.Owner),
                Value => obj.Type!.Equals(f.Owner),
                _ => false,
            };
            if (!ok) throw Bad($"{name} of {f.Owner}::{f.Name} on a {obj}, which is not a {f.Owner}");
        }

        private bool InOwnConstructor(FieldDesc f, bool isStatic) =>
            ReferenceEquals(f.OwnerDef, _owner) && (isStatic ? IsTypeInitializer : IsConstructor || IsInitAccessor);

        // ---- return ----------------------------------------------------------------------------------------------------

        private void Return(Func<StackValue> pop, List<StackValue> stack, IlInstruction ins)
        {
            if (InAnyProtected(ins.Offset)) throw Err(ErrorCodes.ControlFlow, "ret inside a try block, handler or filter (leave the region first)");
            if (_return is PrimSig { Code: PrimitiveTypeCode.Void })
            {
                if (stack.Count != 0) throw Bad($"ret from a void method with {stack.Count} value(s) on the stack");
                return;
            }
            StackValue v = pop();
            if (stack.Count != 0) throw Bad($"ret with {stack.Count} extra value(s) on the stack");
            RequireAssignable(v, _return, "the returned value");
            if (v.Local && (_return is ByRefSig || _types.IsByRefLike(_return)))
                throw Err(ErrorCodes.ByRefEscape, $"the method returns {v}, which may refer to its own frame (an argument or local, or something made from one): byref escape");
            if (v.Kind == ByRef && v.ReadOnly && !ReturnIsReadOnly())
                throw Err(ErrorCodes.ReadOnlyViolation, $"the method returns a read-only byref ({v}) as a writable ref");
        }

        private bool ReturnIsReadOnly()
        {
            foreach (ParameterHandle ph in _method.GetParameters())
            {
                Parameter p = _asm.Reader.GetParameter(ph);
                if (p.SequenceNumber == 0) return AttributeReader.Find(_asm.Reader, p.GetCustomAttributes(), "System.Runtime.CompilerServices.IsReadOnlyAttribute") is not null;
            }
            return false;
        }
    }
}
