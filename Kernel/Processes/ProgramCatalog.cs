using Sing.Kernel.Boot;
using Sing.Kernel.Console;
using Singularity.Manifests;

namespace Sing.Kernel.Processes
{
    /// <summary>The installed programs: the system manifest the installer composed (GRUB module "manifest").
    /// No code runs without a manifest (001 §2.3): the process manager creates only programs listed here.</summary>
    internal static unsafe class ProgramCatalog
    {
        public static SystemManifest Manifest = new SystemManifest();
        public static string Text = "";

        public static void Load(in Multiboot2 boot)
        {
            if (!boot.TryFindModule("manifest", out BootModule module))
            {
                Log.Line("[kernel] no system manifest in the boot image: no program can run");
                return;
            }
            string text = Utf8.Decode(module.Start, (int)module.Size);
            SystemManifest parsed = SystemManifest.Parse(text, out string error);
            if (parsed == null)
            {
                Log.Line($"[kernel] system manifest refused: {error}; no program can run");
                return;
            }
            if (!ProcessManager.SupportsAbiVersion(parsed.AbiVersion))
            {
                Log.Line($"[kernel] system manifest was composed for ABI version {parsed.AbiVersion}; no program can run");
                return;
            }
            Manifest = parsed;
            Text = text;
        }

        public static ProgramManifest Find(string name) => Manifest.Find(name);

        /// <summary>Installs one more manifest (tests use it for deliberately broken images, and for programs with other
        /// parameters, endpoints or hardware over an installed image, whose recorded hash such a manifest takes when it
        /// sets none).</summary>
        internal static void Install(ProgramManifest program)
        {
            if (program.ImageHash == null)
                foreach (ProgramManifest installed in Manifest.Programs)
                    if (installed.Image == program.Image && !string.IsNullOrEmpty(installed.ImageHash))
                    {
                        program.ImageHash = installed.ImageHash;
                        break;
                    }
            ProgramManifest existing = Manifest.Find(program.Name);
            if (existing != null) Manifest.Programs.Remove(existing);
            Manifest.Programs.Add(program);
        }
    }
}
