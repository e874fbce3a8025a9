namespace Internal.Runtime.GC
{
    /// <summary>Filler for dead space in the heap: a fake byte-array type, so a hole has a size like any object.
    /// Holes of 32 bytes or more carry a next-hole pointer and form the free list.
    /// Layout: [header][FreeType*][int length][pad][next hole header*]...</summary>
    internal static unsafe class FreeObject
    {
        private const uint HasComponentSizeFlag = 0x80000000;
        private const uint SzArrayElementType = 0x18u << 26;
        private const nuint BaseSize = 24;

        public static MethodTable* Type;

        public static void Initialize()
        {
            // MethodTable: flags+component size, base size, related type, slots, interfaces, hash.
            uint* mt = (uint*)NativeArena.Allocate(64);
            mt[0] = HasComponentSizeFlag | SzArrayElementType | 1;
            mt[1] = (uint)BaseSize;
            Type = (MethodTable*)mt;
        }

        public static void Write(byte* header, nuint size, byte* next)
        {
            *(nint*)header = 0;
            *(MethodTable**)(header + 8) = Type;
            *(int*)(header + 16) = (int)(size - BaseSize);
            if (size >= 32) *(byte**)(header + 24) = next;
        }

        public static bool Is(byte* header) => (*(nint*)(header + 8) & ~(nint)1) == (nint)Type;

        public static nuint SizeOf(byte* header) => BaseSize + (nuint)(*(int*)(header + 16));

        public static byte* Next(byte* header) => *(byte**)(header + 24);

        public static byte** NextLink(byte* header) => (byte**)(header + 24);
    }
}
