using Singularity.Configuration;
using Singularity.Manifests;
using Singularity.V1;

namespace Sing.Apps.Shell
{
    /// <summary>The shell's own parameters (Manifests/Programs/shell.xml).</summary>
    [ProgramStartup]
    internal sealed partial class ShellStartup
    {
        [Parameter("script")] public bool RunStartupScript;
        [Parameter("prompt")] public string Prompt;
        [Parameter("lines")] public string Lines;
    }

    internal static class Program
    {
        internal static int Main(ShellStartup startup)
        {
            SystemManifest manifest = SystemControl.ReadManifest(out string error);
            if (manifest == null)
            {
                SystemConsole.WriteLine("shell: cannot read the system manifest: " + error);
                return 1;
            }
            var reader = new LineReader();
            var shell = new CommandInterpreter(manifest, reader, interactive: startup.Lines.Length == 0);
            SystemConsole.WriteLine($"Singularity shell: {manifest.Programs.Count} installed programs; type help.");
            if (startup.Lines.Length > 0)
            {
                // The kernel option script=: these lines instead of the policy's script and the console.
                foreach (string line in ScriptLines.Split(startup.Lines))
                {
                    SystemConsole.WriteLine(startup.Prompt + line);
                    if (!shell.Execute(line)) break;
                }
                SystemConsole.WriteLine("shell: script done; the kernel keeps running");
                return 0;
            }
            if (startup.RunStartupScript)
            {
                foreach (string line in manifest.Script)
                {
                    SystemConsole.WriteLine(startup.Prompt + line);
                    if (!shell.Execute(line)) return 0;
                }
            }
            while (true)
            {
                SystemConsole.Write(startup.Prompt);
                string line = reader.ReadLine();
                if (line == null)
                {
                    SystemConsole.WriteLine("shell: this program may not read the console");
                    return 1;
                }
                if (!shell.Execute(line))
                {
                    SystemConsole.WriteLine("shell: exiting");
                    return 0;
                }
            }
        }
    }
}
