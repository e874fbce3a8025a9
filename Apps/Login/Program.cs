using Singularity.Configuration;
using Singularity.Manifests;
using Singularity.Security;
using Singularity.V1;

namespace Sing.Apps.Login
{
    /// <summary>The login program's parameters (Manifests/Programs/login.xml). Both are the kernel's to give (its
    /// script= and user= options); the program honours them only when the kernel started it.</summary>
    [ProgramStartup]
    internal sealed partial class LoginStartup
    {
        [Parameter("lines")] public string Lines;
        [Parameter("user")] public string User;
        [Endpoint("accounts")] public ChannelEndpoint Accounts;
    }

    internal static class Program
    {
        internal static int Main(LoginStartup startup)
        {
            // A one-link principal: the kernel started this instance, so its user= and script= are the machine owner's.
            bool fromKernel = PrincipalName.LinkCount(Processes.Principal) == 1;
            // The shells this program starts change accounts through it, on a thread of its own (AccountService).
            AccountService.Start(startup.Accounts);
            if ((startup.Lines.Length > 0 || startup.User.Length > 0) && !fromKernel)
            {
                SystemConsole.WriteLine("login: --user and --lines are the kernel's boot options (user=, script=); a login started by a program asks for a password");
                return 2;
            }
            if (startup.Lines.Length > 0)
            {
                // Headless: the script runs once as the account user= names, and the console is not opened.
                if (startup.User.Length == 0)
                {
                    SystemConsole.WriteLine("login: the kernel option script= needs user=NAME too: the account the script runs as (for example user=root)");
                    return 2;
                }
                return Sessions.Shell(startup.User, "--lines " + CommandLine.Quote(startup.Lines)) ? 0 : 1;
            }
            if (startup.User.Length > 0)
            {
                // The kernel's user= session runs the policy's startup script, as the console's shell always did; a
                // session someone logs in to starts clean.
                SystemConsole.WriteLine($"login: {startup.User} (the kernel's user= option, no password)");
                Sessions.Shell(startup.User, "");
            }
            var sessions = new Sessions();
            while (sessions.Next()) { }
            return 1;
        }
    }
}
