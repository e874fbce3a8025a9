using System.Collections.Generic;
using System.Linq;
using System.Reflection.Metadata;
using Sing.Installer.Diagnostics;

namespace Sing.Installer.Il.Verification
{
    /// <summary>ECMA-335 III.1.8.1.4: in an instance constructor of a class, `this` starts uninitialised. Until a
    /// constructor of the base type or of the type itself has been called on it, `this` may only be duplicated,
    /// dropped, the object of a store to (or the address of) one of the type's own fields (C# field initialisers and
    /// primary-constructor parameters), the target of a delegate that is then stored in such a field, or the object
    /// of that constructor call; it may not be passed, stored elsewhere, returned, boxed or compared, and a field that
    /// holds such a delegate gives it back still marked, so a half-built object never escapes. Every `ret` must come after the call, paths must agree on
    /// whether it happened (FrameState.Merge), and a second call is refused. Value types are exempt: their `this`
    /// is a byref to storage that is already zeroed.</summary>
    public sealed partial class MethodVerifier
    {
        private bool TracksUninitialisedThis => IsConstructor && !_owner.IsValueType;

        private static bool ThisUninitialised(byte[] slots) => slots.Length > 0 && (slots[0] & FrameState.FlagThisUninitialised) != 0;

        /// <summary>A class constructor may not write or take the address of its `this` argument: a copy made through
        /// the address would not be tracked as uninitialised.</summary>
        private void CheckThisArgumentUntouched()
        {
            if (TracksUninitialisedThis && _thisModified)
                throw Bad("a class constructor stores to or takes the address of its this argument (starg 0 / ldarga 0), which would hide the uninitialised object (ECMA-335 III.1.8.1.4)");
        }

        /// <summary>Checks instruction <paramref name="ins"/> against the uninitialised `this`, given which of its pops
        /// (0 = the first, the top of the stack) took `this` or a delegate bound to it, out of <paramref name="popped"/>
        /// in all; clears the state once the base or this constructor has been called.</summary>
        private void UseOfUninitialisedThis(IlInstruction ins, List<(int Index, bool IsThis)>? thisPopped, int popped, List<StackValue> stack, byte[] slots)
        {
            int op = ins.OpCode;
            if (op == 0x2A) throw Bad("the constructor returns without having called a constructor of its base type or of its own type on this (ECMA-335 III.1.8.1.4)");
            if (op is 0x28 && MethodToken(ins) is { IsConstructor: true, HasThis: true } && thisPopped is [(var only, true)] && only == popped - 1)
            {
                slots[0] = (byte)(slots[0] & ~FrameState.FlagThisUninitialised);   // the call itself checked it chains to base or this
                return;
            }
            if (thisPopped is null) return;
            bool allowed = op switch
            {
                0x25 or 0x26 => true,                                                           // dup, pop
                0x7B or 0x7C => thisPopped is [(0, true)] && OwnField(ins),                     // ldfld, ldflda: the object
                // stfld into an own field of this: the object is this; the value is not this itself, but may be a
                // delegate bound to it (C# builds one for a lambda in a field initialiser that reads a captured
                // primary-constructor parameter).
                0x7D => OwnField(ins) && thisPopped.Contains((1, true)) && thisPopped.All(p => p is (1, true) or (0, false)),
                // newobj of a delegate over this (ldarg.0; ldftn; newobj): allowed, the delegate is marked so that
                // it can only be stored in this object's own fields until this is initialised.
                0x73 => thisPopped is [(1, true)] && popped == 2 && MethodToken(ins).OwnerDef is { IsDelegate: true },
                _ => false,
            };
            if (!allowed)
                throw Bad($"{OpName(op)} uses this (or a delegate bound to it) before a constructor of the base type or of its own type has been called on it; until then this may only be the object of a store to its own fields (ECMA-335 III.1.8.1.4)");
            if (op == 0x73) stack[^1] = stack[^1] with { BoundToUninitialisedThis = true };
            if (op is 0x7B or 0x7D) TrackDelegateFields(ins, op == 0x7D && thisPopped.Contains((0, false)), stack);
        }

        /// <summary>Own fields that were given a delegate bound to the uninitialised this, and own fields read before
        /// the base call (C# reads back captured primary-constructor parameters to pass them on).</summary>
        private readonly HashSet<FieldDefinitionHandle> _fieldsHoldingThis = new(), _fieldsReadEarly = new();

        /// <summary>A read of a field that holds a delegate bound to this gives that delegate back, still marked. A field
        /// read before the verifier met a store of such a delegate into it is refused when it meets the store (the
        /// visiting order is fixed, so the verdict is too); C# never reads back the fields it stores such delegates in.</summary>
        private void TrackDelegateFields(IlInstruction ins, bool storesDelegate, List<StackValue> stack)
        {
            FieldDefinitionHandle field = FieldToken(ins).Handle;
            if (storesDelegate)
            {
                if (_fieldsReadEarly.Contains(field))
                    throw Bad($"field {FieldToken(ins).Name} receives a delegate bound to the uninitialised this and is also read before the base constructor call (ECMA-335 III.1.8.1.4)");
                _fieldsHoldingThis.Add(field);
            }
            else if (ins.OpCode == 0x7B)
            {
                if (_fieldsHoldingThis.Contains(field)) stack[^1] = stack[^1] with { BoundToUninitialisedThis = true };
                else _fieldsReadEarly.Add(field);
            }
        }

        private bool OwnField(IlInstruction ins) => FieldToken(ins) is { IsStatic: false } f && ReferenceEquals(f.OwnerDef, _owner);
    }
}
