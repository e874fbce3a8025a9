using Sing.Contracts;

namespace Sing.Apps.Accounts
{
    /// <summary>The accounts service at /service/accounts (Apps/Accounts/README.md), served by the login program, the
    /// only program that reads or writes the users file. Its clients are the shells the login program started (their
    /// principal is "login@system+...+shell@ROLE"); every request is decided for the caller's role as the kernel records
    /// it, never for a name the request carries. Names, passwords and reasons travel as character vectors
    /// (Sing.Storage.TextVector). Account answers Describe: whether the account exists and whether the caller
    /// administers accounts (an administrator's role, or anyone while the file names no administrator).</summary>
    [Contract]
    [State("Ready",
        "Describe? -> (Account! | Refused!) -> Ready",
        "CheckPassword? -> (Done! | Refused!) -> Ready",
        "SetPassword? -> (Done! | Refused!) -> Ready",
        "AddUser? -> (Done! | Refused!) -> Ready",
        "RemoveUser? -> (Done! | Refused!) -> Ready")]
    public sealed partial class AccountsContract
    {
        public const string Path = "/service/accounts";

        [InMessage] partial void Describe(ExVector<char> user);
        [OutMessage] partial void Account(int exists, int callerAdministers);
        /// <summary>su: the account's password (a wrong one waits, as at the login prompt).</summary>
        [InMessage] partial void CheckPassword(ExVector<char> user, ExVector<char> password);
        /// <summary>passwd: the caller's own account with its current password, or any account for an administrator
        /// (current ignored). A message carries at most two vectors: the current password is the first
        /// <c>currentLength</c> characters of <c>passwords</c>, the new one the rest.</summary>
        [InMessage] partial void SetPassword(ExVector<char> user, ExVector<char> passwords, int currentLength);
        /// <summary>useradd (administrators): administrator is 0 or 1.</summary>
        [InMessage] partial void AddUser(ExVector<char> user, ExVector<char> password, int administrator);
        /// <summary>userdel (administrators), never the last administrator.</summary>
        [InMessage] partial void RemoveUser(ExVector<char> user);
        [OutMessage] partial void Done();
        [OutMessage] partial void Refused(ExVector<char> reason);
    }
}
