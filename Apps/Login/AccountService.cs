using System;
using Sing.Apps.Accounts;
using Sing.Contracts;
using Sing.Contracts.Sip;
using Sing.Services;
using Sing.Storage;
using Singularity.Security;
using Singularity.V1;

namespace Sing.Apps.Login
{
    /// <summary>/service/accounts (<see cref="AccountsContract"/>), on a thread of its own beside the console sessions:
    /// the shells the login program started ask it to check a password (su), change one (passwd), add or remove an
    /// account (useradd, userdel), so that no program but this one reads the users file, whose ACL names only it.
    /// Each request is decided for the caller's role, read from the kernel's record of the channel at that request
    /// (so a shell that delegated its channel to a helper is refused); a wrong password waits as at the login prompt
    /// (1, 2, 4 ... 16 s), and so does every later request meanwhile.</summary>
    internal sealed class AccountService
    {
        private sealed class Door { }

        /// <summary>A shell the login program started, in any role, however deep in su's: the only clients served.</summary>
        private static readonly PrincipalPattern Shells = Parse("^singularity-project/login@system+...+singularity-project/shell");

        private readonly EndpointSet<Endpoint> _set = new EndpointSet<Endpoint>();
        private readonly Door _door = new Door();
        private int _failures;

        /// <summary>Serves the registration the binder made from the manifest, on a new thread.</summary>
        public static void Start(ChannelEndpoint requests)
        {
            AbiStatus checking = KernelEndpoints.CheckBinds(requests, AccountsContract.Protocol);
            if (checking != AbiStatus.Ok)
            {
                Debug.WriteLine("login: cannot have " + AccountsContract.Path + "'s channels checked: " + checking.ToString() + "; it is not served");
                Channels.Close(requests);
                return;
            }
            var service = new AccountService();
            service._set.Add(RegistrationDoor.Exp.Attach(KernelEndpoints.Wrap(requests), RegistrationDoor.States.Open), service._door);
            new System.Threading.Thread(service.Run).Start();
        }

        private static PrincipalPattern Parse(string text)
        {
            if (!PrincipalPattern.TryParse(text, out PrincipalPattern pattern, out string error)) throw new InvalidOperationException(error);
            return pattern;
        }

        private void Run()
        {
            while (_set.Count > 0)
            {
                Endpoint ready = _set.Take(Select.Infinite, out object state);
                if (ready == null) continue;
                if (state == _door)
                {
                    Accept(ready);
                    continue;
                }
                try
                {
                    Serve((AccountsContract.Exp)ready);
                }
                catch (Exception e) when (e is ProtocolViolationException or InvalidOperationException or ArgumentException or LinearityViolationException)
                {
                    // One client's wrong request costs its channel only.
                    Debug.WriteLine("login: an accounts request failed: " + e.Message + "; its channel is closed");
                    if (ready.IsOwned) ready.Free();
                }
            }
        }

        private void Accept([Claims] Endpoint door)
        {
            AbiStatus status = KernelEndpoints.ReceivePlain(door, out ReceivedMessage request, 0);
            if (status == AbiStatus.ChannelClosed)
            {
                door.Free();
                return;
            }
            _set.Add(door, _door);
            if (status != AbiStatus.Ok || request.Tag != Names.ConnectRequestTag || request.Endpoint.IsNull) return;
            _set.Add(AccountsContract.Exp.Attach(KernelEndpoints.Wrap(request.Endpoint), AccountsContract.States.Ready));
        }

        private void Serve([Claims] AccountsContract.Exp client)
        {
            AccountsContract.Exp.ReadyReceived r = client.ReceiveReady();
            if (r.Tag == AccountsContract.Exp.ReadyTag.ChannelClosed)
            {
                client.Free();
                return;
            }
            string caller = KernelEndpoints.PrincipalOf(client) ?? "";
            string role = PrincipalName.RoleOf(caller);
            string refusal = Shells.Matches(caller) ? null
                : "only the shells the login program starts use the accounts (" + PrincipalName.Printable(caller) + " is not one)";
            switch (r.Tag)
            {
                case AccountsContract.Exp.ReadyTag.Describe:
                {
                    r.GetDescribe(out ExVector<char> userVector);
                    string user = Take(userVector);
                    bool exists = false, administers = false;
                    if (refusal == null)
                        lock (AccountStore.Gate)
                        {
                            UsersFile users = AccountStore.Load(out _, out refusal);
                            if (users != null)
                            {
                                exists = users.Find(user) != null;
                                administers = Administers(users, role);
                            }
                        }
                    if (refusal == null) client.SendAccount(exists ? 1 : 0, administers ? 1 : 0);
                    else client.SendRefused(TextVector.From(refusal));
                    break;
                }
                case AccountsContract.Exp.ReadyTag.CheckPassword:
                {
                    r.GetCheckPassword(out ExVector<char> userVector, out ExVector<char> passwordVector);
                    string user = Take(userVector), password = Take(passwordVector);
                    refusal ??= CheckPassword(user, password);
                    Answer(client, refusal);
                    break;
                }
                case AccountsContract.Exp.ReadyTag.SetPassword:
                {
                    r.GetSetPassword(out ExVector<char> userVector, out ExVector<char> passwordsVector, out int currentLength);
                    string user = Take(userVector), passwords = Take(passwordsVector);
                    if (currentLength < 0 || currentLength > passwords.Length) refusal ??= "the current password's length is outside the passwords sent";
                    else refusal ??= SetPassword(role, user, passwords.Substring(0, currentLength), passwords.Substring(currentLength));
                    Answer(client, refusal);
                    break;
                }
                case AccountsContract.Exp.ReadyTag.AddUser:
                {
                    r.GetAddUser(out ExVector<char> userVector, out ExVector<char> passwordVector, out int administrator);
                    string user = Take(userVector), password = Take(passwordVector);
                    refusal ??= AddUser(role, user, password, administrator != 0);
                    Answer(client, refusal);
                    break;
                }
                default:
                {
                    r.GetRemoveUser(out ExVector<char> userVector);
                    string user = Take(userVector);
                    refusal ??= RemoveUser(role, user);
                    Answer(client, refusal);
                    break;
                }
            }
            _set.Add(client);
        }

        private static void Answer(AccountsContract.Exp client, string refusal)
        {
            if (refusal == null) client.SendDone();
            else client.SendRefused(TextVector.From(refusal));
        }

        private string CheckPassword(string user, string password)
        {
            bool accepted;
            string error;
            lock (AccountStore.Gate)
            {
                UsersFile users = AccountStore.Load(out _, out error);
                if (users == null) return error;
                UserAccount account = users.Find(user);
                // An unknown name costs the same derivation as a wrong password.
                accepted = account != null ? UsersFile.Verify(account, password) : UsersFile.VerifyUnknown(password);
            }
            return accepted ? Succeeded() : Failed();
        }

        private string SetPassword(string role, string user, string current, string password)
        {
            lock (AccountStore.Gate)
            {
                UsersFile users = AccountStore.Load(out _, out string error);
                if (users == null) return error;
                UserAccount account = users.Find(user);
                if (account == null) return "no account named " + PrincipalName.Printable(user);
                bool administers = Administers(users, role);
                if (user != role && !administers) return "only an administrator changes another user's password";
                if (!administers && !UsersFile.Verify(account, current))
                {
                    error = "wrong password";
                }
                else
                {
                    error = UsersFile.PasswordError(password) ?? users.Set(user, password, account.IsAdministrator) ?? AccountStore.Save(users);
                    return error ?? Succeeded();
                }
            }
            return Failed();
        }

        private static string AddUser(string role, string user, string password, bool administrator)
        {
            lock (AccountStore.Gate)
            {
                UsersFile users = AccountStore.Load(out _, out string error);
                if (users == null) return error;
                if (!Administers(users, role)) return "only an administrator adds accounts";
                if (users.Find(user) != null) return "an account named " + PrincipalName.Printable(user) + " exists already";
                return PrincipalName.NameError("user", user) ?? UsersFile.PasswordError(password) ?? users.Set(user, password, administrator) ?? AccountStore.Save(users);
            }
        }

        private static string RemoveUser(string role, string user)
        {
            lock (AccountStore.Gate)
            {
                UsersFile users = AccountStore.Load(out _, out string error);
                if (users == null) return error;
                if (!Administers(users, role)) return "only an administrator removes accounts";
                UserAccount account = users.Find(user);
                if (account == null) return "no account named " + PrincipalName.Printable(user);
                if (account.IsAdministrator && users.AdministratorCount == 1) return user + " is the last administrator";
                users.Remove(user);
                return AccountStore.Save(users);
            }
        }

        /// <summary>Whether <paramref name="role"/> administers accounts: its account says so, or the file names no
        /// administrator (so a system booted with user= can make its first).</summary>
        private static bool Administers(UsersFile users, string role)
        {
            UserAccount account = users.Find(role);
            return (account != null && account.IsAdministrator) || users.AdministratorCount == 0;
        }

        private string Succeeded()
        {
            _failures = 0;
            return null;
        }

        /// <summary>A wrong password: the answer waits 1, 2, 4, 8, then 16 s (the login prompt's delays).</summary>
        private string Failed()
        {
            _failures++;
            int delay = _failures > 5 ? Sessions.MaxDelaySeconds : 1 << (_failures - 1);
            Threads.Sleep((ulong)delay * 1000);
            return "wrong password";
        }

        private static string Take([Claims] ExVector<char> vector)
        {
            string text = TextVector.Read(vector);
            vector.Free();
            return text;
        }
    }
}
