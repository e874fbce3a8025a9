using System.Collections.Generic;
using Sing.Installer.Diagnostics;

namespace Sing.Installer.Il.Verification
{
    /// <summary>ECMA-335 III.1.8.1.4: in an instance constructor of a class, `this` starts uninitialised. Until a
    /// constructor of the base type or of the type itself has been called on it, `this` may only be duplicated,
    /// dropped, the object of a load or store of one of the type's own fields (C# field initialisers and primary
    /// constructor parameters), or the object of that constructor call; it may not be passed, stored, returned, boxed
    /// or compared, so a half-built object never escapes. Every `ret` must come after the call, paths must agree on
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
        /// (0 = the first, the top of the stack) took `this` out of <paramref name="popped"/> in all; clears the state
        /// once the base or this constructor has been called.</summary>
        private void UseOfUninitialisedThis(IlInstruction ins, List<int>? thisPopped, int popped, byte[] slots)
        {
            int op = ins.OpCode;
            if (op == 0x2A) throw Bad("the constructor returns without having called a constructor of its base type or of its own type on this (ECMA-335 III.1.8.1.4)");
            if (op is 0x28 && MethodToken(ins) is { IsConstructor: true, HasThis: true } && thisPopped is [var only] && only == popped - 1)
            {
                slots[0] = (byte)(slots[0] & ~FrameState.FlagThisUninitialised);   // the call itself checked it chains to base or this
                return;
            }
            if (thisPopped is null) return;
            bool allowed = op switch
            {
                0x25 or 0x26 => true,                                                      // dup, pop
                0x7B or 0x7C => OwnField(ins),                                             // ldfld, ldflda: the object
                0x7D => thisPopped is [1] && OwnField(ins),                                // stfld: the object, not the value
                _ => false,
            };
            if (!allowed)
                throw Bad($"{OpName(op)} uses this before a constructor of the base type or of its own type has been called on it; until then this may only be the object of a store to its own fields (ECMA-335 III.1.8.1.4)");
        }

        private bool OwnField(IlInstruction ins) => FieldToken(ins) is { IsStatic: false } f && ReferenceEquals(f.OwnerDef, _owner);
    }
}
