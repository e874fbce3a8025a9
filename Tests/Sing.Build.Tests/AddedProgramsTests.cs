using System.Xml.Linq;
using Xunit;

namespace Sing.Build.Tests;

/// <summary>run/debug --add DIR before any build: a folder that is not a Sing.Sdk program is named with what is wrong,
/// and the items the kernel project imports keep paths literal.</summary>
public sealed class AddedProgramsTests : IDisposable
{
    private readonly string _folder = Path.Combine(Path.GetTempPath(), "sdk-added-" + Guid.NewGuid().ToString("N")[..8]);

    public AddedProgramsTests() => Directory.CreateDirectory(_folder);

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void AMissingFolderIsNamed()
    {
        string missing = Path.Combine(_folder, "nothing");
        var e = Assert.Throws<InvalidOperationException>(() => AddedPrograms.ProjectIn(missing));
        Assert.Equal($"--add {missing}: no such folder", e.Message);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(2)]
    public void AFolderNeedsExactlyOneProject(int projects)
    {
        for (int i = 0; i < projects; i++) File.WriteAllText(Path.Combine(_folder, $"P{i}.csproj"), "<Project/>");
        var e = Assert.Throws<InvalidOperationException>(() => AddedPrograms.ProjectIn(_folder));
        Assert.Contains($"expected one .csproj (a Sing.Sdk program), found {projects}", e.Message);
    }

    [Fact]
    public void AFolderWithoutItsPolicyFragmentIsRefusedWithAnExample()
    {
        var e = Assert.Throws<InvalidOperationException>(() => AddedPrograms.NameIn(Path.Combine(_folder, AddedPrograms.FragmentFile)));
        Assert.Contains("sing.policy.xml is missing", e.Message);
        Assert.Contains("<fragment xmlns=\"urn:singularity:policy:v1\">", e.Message);
    }

    [Theory]
    [InlineData("<fragment xmlns=\"urn:singularity:policy:v1\"><program name=\"greeter\" manifest=\"g.xml\" project=\"G.csproj\"/></fragment>", "greeter")]
    [InlineData("<fragment><program name=\"greeter\"/></fragment>", null)]
    [InlineData("<fragment xmlns=\"urn:singularity:policy:v1\"><program", null)]
    public void TheProgramsNameComesFromItsFragment(string text, string? name)
    {
        string file = Path.Combine(_folder, AddedPrograms.FragmentFile);
        File.WriteAllText(file, text);
        if (name is not null)
        {
            Assert.Equal(name, AddedPrograms.NameIn(file));
            return;
        }
        var e = Assert.Throws<InvalidOperationException>(() => AddedPrograms.NameIn(file));
        Assert.StartsWith(file + ":", e.Message);
    }

    [Fact]
    public void TheItemsFileKeepsPathsWithMsBuildAndXmlCharactersLiteral()
    {
        string odd = "/tmp/a;b%20$(x)@(y)'&<>/Greeter.dll";
        string text = AddedPrograms.ItemsFile(new[] { new AddedPrograms.Program("greeter", odd, "/tmp/f/sing.policy.xml") });
        XElement item = XDocument.Parse(text).Root!.Element("ItemGroup")!.Element("SingAddedProgram")!;
        Assert.Equal("greeter", (string?)item.Attribute("Include"));
        string assembly = (string)item.Attribute("Assembly")!;
        Assert.DoesNotContain(";", assembly);
        Assert.DoesNotContain("$(", assembly);
        Assert.Equal(odd, Uri.UnescapeDataString(assembly));
    }
}
