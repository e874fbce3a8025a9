namespace Internal.Runtime.TypeLoader
{
    /// <summary>Names methods by their entry address for stack traces, from the table ILC writes with
    /// --stacktracedata (section 327) over the image's embedded metadata (section 313). The table is a stream of
    /// entries: a command byte (bit 0 a new owning type follows as a raw 32-bit handle, bit 1 a new name as a
    /// ConstantStringValue offset, bit 2 a new MethodSignature offset, bit 3 a new signature and the offset of the
    /// generic method's ConstantStringArray of argument names, bit 4 hidden from traces), those values, then a
    /// 32-bit relative pointer to the method's code. Everything is read from the process's own image; the index is
    /// built on the first request (most processes never print a stack).</summary>
    internal static unsafe class MethodNames
    {
        private const int StackTraceMapping = 327;

        private const byte UpdateOwningType = 0x01, UpdateName = 0x02, UpdateSignature = 0x04, UpdateGenericSignature = 0x08, Hidden = 0x10;

        private struct Entry
        {
            public ulong Start;
            public uint OwningType;       // a handle: type in bits 25-31, offset below
            public uint Name;             // offsets into the metadata
            public uint Signature;
            public uint GenericArguments;
            public bool Hidden;
        }

        private static Entry[] s_entries;

        /// <summary>Describes the method whose code starts at <paramref name="start"/> as .NET's stack traces do
        /// ("Namespace.Type.Method(Int32, String)"); null when the image has no entry for it. <paramref name="hidden"/>
        /// is true for methods marked [StackTraceHidden].</summary>
        public static string Describe(ulong start, out bool hidden)
        {
            hidden = false;
            byte* blob = ModuleTables.Metadata;
            int i = IndexOf(start);
            if (i < 0) return null;
            ref Entry e = ref s_entries[i];
            hidden = e.Hidden;
            if (e.OwningType == 0 || blob == null) return null;
            return MetadataNames.Method(blob, e.OwningType, e.Name, e.Signature, e.GenericArguments);
        }

        // The entry of the method starting at `start` (binary search; the index is built on first use), or -1.
        private static int IndexOf(ulong start)
        {
            Entry[] entries = s_entries ??= Build();
            int lo = 0, hi = entries.Length - 1;
            while (lo <= hi)
            {
                int mid = (lo + hi) >> 1;
                if (entries[mid].Start < start) lo = mid + 1;
                else if (entries[mid].Start > start) hi = mid - 1;
                else return mid;
            }
            return -1;
        }

        /// <summary>The type that declares the method starting at <paramref name="start"/>, named as
        /// TypeInitializationException names it (MetadataNames.TypeInitializerName); null when the image has no entry.</summary>
        public static string OwningTypeName(ulong start)
        {
            byte* blob = ModuleTables.Metadata;
            int i = IndexOf(start);
            return i < 0 || s_entries[i].OwningType == 0 || blob == null ? null : MetadataNames.TypeInitializerName(blob, s_entries[i].OwningType);
        }

        private static Entry[] Build()
        {
            byte* header = Internal.Runtime.CompilerHelpers.StartupCodeHelpers.FirstModuleHeader;
            if (header == null) return new Entry[0];
            byte* table = Internal.Runtime.CompilerHelpers.StartupCodeHelpers.FindSection(header, StackTraceMapping, out int length);
            if (table == null || length <= 0) return new Entry[0];
            byte* end = table + length;

            int count = 0;
            for (byte* p = table; p < end; count++) Skip(ref p);
            var entries = new Entry[count];
            Entry current = default;
            byte* q = table;
            for (int i = 0; i < count; i++)
            {
                byte command = *q++;
                if ((command & UpdateOwningType) != 0) { current.OwningType = *(uint*)q; q += 4; }
                if ((command & UpdateName) != 0) current.Name = NativeFormat.DecodeUnsigned(ref q);
                if ((command & UpdateSignature) != 0)
                {
                    current.Signature = NativeFormat.DecodeUnsigned(ref q);
                    current.GenericArguments = 0;
                }
                if ((command & UpdateGenericSignature) != 0)
                {
                    current.Signature = NativeFormat.DecodeUnsigned(ref q);
                    current.GenericArguments = NativeFormat.DecodeUnsigned(ref q);
                }
                current.Hidden = (command & Hidden) != 0;
                current.Start = (ulong)(q + *(int*)q);
                q += 4;
                entries[i] = current;
            }
            SortByStart(entries);
            return entries;
        }

        private static void Skip(ref byte* p)
        {
            byte command = *p++;
            if ((command & UpdateOwningType) != 0) p += 4;
            if ((command & UpdateName) != 0) NativeFormat.DecodeUnsigned(ref p);
            if ((command & UpdateSignature) != 0) NativeFormat.DecodeUnsigned(ref p);
            if ((command & UpdateGenericSignature) != 0)
            {
                NativeFormat.DecodeUnsigned(ref p);
                NativeFormat.DecodeUnsigned(ref p);
            }
            p += 4;
        }

        // Heapsort: the table is grouped by owning type, not by address, and this must not recurse or allocate.
        private static void SortByStart(Entry[] a)
        {
            int n = a.Length;
            for (int i = n / 2 - 1; i >= 0; i--) SiftDown(a, i, n);
            for (int end = n - 1; end > 0; end--)
            {
                (a[0], a[end]) = (a[end], a[0]);
                SiftDown(a, 0, end);
            }
        }

        private static void SiftDown(Entry[] a, int root, int n)
        {
            while (true)
            {
                int child = 2 * root + 1;
                if (child >= n) return;
                if (child + 1 < n && a[child + 1].Start > a[child].Start) child++;
                if (a[root].Start >= a[child].Start) return;
                (a[root], a[child]) = (a[child], a[root]);
                root = child;
            }
        }
    }
}
