using System.Diagnostics;
using System.Security;
using System.Xml.Linq;

namespace Sing.Build;

/// <summary>Programs from outside the repository (run/debug --add DIR): each DIR holds one Sing.Sdk project and its
/// sing.policy.xml. Its own build gives the IL (bin/sing/NAME.dll, verified there); the kernel project then verifies
/// that IL again against this system's policy plus the fragment, compiles the image itself (Build/AddedProgram) and
/// composes artifacts/added/singularity.iso with the built-in programs, checked by sing-install compose like them.</summary>
internal static class AddedPrograms
{
    public const string FragmentFile = "sing.policy.xml";

    public static string AddedDirectory => Path.Combine(Cli.Root, "artifacts", "added");

    public static string IsoPath => Path.Combine(AddedDirectory, "singularity.iso");

    /// <summary>One added program: its name in its fragment, its IL and its fragment.</summary>
    public sealed record Program(string Name, string Assembly, string Fragment);

    /// <summary>Builds each folder's project (IL and verification only), then the system image with them; returns the
    /// ISO. Throws <see cref="InvalidOperationException"/> naming the folder and what is wrong.</summary>
    /// <param name="environment">variables set for the programs' own builds only (a test's isolated NuGet folders)</param>
    public static async Task<string> BuildImageAsync(IReadOnlyList<string> folders, TextWriter log, IReadOnlyDictionary<string, string>? environment = null)
    {
        var programs = new List<Program>();
        foreach (string folder in folders)
        {
            string project = ProjectIn(folder);
            string name = NameIn(Path.Combine(folder, FragmentFile));
            string sing = Path.Combine(folder, "bin", "sing");
            // Stale IL from an earlier build must not be mistaken for this one.
            foreach (var old in Directory.Exists(sing) ? Directory.GetFiles(sing, "*.dll") : Array.Empty<string>()) File.Delete(old);
            await DotnetAsync(log, environment, "build", project, "-nologo", "-v", "quiet", "-clp:ErrorsOnly", "-p:SingNativeImage=false");
            var il = Directory.Exists(sing) ? Directory.GetFiles(sing, "*.dll") : Array.Empty<string>();
            if (il.Length != 1)
                throw new InvalidOperationException($"{folder}: its build left {il.Length} assemblies in {sing}, expected its one IL assembly; is {Path.GetFileName(project)} a Sing.Sdk project?");
            programs.Add(new Program(name, il[0], Path.GetFullPath(Path.Combine(folder, FragmentFile))));
        }
        var duplicate = programs.GroupBy(p => p.Name).FirstOrDefault(g => g.Count() > 1);
        if (duplicate is not null)
            throw new InvalidOperationException($"two added folders install the program {duplicate.Key}; a program name may be added once");

        // A fresh folder: the kernel project's up-to-date checks must not keep an image of other programs.
        if (Directory.Exists(AddedDirectory)) Directory.Delete(AddedDirectory, recursive: true);
        Directory.CreateDirectory(AddedDirectory);
        string items = Path.Combine(AddedDirectory, "programs.props");
        await File.WriteAllTextAsync(items, ItemsFile(programs));
        // The built-in programs and the kernel are built already (build.sh builds this tool, and with it the ISO, before
        // running it; the test suite runs after the solution's build): only the added programs and the image are new.
        if (!File.Exists(Cli.IsoPath)) throw new InvalidOperationException($"build the system first: no {Cli.IsoPath}");
        await DotnetAsync(log, null, "build", Path.Combine(Cli.Root, "Kernel", "Sing.Kernel.csproj"), "-nologo", "-v", "quiet", "-clp:ErrorsOnly",
            "--no-restore", "-p:BuildProjectReferences=false", $"-p:SingAddedProgramsFile={items}");
        if (!File.Exists(IsoPath)) throw new InvalidOperationException($"the kernel build did not produce {IsoPath}");
        return IsoPath;
    }

    /// <summary>The MSBuild items the kernel project imports (SingAddedProgramsFile).</summary>
    public static string ItemsFile(IEnumerable<Program> programs) =>
        "<Project>\n  <ItemGroup>\n" +
        string.Concat(programs.Select(p =>
            $"    <SingAddedProgram Include=\"{Escape(p.Name)}\" Assembly=\"{Escape(p.Assembly)}\" Fragment=\"{Escape(p.Fragment)}\" />\n")) +
        "  </ItemGroup>\n</Project>\n";

    /// <summary>XML-escaped, and MSBuild's special characters (%, $, @, ;, ') escaped as %XX so paths stay literal.</summary>
    private static string Escape(string value)
    {
        var msbuild = string.Concat(value.Select(c => "%$@;'*?".Contains(c) ? $"%{(int)c:X2}" : c.ToString()));
        return SecurityElement.Escape(msbuild);
    }

    public static string ProjectIn(string folder)
    {
        if (!Directory.Exists(folder)) throw new InvalidOperationException($"--add {folder}: no such folder");
        var projects = Directory.GetFiles(folder, "*.csproj");
        return projects.Length == 1 ? projects[0]
            : throw new InvalidOperationException($"--add {folder}: expected one .csproj (a Sing.Sdk program), found {projects.Length}");
    }

    /// <summary>The program's name in its policy fragment (the installer checks the rest of the fragment).</summary>
    public static string NameIn(string fragment)
    {
        if (!File.Exists(fragment))
            throw new InvalidOperationException($"{fragment} is missing: an added program's folder says how the policy installs it (<fragment xmlns=\"urn:singularity:policy:v1\"><program name=... manifest=... project=.../></fragment>)");
        try
        {
            XNamespace ns = "urn:singularity:policy:v1";
            var doc = XDocument.Load(fragment);
            return (string?)doc.Root?.Element(ns + "program")?.Attribute("name")
                ?? throw new InvalidOperationException($"{fragment}: no <program name=\"...\"> in the policy namespace");
        }
        catch (System.Xml.XmlException e)
        {
            throw new InvalidOperationException($"{fragment}: not well-formed XML: {e.Message}", e);
        }
    }

    private static async Task DotnetAsync(TextWriter log, IReadOnlyDictionary<string, string>? environment, params string[] args)
    {
        var start = new ProcessStartInfo("dotnet") { UseShellExecute = false, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var (name, value) in environment ?? new Dictionary<string, string>())
        {
            if (value.Length == 0) start.Environment.Remove(name);
            else start.Environment[name] = value;
        }
        foreach (var a in args) start.ArgumentList.Add(a);
        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var errors = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();
        string text = (await output + await errors).Trim();
        if (text.Length > 0) await log.WriteLineAsync(text);
        if (process.ExitCode != 0) throw new InvalidOperationException($"dotnet {string.Join(' ', args)} failed (exit code {process.ExitCode})");
    }
}
