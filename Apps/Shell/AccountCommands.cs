using Sing.Apps.Accounts;
using Singularity.V1;

namespace Sing.Apps.Shell
{
    /// <summary>The account built-ins (Apps/Accounts/README.md): whoami, su, passwd, useradd, userdel. The shell runs in
    /// the role of the user the login program let in; an administrator is an account marked so in the users file
    /// (while the file has none, whoever holds the console is one, so a fresh system can make its first). Passwords
    /// are typed at the console without echo, never taken from a command line or a script.</summary>
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

        /// <summary>A shell in <paramref name="user"/>'s role, until it exits; the user's password unless an administrator asks.</summary>
        private string SwitchUser(string user)
        {
            UsersFile users = AccountStore.Load(out _, out string error);
            if (users == null) return error;
            UserAccount target = users.Find(user);
            if (target == null) return "no account named " + Singularity.Security.PrincipalName.Printable(user);
            if (!IsAdministrator(users))
            {
                string password = Secret("password for " + user + ": ", out error);
                if (password == null) return error;
                if (!UsersFile.Verify(target, password)) return "wrong password";
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
            UsersFile users = AccountStore.Load(out _, out string error);
            if (users == null) return error;
            UserAccount account = users.Find(user);
            if (account == null) return "no account named " + Singularity.Security.PrincipalName.Printable(user);
            bool own = user == Processes.Role;
            if (!own && !IsAdministrator(users)) return "only an administrator changes another user's password";
            if (own && !IsAdministrator(users))
            {
                string current = Secret("current password: ", out error);
                if (current == null) return error;
                if (!UsersFile.Verify(account, current)) return "wrong password";
            }
            string password = NewPassword(out error);
            if (password == null) return error;
            error = users.Set(user, password, account.IsAdministrator) ?? AccountStore.Save(users);
            if (error == null) SystemConsole.WriteLine("passwd: changed the password of " + user);
            return error;
        }

        private string AddUser(string user, bool administrator)
        {
            UsersFile users = AccountStore.Load(out _, out string error);
            if (users == null) return error;
            if (!IsAdministrator(users)) return "only an administrator adds accounts";
            if (users.Find(user) != null) return "an account named " + user + " exists already";
            string nameError = Singularity.Security.PrincipalName.NameError("user", user);
            if (nameError != null) return nameError;
            string password = NewPassword(out error);
            if (password == null) return error;
            error = users.Set(user, password, administrator) ?? AccountStore.Save(users);
            if (error != null) return error;
            SystemConsole.WriteLine("useradd: added " + (administrator ? "the administrator " : "") + user);
            error = AccountStore.MakeHome(user);
            if (error == null) SystemConsole.WriteLine("useradd: " + user + "'s home is /fs" + AccountStore.HomeOf(user) + " (only " + user + " may use it)");
            return error;
        }

        private static string DeleteUser(string user)
        {
            UsersFile users = AccountStore.Load(out _, out string error);
            if (users == null) return error;
            if (!IsAdministrator(users)) return "only an administrator removes accounts";
            UserAccount account = users.Find(user);
            if (account == null) return "no account named " + Singularity.Security.PrincipalName.Printable(user);
            if (account.IsAdministrator && CountAdministrators(users) == 1) return user + " is the last administrator";
            users.Remove(user);
            error = AccountStore.Save(users);
            if (error == null) SystemConsole.WriteLine("userdel: removed " + user + " (processes running as " + user + " keep running)");
            return error;
        }

        /// <summary>Whether this shell's role administers accounts: its account says so, or the file has no administrator.</summary>
        private static bool IsAdministrator(UsersFile users)
        {
            UserAccount me = users.Find(Processes.Role);
            return (me != null && me.IsAdministrator) || CountAdministrators(users) == 0;
        }

        private static int CountAdministrators(UsersFile users)
        {
            int n = 0;
            foreach (UserAccount a in users.Accounts) if (a.IsAdministrator) n++;
            return n;
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
