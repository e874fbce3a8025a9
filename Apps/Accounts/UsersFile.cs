// Shared by the login program and the shell (SIPs, compiled without nullable annotations) and the host tests.
#nullable disable
using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using System.Text;

namespace Sing.Apps.Accounts
{
    /// <summary>One account of the users file: a name (a principal role name), whether it administers accounts, and its
    /// password as a salted, iterated PBKDF2-HMAC-SHA256 hash.</summary>
    public sealed class UserAccount
    {
        public string Name { get; init; } = "";
        public bool IsAdministrator { get; init; }
        public int Iterations { get; init; }
        public byte[] Salt { get; init; } = Array.Empty<byte>();
        public byte[] Hash { get; init; } = Array.Empty<byte>();
    }

    /// <summary>The users file (/system/users on the /fs volume; format in Apps/Accounts/README.md): one account per line,
    /// "name:administrator|user:pbkdf2-sha256:iterations:salt-hex:hash-hex", '#' comments. A damaged line is reported
    /// with its number and skipped, never guessed at; the accounts on good lines still work.</summary>
    public sealed class UsersFile
    {
        /// <summary>Where the file lives on the /fs volume (read-only to applications).</summary>
        public const string Path = "/system/users";
        public const string Scheme = "pbkdf2-sha256";
        public const int SaltBytes = 16;
        public const int HashBytes = 32;

        /// <summary>Iterations for new passwords. Each login costs this many HMAC-SHA256 pairs; raise it when guests run faster.</summary>
        public const int DefaultIterations = 20_000;
        public const int MinIterations = 1_000;
        public const int MaxIterations = 10_000_000;
        public const int MaxPasswordLength = 256;

        private readonly List<UserAccount> _accounts = new List<UserAccount>();
        private readonly List<string> _problems = new List<string>();

        public IReadOnlyList<UserAccount> Accounts => _accounts;

        /// <summary>Why each damaged line was skipped ("line N: ...").</summary>
        public IReadOnlyList<string> Problems => _problems;

        public static UsersFile Parse(string text)
        {
            var file = new UsersFile();
            string[] lines = (text ?? "").Split('\n');
            for (int i = 0; i < lines.Length; i++)
            {
                string line = lines[i].TrimEnd('\r');
                if (line.Trim().Length == 0 || line.TrimStart().StartsWith('#')) continue;
                string error = ParseLine(line, out UserAccount account);
                if (error == null && file.Find(account.Name) != null) error = "a second account named " + account.Name;
                if (error != null) file._problems.Add("line " + (i + 1).ToString() + ": " + error);
                else file._accounts.Add(account);
            }
            return file;
        }

        private static string ParseLine(string line, out UserAccount account)
        {
            account = null;
            string[] fields = line.Split(':');
            if (fields.Length != 6) return "expected 6 fields separated by ':' (name:administrator|user:" + Scheme + ":iterations:salt:hash), found " + fields.Length.ToString();
            string error = Singularity.Security.PrincipalName.NameError("user", fields[0]);
            if (error != null) return error;
            if (fields[1] != "administrator" && fields[1] != "user") return "the second field is \"" + Printable(fields[1]) + "\", not administrator or user";
            if (fields[2] != Scheme) return "unknown password scheme \"" + Printable(fields[2]) + "\" (only " + Scheme + ")";
            if (!int.TryParse(fields[3], System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out int iterations)
                || iterations < MinIterations || iterations > MaxIterations)
                return "iterations \"" + Printable(fields[3]) + "\" is not a number from " + MinIterations.ToString() + " to " + MaxIterations.ToString();
            byte[] salt = Hex(fields[4], SaltBytes);
            if (salt == null) return "the salt is not " + SaltBytes.ToString() + " bytes of hexadecimal";
            byte[] hash = Hex(fields[5], HashBytes);
            if (hash == null) return "the hash is not " + HashBytes.ToString() + " bytes of hexadecimal";
            account = new UserAccount { Name = fields[0], IsAdministrator = fields[1] == "administrator", Iterations = iterations, Salt = salt, Hash = hash };
            return null;
        }

        private static byte[] Hex(string text, int bytes)
        {
            if (text.Length != bytes * 2) return null;
            for (int i = 0; i < text.Length; i++) if (!char.IsAsciiHexDigit(text[i])) return null;
            return Convert.FromHexString(text);
        }

        private static string Printable(string text) => Singularity.Security.PrincipalName.Printable(text);

        public UserAccount Find(string name)
        {
            foreach (UserAccount a in _accounts) if (a.Name == name) return a;
            return null;
        }

        /// <summary>The file's text: a header comment and one line per account (damaged lines are not written back).</summary>
        public string Format()
        {
            var text = new StringBuilder("# Singularity accounts: name:administrator|user:" + Scheme + ":iterations:salt:hash (Apps/Accounts/README.md)\n");
            foreach (UserAccount a in _accounts)
                text.Append(a.Name).Append(':').Append(a.IsAdministrator ? "administrator" : "user").Append(':').Append(Scheme).Append(':')
                    .Append(a.Iterations.ToString(System.Globalization.CultureInfo.InvariantCulture)).Append(':')
                    .Append(Convert.ToHexStringLower(a.Salt)).Append(':').Append(Convert.ToHexStringLower(a.Hash)).Append('\n');
            return text.ToString();
        }

        /// <summary>Adds or replaces <paramref name="name"/>'s account with a new salt and hash of <paramref name="password"/>;
        /// the reason when the name or password is not acceptable.</summary>
        public string Set(string name, string password, bool administrator, int iterations = DefaultIterations)
        {
            string error = Singularity.Security.PrincipalName.NameError("user", name) ?? PasswordError(password);
            if (error != null) return error;
            if (name == Singularity.Security.PrincipalName.SystemRole) return "\"system\" is the role of the system's own programs, not a user";
            byte[] salt = RandomNumberGenerator.GetBytes(SaltBytes);
            var account = new UserAccount { Name = name, IsAdministrator = administrator, Iterations = iterations, Salt = salt, Hash = Derive(password, salt, iterations) };
            Remove(name);
            _accounts.Add(account);
            return null;
        }

        public bool Remove(string name) => _accounts.RemoveAll(a => a.Name == name) > 0;

        /// <summary>How many accounts are marked administrator.</summary>
        public int AdministratorCount
        {
            get
            {
                int n = 0;
                foreach (UserAccount a in _accounts) if (a.IsAdministrator) n++;
                return n;
            }
        }

        public static string PasswordError(string password)
        {
            if (string.IsNullOrEmpty(password)) return "the password is empty";
            if (password.Length > MaxPasswordLength) return "the password is longer than " + MaxPasswordLength.ToString() + " characters";
            return null;
        }

        /// <summary>Whether <paramref name="password"/> is <paramref name="account"/>'s: the derived hash compared in constant time.</summary>
        public static bool Verify(UserAccount account, string password)
        {
            if (PasswordError(password) != null) return false;
            return CryptographicOperations.FixedTimeEquals(Derive(password, account.Salt, account.Iterations), account.Hash);
        }

        /// <summary>What <see cref="Verify"/> costs, for a name with no account: always false.</summary>
        public static bool VerifyUnknown(string password)
        {
            Derive(password ?? "", new byte[SaltBytes], DefaultIterations);
            return false;
        }

        private static byte[] Derive(string password, byte[] salt, int iterations) =>
            Rfc2898DeriveBytes.Pbkdf2(password, salt, iterations, HashAlgorithmName.SHA256, HashBytes);
    }
}
