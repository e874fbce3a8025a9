namespace Internal.Runtime.ExceptionHandling
{
    /// <summary>One function or funclet of managed code: its code range, its CFI program and its LSDA
    /// (NativeAOT unwind block: flags, EH info pointer, GC info).</summary>
    public unsafe struct CodeRange
    {
        public ulong Start;
        public ulong End;
        public byte* Fde;
        public byte* Cie;
        public byte* Lsda;
    }

    /// <summary>Index of the image's .eh_frame: every FDE's code range, sorted by address, for lookup by PC.
    /// ILC writes one FDE per method and per funclet, with a CIE of augmentation "zLR" (pc-relative 32-bit
    /// LSDA and code pointers).</summary>
    public static unsafe class UnwindTable
    {
        private static CodeRange* s_ranges;
        private static int s_count;

        private static byte* s_ehFrameStart;
        private static byte* s_ehFrameEnd;
        private static bool s_built;

        public static int Count
        {
            get
            {
                EnsureBuilt();
                return s_count;
            }
        }

        /// <summary>Records where the image's .eh_frame is. The index is built on first use (the first exception
        /// or fault): most processes never throw, and indexing thousands of FDEs is most of a small SIP's start-up.</summary>
        public static void Initialize(byte* ehFrameStart, byte* ehFrameEnd)
        {
            s_ehFrameStart = ehFrameStart;
            s_ehFrameEnd = ehFrameEnd;
            s_built = false;
        }

        private static void EnsureBuilt()
        {
            if (s_built) return;
            Build(s_ehFrameStart, s_ehFrameEnd);
            s_built = true;
        }

        private static void Build(byte* ehFrameStart, byte* ehFrameEnd)
        {
            int count = 0;
            for (byte* p = ehFrameStart; p < ehFrameEnd;)
            {
                uint length = *(uint*)p;
                if (length == 0) break;
                if (*(uint*)(p + 4) != 0) count++;
                p += 4 + length;
            }
            s_ranges = (CodeRange*)NativeArena.AllocatePages((nuint)(count * sizeof(CodeRange)));
            if (s_ranges == null) RuntimeHost.Fail("no memory for the unwind table", null);

            int n = 0;
            for (byte* p = ehFrameStart; p < ehFrameEnd;)
            {
                uint length = *(uint*)p;
                if (length == 0) break;
                uint ciePointer = *(uint*)(p + 4);
                if (ciePointer != 0)
                {
                    byte* cie = p + 4 - ciePointer;
                    ReadFde(p, cie, ref s_ranges[n]);
                    n++;
                }
                p += 4 + length;
            }
            s_count = n;
            Sort(s_ranges, n);
        }

        private static void ReadFde(byte* fde, byte* cie, ref CodeRange range)
        {
            CieInfo info = CieInfo.Read(cie);
            byte* p = fde + 8;
            range.Start = Dwarf.ReadEncodedPointer(ref p, info.CodeEncoding);
            range.End = range.Start + Dwarf.ReadEncodedPointer(ref p, (byte)(info.CodeEncoding & 0x0F));
            range.Fde = fde;
            range.Cie = cie;
            range.Lsda = null;
            if (info.HasAugmentationData)
            {
                ulong augLength = Dwarf.ReadUleb(ref p);
                byte* augEnd = p + augLength;
                if (info.LsdaEncoding != Dwarf.Omit && augLength > 0)
                    range.Lsda = (byte*)Dwarf.ReadEncodedPointer(ref p, info.LsdaEncoding);
                p = augEnd;
            }
        }

        private static void Sort(CodeRange* ranges, int n)
        {
            // Insertion sort: ILC emits FDEs nearly in address order, so this is close to linear.
            for (int i = 1; i < n; i++)
            {
                CodeRange key = ranges[i];
                int j = i - 1;
                while (j >= 0 && ranges[j].Start > key.Start)
                {
                    ranges[j + 1] = ranges[j];
                    j--;
                }
                ranges[j + 1] = key;
            }
        }

        public static CodeRange* Find(ulong pc)
        {
            EnsureBuilt();
            int lo = 0, hi = s_count - 1;
            while (lo <= hi)
            {
                int mid = (lo + hi) >> 1;
                CodeRange* r = &s_ranges[mid];
                if (pc < r->Start) hi = mid - 1;
                else if (pc >= r->End) lo = mid + 1;
                else return r;
            }
            return null;
        }

        /// <summary>The range whose LSDA is <paramref name="lsda"/> (used to find a funclet's root method).</summary>
        public static CodeRange* FindByLsda(byte* lsda)
        {
            EnsureBuilt();
            for (int i = 0; i < s_count; i++)
                if (s_ranges[i].Lsda == lsda) return &s_ranges[i];
            return null;
        }
    }
}
