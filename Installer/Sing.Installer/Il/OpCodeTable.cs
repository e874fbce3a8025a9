namespace Sing.Installer.Il
{
    /// <summary>The operand kind of every IL opcode, written from ECMA-335 partition III. One-byte opcodes are 0x00-0xE0;
    /// two-byte opcodes are 0xFE followed by 0x00-0x1E. Tests cross-check it against System.Reflection.Emit.OpCodes.</summary>
    public static class OpCodeTable
    {
        private static readonly OperandKind[] s_oneByte = BuildOneByte();
        private static readonly OperandKind[] s_twoByte = BuildTwoByte();

        public static OperandKind OneByte(byte code) => s_oneByte[code];

        public static OperandKind TwoByte(byte code) => code < s_twoByte.Length ? s_twoByte[code] : OperandKind.Invalid;

        private static OperandKind[] BuildOneByte()
        {
            var t = new OperandKind[256];
            Fill(t, 0x00, 0x0D, OperandKind.None);          // nop, break, ldarg.0-3, ldloc.0-3, stloc.0-3
            Fill(t, 0x0E, 0x13, OperandKind.Int8);          // ldarg.s ldarga.s starg.s ldloc.s ldloca.s stloc.s
            Fill(t, 0x14, 0x1E, OperandKind.None);          // ldnull, ldc.i4.m1 .. ldc.i4.8
            t[0x1F] = OperandKind.Int8;                     // ldc.i4.s
            t[0x20] = OperandKind.Int32;                    // ldc.i4
            t[0x21] = OperandKind.Int64;                    // ldc.i8
            t[0x22] = OperandKind.Float32;                  // ldc.r4
            t[0x23] = OperandKind.Float64;                  // ldc.r8
            t[0x25] = OperandKind.None;                     // dup
            t[0x26] = OperandKind.None;                     // pop
            Fill(t, 0x27, 0x29, OperandKind.Token);         // jmp, call, calli
            t[0x2A] = OperandKind.None;                     // ret
            Fill(t, 0x2B, 0x37, OperandKind.Int8);          // br.s .. blt.un.s
            Fill(t, 0x38, 0x44, OperandKind.Int32);         // br .. blt.un
            t[0x45] = OperandKind.Switch;                   // switch
            Fill(t, 0x46, 0x6E, OperandKind.None);          // ldind.*, stind.*, arithmetic, conv.*
            Fill(t, 0x6F, 0x75, OperandKind.Token);         // callvirt cpobj ldobj ldstr newobj castclass isinst
            t[0x76] = OperandKind.None;                     // conv.r.un
            t[0x79] = OperandKind.Token;                    // unbox
            t[0x7A] = OperandKind.None;                     // throw
            Fill(t, 0x7B, 0x81, OperandKind.Token);         // ldfld ldflda stfld ldsfld ldsflda stsfld stobj
            Fill(t, 0x82, 0x8B, OperandKind.None);          // conv.ovf.*.un
            t[0x8C] = OperandKind.Token;                    // box
            t[0x8D] = OperandKind.Token;                    // newarr
            t[0x8E] = OperandKind.None;                     // ldlen
            t[0x8F] = OperandKind.Token;                    // ldelema
            Fill(t, 0x90, 0xA2, OperandKind.None);          // ldelem.*, stelem.*
            Fill(t, 0xA3, 0xA5, OperandKind.Token);         // ldelem stelem unbox.any
            Fill(t, 0xB3, 0xBA, OperandKind.None);          // conv.ovf.*
            t[0xC2] = OperandKind.Token;                    // refanyval
            t[0xC3] = OperandKind.None;                     // ckfinite
            t[0xC6] = OperandKind.Token;                    // mkrefany
            t[0xD0] = OperandKind.Token;                    // ldtoken
            Fill(t, 0xD1, 0xDC, OperandKind.None);          // conv.u2 .. endfinally
            t[0xDD] = OperandKind.Int32;                    // leave
            t[0xDE] = OperandKind.Int8;                     // leave.s
            t[0xDF] = OperandKind.None;                     // stind.i
            t[0xE0] = OperandKind.None;                     // conv.u
            return t;
        }

        private static OperandKind[] BuildTwoByte()
        {
            var t = new OperandKind[0x1F];
            Fill(t, 0x00, 0x05, OperandKind.None);          // arglist ceq cgt cgt.un clt clt.un
            t[0x06] = OperandKind.Token;                    // ldftn
            t[0x07] = OperandKind.Token;                    // ldvirtftn
            Fill(t, 0x09, 0x0E, OperandKind.UInt16);        // ldarg ldarga starg ldloc ldloca stloc
            t[0x0F] = OperandKind.None;                     // localloc
            t[0x11] = OperandKind.None;                     // endfilter
            t[0x12] = OperandKind.Int8;                     // unaligned.
            Fill(t, 0x13, 0x14, OperandKind.None);          // volatile. tail.
            Fill(t, 0x15, 0x16, OperandKind.Token);         // initobj constrained.
            Fill(t, 0x17, 0x18, OperandKind.None);          // cpblk initblk
            t[0x19] = OperandKind.Int8;                     // no.
            t[0x1A] = OperandKind.None;                     // rethrow
            t[0x1C] = OperandKind.Token;                    // sizeof
            Fill(t, 0x1D, 0x1E, OperandKind.None);          // refanytype readonly.
            return t;
        }

        private static void Fill(OperandKind[] t, int first, int last, OperandKind kind)
        {
            for (int i = first; i <= last; i++) t[i] = kind;
        }
    }
}
