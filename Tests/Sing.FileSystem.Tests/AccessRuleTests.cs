using Sing.Apps.FileSystem;
using Xunit;

namespace Sing.FileSystem.Tests;

/// <summary>The policy's read-only directory (Apps/FileSystem/AccessRule.cs): a client that counts as an application
/// (one by kind, or any client whose channel was delegated) may not change anything at or under it, by any spelling
/// the volume resolves to the same canonical path; other clients may; an empty rule protects nothing.</summary>
public class AccessRuleTests
{
    private static readonly AccessRule System = new("/system");

    [Theory]
    [InlineData("/system")]
    [InlineData("/system/users")]
    [InlineData("/SYSTEM/Users")]
    [InlineData("/system/./deep/er/file.txt")]
    [InlineData("//system//x")]
    public void ApplicationsAreRefusedInside(string path)
    {
        string? refusal = System.RefusesChange(true, "a channel shell delegated", path);
        Assert.Equal(path + ": /system is read-only to applications (a channel shell delegated is one)", refusal);
        Assert.Null(System.RefusesChange(false, "shell", path));
    }

    [Theory]
    [InlineData("/")]
    [InlineData("/systemx/a")]
    [InlineData("/sys")]
    [InlineData("/home/system/x")]
    public void NothingOutsideIsRefused(string path) => Assert.Null(System.RefusesChange(true, "fsprobe", path));

    [Fact]
    public void AnEmptyRuleProtectsNothing() => Assert.Null(new AccessRule("").RefusesChange(true, "fsprobe", "/system/x"));
}
