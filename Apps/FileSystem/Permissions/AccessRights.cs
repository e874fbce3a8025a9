#nullable enable
using System;
using System.Text;

namespace Sing.Storage.Permissions
{
    /// <summary>What an ACL entry allows (Apps/FileSystem/README.md, "Access control lists"): read a file or list a
    /// directory, write a file, create in a directory, delete, change the ACL.</summary>
    [Flags]
    public enum AccessRights
    {
        None = 0,
        Read = 1,
        Write = 2,
        Create = 4,
        Delete = 8,
        ChangeAcl = 16,
        All = Read | Write | Create | Delete | ChangeAcl,
    }

    public static class Rights
    {
        private const string Letters = "rwcda";

        /// <summary>"rwcda" (any subset, any order, '-' for a right not given: "rw---"; "-" alone is none); false and the
        /// reason for anything else.</summary>
        public static bool TryParse(string text, out AccessRights rights, out string? error)
        {
            rights = AccessRights.None;
            error = null;
            if (text == "-") return true;
            if (text.Length == 0 || text.Length > Letters.Length)
            {
                error = "rights \"" + Printable(text) + "\" are not letters of rwcda (read, write, create, delete, change ACL) or '-'";
                return false;
            }
            foreach (char c in text)
            {
                if (c == '-') continue;   // Format's placeholder for a right not given ("rw---")
                int bit = Letters.IndexOf(c);
                if (bit < 0)
                {
                    error = "rights \"" + Printable(text) + "\" have '" + Printable(c.ToString()) + "', not one of rwcda (read, write, create, delete, change ACL)";
                    return false;
                }
                rights |= (AccessRights)(1 << bit);
            }
            return true;
        }

        /// <summary>Five letters, '-' where a right is missing: "rw---".</summary>
        public static string Format(AccessRights rights)
        {
            var text = new StringBuilder(Letters.Length);
            for (int bit = 0; bit < Letters.Length; bit++) text.Append(((int)rights & (1 << bit)) != 0 ? Letters[bit] : '-');
            return text.ToString();
        }

        public static string Describe(AccessRights rights) => rights switch
        {
            AccessRights.Read => "read",
            AccessRights.Write => "write",
            AccessRights.Create => "create",
            AccessRights.Delete => "delete",
            AccessRights.ChangeAcl => "change the ACL of",
            _ => Format(rights),
        };

        private static string Printable(string text) => Singularity.Security.PrincipalName.Printable(text);
    }
}
