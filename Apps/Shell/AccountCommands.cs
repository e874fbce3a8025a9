using Sing.Apps.Accounts;
using Singularity.V1;

namespace Sing.Apps.Shell
{
    /// <summary>The account built-ins (Apps/Accounts/README.md): whoami, su, passwd, useradd, userdel. The shell runs in
    /// the role of the user the login program let in; it never reads the users file: the login program's accounts
    /// service (/service/accounts) checks and changes accounts for this shell's role, which decides who administers
    /// (an account marked so, or anyone while the file has none). Passwords are typed at the console without echo,
    /// never taken from a command line or a script.</summary>
    internal sealed class AccountCommands
    {
        private readonly LineReader _console;
        private readonly bool _interactive;

        public AccountCommands(LineReader console, bool interactive)
        {
            _console = console;
            _interactive = interactive;
        }

        public void Run(string command, string rest)
        {
            string[] words = rest.Split(' ', System.StringSplitOptions.RemoveEmptyEntries);
            string error = command switch
            {
                "whoami" => WhoAmI(),
                "su" => words.Length == 1 ? SwitchUser(words[0]) : "usage: su <user>",
                "passwd" => words.Length <= 1 ? ChangePassword(words.Length == 0 ? Processes.Role : words[0]) : "usage: passwd [user]",
                "useradd" => words.Length == 1 || (words.Length == 2 && words[1] == "--administrator")
                    ? AddUser(words[0], words.Length == 2) : "usage: useradd <user> [--administrator]",
                _ => words.Length == 1 ? DeleteUser(words[0]) : "usage: userdel <user>",
            };
            if (error != null) SystemConsole.WriteLine(command + ": " + error);
        }

        private static string WhoAmI()
        {
            SystemConsole.WriteLine(Processes.Role);
            SystemConsole.WriteLine("principal: " + Processes.Principal);
            return null;
        }

        /// <summary>A shell in <paramref name="user"/>'s role, until it exits; the user's password unless an administrator
        /// asks (the accounts service checks it).</summary>
        private string SwitchUser(string user)
        {
            AccountsClient accounts = AccountsClient.Connect(out string error);
            if (accounts == null) return error;
            try
            {
                error = Existing(accounts, user, out bool administers);
                if (error != null) return error;
                if (!administers)
                {
                    string password = Secret("password for " + user + ": ", out error);
                    if (password == null) return error;
                    error = accounts.CheckPassword(user, password);
                    if (error != null) return error;
                }
            }
            finally
            {
                accounts.Close();
            }
            AbiStatus status = Processes.CreateInRole("shell", "script=false", user, out ProcessHandle shell);
            if (status == AbiStatus.Ok) status = Processes.Start(shell);
            if (status != AbiStatus.Ok) return "cannot start a shell as " + user + ": " + status.ToString();
            Processes.Join(shell, Channels.Forever, out _);
            Processes.Close(shell);
            SystemConsole.WriteLine("su: back to " + Processes.Role);
            return null;
        }

        private string ChangePassword(string user)
        {
            AccountsClient accounts = AccountsClient.Connect(out string error);
            if (accounts == null) return error;
            try
            {
                error = Existing(accounts, user, out bool administers);
                if (error != null) return error;
                bool own = user == Processes.Role;
                if (!own && !administers) return "only an administrator changes another user's password";
                string current = "";
                if (!administers)
                {
                    current = Secret("current password: ", out error);
                    if (current == null) return error;
                }
                string password = NewPassword(out error);
                if (password == null) return error;
                error = accounts.SetPassword(user, current, password);
                if (error == null) SystemConsole.WriteLine("passwd: changed the password of " + user);
                return error;
            }
            finally
            {
                accounts.Close();
            }
        }

        private string AddUser(string user, bool administrator)
        {
            AccountsClient accounts = AccountsClient.Connect(out string error);
            if (accounts == null) return error;
            try
            {
                error = accounts.Describe(user, out bool exists, out bool administers);
                if (error != null) return error;
                if (!administers) return "only an administrator adds accounts";
                if (exists) return "an account named " + user + " exists already";
                string nameError = Singularity.Security.PrincipalName.NameError("user", user);
                if (nameError != null) return nameError;
                string password = NewPassword(out error);
                if (password == null) return error;
                error = accounts.AddUser(user, password, administrator);
                if (error != null) return error;
            }
            finally
            {
                accounts.Close();
            }
            SystemConsole.WriteLine("useradd: added " + (administrator ? "the administrator " : "") + user);
            error = AccountStore.MakeHome(user);
            if (error == null) SystemConsole.WriteLine("useradd: " + user + "'s home is /fs" + AccountStore.HomeOf(user) + " (only " + user + " may use it)");
            return error;
        }

        private static string DeleteUser(string user)
        {
            AccountsClient accounts = AccountsClient.Connect(out string error);
            if (accounts == null) return error;
            error = accounts.RemoveUser(user);
            accounts.Close();
            if (error == null) SystemConsole.WriteLine("userdel: removed " + user + " (processes running as " + user + " keep running)");
            return error;
        }

        /// <summary>Null when <paramref name="user"/> has an account (and whether this shell administers accounts), else why not.</summary>
        private static string Existing(AccountsClient accounts, string user, out bool administers)
        {
            string error = accounts.Describe(user, out bool exists, out administers);
            return error ?? (exists ? null : "no account named " + Singularity.Security.PrincipalName.Printable(user));
        }

        private string NewPassword(out string error)
        {
            string password = Secret("new password: ", out error);
            if (password == null) return null;
            string again = Secret("new password again: ", out error);
            if (again == null) return null;
            if (password != again)
            {
                error = "the passwords differ; nothing changed";
                return null;
            }
            error = UsersFile.PasswordError(password);
            return error == null ? password : null;
        }

        private string Secret(string prompt, out string error)
        {
            error = null;
            if (!_interactive)
            {
                error = "a password is typed at the console, not given in a script";
                return null;
            }
            SystemConsole.Write(prompt);
            string line = _console.ReadLine(echo: false);
            if (line == null) error = "this program may not read the console";
            return line;
        }
    }
}
