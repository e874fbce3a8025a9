namespace Sing.Kernel.Domains
{
    /// <summary>Which protection domain a new process runs in, by configuration (004 §3: the SIP-to-domain mapping
    /// is policy). SIP-Phys and SIP-Page have one domain. HIP-R0 puts applications (manifest kind "application")
    /// together in one domain of their own and keeps drivers and services in the kernel's; HIP-R0-S gives every
    /// process its own.</summary>
    internal static class Placement
    {
        private static AddressSpace s_applications, s_applicationsRing3;

        /// <summary>The domain for a process of <paramref name="manifest"/>: its address space (null for the
        /// kernel's) and the owner number its pages are taken for. Returns why not when no domain can be made.</summary>
        public static string Place(Singularity.Manifests.ProgramManifest manifest, out AddressSpace space, out ushort owner) =>
            Place(manifest, null, out space, out owner);

        /// <summary>As above; a domain of the new process's own is held by <paramref name="holder"/> (its creator) from
        /// the moment it exists until the child takes it (KernelProcess.HeldDomain), so a kill of the creator in
        /// between retires it instead of losing it.</summary>
        public static string Place(Singularity.Manifests.ProgramManifest manifest, Processes.KernelProcess holder, out AddressSpace space, out ushort owner)
        {
            space = null;
            owner = Memory.MemoryOwner.Kernel;
            bool ring3 = InRing3(manifest);
            if (ring3 || manifest.Domain == "ring0")
            {
                // A domain of its own, in any configuration: the first one switches the kernel to 4 KiB mappings and
                // chunk ownership if the configuration had neither.
                Isolation.EnsureDomains();
                space = AddressSpace.Create(string.Concat(ring3 ? "the ring-3 domain of " : "the domain of ", manifest.Name), ring3, holder);
                if (space == null) return "no room for another protection domain";
                owner = space.Owner;
                return null;
            }
            switch (Isolation.Current)
            {
                case IsolationConfiguration.HipR0:
                    if (manifest.Kind != "application")
                    {
                        owner = Memory.MemoryOwner.KernelDomain;
                        return null;
                    }
                    s_applications ??= AddressSpace.Create("the application domain");
                    space = s_applications;
                    break;
                case IsolationConfiguration.HipR0S:
                    space = AddressSpace.Create(string.Concat("the domain of ", manifest.Name), false, holder);
                    break;
                case IsolationConfiguration.HipR3:
                    if (manifest.Kind != "application")
                    {
                        owner = Memory.MemoryOwner.KernelDomain;
                        return null;
                    }
                    s_applicationsRing3 ??= AddressSpace.Create("the ring-3 application domain", user: true);
                    space = s_applicationsRing3;
                    break;
                case IsolationConfiguration.HipR3S:
                    space = AddressSpace.Create(string.Concat("the ring-3 domain of ", manifest.Name), true, holder);
                    break;
                default:
                    return null;
            }
            if (space == null) return "no room for another protection domain (memory, or the kernel's table of 1,024 domains, is full)";
            owner = space.Owner;
            return null;
        }

        // Programs placed in ring-3 domains of their own besides the policy's domain="ring3": the kernel option
        // ring3=NAME[,NAME...], and tests.
        private static System.Collections.Generic.List<string> s_ring3;

        public static bool InRing3(Singularity.Manifests.ProgramManifest manifest)
        {
            if (s_ring3 == null)
            {
                s_ring3 = new System.Collections.Generic.List<string>();
                string list = Boot.KernelOptions.Get("ring3");
                if (!string.IsNullOrEmpty(list)) foreach (string name in list.Split(',')) s_ring3.Add(name);
            }
            return manifest.Domain == "ring3" || s_ring3.Contains(manifest.Name);
        }

        /// <summary>Places (or stops placing) new processes of <paramref name="program"/> in ring-3 domains.</summary>
        public static void SetRing3(string program, bool ring3)
        {
            InRing3(new Singularity.Manifests.ProgramManifest { Name = program });
            if (ring3 && !s_ring3.Contains(program)) s_ring3.Add(program);
            if (!ring3) s_ring3.Remove(program);
        }

        /// <summary>Whether a process of <paramref name="manifest"/> gets a domain of its own (which a pooled image copy
        /// may bring along), and whether that domain runs in ring 3 (<paramref name="user"/>): a pooled domain is
        /// adopted only by a process that would get the same kind.</summary>
        public static bool GivesOwnDomain(Singularity.Manifests.ProgramManifest manifest, out bool user)
        {
            user = InRing3(manifest) || (Isolation.Current == IsolationConfiguration.HipR3S && manifest.Domain != "ring0");
            return user || Isolation.Current == IsolationConfiguration.HipR0S || manifest.Domain == "ring0";
        }

        /// <summary>Whether blocks between two applications may arrive elsewhere (each in a ring-3 domain of its own:
        /// HIP-R3-S, where sub-page blocks are copied; a page or more is remapped and keeps its address), so tests
        /// that check zero copy between them check contents only.</summary>
        public static bool ApplicationsCopyBlocks => Isolation.Current == IsolationConfiguration.HipR3S;

        /// <summary>Whether <paramref name="space"/> is a domain of one process's own (it goes when the process does).</summary>
        public static bool IsOwnDomain(AddressSpace space) => space != null && space != s_applications && space != s_applicationsRing3;

        /// <summary>The process that ran in <paramref name="space"/> is gone: a domain of its own goes with it.</summary>
        public static void Release(AddressSpace space)
        {
            if (IsOwnDomain(space)) space.Retire();
        }
    }
}
