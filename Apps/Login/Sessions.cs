using Sing.Apps.Accounts;
using Sing.Apps.Shell;
using Singularity.V1;

namespace Sing.Apps.Login
{
    /// <summary>Console sessions: asks for a name and password, checks them against the users file, and runs the shell
    /// in the user's role until it ends (logout). A fresh system (no users file) first creates its administrator.
    /// Each failed attempt waits longer (1, 2, 4 ... 16 s), so guessing over the console is slow.</summary>
    internal sealed class Sessions
    {
        public const int MaxDelaySeconds = 16;
        private const int RetrySeconds = 5;

        private readonly LineReader _reader = new LineReader();
        private int _failures;

        /// <summary>One login (or one attempt); false when the console cannot be read.</summary>
        public bool Next()
        {
            UsersFile users;
            bool exists;
            string error;
            lock (AccountStore.Gate) users = AccountStore.Load(out exists, out error);
            if (users == null)
            {
                // Never a session without the accounts: a file system that is not (yet, or any more) there lets no one in.
                SystemConsole.WriteLine($"login: cannot read the accounts: {error}; trying again in {RetrySeconds} s (or boot with user=NAME)");
                Threads.Sleep(RetrySeconds * 1000);
                return true;
            }
            foreach (string problem in users.Problems) SystemConsole.WriteLine($"login: {UsersFile.Path}: {problem} (skipped)");
            if (!exists) return CreateAdministrator(users);
            if (users.Accounts.Count == 0)
            {
                SystemConsole.WriteLine($"login: {UsersFile.Path} holds no usable account; trying again in {RetrySeconds} s");
                Threads.Sleep(RetrySeconds * 1000);
                return true;
            }
            string name = Read("login: ", echo: true);
            if (name == null) return false;
            name = name.Trim();
            if (name.Length == 0) return true;
            string password = Read("password: ", echo: false);
            if (password == null) return false;
            UserAccount account = users.Find(name);
            // An unknown name costs the same derivation as a wrong password: the time does not tell which it was.
            bool accepted = account != null ? UsersFile.Verify(account, password) : UsersFile.VerifyUnknown(password);
            if (!accepted)
            {
                _failures++;
                int delay = _failures > 5 ? MaxDelaySeconds : 1 << (_failures - 1);
                SystemConsole.WriteLine($"login incorrect (wait {delay} s)");
                Threads.Sleep((ulong)delay * 1000);
                return true;
            }
            _failures = 0;
            Shell(name, "script=false");
            return true;
        }

        /// <summary>A fresh system: the console's user names the administrator and sets its password (twice).</summary>
        private bool CreateAdministrator(UsersFile users)
        {
            SystemConsole.WriteLine("login: no accounts yet: create the administrator");
            string name = Read("administrator name: ", echo: true);
            if (name == null) return false;
            name = name.Trim();
            string password = Read("password: ", echo: false);
            if (password == null) return false;
            string again = Read("password again: ", echo: false);
            if (again == null) return false;
            if (password != again)
            {
                SystemConsole.WriteLine("login: the passwords differ; nothing was created");
                return true;
            }
            string error;
            lock (AccountStore.Gate)
            {
                // The accounts service may have made the file meanwhile (a user= shell's useradd): never overwrite it.
                AccountStore.Load(out bool exists, out error);
                error ??= exists ? UsersFile.Path + " was created meanwhile" : users.Set(name, password, administrator: true) ?? AccountStore.Save(users);
            }
            SystemConsole.WriteLine(error == null ? $"login: created the administrator {name} in {UsersFile.Path}" : $"login: {error}; nothing was created");
            return true;
        }

        private string Read(string prompt, bool echo)
        {
            SystemConsole.Write(prompt);
            return _reader.ReadLine(echo);
        }

        /// <summary>Runs the shell in <paramref name="role"/> until it ends; false when it could not start.</summary>
        public static bool Shell(string role, string arguments)
        {
            AbiStatus status = Processes.CreateInRole("shell", arguments, role, out ProcessHandle shell);
            if (status == AbiStatus.Ok) status = Processes.Start(shell);
            if (status != AbiStatus.Ok)
            {
                SystemConsole.WriteLine($"login: cannot start the shell as {role}: {status}");
                return false;
            }
            Processes.Join(shell, ulong.MaxValue, out int code);
            Processes.Close(shell);
            if (!arguments.StartsWith("--lines", System.StringComparison.Ordinal)) SystemConsole.WriteLine($"login: {role} logged out");
            return code == 0;
        }
    }
}
