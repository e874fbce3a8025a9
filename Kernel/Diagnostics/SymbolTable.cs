using Sing.Kernel.Boot;
using Sing.Kernel.Console;

namespace Sing.Kernel.Diagnostics
{
    /// <summary>Names code addresses for diagnostics. The build writes the kernel's function symbols, sorted by
    /// address, as "hexaddress name" lines (artifacts/kernel.sym); GRUB loads that file as a module named
    /// "symbols". Lookup is a binary search over an index built at boot.</summary>
    internal sealed unsafe class SymbolFile
    {
        private byte* _text;
        private byte* _end;
        private ulong* _addresses;
        private uint* _lineOffsets;
        private int _count;

        public int Count => _count;

        public SymbolFile(BootModule module)
        {
            _text = module.Start;
            _end = module.End;
            int lines = 0;
            for (byte* p = _text; p < _end; p = EndOfLine(p, _end) + 1) lines++;
            if (lines == 0) return;
            _addresses = (ulong*)Memory.KernelHeap.Allocate((ulong)lines * 8);
            _lineOffsets = (uint*)Memory.KernelHeap.Allocate((ulong)lines * 4);
            if (_addresses == null || _lineOffsets == null) return;
            byte* line = _text;
            int n = 0;
            while (line < _end && n < lines)
            {
                ulong address = 0;
                byte* p = line;
                for (; p < _end && *p != ' ' && *p != '\n'; p++) address = (address << 4) | HexValue(*p);
                if (p < _end && *p == ' ')
                {
                    _addresses[n] = address;
                    _lineOffsets[n] = (uint)(p + 1 - _text);
                    n++;
                }
                line = EndOfLine(p, _end) + 1;
            }
            _count = n;
        }

        /// <summary>The '\n' that ends the line at <paramref name="p"/>, or <paramref name="end"/>. Eight bytes per
        /// step (a word has a newline byte when (x ^ 0x0A..) has a zero byte): the boot parses the whole file.</summary>
        private static byte* EndOfLine(byte* p, byte* end)
        {
            const ulong newlines = 0x0A0A0A0A0A0A0A0AUL, ones = 0x0101010101010101UL, highs = 0x8080808080808080UL;
            while (p + 8 <= end)
            {
                ulong x = *(ulong*)p ^ newlines;
                if (((x - ones) & ~x & highs) != 0) break;
                p += 8;
            }
            while (p < end && *p != '\n') p++;
            return p;
        }

        private static ulong HexValue(byte c) =>
            c >= '0' && c <= '9' ? (ulong)(c - '0') : c >= 'a' && c <= 'f' ? (ulong)(c - 'a' + 10) : c >= 'A' && c <= 'F' ? (ulong)(c - 'A' + 10) : 0;

        /// <summary>Index of the last symbol at or below <paramref name="address"/>, or -1.</summary>
        public int Find(ulong address)
        {
            int lo = 0, hi = _count - 1, found = -1;
            while (lo <= hi)
            {
                int mid = (lo + hi) >> 1;
                if (_addresses[mid] <= address) { found = mid; lo = mid + 1; }
                else hi = mid - 1;
            }
            return found;
        }

        /// <summary>Writes "name+0xoffset" for a code address, or "?" when unknown.</summary>
        public void WriteLocation(ulong address)
        {
            int index = Find(address);
            if (index < 0)
            {
                Log.Write('?');
                return;
            }
            for (byte* p = _text + _lineOffsets[index]; p < _end && *p != '\n'; p++) Log.Write((char)*p);
            Log.Write('+');
            Log.Hex(address - _addresses[index]);
        }

        /// <summary>Writes a type's name from its MethodTable symbol ("_ZTV" length name, as ILC mangles them),
        /// or the address when no symbol matches exactly.</summary>
        public void WriteTypeName(ulong methodTable)
        {
            int index = Find(methodTable);
            if (index < 0 || _addresses[index] != methodTable)
            {
                Log.Write("type@");
                Log.Hex(methodTable);
                return;
            }
            byte* p = _text + _lineOffsets[index];
            if (p + 4 < _end && p[0] == '_' && p[1] == 'Z' && p[2] == 'T' && p[3] == 'V')
            {
                p += 4;
                while (p < _end && *p >= '0' && *p <= '9') p++;
            }
            for (; p < _end && *p != '\n'; p++) Log.Write((char)*p);
        }

        public bool TryGetName(ulong address, out string name)
        {
            int index = Find(address);
            name = null;
            if (index < 0) return false;
            byte* start = _text + _lineOffsets[index];
            byte* p = start;
            while (p < _end && *p != '\n') p++;
            int length = (int)(p - start);
            char* chars = stackalloc char[length];
            for (int i = 0; i < length; i++) chars[i] = (char)start[i];
            name = new string(chars, 0, length);
            return true;
        }
    }

    /// <summary>The kernel's own symbols (the "symbols" boot module), for code in the kernel image.</summary>
    internal static unsafe class SymbolTable
    {
        private static SymbolFile s_kernel;

        public static void Load(BootModule module) => s_kernel = new SymbolFile(module);

        public static int Count => s_kernel == null ? 0 : s_kernel.Count;

        public static void WriteLocation(ulong address)
        {
            if (s_kernel == null) Log.Write('?');
            else s_kernel.WriteLocation(address);
        }

        public static void WriteTypeName(ulong methodTable)
        {
            if (s_kernel == null) Log.Hex(methodTable);
            else s_kernel.WriteTypeName(methodTable);
        }

        public static bool TryGetName(ulong address, out string name)
        {
            name = null;
            return s_kernel != null && s_kernel.TryGetName(address, out name);
        }
    }
}
