using System;
using System.Linq;
using Sing.Installer.Diagnostics;

namespace Sing.Installer.Il.Verification
{
    /// <summary>The abstract state at one IL offset: the evaluation stack's verification types and, per argument and
    /// local, whether the value stored there may refer to this frame (a byref or byref-like value) and whether it is a
    /// read-only byref. Argument and local types themselves are fixed by the signatures.</summary>
    public sealed class FrameState
    {
        public const byte FlagLocal = 1, FlagReadOnly = 2;

        /// <summary>On argument 0 of a class's instance constructor: `this` is not yet initialised (no base or this
        /// constructor has been called on it; ECMA-335 III.1.8.1.4).</summary>
        public const byte FlagThisUninitialised = 4;

        public FrameState(StackValue[] stack, byte[] slots)
        {
            Stack = stack;
            Slots = slots;
        }

        public StackValue[] Stack { get; }

        /// <summary>Arguments first, then locals.</summary>
        public byte[] Slots { get; }

        public FrameState With(StackValue[] stack) => new(stack, (byte[])Slots.Clone());

        /// <summary>Merges <paramref name="other"/> into this state (ECMA-335 III.1.8.1.3); null when nothing changed.
        /// Throws a <see cref="VerifyError"/> when the stacks cannot be merged.</summary>
        public FrameState? Merge(FrameState other, TypeSystem types, GenericContext ctx)
        {
            if (other.Stack.Length != Stack.Length)
                throw new VerifyError(ErrorCodes.UnverifiableIl, $"the stack holds {Stack.Length} item(s) on one path to this point and {other.Stack.Length} on another (stack heights must agree at join points)");
            bool changed = false;
            bool uninitialised = Slots.Length > 0 && ((Slots[0] | other.Slots[0]) & FlagThisUninitialised) != 0;
            if (Slots.Length > 0 && ((Slots[0] ^ other.Slots[0]) & FlagThisUninitialised) != 0)
                throw new VerifyError(ErrorCodes.UnverifiableIl, "the constructor has called its base or this constructor on one path to this point and not on another (ECMA-335 III.1.8.1.4)");
            var stack = new StackValue[Stack.Length];
            for (int i = 0; i < Stack.Length; i++)
            {
                if (uninitialised && Stack[i] != other.Stack[i] && (Stack[i].IsThis || other.Stack[i].IsThis || Stack[i].BoundToUninitialisedThis || other.Stack[i].BoundToUninitialisedThis))
                    throw new VerifyError(ErrorCodes.UnverifiableIl, $"stack slot {i} is the uninitialised this (or a delegate bound to it) on one path and {(Stack[i].IsThis || Stack[i].BoundToUninitialisedThis ? other.Stack[i] : Stack[i])} on another (it would lose track of the uninitialised object; ECMA-335 III.1.8.1.4)");
                stack[i] = MergeValue(Stack[i], other.Stack[i], types, ctx, i);
                if (stack[i] != Stack[i]) changed = true;
            }
            var slots = new byte[Slots.Length];
            for (int i = 0; i < Slots.Length; i++)
            {
                slots[i] = (byte)(Slots[i] | other.Slots[i]);
                if (slots[i] != Slots[i]) changed = true;
            }
            return changed ? new FrameState(stack, slots) : null;
        }

        private static StackValue MergeValue(StackValue a, StackValue b, TypeSystem types, GenericContext ctx, int index)
        {
            if (a == b) return a;
            string why = $"stack slot {index} is {a} on one path and {b} on another";
            if (a.Kind != b.Kind) throw new VerifyError(ErrorCodes.UnverifiableIl, why + " (incompatible at a join point)");
            switch (a.Kind)
            {
                case StackKind.I32: case StackKind.I64: case StackKind.NInt: case StackKind.Flt:
                    return a with { IsThis = false };
                case StackKind.ObjRef:
                    if (a.IsNull) return b with { IsThis = false };
                    if (b.IsNull) return a with { IsThis = false };
                    return StackValue.Ref(types.CommonSupertype(a.Type!, b.Type!, ctx)) with { Local = a.Local || b.Local };
                case StackKind.ByRef:
                    if (!types.ReducedEquals(a.Type!, b.Type!)) throw new VerifyError(ErrorCodes.UnverifiableIl, why + " (byrefs to different types)");
                    return new StackValue(StackKind.ByRef, a.Type, a.ReadOnly || b.ReadOnly, a.Local || b.Local, a.ValueLocal || b.ValueLocal, a.Slot == b.Slot ? a.Slot : -1);
                case StackKind.Value:
                    if (!a.Type!.Equals(b.Type)) throw new VerifyError(ErrorCodes.UnverifiableIl, why + " (different value types)");
                    return a with { Local = a.Local || b.Local, IsThis = false };
                default:
                    if (!ReferenceEquals(a.Method, b.Method)) throw new VerifyError(ErrorCodes.UnverifiableIl, why + " (different method pointers)");
                    return a;
            }
        }

        public override string ToString() => "[" + string.Join(", ", Stack.Select(s => s.ToString())) + "]";

        public static byte[] NewSlots(int count) => count == 0 ? Array.Empty<byte>() : new byte[count];
    }
}
