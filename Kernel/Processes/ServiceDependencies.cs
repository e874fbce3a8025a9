using System.Collections.Generic;
using Sing.Kernel.Channels;
using Sing.Kernel.Console;
using Sing.Kernel.Threading;
using Singularity.Manifests;

namespace Sing.Kernel.Processes
{
    /// <summary>The boot services a program needs running before it can start: those whose manifests register the
    /// paths its startup endpoints bind, and, in turn, the ones those bind. At a normal boot they run before the shell
    /// starts anything; the kernel option run= starts its program before the boot services, so it starts just these
    /// first (supervised as at boot, in the policy's order, each once).</summary>
    internal static class ServiceDependencies
    {
        /// <summary>Starts the boot services <paramref name="program"/> needs that are not running yet. A bound path
        /// that no boot service registers is left alone: the binder's error names it when the program is created.</summary>
        public static void StartFor(ProgramManifest program)
        {
            var needed = new List<BootEntry>();
            Collect(program, needed);
            var boot = ProgramCatalog.Manifest.Boot;
            for (int i = 0; i < boot.Count; i++)
            {
                if (!needed.Contains(boot[i]) || Supervisor.IsSupervised(boot[i])) continue;
                Log.Line($"run: starting boot service {boot[i].Program} first ({program.Name} binds what it registers)");
                Supervisor.Supervise(boot[i]);
                // As at boot: let it run its startup before the next one (or the program) binds to it.
                WaitHandle.Sleep(20);
            }
        }

        private static void Collect(ProgramManifest program, List<BootEntry> needed)
        {
            for (int i = 0; i < program.Endpoints.Count; i++)
            {
                string path = program.Endpoints[i].Bind;
                if (path == null || NameService.IsRegistered(path)) continue;
                BootEntry provider = BootServiceRegistering(path);
                if (provider == null || needed.Contains(provider)) continue;
                needed.Add(provider);
                ProgramManifest manifest = ProgramCatalog.Find(provider.Program);
                if (manifest != null) Collect(manifest, needed);
            }
        }

        /// <summary>The boot entry whose program's manifest registers <paramref name="path"/>, or null.</summary>
        private static BootEntry BootServiceRegistering(string path)
        {
            var boot = ProgramCatalog.Manifest.Boot;
            for (int i = 0; i < boot.Count; i++)
            {
                ProgramManifest manifest = ProgramCatalog.Find(boot[i].Program);
                if (manifest == null) continue;
                for (int e = 0; e < manifest.Endpoints.Count; e++)
                    if (manifest.Endpoints[e].Register == path) return boot[i];
            }
            return null;
        }
    }
}
