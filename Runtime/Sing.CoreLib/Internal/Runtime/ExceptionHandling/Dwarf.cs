namespace Internal.Runtime.ExceptionHandling
{
    /// <summary>Primitive readers for DWARF call-frame information.</summary>
    internal static unsafe class Dwarf
    {
        public const byte Omit = 0xFF;

        public static ulong ReadUleb(ref byte* p)
        {
            ulong result = 0;
            int shift = 0;
            byte b;
            do
            {
                b = *p++;
                result |= (ulong)(b & 0x7F) << shift;
                shift += 7;
            } while ((b & 0x80) != 0);
            return result;
        }

        public static long ReadSleb(ref byte* p)
        {
            long result = 0;
            int shift = 0;
            byte b;
            do
            {
                b = *p++;
                result |= (long)(b & 0x7F) << shift;
                shift += 7;
            } while ((b & 0x80) != 0);
            if (shift < 64 && (b & 0x40) != 0) result |= -1L << shift;
            return result;
        }

        /// <summary>Reads a pointer in DW_EH_PE encoding (format in the low nibble, application in the high).</summary>
        public static ulong ReadEncodedPointer(ref byte* p, byte encoding)
        {
            if (encoding == Omit) return 0;
            byte* start = p;
            ulong value;
            switch (encoding & 0x0F)
            {
                case 0x00: value = *(ulong*)p; p += 8; break;            // absptr
                case 0x01: value = ReadUleb(ref p); break;              // uleb128
                case 0x02: value = *(ushort*)p; p += 2; break;          // udata2
                case 0x03: value = *(uint*)p; p += 4; break;            // udata4
                case 0x04: value = *(ulong*)p; p += 8; break;           // udata8
                case 0x09: value = (ulong)ReadSleb(ref p); break;       // sleb128
                case 0x0A: value = (ulong)(long)*(short*)p; p += 2; break; // sdata2
                case 0x0B: value = (ulong)(long)*(int*)p; p += 4; break;   // sdata4
                case 0x0C: value = *(ulong*)p; p += 8; break;           // sdata8
                default: RuntimeHost.Fail("unsupported DWARF pointer encoding", null); return 0;
            }
            if ((encoding & 0x70) == 0x10) value += (ulong)start;        // pcrel
            return value;
        }
    }

    /// <summary>The parts of a CIE the unwinder needs.</summary>
    internal unsafe struct CieInfo
    {
        public ulong CodeAlignment;
        public long DataAlignment;
        public ulong ReturnAddressRegister;
        public byte CodeEncoding;
        public byte LsdaEncoding;
        public bool HasAugmentationData;
        public byte* Instructions;
        public byte* End;

        public static CieInfo Read(byte* cie)
        {
            CieInfo info = default;
            uint length = *(uint*)cie;
            info.End = cie + 4 + length;
            byte* p = cie + 8;
            p++; // version
            byte* augmentation = p;
            while (*p != 0) p++;
            p++;
            info.CodeAlignment = Dwarf.ReadUleb(ref p);
            info.DataAlignment = Dwarf.ReadSleb(ref p);
            info.ReturnAddressRegister = Dwarf.ReadUleb(ref p);
            info.CodeEncoding = 0;
            info.LsdaEncoding = Dwarf.Omit;
            if (augmentation[0] == 'z')
            {
                info.HasAugmentationData = true;
                ulong augLength = Dwarf.ReadUleb(ref p);
                byte* augEnd = p + augLength;
                for (byte* a = augmentation + 1; *a != 0; a++)
                {
                    if (*a == 'L') info.LsdaEncoding = *p++;
                    else if (*a == 'R') info.CodeEncoding = *p++;
                    else if (*a == 'P')
                    {
                        byte enc = *p++;
                        Dwarf.ReadEncodedPointer(ref p, enc);
                    }
                }
                p = augEnd;
            }
            info.Instructions = p;
            return info;
        }
    }
}
