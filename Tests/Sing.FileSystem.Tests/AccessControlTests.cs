using System.Collections.Generic;
using Sing.Storage.Fat;
using Sing.Storage.Permissions;
using Singularity.Security;
using Xunit;

namespace Sing.FileSystem.Tests;

/// <summary>Access control lists on a FAT volume (Apps/FileSystem/Permissions): explicit ACLs, inheritance from the
/// nearest ancestor, the union of matching entries, persistence in each directory's ACL file across a remount, and
/// what a damaged or deleted ACL file does (the entries inherit; never more rights than the file gave).</summary>
public class AccessControlTests
{
    private const string AliceShell = "singularity-project/login@system+singularity-project/shell@alice";
    private const string AliceHelper = AliceShell + "+singularity-project/fsprobe@alice";
    private const string Bob = "singularity-project/login@system+singularity-project/shell@bob";

    private static List<AclEntry> Entries(params (string Pattern, string Rights)[] entries)
    {
        var list = new List<AclEntry>();
        foreach ((string pattern, string rights) in entries)
        {
            Assert.True(PrincipalPattern.TryParse(pattern, out PrincipalPattern? p, out string? error), error);
            Assert.True(Rights.TryParse(rights, out AccessRights r, out error), error);
            list.Add(new AclEntry(p!, r));
        }
        return list;
    }

    private static (MemoryDevice, FatVolume, AccessControl) Volume()
    {
        MemoryDevice d = FatEngineTests.Formatted();
        FatVolume v = FatVolume.Mount(d, new FixedClock());
        v.CreateDirectory("/home");
        v.CreateDirectory("/home/alice");
        FatEngineTests.WriteText(v, "/home/alice/diary.txt", "dear diary");
        FatEngineTests.WriteText(v, "/readme.txt", "hello");
        return (d, v, new AccessControl(v));
    }

    [Fact]
    public void WithoutAnAclEveryoneMayDoEverything()
    {
        (_, _, AccessControl acl) = Volume();
        Assert.Equal(AccessRights.All, acl.RightsOf(Bob, "/home/alice/diary.txt"));
        Assert.Null(acl.Refuses(Bob, "/readme.txt", AccessRights.Write));
        Assert.Null(acl.Effective("/home", out _));
    }

    [Fact]
    public void ItemsInheritTheNearestExplicitAcl()
    {
        (_, _, AccessControl acl) = Volume();
        acl.Set("/home/alice", Entries(("@alice", "rwcda"), ("...", "r")));
        Assert.Equal(AccessRights.All, acl.RightsOf(AliceShell, "/home/alice/diary.txt"));
        Assert.Equal(AccessRights.All, acl.RightsOf(AliceHelper, "/home/alice/diary.txt"));   // @alice: any program as alice
        Assert.Equal(AccessRights.Read, acl.RightsOf(Bob, "/home/alice/diary.txt"));
        Assert.NotNull(acl.Effective("/home/alice/diary.txt", out string setOn));
        Assert.Equal("/home/alice", setOn);
        Assert.Equal(AccessRights.All, acl.RightsOf(Bob, "/readme.txt"));                      // outside it: no ACL
        string? refusal = acl.Refuses(Bob, "/home/alice/diary.txt", AccessRights.Write);
        Assert.NotNull(refusal);
        Assert.Contains("/home/alice/diary.txt: the ACL it inherits from /home/alice does not let " + Bob + " write it (rights there: r----)", refusal, System.StringComparison.Ordinal);
    }

    [Fact]
    public void AnExplicitAclReplacesTheInheritedOne()
    {
        (_, _, AccessControl acl) = Volume();
        acl.Set("/home/alice", Entries(("@alice", "rwcda")));
        acl.Set("/home/alice/diary.txt", Entries(("*/shell@alice", "rw")));
        Assert.Equal(AccessRights.Read | AccessRights.Write, acl.RightsOf(AliceShell, "/home/alice/diary.txt"));
        Assert.Equal(AccessRights.None, acl.RightsOf(AliceHelper, "/home/alice/diary.txt"));  // a helper alice did not name
        acl.Set("/home/alice/diary.txt", null);
        Assert.Equal(AccessRights.All, acl.RightsOf(AliceHelper, "/home/alice/diary.txt"));
    }

    [Fact]
    public void TheRootsAclIsStoredUnderDot()
    {
        (_, _, AccessControl acl) = Volume();
        acl.Set("/", Entries(("@root", "rwcda"), ("...", "r")));
        Assert.Equal(AccessRights.Read, acl.RightsOf(Bob, "/home/alice/diary.txt"));
        Assert.NotNull(acl.Effective("/readme.txt", out string setOn));
        Assert.Equal("/", setOn);
    }

    [Fact]
    public void AclsSurviveARemountInTheDirectoriesAclFiles()
    {
        (MemoryDevice d, FatVolume v, AccessControl acl) = Volume();
        acl.Set("/home/alice", Entries(("@alice", "rwcda")));
        v.Sync();
        FatVolume again = FatVolume.Mount(d, new FixedClock());
        var reloaded = new AccessControl(again);
        Assert.Equal(AccessRights.None, reloaded.RightsOf(Bob, "/home/alice/diary.txt"));
        Assert.Contains("alice\t@alice\trwcda", FatEngineTests.ReadText(again, "/home/" + AccessControl.FileName), System.StringComparison.Ordinal);
        Assert.True(AccessControl.IsAclFile("/home/ACL$.SYS"));
        Assert.True(AccessControl.IsAclFile("/home/acl$.sys"));
        Assert.False(AccessControl.IsAclFile("/home/acl.sys"));
    }

    [Fact]
    public void ForgetAndMoveKeepAclsWithTheirItems()
    {
        (_, FatVolume v, AccessControl acl) = Volume();
        acl.Set("/home/alice/diary.txt", Entries(("@alice", "rw")));
        v.Rename("/home/alice/diary.txt", "/home/alice/old.txt");
        acl.Move("/home/alice/diary.txt", "/home/alice/old.txt");
        Assert.Equal(AccessRights.None, acl.RightsOf(Bob, "/home/alice/old.txt"));
        FatEngineTests.WriteText(v, "/home/alice/diary.txt", "a new one");
        Assert.Equal(AccessRights.All, acl.RightsOf(Bob, "/home/alice/diary.txt"));          // the new file does not take it over
        v.Delete("/home/alice/old.txt");
        acl.Forget("/home/alice/old.txt");
        FatEngineTests.WriteText(v, "/home/alice/old.txt", "again");
        Assert.Equal(AccessRights.All, acl.RightsOf(Bob, "/home/alice/old.txt"));
        // The last entry gone, the ACL file goes too.
        Assert.Throws<FatException>(() => v.Stat("/home/alice/" + AccessControl.FileName));
    }

    [Fact]
    public void DamagedLinesAreSkippedAndReported()
    {
        (MemoryDevice d, FatVolume v, _) = Volume();
        FatEngineTests.WriteText(v, "/home/" + AccessControl.FileName,
            "alice\t@alice\trwcda\nalice\t@bob\trwxyz\nreadme\tnot a pattern\tr\ngarbage line\n");
        var acl = new AccessControl(v);
        Assert.Equal(AccessRights.All, acl.RightsOf("singularity-project/shell@alice", "/home/alice/diary.txt"));
        Assert.Equal(AccessRights.None, acl.RightsOf(Bob, "/home/alice/diary.txt"));   // its own entry was damaged: no more rights than the file gave
        Assert.Equal(3, acl.Problems.Count);
        Assert.Contains("line 2: rights \"rwxyz\" have 'x'", acl.Problems[0], System.StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("rwcda", AccessRights.All)]
    [InlineData("r", AccessRights.Read)]
    [InlineData("ar", AccessRights.Read | AccessRights.ChangeAcl)]
    [InlineData("-", AccessRights.None)]
    public void RightsParse(string text, AccessRights rights)
    {
        Assert.True(Rights.TryParse(text, out AccessRights parsed, out _));
        Assert.Equal(rights, parsed);
    }

    [Theory]
    [InlineData("")]
    [InlineData("rwcdax")]
    [InlineData("q")]
    [InlineData("r w")]
    public void BadRightsAreRefused(string text)
    {
        Assert.False(Rights.TryParse(text, out _, out string? error));
        Assert.Contains("rights", error, System.StringComparison.Ordinal);
    }
}
