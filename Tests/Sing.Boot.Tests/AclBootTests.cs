using System.Text.RegularExpressions;
using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>Access control lists in the file system, through the whole stack (Apps/FileSystem/README.md): the root
/// shell gives /private an ACL that names only itself ("*/shell@root"), reads its file, and a helper it starts
/// (fsprobe, the same user) is refused every way in (read, list, write, create, delete, rename, ACL change, the ACL
/// file by any spelling) while the rest of the volume still works for it; a malformed pattern is refused with the
/// reason; the ACL file never shows in a listing; clearing the ACL lets everyone in again. Then /deleg lets the root
/// shell's fsprobe read: fsprobe reads, delegates its /fs channel to itself, and the file system, which reads the
/// channel's principal again before each request, sees the longer chain and refuses the same read. Last, fsprobe reads
/// a file while its own second thread switches the ACL between read and no read: every read is whole or refused, the
/// first request after a change follows it, and a file opened before keeps reading.</summary>
public class AclBootTests
{
    private static readonly string[] Lines =
    {
        "mkdir /fs/private", "write /fs/private/s.txt secret words", "acl /fs/private",
        "acl set /fs/private */shell@root rwcda", "acl /fs/private/s.txt", "cat /fs/private/s.txt",
        "fsprobe acl", "ls /fs", "acl set /fs/private Bad!Pattern r", "acl set /fs/private @root rwcdz",
        "acl clear /fs/private", "acl /fs/private",
        "mkdir /fs/deleg", "write /fs/deleg/d.txt delegated words", "acl set /fs/deleg */shell@root+*/fsprobe@root r", "fsprobe delegated",
        "mkdir /fs/race", "write /fs/race/f.txt raced words", "fsprobe acl-race",
        "shutdown",
    };

    private static readonly Lazy<Task<QemuResult>> Session = new(async () =>
    {
        string directory = ScratchDisk.NewDirectory("acl-session");
        Directory.CreateDirectory(directory);
        string image = Path.Combine(directory, "disk.img");
        File.Copy(Path.Combine(Repository.Root, "artifacts", "disk.img"), image);
        try
        {
            return await Machine.BootAsync("tools=test script=" + string.Join("; ", Lines), "acl-session", instructionCounting: true, disks: new[] { image });
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    });

    private static async Task<string> SerialAsync()
    {
        QemuResult run = await Session.Value;
        Assert.True(run.Status == KernelExitStatus.Success, $"the script's shutdown ends QEMU with success.\n{run.Describe()}");
        return run.Serial;
    }

    [Theory]
    [InlineData(@"^none \(everyone may do everything\)\r?$", 2)]
    [InlineData(@"^inherited from /private\r?$", 1)]
    [InlineData(@"^\*/shell@root\trwcda\r?$", 1)]
    [InlineData(@"^secret words\r?$", 1)]
    [InlineData(@"^\[fsprobe:\d+\] fsprobe acl: all checks passed\r?$", 1)]
    [InlineData(@"^\[fsprobe:\d+\] fsprobe: refused: /private/s\.txt: the ACL it inherits from /private does not let singularity-project/login@system\+singularity-project/shell@root\+singularity-project/fsprobe@root read it \(rights there: -----\)", 1)]
    [InlineData(@"^\[fsprobe:\d+\] fsprobe delegated: all checks passed\r?$", 1)]
    [InlineData(@"^\[fsprobe:\d+\] fsprobe: 40 ACL changes raced \d+ reads \(\d+ served, \d+ refused\)\r?$", 1)]
    [InlineData(@"^\[fsprobe:\d+\] fsprobe acl-race: all checks passed\r?$", 1)]
    [InlineData(@"^\[fsprobe:\d+\] fsprobe: refused: /deleg/d\.txt: the ACL it inherits from /deleg does not let singularity-project/login@system\+singularity-project/shell@root\+singularity-project/fsprobe@root\+singularity-project/fsprobe@root read it", 1)]
    [InlineData(@"^acl: principal pattern ""Bad!Pattern"": at character 1: ""Bad!Pattern"" names no publisher", 1)]
    [InlineData(@"^acl: rights ""rwcdz"" have 'z'", 1)]
    public async Task SessionShows(string pattern, int count)
    {
        string serial = await SerialAsync();
        Assert.True(Regex.Matches(serial, pattern, RegexOptions.Multiline).Count == count, $"{count} line(s) should match {pattern}:\n{serial}");
    }

    [Fact]
    public async Task TheAclFileNeverShows()
    {
        string serial = await SerialAsync();
        string listing = serial[serial.IndexOf("singularity> ls /fs", StringComparison.Ordinal)..];
        listing = listing[..listing.IndexOf("singularity> acl set", StringComparison.Ordinal)];
        Assert.Contains("private/", listing, StringComparison.Ordinal);
        Assert.DoesNotContain("ACL$", listing, StringComparison.OrdinalIgnoreCase);
    }
}
