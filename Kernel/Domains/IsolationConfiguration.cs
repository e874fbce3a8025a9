using Sing.Kernel.Boot;

namespace Sing.Kernel.Domains
{
    /// <summary>The six configurations of 004 Figure 3, adapted to x86-64 (DESIGN.md "Configurations"). One kernel
    /// and one set of SIP images serve all of them; the system policy names the default and the kernel option
    /// config=NAME overrides it at boot.</summary>
    internal enum IsolationConfiguration
    {
        /// <summary>Every SIP in ring 0 in the kernel's address space: identity map, 2 MiB pages.</summary>
        SipPhys,
        /// <summary>One address space with 4 KiB pages: a page is mapped when it is allocated and unmapped when it is
        /// freed, so every page allocation pays the MMU upkeep.</summary>
        SipPage,
        /// <summary>Applications in a second ring-0 address space; kernel, drivers and services in the first.</summary>
        HipR0,
        /// <summary>Every process in its own ring-0 address space.</summary>
        HipR0S,
        /// <summary>Applications in a ring-3 address space with its own exchange heap.</summary>
        HipR3,
        /// <summary>Every process in its own ring-3 address space.</summary>
        HipR3S,
    }

    /// <summary>Which configuration this boot runs, chosen once before the first process starts.</summary>
    internal static class Isolation
    {
        private static readonly string[] s_names = { "SIP-Phys", "SIP-Page", "HIP-R0", "HIP-R0-S", "HIP-R3", "HIP-R3-S" };

        public static IsolationConfiguration Current { get; private set; }
        public static string Name => s_names[(int)Current];

        /// <summary>Whether processes run in address spaces of their own (the HIP configurations).</summary>
        public static bool HasDomains => Current >= IsolationConfiguration.HipR0;

        /// <summary>Parses a configuration name as the policy and the config= option spell it (case-insensitive).</summary>
        public static bool TryParse(string name, out IsolationConfiguration configuration)
        {
            for (int i = 0; i < s_names.Length; i++)
            {
                if (string.Equals(s_names[i], name, System.StringComparison.OrdinalIgnoreCase))
                {
                    configuration = (IsolationConfiguration)i;
                    return true;
                }
            }
            configuration = IsolationConfiguration.SipPhys;
            return false;
        }

        /// <summary>Chooses the configuration from config=NAME, else the policy's, and sets up its memory mapping.
        /// An unknown name halts the boot with the reason: running another
        /// configuration than the one asked for would make every measurement of it a lie.</summary>
        public static void Select(string policyDefault)
        {
            string option = KernelOptions.Get("config");
            string name = option ?? policyDefault ?? s_names[0];
            string source = option != null ? "the config= option" : "the system policy";
            if (!TryParse(name, out IsolationConfiguration configuration))
                Diagnostics.Panic.Halt($"configuration \"{name}\" (from {source}) is not one of SIP-Phys, SIP-Page, HIP-R0, HIP-R0-S, HIP-R3, HIP-R3-S");
            Current = configuration;
            if (configuration == IsolationConfiguration.SipPhys) return;
            Memory.DemandMapping.Enable();
            if (HasDomains) EnsureDomains();
        }

        /// <summary>Turns on what hardware domains need (4 KiB mappings of RAM, chunk ownership, the kernel's address
        /// space as the model), once: at boot in the HIP configurations, or when the policy first places a program in
        /// a domain of its own in SIP-Phys or SIP-Page (which then keep their other processes where they were).</summary>
        public static void EnsureDomains()
        {
            if (Memory.PageAllocator.ChunksEnabled) return;
            if (!Memory.DemandMapping.Enabled) Memory.DemandMapping.Enable();
            Memory.PageAllocator.EnableChunkOwnership();
            AddressSpace.InitializeKernelSpace();
        }
    }
}
