using System.Text.RegularExpressions;
using Sing.Qemu;
using Xunit;

namespace Sing.Boot.Tests;

/// <summary>The console's login program (issue 35; Apps/Accounts/README.md), typed at as a person would: a fresh disk
/// has no users file, so the first boot creates the administrator; the administrator logs in, adds alice, logs out;
/// a wrong password is refused and delayed; alice logs in, may not add accounts, su's to the administrator with its
/// password (checked by the login program's accounts service), changes her own password, and cannot read the users
/// file, whose ACL names only the login program; a program her shell starts (hostile accounts) is refused by the
/// accounts service and by the file. Nothing typed as a password appears on the console.</summary>
public class LoginBootTests
{
    private const string AdminPassword = "Adm1n-secret";
    private const string AlicePassword = "al1ce-pw";
    private const string AliceNewPassword = "al1ce-pw2";
    private static readonly TimeSpan Silence = TimeSpan.FromSeconds(90);

    private static readonly Lazy<Task<(QemuResult Run, List<string> Steps)>> Session = new(RunAsync);

    private static async Task<(QemuResult, List<string>)> RunAsync()
    {
        string directory = ScratchDisk.NewDirectory("login-session");
        Directory.CreateDirectory(directory);
        string image = Path.Combine(directory, "disk.img");
        File.Copy(Path.Combine(Repository.Root, "artifacts", "disk.img"), image);
        var steps = new List<string>();
        try
        {
            // "user=" with no name: the console asks who is there (the test default would open it as root).
            QemuResult run = await Machine.BootAsync("user= tools=test", "login-session", disks: new[] { image }, timeout: TimeSpan.FromMinutes(4),
                hostSession: session => DriveAsync(session, steps));
            return (run, steps);
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    /// <summary>Waits for <paramref name="pattern"/> to have appeared <paramref name="count"/> times, then types <paramref name="line"/>.</summary>
    private static async Task Answer(QemuSession session, List<string> steps, string pattern, int count, string line)
    {
        if (!await session.WaitForAsync(pattern, Silence, count)) throw new TimeoutException($"never saw /{pattern}/ x{count} (steps so far: {string.Join(" | ", steps)})");
        steps.Add(pattern);
        await session.TypeLineAsync(line);
    }

    private static async Task DriveAsync(QemuSession session, List<string> steps)
    {
        await Answer(session, steps, @"^administrator name: ", 1, "admin");
        await Answer(session, steps, @"^password: \r?$", 1, AdminPassword);
        await Answer(session, steps, @"^password again: \r?$", 1, AdminPassword);
        await Answer(session, steps, @"^login: [a-z]*\r?$", 1, "admin");
        await Answer(session, steps, @"^password: \r?$", 2, AdminPassword);
        await Answer(session, steps, @"^singularity> ", 1, "whoami");
        await Answer(session, steps, @"^singularity> ", 2, "useradd alice");
        await Answer(session, steps, @"^new password: \r?$", 1, AlicePassword);
        await Answer(session, steps, @"^new password again: \r?$", 1, AlicePassword);
        await Answer(session, steps, @"^singularity> ", 3, "useradd Bad!Name");
        await Answer(session, steps, @"^singularity> ", 4, "logout");
        await Answer(session, steps, @"^login: [a-z]*\r?$", 2, "alice");
        await Answer(session, steps, @"^password: \r?$", 3, "Wr0ng-guess");
        await Answer(session, steps, @"^login: [a-z]*\r?$", 3, "nobody");
        await Answer(session, steps, @"^password: \r?$", 4, "Wh4tever-x");
        await Answer(session, steps, @"^login: [a-z]*\r?$", 4, "alice");
        await Answer(session, steps, @"^password: \r?$", 5, AlicePassword);
        await Answer(session, steps, @"^singularity> ", 5, "write /fs/home/alice/notes.txt alice's own");
        await Answer(session, steps, @"^singularity> ", 6, "whoami");
        await Answer(session, steps, @"^singularity> ", 7, "useradd bob");
        await Answer(session, steps, @"^singularity> ", 8, "hello Ann");
        await Answer(session, steps, @"^singularity> ", 9, "su admin");
        await Answer(session, steps, @"^password for admin: \r?$", 1, AdminPassword);
        await Answer(session, steps, @"^singularity> ", 10, "whoami");
        await Answer(session, steps, @"^singularity> ", 11, "cat /fs/home/alice/notes.txt");
        await Answer(session, steps, @"^singularity> ", 12, "exit");
        await Answer(session, steps, @"^singularity> ", 13, "passwd");
        await Answer(session, steps, @"^current password: \r?$", 1, AlicePassword);
        await Answer(session, steps, @"^new password: \r?$", 2, AliceNewPassword);
        await Answer(session, steps, @"^new password again: \r?$", 2, AliceNewPassword);
        await Answer(session, steps, @"^singularity> ", 14, "cat /fs/system/users");
        await Answer(session, steps, @"^singularity> ", 15, "acl /fs/system/users");
        await Answer(session, steps, @"^singularity> ", 16, "hostile accounts");
        await Answer(session, steps, @"^singularity> ", 17, "shutdown");
        // The machine must end by the kernel's shutdown: a session that ended here would have the host stop it.
        if (!await session.WaitForExitAsync(Silence)) throw new TimeoutException($"the guest did not stop after shutdown (steps: {string.Join(" | ", steps)})");
    }

    private static async Task<string> SerialAsync()
    {
        (QemuResult run, List<string> steps) = await Session.Value;
        Assert.True(run.Status == KernelExitStatus.Success, $"the session ends with the shell's shutdown (steps: {string.Join(" | ", steps)}).\n{run.Describe()}");
        return run.Serial;
    }

    [Theory]
    [InlineData(@"^login: no accounts yet: create the administrator$")]
    [InlineData(@"^login: created the administrator admin in /system/users$")]
    [InlineData(@"^admin\r?$")]
    [InlineData(@"^principal: singularity-project/login@system\+singularity-project/shell@admin$")]
    [InlineData(@"^useradd: added alice$")]
    [InlineData(@"^useradd: user name ""Bad!Name"" has 'B' at 0")]
    [InlineData(@"^login: admin logged out$")]
    [InlineData(@"^login incorrect \(wait 1 s\)$")]
    [InlineData(@"^login incorrect \(wait 2 s\)$")]
    [InlineData(@"^principal: singularity-project/login@system\+singularity-project/shell@alice$")]
    [InlineData(@"^useradd: only an administrator adds accounts$")]
    [InlineData(@"^\[hello:\d+\] hello, Ann")]
    [InlineData(@"^principal: singularity-project/login@system\+singularity-project/shell@alice\+singularity-project/shell@admin$")]
    [InlineData(@"^su: back to alice$")]
    [InlineData(@"^passwd: changed the password of alice$")]
    [InlineData(@"^cat: /system/users: the ACL of it does not let singularity-project/login@system\+singularity-project/shell@alice read it")]
    [InlineData(@"^set on /system/users\r?$")]
    [InlineData(@"^\[hostile:\d+\] hostile accounts: every attempt was refused\r?$")]
    [InlineData(@"^useradd: alice's home is /fs/home/alice \(only alice may use it\)$")]
    [InlineData(@"^cat: /home/alice/notes\.txt: the ACL it inherits from /home/alice does not let singularity-project/login@system\+singularity-project/shell@alice\+singularity-project/shell@admin read it")]
    [InlineData(@"^\^singularity-project/login@system\trwcda\r?$")]
    public async Task SessionShows(string pattern)
    {
        string serial = await SerialAsync();
        Assert.True(Regex.IsMatch(serial, pattern, RegexOptions.Multiline), $"no line matches {pattern}:\n{serial}");
    }

    /// <summary>The users file is the login program's alone: a user's shell cannot read the hashes (its cat is refused
    /// above), and su, passwd and useradd still work through the login program's accounts service.</summary>
    [Fact]
    public async Task PasswordHashesNeverReachAShell()
    {
        string serial = await SerialAsync();
        Assert.DoesNotContain("pbkdf2-sha256:", serial, StringComparison.Ordinal);
        Assert.DoesNotMatch(new Regex(@"^\^singularity-project/login@system\+", RegexOptions.Multiline), serial);
    }

    [Fact]
    public async Task PasswordsAreNeverShown()
    {
        string serial = await SerialAsync();
        foreach (string secret in new[] { AdminPassword, AlicePassword, AliceNewPassword, "Wr0ng-guess", "Wh4tever-x" })
            Assert.DoesNotContain(secret, serial, StringComparison.Ordinal);
    }
}
