using Sing.Kernel.Console;

namespace Sing.Kernel.Arch
{
    /// <summary>Processor identification from CPUID: vendor, brand string, family/model/stepping, feature flags.</summary>
    internal static unsafe class CpuInfo
    {
        public static uint Family { get; private set; }
        public static uint Model { get; private set; }
        public static uint Stepping { get; private set; }
        private static uint s_ecx1, s_edx1, s_ebx7, s_ecx81, s_edx81, s_edx87;
        private static uint s_maxLeaf, s_maxExtendedLeaf;

        private struct Text
        {
            public fixed byte Bytes[64];
        }

        private static Text s_vendor;
        private static Text s_brand;

        public static void Initialize()
        {
            uint* r = stackalloc uint[4];
            Cpu.CpuId(0, 0, r);
            s_maxLeaf = r[0];
            fixed (byte* v = s_vendor.Bytes)
            {
                *(uint*)v = r[1];
                *(uint*)(v + 4) = r[3];
                *(uint*)(v + 8) = r[2];
                v[12] = 0;
            }
            Cpu.CpuId(1, 0, r);
            uint eax = r[0];
            s_ecx1 = r[2];
            s_edx1 = r[3];
            uint baseFamily = (eax >> 8) & 0xF;
            Family = baseFamily == 0xF ? baseFamily + ((eax >> 20) & 0xFF) : baseFamily;
            Model = (baseFamily == 0x6 || baseFamily == 0xF) ? ((eax >> 4) & 0xF) | (((eax >> 16) & 0xF) << 4) : (eax >> 4) & 0xF;
            Stepping = eax & 0xF;
            if (s_maxLeaf >= 7)
            {
                Cpu.CpuId(7, 0, r);
                s_ebx7 = r[1];
            }
            Cpu.CpuId(0x80000000, 0, r);
            s_maxExtendedLeaf = r[0];
            if (s_maxExtendedLeaf >= 0x80000001)
            {
                Cpu.CpuId(0x80000001, 0, r);
                s_ecx81 = r[2];
                s_edx81 = r[3];
            }
            if (s_maxExtendedLeaf >= 0x80000007)
            {
                Cpu.CpuId(0x80000007, 0, r);
                s_edx87 = r[3];
            }
            fixed (byte* b = s_brand.Bytes)
            {
                if (s_maxExtendedLeaf >= 0x80000004)
                {
                    for (uint leaf = 0; leaf < 3; leaf++)
                    {
                        Cpu.CpuId(0x80000002 + leaf, 0, r);
                        for (int i = 0; i < 4; i++) *(uint*)(b + leaf * 16 + i * 4) = r[i];
                    }
                    b[48] = 0;
                }
                else b[0] = 0;
            }
        }

        public static bool HasSse3 => (s_ecx1 & (1u << 0)) != 0;
        public static bool HasSsse3 => (s_ecx1 & (1u << 9)) != 0;
        public static bool HasSse41 => (s_ecx1 & (1u << 19)) != 0;
        public static bool HasSse42 => (s_ecx1 & (1u << 20)) != 0;
        public static bool HasPopcnt => (s_ecx1 & (1u << 23)) != 0;
        public static bool HasAes => (s_ecx1 & (1u << 25)) != 0;
        public static bool HasXsave => (s_ecx1 & (1u << 26)) != 0;
        public static bool HasAvx => (s_ecx1 & (1u << 28)) != 0;
        public static bool HasRdrand => (s_ecx1 & (1u << 30)) != 0;
        public static bool IsHypervisor => (s_ecx1 & (1u << 31)) != 0;
        public static bool HasX2Apic => (s_ecx1 & (1u << 21)) != 0;
        public static bool HasPcid => (s_ecx1 & (1u << 17)) != 0;
        public static bool HasTsc => (s_edx1 & (1u << 4)) != 0;
        public static bool HasApic => (s_edx1 & (1u << 9)) != 0;
        public static bool HasSse => (s_edx1 & (1u << 25)) != 0;
        public static bool HasSse2 => (s_edx1 & (1u << 26)) != 0;
        public static bool HasSysenter => (s_edx1 & (1u << 11)) != 0;
        public static bool HasAvx2 => (s_ebx7 & (1u << 5)) != 0;
        public static bool HasSmep => (s_ebx7 & (1u << 7)) != 0;
        public static bool HasSyscall => (s_edx81 & (1u << 11)) != 0;
        public static bool HasNx => (s_edx81 & (1u << 20)) != 0;
        public static bool HasGigabytePages => (s_edx81 & (1u << 26)) != 0;
        public static bool HasRdtscp => (s_edx81 & (1u << 27)) != 0;
        public static bool HasLongMode => (s_edx81 & (1u << 29)) != 0;
        public static bool HasLahfLm => (s_ecx81 & 1u) != 0;
        public static bool HasInvariantTsc => (s_edx87 & (1u << 8)) != 0;

        /// <summary>Whether the vendor is Intel, whose CPUs (unlike AMD's) execute SYSENTER in 64-bit mode.</summary>
        public static bool IsIntel
        {
            get
            {
                fixed (byte* v = s_vendor.Bytes)
                    return v[0] == 'G' && v[1] == 'e' && v[2] == 'n' && v[3] == 'u' && v[4] == 'i' && v[5] == 'n' && v[6] == 'e'
                        && v[7] == 'I' && v[8] == 'n' && v[9] == 't' && v[10] == 'e' && v[11] == 'l';
            }
        }

        public static void WriteVendor()
        {
            fixed (byte* v = s_vendor.Bytes) WriteText(v);
        }

        public static void WriteBrand()
        {
            fixed (byte* b = s_brand.Bytes)
            {
                byte* p = b;
                while (*p == ' ') p++;
                WriteText(p);
            }
        }

        private static void WriteText(byte* text)
        {
            for (int i = 0; text[i] != 0; i++) Log.Write((char)text[i]);
        }

        public static void WriteFeatures()
        {
            Feature(HasSse, "sse"); Feature(HasSse2, "sse2"); Feature(HasSse3, "sse3"); Feature(HasSsse3, "ssse3");
            Feature(HasSse41, "sse4.1"); Feature(HasSse42, "sse4.2"); Feature(HasPopcnt, "popcnt"); Feature(HasLahfLm, "lahf-lm"); Feature(HasAvx, "avx");
            Feature(HasAvx2, "avx2"); Feature(HasAes, "aes"); Feature(HasXsave, "xsave"); Feature(HasRdrand, "rdrand");
            Feature(HasTsc, "tsc"); Feature(HasInvariantTsc, "invariant-tsc"); Feature(HasRdtscp, "rdtscp");
            Feature(HasApic, "apic"); Feature(HasX2Apic, "x2apic"); Feature(HasNx, "nx"); Feature(HasSmep, "smep"); Feature(HasPcid, "pcid");
            Feature(HasSyscall, "syscall"); Feature(HasSysenter, "sysenter"); Feature(HasGigabytePages, "1g-pages");
            Feature(HasLongMode, "lm"); Feature(IsHypervisor, "hypervisor");
        }

        private static void Feature(bool present, string name)
        {
            if (!present) return;
            Log.Write(' ');
            Log.Write(name);
        }

        /// <summary>The instruction set the kernel and programs are compiled for (ILC --instruction-set x86-64: SSE and
        /// SSE2, which every 64-bit CPU has; not SSE3, POPCNT or LAHF in long mode, which the first ones lack).</summary>
        public static bool MeetsCompiledBaseline => HasSse && HasSse2 && HasLongMode;
    }
}
