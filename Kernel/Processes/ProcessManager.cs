using System;
using System.Collections.Generic;
using Sing.Kernel.Boot;
using Sing.Kernel.Console;
using Sing.Kernel.Memory;
using Sing.Kernel.Threading;
using Singularity.V1;

namespace Sing.Kernel.Processes
{
    /// <summary>Creates, starts, terminates and accounts for SIPs. Installed images come from the boot image
    /// (GRUB modules named "sip:NAME"); creating a process loads a fresh, relocated copy of its image into pages
    /// the process owns, or reuses the copy of an exited process of the same image (<see cref="ImagePool"/>). Termination — normal exit, kill, or fail-stop after a fault — stops every thread of the
    /// process and returns all its pages, stacks and handles; the rest of the system keeps running.</summary>
    internal static unsafe class ProcessManager
    {
        private sealed class ImageFile
        {
            public byte* Start;
            public ulong Size;
            /// <summary>Whether the bytes come from the boot image, whose hash the system manifest records; an image the
            /// kernel registered from its own memory (tests) is not checked.</summary>
            public bool FromBootImage;
            /// <summary>Its hash once the first start of a program of this image computed it (Security.ImageIntegrity).</summary>
            public string Hash;
        }

        private static readonly Dictionary<string, ImageFile> s_images = new Dictionary<string, ImageFile>();
        private static readonly Dictionary<string, Diagnostics.SymbolFile> s_symbols = new Dictionary<string, Diagnostics.SymbolFile>();
        private static readonly List<KernelProcess> s_processes = new List<KernelProcess>();
        private static int s_nextId = 1;

        public static ulong ProcessesCreated;
        public static ulong ProcessesTerminated;

        /// <summary>The ABI versions this kernel exports.</summary>
        public static bool SupportsAbiVersion(uint version) => version == AbiTable.CurrentVersion;

        public static void RegisterBootImages(in Multiboot2 boot)
        {
            for (int i = 0; i < boot.ModuleCount; i++)
            {
                BootModule module = boot.GetModule(i);
                string command = CString.ToManaged(module.CommandLine);
                if (command.StartsWith("sip:")) s_images[command.Substring(4)] = new ImageFile { Start = module.Start, Size = module.Size, FromBootImage = true };
                else if (command.StartsWith("sipsym:")) s_symbols[command.Substring(7)] = new Diagnostics.SymbolFile(module);
            }
        }

        /// <summary>Installs an image held in memory under a minimal manifest (an application without parameters or
        /// endpoints); tests use it for deliberately broken images.</summary>
        internal static void RegisterImage(string name, byte* start, ulong size)
        {
            s_images[name] = new ImageFile { Start = start, Size = size };
            ImagePool.Forget(name);
            ProgramCatalog.Install(new Singularity.Manifests.ProgramManifest { Name = name, Kind = "application", Image = name });
        }

        public static int InstalledImageCount => s_images.Count;

        internal static bool TryGetImage(string name, out byte* start, out ulong size)
        {
            bool found = s_images.TryGetValue(name, out ImageFile file);
            start = found ? file.Start : null;
            size = found ? file.Size : 0;
            return found;
        }

        public static bool IsInstalled(string name) => s_images.ContainsKey(name);

        public static int LiveProcessCount
        {
            get
            {
                int n = 0;
                ulong flags = Scheduler.DisableInterrupts();   // processes come and go while it counts
                for (int i = 0; i < s_processes.Count; i++) if (s_processes[i].State != ProcessState.Exited) n++;
                Scheduler.RestoreInterrupts(flags);
                return n;
            }
        }

        public static KernelProcess Current => Scheduler.Current?.Owner;

        /// <summary>Creates (does not start) the installed program <paramref name="name"/>: finds its manifest, binds
        /// the command line to the manifest's parameters, loads a fresh copy of its image, connects its startup
        /// endpoints and grants its hardware. On failure returns the status and a reason, and nothing is left
        /// allocated.</summary>
        public static AbiStatus Create(string name, string arguments, KernelProcess parent, out KernelProcess process, out string error) =>
            Create(name, arguments, parent, null, out process, out error);

        /// <summary>As <see cref="Create(string, string, KernelProcess, out KernelProcess, out string)"/>, the child in
        /// <paramref name="role"/> (null: its creator's role; the caller checked the creator may choose one).</summary>
        public static AbiStatus Create(string name, string arguments, KernelProcess parent, string role, out KernelProcess process, out string error)
        {
            // The new process's pages are mapped in its domain and the kernel's, not in the creator's.
            ulong space = Scheduler.EnterKernelSpace();
            AbiStatus status = CreateInKernelSpace(name, arguments, parent, role, out process, out error);
            Scheduler.LeaveKernelSpace(space);
            return status;
        }

        private static AbiStatus CreateInKernelSpace(string name, string arguments, KernelProcess parent, string role, out KernelProcess process, out string error)
        {
            process = null;
            Singularity.Manifests.ProgramManifest manifest = ProgramCatalog.Find(name);
            if (manifest == null)
            {
                error = string.Concat("no installed program named \"", name, "\" (no code runs without a manifest)");
                return AbiStatus.NotFound;
            }
            if (parent != null)
            {
                error = MayStart(parent, manifest);
                if (error != null) return AbiStatus.NotPermitted;
                // A quick refusal; the count that holds is taken when the child is published, below.
                if (FullAncestor(parent) is KernelProcess full)
                {
                    error = QuotaMessage(full);
                    return AbiStatus.QuotaExceeded;
                }
            }
            if (!Quotas.LeavesReserve(64))
            {
                ImagePool.Drain();
                if (!Quotas.LeavesReserve(64))
                {
                    error = "memory is down to the kernel's reserve";
                    return AbiStatus.OutOfMemory;
                }
            }
            var parameters = new List<Singularity.Manifests.ParameterValue>();
            error = Singularity.Manifests.CommandLine.Bind(manifest, arguments, parameters);
            if (error != null) return AbiStatus.InvalidArgument;
            role ??= parent?.Role ?? Singularity.Security.PrincipalName.SystemRole;
            string principal = PrincipalFor(manifest, parent, role, out error);
            if (principal == null) return AbiStatus.InvalidArgument;
            if (!s_images.TryGetValue(manifest.Image, out ImageFile file))
            {
                error = string.Concat("the image \"", manifest.Image, "\" of program ", name, " is not in the boot image");
                return AbiStatus.NotFound;
            }
            if (file.FromBootImage && file.Hash == null) file.Hash = Security.ImageIntegrity.HashOf(file.Start, file.Size);
            error = Security.ImageIntegrity.Refusal(name, manifest.Image, manifest.ImageHash, file.FromBootImage ? file.Hash : null);
            if (error != null) return AbiStatus.BadImage;
            // The image is the creating process's until the child holds it: a kill of the creator in between must not
            // lose it (the kernel, creating boot services and test SIPs, is never killed). With a domain per process,
            // a pooled copy comes with the domain it lies in.
            Domains.AddressSpace domain = null;
            ushort owner = MemoryOwner.Kernel;
            ElfImage.Loaded loaded;
            if (!(Domains.Placement.GivesOwnDomain(manifest, out bool userDomain)
                && ImagePool.TryTakeWithDomain(manifest.Image, file.Start, parent, userDomain, out loaded, out domain)))
            {
                error = Domains.Placement.Place(manifest, parent, out domain, out owner);
                if (error != null) return AbiStatus.OutOfMemory;
                if (!ImagePool.TryTake(manifest.Image, file.Start, parent, owner, out loaded))
                {
                    error = ElfImage.TryLoad(file.Start, file.Size, parent, owner, out loaded);
                    if (error != null)
                    {
                        DropHeldDomain(parent, domain);
                        return AbiStatus.BadImage;
                    }
                    if (domain != null && domain.User) WriteProtectCode(loaded, owner);
                }
            }
            else owner = domain.Owner;
            if (!SupportsAbiVersion(loaded.AbiVersion))
            {
                // Given back in the step that stops holding it: a kill in between would lose the copy.
                ulong held = Scheduler.DisableInterrupts();
                parent?.Unhold(loaded.Base);
                ImagePool.Discard(loaded);
                Scheduler.RestoreInterrupts(held);
                DropHeldDomain(parent, domain);
                error = string.Concat("image \"", manifest.Image, "\" was built for ABI version ", loaded.AbiVersion.ToString(), "; this kernel exports version ", AbiTable.CurrentVersion.ToString());
                return AbiStatus.AbiVersionRefused;
            }
            s_symbols.TryGetValue(manifest.Image, out Diagnostics.SymbolFile symbols);
            process = new KernelProcess(System.Threading.Interlocked.Increment(ref s_nextId) - 1, name, arguments ?? "", parent)
            {
                Symbols = symbols,
                ImageBase = loaded.Base,
                ImagePages = loaded.Pages,
                ImageFile = file.Start,
                ImageWritableOffset = loaded.WritableOffset,
                Entry = loaded.Entry,
                State = ProcessState.Created,
                Manifest = manifest,
                Limits = Quotas.For(manifest),
                Space = domain,
                MemoryOwner = owner,
                Ring3 = domain != null && domain.User,
                Principal = principal,
                Role = role,
            };
            process.Handles.Limit = process.Limits.Handles;
            process.Handles.EndpointLimit = (int)System.Math.Min(process.Limits.ExchangePages, 1UL << 24);
            if (parent != null)
            {
                // From here the child holds its image, and the creator holds the child until it is published.
                ulong handOver = Scheduler.DisableInterrupts();
                parent.Unhold(loaded.Base);
                parent.HeldDomain = null;   // the child's now (process.Space)
                parent.Creating = process;
                Scheduler.RestoreInterrupts(handOver);
            }
            // After the hand-over: the table's pages are the child's, which a kill of the creator now releases too.
            if (process.Ring3) process.UserAbiTable = Domains.Ring3Abi.Build(process);
            process.Parameters.AddRange(parameters);
            error = Binder.BindAll(process, manifest, out AbiStatus status);
            if (error == null)
            {
                error = Hardware.ResourceGrants.GrantAll(process, manifest);
                if (error != null) status = AbiStatus.NotPermitted;
            }
            if (error != null)
            {
                ulong failed = Scheduler.DisableInterrupts();
                if (parent != null) parent.Creating = null;
                ReleaseResources(process);
                Scheduler.RestoreInterrupts(failed);
                process = null;
                return status;
            }
            ulong flags = Scheduler.DisableInterrupts();
            if (parent != null)
            {
                parent.Creating = null;
                // Descendants count against every ancestor's children quota: a program cannot escape its quota by
                // having its children start children (a fork bomb stops at the first full ancestor).
                if (FullAncestor(parent) is KernelProcess full)
                {
                    ReleaseResources(process);
                    Scheduler.RestoreInterrupts(flags);
                    error = QuotaMessage(full);
                    process = null;
                    return AbiStatus.QuotaExceeded;
                }
                for (KernelProcess a = parent; a != null; a = a.Parent) a.LiveDescendants++;
                process.CountedByAncestors = true;
            }
            process.HomeProcessor = Smp.Processors.NextHome(manifest.Cpus);
            s_processes.Add(process);
            parent?.Children.Add(process);
            ProcessesCreated++;
            Scheduler.RestoreInterrupts(flags);
            return AbiStatus.Ok;
        }

        /// <summary>The compound principal of a process of <paramref name="manifest"/> that <paramref name="parent"/> (null:
        /// the kernel) starts in <paramref name="role"/>: the parent's principal, then "publisher/program@role". Null and
        /// the reason when the chain would be too long or the role is not a name.</summary>
        private static string PrincipalFor(Singularity.Manifests.ProgramManifest manifest, KernelProcess parent, string role, out string error)
        {
            error = null;
            // A creator that starts the same program in the same role again (a server per client, a benchmark) reuses the
            // text it made last time: the chain, the link and the checks are the same.
            KernelProcess.ChildPrincipal last = parent?.LastChild;   // read once: another thread of the parent may replace it
            if (last != null && ReferenceEquals(last.Manifest, manifest) && last.Role == role) return last.Principal;
            error = Singularity.Security.PrincipalName.NameError("role", role);
            if (error != null) return null;
            string link = Singularity.Security.PrincipalName.Link(
                Singularity.Security.PrincipalName.PublisherName(manifest.Publisher), manifest.Name, role);
            string principal = Singularity.Security.PrincipalName.Extend(parent?.Principal, link, out error);
            if (principal == null)
            {
                error = string.Concat("cannot start ", manifest.Name, ": ", error);
                return null;
            }
            if (parent != null) parent.LastChild = new KernelProcess.ChildPrincipal(manifest, role, principal);
            return principal;
        }

        /// <summary>A fresh ring-3 copy's code and read-only data become read-only (and stay so until freed): no SIP can
        /// rewrite the code it or the next process of the image (a pooled copy) runs.</summary>
        private static void WriteProtectCode(in ElfImage.Loaded loaded, ushort owner)
        {
            ulong flags = Scheduler.DisableInterrupts();
            DemandMapping.WriteProtect((ulong)loaded.Base / PageAllocator.PageSize, loaded.WritableOffset / PageAllocator.PageSize);
            Domains.AddressSpace.PagesRestricted(owner);
            Scheduler.RestoreInterrupts(flags);
        }

        /// <summary>A creation that failed gives back the domain it made (and its creator no longer holds it).</summary>
        private static void DropHeldDomain(KernelProcess parent, Domains.AddressSpace domain)
        {
            ulong flags = Scheduler.DisableInterrupts();
            if (parent != null && parent.HeldDomain == domain) parent.HeldDomain = null;
            Scheduler.RestoreInterrupts(flags);
            Domains.Placement.Release(domain);
        }

        /// <summary>The nearest live ancestor (from <paramref name="parent"/> up) whose descendants fill its children
        /// quota, or null. Interrupts off for an answer that holds.</summary>
        private static KernelProcess FullAncestor(KernelProcess parent)
        {
            for (KernelProcess a = parent; a != null; a = a.Parent)
                if (a.State != ProcessState.Exited && a.LiveDescendants >= a.Limits.Children) return a;
            return null;
        }

        private static string QuotaMessage(KernelProcess full) =>
            string.Concat(full.Name, " (pid ", full.Id.ToString(), ") already has ", full.Limits.Children.ToString(),
                " descendants that have not exited (its children quota)");

        /// <summary>Which programs a process may create (001 §3: a process starts its own children; drivers and services
        /// belong to the system; a program acts with its own authority, so starting one must not lend the starter more).
        /// A driver or service only by a process with the <c>system</c> or <c>process-control</c> privilege; a test tool
        /// only when the kernel was booted for tests or benchmarks; and, unless the policy names the pair (the target's
        /// startedBy), only a program whose privileges are a subset of the starter's, and a trusted (unverified) program
        /// only by a trusted one: otherwise an unprivileged program could have a privileged one act on its arguments (a
        /// confused deputy). A program may always start its own program. Null when allowed, else why not.</summary>
        private static string MayStart(KernelProcess parent, Singularity.Manifests.ProgramManifest program)
        {
            Singularity.Manifests.ProgramManifest by = parent.Manifest;
            if (program.TestTool && !BootedForTests)
                return string.Concat(parent.Name, " may not start ", program.Name,
                    ": it is a test tool, which the kernel starts only when booted for tests or benchmarks (kernel option test=, bench= or tools=test)");
            if (program.Kind != "application" && (by == null || !(by.HasPrivilege("system") || by.HasPrivilege("process-control"))))
                return string.Concat(parent.Name, " may not start ", program.Name, ": it is a ", program.Kind,
                    ", which only a program with the system or process-control privilege may start");
            if (by == null || by.Name == program.Name || Named(program.StartedBy, by.Name)) return null;
            for (int i = 0; i < program.Privileges.Count; i++)
                if (!by.HasPrivilege(program.Privileges[i]))
                    return string.Concat(parent.Name, " may not start ", program.Name, ": it holds the ", program.Privileges[i],
                        " privilege, which ", parent.Name, " does not (a program may start only programs with a subset of its privileges, unless the policy names the pair with startedBy)");
            if (program.Trusted && !by.Trusted)
                return string.Concat(parent.Name, " may not start ", program.Name, ": it is trusted (its code is not verified), and ",
                    parent.Name, " is not (unless the policy names the pair with startedBy)");
            return null;
        }

        private static bool Named(string[] names, string name)
        {
            for (int i = 0; i < names.Length; i++) if (names[i] == name) return true;
            return false;
        }

        /// <summary>Whether the kernel was booted to run tests or benchmarks (test=, bench= or tools=test), the only boots
        /// in which the policy's test tools may start.</summary>
        internal static bool BootedForTests
        {
            get
            {
                // Read once: the command line does not change after boot, and process creation is a benchmark row.
                if (s_bootedForTests == 0)
                    s_bootedForTests = Boot.KernelOptions.Get("test") != null || Boot.KernelOptions.Get("bench") != null
                        || Boot.KernelOptions.Get("tools") == "test" ? 1 : 2;
                return s_bootedForTests == 1;
            }
        }

        private static int s_bootedForTests;   // 0 not read yet, 1 yes, 2 no

        /// <summary>True when the process may start another thread: its live threads are below the quota. Threads
        /// that finished leave its list here, so the list does not grow with every thread it ever ran.</summary>
        internal static bool MayStartThread(KernelProcess process)
        {
            ulong flags = Scheduler.DisableInterrupts();
            for (int i = process.Threads.Count - 1; i >= 0; i--)
                if (process.Threads[i].State == ThreadState.Finished) process.Threads.RemoveAt(i);
            bool room = process.Threads.Count < process.Limits.Threads;
            Scheduler.RestoreInterrupts(flags);
            return room;
        }

        /// <summary>Returns what a process holds besides its threads: exchange blocks and endpoints, names,
        /// hardware, pages, image, handles.</summary>
        private static void ReleaseResources(KernelProcess process)
        {
            // A child this process was in the middle of creating, and pages it took for one, go with it.
            KernelProcess creating = process.Creating;
            process.Creating = null;
            if (creating != null) ReleaseResources(creating);
            process.FreeHeld();
            // Hardware first: a driver's device stops bus mastering before the exchange blocks it was reading into
            // (and the DMA pages) go back to the kernel.
            Hardware.ResourceGrants.ReleaseAll(process);
            Channels.ExchangeHeap.ReleaseAll(process);
            if (process.Space != null)
            {
                // Its transfer blocks are gone: the tables that mapped them go too (its domain may be pooled or shared).
                ulong tables = Scheduler.DisableInterrupts();
                process.Space.ReleaseTransferTables();
                Scheduler.RestoreInterrupts(tables);
            }
            Channels.NameService.RemoveDeadRegistrations();
            Security.PrincipalTable.ReleaseProcess(process);   // after its endpoints: they held it too
            foreach (var pages in process.OwnedPages) PageAllocator.Free((void*)pages.Key, pages.Value);
            process.OwnedPages.Clear();
            process.OwnedPagesEpoch++;
            process.OwnedPageCount = 0;
            var image = new ElfImage.Loaded { Base = process.ImageBase, Pages = process.ImagePages, Entry = process.Entry, AbiVersion = AbiTable.CurrentVersion, WritableOffset = process.ImageWritableOffset };
            bool domainPooled = false;
            // A ring-3 copy is pooled too: its code cannot have been written (WriteProtectCode) and Reload rewrites the rest.
            if (process.ImageBase != null)
                domainPooled = ImagePool.Return(process.Manifest.Image, process.ImageFile, image, process.MemoryOwner,
                    Domains.Placement.IsOwnDomain(process.Space) ? process.Space : null);
            process.ImageBase = null;
            process.StartupEndpoints.Clear();
            process.Handles.Clear();
            // Its domain's tables go once the last of its pages (its threads' stacks, freed when they are reaped) has,
            // unless the domain stays with its pooled image for the next process of the program.
            if (!domainPooled) Domains.Placement.Release(process.Space);
            process.Space = null;
        }

        /// <summary>Starts the process's first thread at the image's entry point.</summary>
        public static AbiStatus Start(KernelProcess process)
        {
            // Made and recorded in one step, interrupts off: a kill of the starting thread is immediate, and a stack
            // made but not yet in the process's list would be nobody's (a leak of a stack per such kill).
            ulong flags = Scheduler.DisableInterrupts();
            try
            {
                if (process.State != ProcessState.Created) return AbiStatus.InvalidState;
                // The first thread's stack is the new domain's: its initial frame is written from the kernel's space.
                ulong space = Scheduler.EnterKernelSpace();
                KernelThread main = process.Ring3
                    ? Scheduler.CreateUserThread(process.Name, () => EnterRing3(process, process.Entry, process.UserAbiTable), process.MemoryOwner, process.Cr3)
                    : Scheduler.CreateThread(process.Name, () => RunEntry(process), process.MemoryOwner, process.Cr3);
                Scheduler.LeaveKernelSpace(space);
                main.Owner = process;
                process.Threads.Add(main);
                process.State = ProcessState.Running;
                Scheduler.SetHomeProcessor(main, process.HomeProcessor);
                Scheduler.Start(main);
                return AbiStatus.Ok;
            }
            finally
            {
                Scheduler.RestoreInterrupts(flags);
            }
        }

        /// <summary>A ring-3 thread's first kernel code: its GS slots (zeroed, at the top of its stack) and a return into
        /// the thread-exit stub, then ring 3 at <paramref name="entry"/> with <paramref name="argument"/> in RDI.</summary>
        private static void EnterRing3(KernelProcess process, ulong entry, ulong argument)
        {
            KernelThread t = Scheduler.Current;
            const ulong SlotBytes = 64;
            ulong slots = t.StackTop - SlotBytes;
            for (ulong i = 0; i < SlotBytes; i += 8) *(ulong*)(slots + i) = 0;
            t.UserGsBase = slots;
            ulong rsp = slots - 8;                 // as after a call: rsp + 8 is 16-byte aligned
            *(ulong*)rsp = process.ThreadExitStub;
            t.Slots.SystemCalls = (ulong)Domains.Ring3Abi.Calls(out t.Slots.SystemCallCount);
            Arch.UserMode.Enter(entry, rsp, argument);
        }

        private static void RunEntry(KernelProcess process)
        {
            var entry = (delegate* unmanaged<AbiTable*, void>)process.Entry;
            entry(Abi.AbiV1.Table);
            // The SIP runtime exits through the ABI; returning here means the image ended without it.
            Terminate(process, 0, null);
        }

        /// <summary>Starts a thread of <paramref name="process"/> at a SIP function.</summary>
        internal static KernelThread StartThread(KernelProcess process, delegate* unmanaged<nint, void> entry, nint argument)
        {
            // Made and recorded in one step (see Start): a kill in between would leave the stack nobody's.
            ulong flags = Scheduler.DisableInterrupts();
            try
            {
                KernelThread thread = process.Ring3
                    ? Scheduler.CreateUserThread(process.Name, () => EnterRing3(process, (ulong)entry, (ulong)argument), process.MemoryOwner, process.Cr3)
                    : Scheduler.CreateThread(process.Name, entry, argument, process.MemoryOwner, process.Cr3);
                thread.Owner = process;
                process.Threads.Add(thread);
                Scheduler.SetHomeProcessor(thread, process.HomeProcessor);
                Scheduler.Start(thread);
                return thread;
            }
            finally
            {
                Scheduler.RestoreInterrupts(flags);
            }
        }

        /// <summary>Ends <paramref name="process"/>: every thread stops, every page, stack and handle goes back.
        /// Called by the process itself (exit), by another process (kill) or by the kernel (fault). If the running
        /// thread belongs to the process, it does not return.</summary>
        public static void Terminate(KernelProcess process, int exitCode, string reason)
        {
            ulong flags = Scheduler.DisableInterrupts();
            // Its threads running on other processors leave them first (the lock is released meanwhile, so the rest is
            // decided after).
            while (process.State != ProcessState.Exited && Scheduler.EvictFromOtherProcessors(process.Threads, flags)) { }
            if (process.State == ProcessState.Exited)
            {
                Scheduler.RestoreInterrupts(flags);
                if (Scheduler.Current.Owner == process) Scheduler.Exit();
                return;
            }
            process.State = ProcessState.Exited;
            process.ExitCode = exitCode;
            if (process.CountedByAncestors)
            {
                for (KernelProcess a = process.Parent; a != null; a = a.Parent) a.LiveDescendants--;
                process.CountedByAncestors = false;
            }
            process.TerminationReason = reason;
            bool self = false;
            for (int i = 0; i < process.Threads.Count; i++)
            {
                KernelThread t = process.Threads[i];
                if (t == Scheduler.Current) self = true;
                else Scheduler.KillLocked(t);
            }
            ReleaseResources(process);
            process.Threads.Clear();
            s_processes.Remove(process);
            // Its record leaves the parent's list (the parent's handle still answers Join); children it created and
            // never started would otherwise hold their images and endpoints for ever.
            process.Parent?.Children.Remove(process);
            for (int i = process.Children.Count - 1; i >= 0; i--)
            {
                KernelProcess child = process.Children[i];
                if (child.State == ProcessState.Created) Terminate(child, ExitCodes.Killed, null);
            }
            process.Children.Clear();
            ProcessesTerminated++;
            process.Exited.SetLocked();
            if (reason != null) Log.Line($"[kernel] SIP {process.Name} (pid {process.Id}) terminated: {reason}");
            Scheduler.RestoreInterrupts(flags);
            if (self) Scheduler.Exit();
        }

        /// <summary>Ends the process of <paramref name="t"/> (the running thread, at a safe point: leaving an ABI call or
        /// an interrupt that returns to SIP code) because the kernel marked it to end. Does not return.</summary>
        internal static void EndRequested(KernelThread t) =>
            Terminate(t.Owner, Arch.FaultHandlers.FaultExitCode, t.KillReason ?? "ended by the kernel");

        /// <summary>The live process with id <paramref name="id"/>, or null.</summary>
        public static KernelProcess FindById(int id)
        {
            ulong flags = Scheduler.DisableInterrupts();
            KernelProcess found = null;
            for (int i = 0; i < s_processes.Count && found == null; i++)
                if (s_processes[i].Id == id) found = s_processes[i];
            Scheduler.RestoreInterrupts(flags);
            return found;
        }

        /// <summary>One line per live process: pid, parent pid, state, threads, pages, name, arguments.</summary>
        public static string Describe()
        {
            var text = new System.Text.StringBuilder();
            ulong flags = Scheduler.DisableInterrupts();
            for (int i = 0; i < s_processes.Count; i++)
            {
                KernelProcess p = s_processes[i];
                text.Append(p.Id.ToString()).Append('\t').Append((p.Parent == null ? 0 : p.Parent.Id).ToString()).Append('\t')
                    .Append(p.State == ProcessState.Created ? "created" : p.State == ProcessState.Running ? "running" : "exited").Append('\t')
                    .Append(p.Threads.Count.ToString()).Append('\t').Append((p.OwnedPageCount + p.ImagePages).ToString()).Append('\t')
                    .Append(p.Name).Append('\t').Append(p.Arguments).Append('\t').Append(p.Restarts.ToString()).Append('\t')
                    .Append(p.Principal).Append('\t')
                    .Append((p.CpuTicks * 1000 / Arch.Timer.Hz).ToString()).Append('\t').Append(p.ExchangePages.ToString()).Append('\t')
                    .Append(p.Manifest?.Kind ?? "").Append('\t').Append(p.Content).Append('\n');
            }
            Scheduler.RestoreInterrupts(flags);
            return text.ToString();
        }

        /// <summary>The channels between live processes, for the system page: one line per pair of processes and
        /// contract, "pid TAB peer pid TAB channels TAB contract" (the lower pid first; a channel within one process has
        /// its pid twice; unchecked channels have an empty contract). Ends in messages or closed are not counted.</summary>
        public static string DescribeChannels()
        {
            var live = new List<KernelProcess>();
            ulong flags = Scheduler.DisableInterrupts();
            for (int i = 0; i < s_processes.Count; i++)
                if (s_processes[i].State == ProcessState.Running) live.Add(s_processes[i]);
            Scheduler.RestoreInterrupts(flags);
            var counts = new Dictionary<string, int>();
            var order = new List<string>();
            var peers = new List<long>();
            foreach (KernelProcess p in live)
            {
                peers.Clear();
                Channels.ExchangeHeap.PeersOf(p, peers);
                foreach (long entry in peers)
                {
                    int peer = (int)(entry >> 32);
                    if (peer < p.Id) continue;   // counted from the lower pid's side (or not owned by anyone)
                    string key = p.Id.ToString() + "\t" + peer.ToString() + "\t" + Channels.ContractChecker.NameOf((int)entry);
                    if (counts.TryGetValue(key, out int n)) counts[key] = n + 1;
                    else
                    {
                        counts[key] = 1;
                        order.Add(key);
                    }
                }
            }
            var text = new System.Text.StringBuilder();
            foreach (string key in order)
            {
                string[] f = key.Split('\t');
                // A channel inside one process has both ends here: each was counted once.
                int channels = f[0] == f[1] ? counts[key] / 2 : counts[key];
                text.Append(f[0]).Append('\t').Append(f[1]).Append('\t').Append(channels.ToString()).Append('\t').Append(f[2]).Append('\n');
            }
            return text.ToString();
        }

        public static KernelProcess FindByCodeAddress(ulong address)
        {
            ulong flags = Scheduler.DisableInterrupts();
            KernelProcess found = null;
            for (int i = 0; i < s_processes.Count && found == null; i++)
                if (s_processes[i].ContainsCode(address)) found = s_processes[i];
            Scheduler.RestoreInterrupts(flags);
            return found;
        }

        /// <summary>Whether the live process <paramref name="pid"/> runs in <paramref name="process"/>'s domain.
        /// Interrupts off.</summary>
        internal static bool SharesDomain(int pid, KernelProcess process)
        {
            for (int i = 0; i < s_processes.Count; i++)
                if (s_processes[i].Id == pid) return s_processes[i].State != ProcessState.Exited && s_processes[i].MemoryOwner == process.MemoryOwner;
            return false;
        }

        internal static void* AllocatePages(KernelProcess process, ulong count)
        {
            if (process.OwnedPageCount + count > process.Limits.Pages) return null;
            if (!Quotas.LeavesReserve(count)) ImagePool.Drain();
            // Taken and recorded with interrupts off: a kill can come at any preemption, and pages taken but not yet
            // recorded would be lost for good. Zeroing comes after, on pages already recorded.
            ulong flags = Scheduler.DisableInterrupts();
            void* pages = Quotas.LeavesReserve(count) && process.State != ProcessState.Exited ? PageAllocator.Allocate(count, zero: false, process.MemoryOwner) : null;
            if (pages != null)
            {
                process.OwnedPages[(ulong)pages] = count;
                process.OwnedPageCount += count;
            }
            Scheduler.RestoreInterrupts(flags);
            if (pages != null) Buffer.Fill((byte*)pages, 0, (nuint)(count * PageAllocator.PageSize));
            return pages;
        }

        internal static AbiStatus FreePages(KernelProcess process, void* address, ulong count)
        {
            ulong flags = Scheduler.DisableInterrupts();
            bool owned = process.OwnedPages.TryGetValue((ulong)address, out ulong ownedCount) && ownedCount == count;
            if (owned)
            {
                process.OwnedPages.Remove((ulong)address);
                process.OwnedPagesEpoch++;
                process.OwnedPageCount -= count;
            }
            Scheduler.RestoreInterrupts(flags);
            if (!owned) return AbiStatus.InvalidArgument; // not this SIP's pages: refused, nothing freed
            PageAllocator.Free(address, count);
            return AbiStatus.Ok;
        }
    }
}
