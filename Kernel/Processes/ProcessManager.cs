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
    /// the process owns. Termination — normal exit, kill, or fail-stop after a fault — stops every thread of the
    /// process and returns all its pages, stacks and handles; the rest of the system keeps running.</summary>
    internal static unsafe class ProcessManager
    {
        private struct ImageFile
        {
            public byte* Start;
            public ulong Size;
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
                if (command.StartsWith("sip:")) s_images[command.Substring(4)] = new ImageFile { Start = module.Start, Size = module.Size };
                else if (command.StartsWith("sipsym:")) s_symbols[command.Substring(7)] = new Diagnostics.SymbolFile(module);
            }
        }

        /// <summary>Registers an image held in memory (used by tests to install deliberately broken images).</summary>
        internal static void RegisterImage(string name, byte* start, ulong size) => s_images[name] = new ImageFile { Start = start, Size = size };

        public static int InstalledImageCount => s_images.Count;

        internal static bool TryGetImage(string name, out byte* start, out ulong size)
        {
            bool found = s_images.TryGetValue(name, out ImageFile file);
            start = file.Start;
            size = file.Size;
            return found;
        }

        public static bool IsInstalled(string name) => s_images.ContainsKey(name);

        public static int LiveProcessCount
        {
            get
            {
                int n = 0;
                for (int i = 0; i < s_processes.Count; i++) if (s_processes[i].State != ProcessState.Exited) n++;
                return n;
            }
        }

        public static KernelProcess Current => Scheduler.Current?.Owner;

        /// <summary>Loads <paramref name="image"/> into a new process that has not started. On failure returns the
        /// status and a reason, and nothing was allocated.</summary>
        public static AbiStatus Create(string image, string arguments, KernelProcess parent, out KernelProcess process, out string error)
        {
            process = null;
            if (!s_images.TryGetValue(image, out ImageFile file))
            {
                error = string.Concat("no installed program named \"", image, "\"");
                return AbiStatus.NotFound;
            }
            error = ElfImage.TryLoad(file.Start, file.Size, out ElfImage.Loaded loaded);
            if (error != null) return AbiStatus.BadImage;
            if (!SupportsAbiVersion(loaded.AbiVersion))
            {
                PageAllocator.Free(loaded.Base, loaded.Pages);
                error = string.Concat("image \"", image, "\" was built for ABI version ", loaded.AbiVersion.ToString(), "; this kernel exports version ", AbiTable.CurrentVersion.ToString());
                return AbiStatus.AbiVersionRefused;
            }
            s_symbols.TryGetValue(image, out Diagnostics.SymbolFile symbols);
            process = new KernelProcess(s_nextId++, image, arguments ?? "", parent)
            {
                Symbols = symbols,
                ImageBase = loaded.Base,
                ImagePages = loaded.Pages,
                Entry = loaded.Entry,
                State = ProcessState.Created,
            };
            ulong flags = Scheduler.DisableInterrupts();
            s_processes.Add(process);
            parent?.Children.Add(process);
            ProcessesCreated++;
            Scheduler.RestoreInterrupts(flags);
            return AbiStatus.Ok;
        }

        /// <summary>Starts the process's first thread at the image's entry point.</summary>
        public static AbiStatus Start(KernelProcess process)
        {
            if (process.State != ProcessState.Created) return AbiStatus.InvalidState;
            KernelThread main = Scheduler.CreateThread(process.Name, () => RunEntry(process));
            main.Owner = process;
            process.Threads.Add(main);
            process.State = ProcessState.Running;
            Scheduler.Start(main);
            return AbiStatus.Ok;
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
            KernelThread thread = Scheduler.CreateThread(process.Name, () => entry(argument));
            thread.Owner = process;
            ulong flags = Scheduler.DisableInterrupts();
            process.Threads.Add(thread);
            Scheduler.RestoreInterrupts(flags);
            Scheduler.Start(thread);
            return thread;
        }

        /// <summary>Ends <paramref name="process"/>: every thread stops, every page, stack and handle goes back.
        /// Called by the process itself (exit), by another process (kill) or by the kernel (fault). If the running
        /// thread belongs to the process, it does not return.</summary>
        public static void Terminate(KernelProcess process, int exitCode, string reason)
        {
            ulong flags = Scheduler.DisableInterrupts();
            if (process.State == ProcessState.Exited)
            {
                Scheduler.RestoreInterrupts(flags);
                if (Scheduler.Current.Owner == process) Scheduler.Exit();
                return;
            }
            process.State = ProcessState.Exited;
            process.ExitCode = exitCode;
            process.TerminationReason = reason;
            bool self = false;
            for (int i = 0; i < process.Threads.Count; i++)
            {
                KernelThread t = process.Threads[i];
                if (t == Scheduler.Current) self = true;
                else Scheduler.KillLocked(t);
            }
            Channels.ExchangeHeap.ReleaseAll(process);
            Channels.NameService.RemoveDeadRegistrations();
            foreach (var pages in process.OwnedPages) PageAllocator.Free((void*)pages.Key, pages.Value);
            process.OwnedPages.Clear();
            process.OwnedPageCount = 0;
            PageAllocator.Free(process.ImageBase, process.ImagePages);
            process.ImageBase = null;
            process.Handles.Clear();
            process.Threads.Clear();
            s_processes.Remove(process);
            ProcessesTerminated++;
            process.Exited.SetLocked();
            if (reason != null) Log.Line($"[kernel] SIP {process.Name} (pid {process.Id}) terminated: {reason}");
            Scheduler.RestoreInterrupts(flags);
            if (self) Scheduler.Exit();
        }

        public static KernelProcess FindByCodeAddress(ulong address)
        {
            for (int i = 0; i < s_processes.Count; i++)
                if (s_processes[i].ContainsCode(address)) return s_processes[i];
            return null;
        }

        internal static void* AllocatePages(KernelProcess process, ulong count)
        {
            void* pages = PageAllocator.Allocate(count);
            if (pages == null) return null;
            ulong flags = Scheduler.DisableInterrupts();
            process.OwnedPages[(ulong)pages] = count;
            process.OwnedPageCount += count;
            Scheduler.RestoreInterrupts(flags);
            return pages;
        }

        internal static AbiStatus FreePages(KernelProcess process, void* address, ulong count)
        {
            ulong flags = Scheduler.DisableInterrupts();
            bool owned = process.OwnedPages.TryGetValue((ulong)address, out ulong ownedCount) && ownedCount == count;
            if (owned)
            {
                process.OwnedPages.Remove((ulong)address);
                process.OwnedPageCount -= count;
            }
            Scheduler.RestoreInterrupts(flags);
            if (!owned) return AbiStatus.InvalidArgument; // not this SIP's pages: refused, nothing freed
            PageAllocator.Free(address, count);
            return AbiStatus.Ok;
        }
    }
}
