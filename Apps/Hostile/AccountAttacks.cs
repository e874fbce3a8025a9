using System;
using Sing.Apps.Accounts;
using Sing.Storage;
using Singularity.V1;

namespace Sing.Apps.Hostile
{
    /// <summary>The "accounts" verb, run from a user's shell: the login program's accounts service answers only the
    /// shells it started, so this program (started by one, so its principal ends in its own link) is refused every
    /// request, whichever account it names and whatever it claims to be; and the users file is not readable by it.
    /// Exit 0 when everything was refused, else the number of the check that went through.</summary>
    internal static class AccountAttacks
    {
        public static int Run()
        {
            AccountsClient accounts = AccountsClient.Connect(out string error);
            if (accounts == null)
            {
                Debug.WriteLine("hostile accounts: " + error);
                return 1;
            }
            if (!Refused(accounts.Describe("admin", out _, out _))) return 2;
            if (!Refused(accounts.CheckPassword("admin", "guess-1"))) return 3;
            if (!Refused(accounts.SetPassword("admin", "", "Pwn3d-now"))) return 4;
            if (!Refused(accounts.AddUser("mallory", "Pwn3d-now", true))) return 5;
            if (!Refused(accounts.RemoveUser("admin"))) return 6;
            accounts.Close();
            FileSystemClient fs = FileSystemClient.Connect(out error);
            if (fs == null) return 7;
            byte[] hashes = fs.ReadAll("/system/users", out error);
            fs.Close();
            if (hashes != null || error == null || error.IndexOf("does not let", StringComparison.Ordinal) < 0)
            {
                Debug.WriteLine("hostile accounts: /system/users should be refused, got: " + (error ?? "its contents"));
                return 8;
            }
            return 0;
        }

        private static bool Refused(string error)
        {
            if (error != null && error.StartsWith("only the shells the login program starts", StringComparison.Ordinal)) return true;
            Debug.WriteLine("hostile accounts: expected the service's refusal, got: " + (error ?? "success"));
            return false;
        }
    }
}
