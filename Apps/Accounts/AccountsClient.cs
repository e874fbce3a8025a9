using Sing.Contracts;
using Sing.Contracts.Sip;
using Sing.Storage;

namespace Sing.Apps.Accounts
{
    /// <summary>The shell's side of /service/accounts (<see cref="AccountsContract"/>): each call is one request and its
    /// answer; a refusal comes back as the service's sentence.</summary>
    public sealed class AccountsClient
    {
        private readonly TRef<AccountsContract.Imp> _channel;

        private AccountsClient([Claims] AccountsContract.Imp channel) { _channel = new TRef<AccountsContract.Imp>(channel); }

        /// <summary>Binds /service/accounts; null and the reason when nothing serves it.</summary>
        public static AccountsClient Connect(out string error)
        {
            if (KernelEndpoints.Bind(AccountsContract.Path) is IChannelTransport transport)
            {
                error = null;
                return new AccountsClient(AccountsContract.Imp.Attach(transport, AccountsContract.States.Ready));
            }
            error = "no accounts service at " + AccountsContract.Path + " (the login program serves it)";
            return null;
        }

        public void Close() => _channel.Acquire().Free();

        /// <summary>Whether <paramref name="user"/> has an account and whether this caller administers accounts; null or the reason.</summary>
        public string Describe(string user, out bool exists, out bool callerAdministers)
        {
            exists = callerAdministers = false;
            AccountsContract.Imp accounts = _channel.Acquire();
            accounts.SendDescribe(TextVector.From(user));
            AccountsContract.Imp.ReadyAfterDescribeReceived r = accounts.ReceiveReadyAfterDescribe();
            string error = null;
            switch (r.Tag)
            {
                case AccountsContract.Imp.ReadyAfterDescribeTag.Account:
                    r.GetAccount(out int has, out int administers);
                    exists = has != 0;
                    callerAdministers = administers != 0;
                    break;
                case AccountsContract.Imp.ReadyAfterDescribeTag.Refused:
                    r.GetRefused(out ExVector<char> reason);
                    error = Take(reason);
                    break;
                default:
                    error = Closed;
                    break;
            }
            _channel.Release(accounts);
            return error;
        }

        public string CheckPassword(string user, string password)
        {
            AccountsContract.Imp accounts = _channel.Acquire();
            accounts.SendCheckPassword(TextVector.From(user), TextVector.From(password));
            AccountsContract.Imp.ReadyAfterCheckPasswordReceived r = accounts.ReceiveReadyAfterCheckPassword();
            string error = r.Tag == AccountsContract.Imp.ReadyAfterCheckPasswordTag.Done ? null : Closed;
            if (r.Tag == AccountsContract.Imp.ReadyAfterCheckPasswordTag.Refused)
            {
                r.GetRefused(out ExVector<char> reason);
                error = Take(reason);
            }
            _channel.Release(accounts);
            return error;
        }

        public string SetPassword(string user, string current, string password)
        {
            AccountsContract.Imp accounts = _channel.Acquire();
            accounts.SendSetPassword(TextVector.From(user), TextVector.From(current + password), current.Length);
            AccountsContract.Imp.ReadyAfterSetPasswordReceived r = accounts.ReceiveReadyAfterSetPassword();
            string error = r.Tag == AccountsContract.Imp.ReadyAfterSetPasswordTag.Done ? null : Closed;
            if (r.Tag == AccountsContract.Imp.ReadyAfterSetPasswordTag.Refused)
            {
                r.GetRefused(out ExVector<char> reason);
                error = Take(reason);
            }
            _channel.Release(accounts);
            return error;
        }

        public string AddUser(string user, string password, bool administrator)
        {
            AccountsContract.Imp accounts = _channel.Acquire();
            accounts.SendAddUser(TextVector.From(user), TextVector.From(password), administrator ? 1 : 0);
            AccountsContract.Imp.ReadyAfterAddUserReceived r = accounts.ReceiveReadyAfterAddUser();
            string error = r.Tag == AccountsContract.Imp.ReadyAfterAddUserTag.Done ? null : Closed;
            if (r.Tag == AccountsContract.Imp.ReadyAfterAddUserTag.Refused)
            {
                r.GetRefused(out ExVector<char> reason);
                error = Take(reason);
            }
            _channel.Release(accounts);
            return error;
        }

        public string RemoveUser(string user)
        {
            AccountsContract.Imp accounts = _channel.Acquire();
            accounts.SendRemoveUser(TextVector.From(user));
            AccountsContract.Imp.ReadyAfterRemoveUserReceived r = accounts.ReceiveReadyAfterRemoveUser();
            string error = r.Tag == AccountsContract.Imp.ReadyAfterRemoveUserTag.Done ? null : Closed;
            if (r.Tag == AccountsContract.Imp.ReadyAfterRemoveUserTag.Refused)
            {
                r.GetRefused(out ExVector<char> reason);
                error = Take(reason);
            }
            _channel.Release(accounts);
            return error;
        }

        private const string Closed = "the accounts service closed the channel";

        private static string Take([Claims] ExVector<char> reason)
        {
            string text = TextVector.Read(reason);
            reason.Free();
            return text;
        }
    }
}
