namespace Internal.Runtime.ExceptionHandling
{
    /// <summary>Unwinds one frame with DWARF CFI: runs the CIE's and FDE's instructions up to the PC to learn where
    /// the CFA is and where callee-saved registers were stored, then reloads them and pops the return address.</summary>
    public static unsafe class FrameUnwinder
    {
        private const int RegisterCount = 17; // DWARF x86-64: 0-15 general, 16 return address
        private const int Rbx = 3, Rbp = 6, Rsp = 7, R12 = 12, R13 = 13, R14 = 14, R15 = 15, ReturnAddress = 16;

        private struct Rules
        {
            public int CfaRegister;
            public long CfaOffset;
            public fixed long SavedOffset[RegisterCount]; // offset from CFA where the register is saved
            public fixed byte IsSaved[RegisterCount];
        }

        private const int MaxRememberedStates = 4;

        /// <summary>Moves <paramref name="context"/> to the caller of the frame it describes. Returns false when the
        /// PC is not in managed code or the CFI cannot be followed.</summary>
        public static bool Unwind(ref RegisterContext context)
        {
            CodeRange* range = UnwindTable.Find(context.LookupPc);
            if (range == null) return false;
            if (!ComputeRules(range, context.LookupPc, out Rules rules)) return false;

            ulong cfaBase = rules.CfaRegister switch
            {
                Rsp => context.Rsp,
                Rbp => context.Rbp,
                _ => 0,
            };
            if (cfaBase == 0) return false;
            ulong cfa = (ulong)((long)cfaBase + rules.CfaOffset);

            RegisterContext caller = context;
            if (rules.IsSaved[Rbp] != 0) caller.Rbp = *(ulong*)((long)cfa + rules.SavedOffset[Rbp]);
            if (rules.IsSaved[Rbx] != 0) caller.Rbx = *(ulong*)((long)cfa + rules.SavedOffset[Rbx]);
            if (rules.IsSaved[R12] != 0) caller.R12 = *(ulong*)((long)cfa + rules.SavedOffset[R12]);
            if (rules.IsSaved[R13] != 0) caller.R13 = *(ulong*)((long)cfa + rules.SavedOffset[R13]);
            if (rules.IsSaved[R14] != 0) caller.R14 = *(ulong*)((long)cfa + rules.SavedOffset[R14]);
            if (rules.IsSaved[R15] != 0) caller.R15 = *(ulong*)((long)cfa + rules.SavedOffset[R15]);
            long raOffset = rules.IsSaved[ReturnAddress] != 0 ? rules.SavedOffset[ReturnAddress] : -8;
            caller.Rip = *(ulong*)((long)cfa + raOffset);
            caller.Rsp = cfa;
            caller.RipIsExact = 0;
            context = caller;
            return true;
        }

        private static bool ComputeRules(CodeRange* range, ulong pc, out Rules rules)
        {
            rules = default;
            CieInfo cie = CieInfo.Read(range->Cie);
            Rules initial = default;
            if (!Execute(cie.Instructions, cie.End, ref cie, range->Start, ulong.MaxValue, ref initial, ref initial)) return false;
            rules = initial;

            byte* fde = range->Fde;
            byte* end = fde + 4 + *(uint*)fde;
            byte* p = fde + 8;
            Dwarf.ReadEncodedPointer(ref p, cie.CodeEncoding);
            Dwarf.ReadEncodedPointer(ref p, (byte)(cie.CodeEncoding & 0x0F));
            if (cie.HasAugmentationData)
            {
                ulong augLength = Dwarf.ReadUleb(ref p);
                p += augLength;
            }
            return Execute(p, end, ref cie, range->Start, pc, ref rules, ref initial);
        }

        private static bool Execute(byte* p, byte* end, ref CieInfo cie, ulong location, ulong pc, ref Rules rules, ref Rules initial)
        {
            Rules* remembered = stackalloc Rules[MaxRememberedStates];
            int rememberedCount = 0;
            while (p < end)
            {
                byte op = *p++;
                byte high = (byte)(op & 0xC0);
                byte low = (byte)(op & 0x3F);
                if (high == 0x40)
                {
                    location += low * cie.CodeAlignment;
                    if (location > pc) return true;
                    continue;
                }
                if (high == 0x80)
                {
                    SetSaved(ref rules, low, (long)Dwarf.ReadUleb(ref p) * cie.DataAlignment);
                    continue;
                }
                if (high == 0xC0)
                {
                    Restore(ref rules, ref initial, low);
                    continue;
                }
                switch (op)
                {
                    case 0x00: break;                                                   // nop
                    case 0x01: location = Dwarf.ReadEncodedPointer(ref p, cie.CodeEncoding); if (location > pc) return true; break;
                    case 0x02: location += *p++ * cie.CodeAlignment; if (location > pc) return true; break;
                    case 0x03: location += *(ushort*)p * cie.CodeAlignment; p += 2; if (location > pc) return true; break;
                    case 0x04: location += *(uint*)p * cie.CodeAlignment; p += 4; if (location > pc) return true; break;
                    case 0x05: { ulong reg = Dwarf.ReadUleb(ref p); SetSaved(ref rules, reg, (long)Dwarf.ReadUleb(ref p) * cie.DataAlignment); break; }
                    case 0x06: Restore(ref rules, ref initial, Dwarf.ReadUleb(ref p)); break;
                    case 0x07:
                    case 0x08: { ulong reg = Dwarf.ReadUleb(ref p); if (reg < RegisterCount) rules.IsSaved[reg] = 0; break; }
                    case 0x09: Dwarf.ReadUleb(ref p); Dwarf.ReadUleb(ref p); return false; // register-to-register: not emitted by ILC
                    case 0x0A: if (rememberedCount == MaxRememberedStates) return false; remembered[rememberedCount++] = rules; break;
                    case 0x0B: if (rememberedCount == 0) return false; rules = remembered[--rememberedCount]; break;
                    case 0x0C: rules.CfaRegister = (int)Dwarf.ReadUleb(ref p); rules.CfaOffset = (long)Dwarf.ReadUleb(ref p); break;
                    case 0x0D: rules.CfaRegister = (int)Dwarf.ReadUleb(ref p); break;
                    case 0x0E: rules.CfaOffset = (long)Dwarf.ReadUleb(ref p); break;
                    case 0x11: { ulong reg = Dwarf.ReadUleb(ref p); SetSaved(ref rules, reg, Dwarf.ReadSleb(ref p) * cie.DataAlignment); break; }
                    case 0x12: rules.CfaRegister = (int)Dwarf.ReadUleb(ref p); rules.CfaOffset = Dwarf.ReadSleb(ref p) * cie.DataAlignment; break;
                    case 0x13: rules.CfaOffset = Dwarf.ReadSleb(ref p) * cie.DataAlignment; break;
                    case 0x2E: Dwarf.ReadUleb(ref p); break;                            // GNU_args_size
                    default: return false;
                }
            }
            return true;
        }

        private static void SetSaved(ref Rules rules, ulong register, long offset)
        {
            if (register >= RegisterCount) return;
            rules.IsSaved[register] = 1;
            rules.SavedOffset[register] = offset;
        }

        private static void Restore(ref Rules rules, ref Rules initial, ulong register)
        {
            if (register >= RegisterCount) return;
            rules.IsSaved[register] = initial.IsSaved[register];
            rules.SavedOffset[register] = initial.SavedOffset[register];
        }
    }
}
