using System.Text;
using Sing.Storage;
using Singularity.V1;

namespace Sing.Apps.Accounts
{
    /// <summary>Reads and writes the users file on the /fs volume for the login program and the shell. It tells "no file
    /// yet" (a fresh system: the login program asks for an administrator) from "could not read it" (the file system
    /// failed: nobody is let in, and nothing is overwritten).</summary>
    public static class AccountStore
    {
        private const int NotFound = 1;   // FatError.NotFound, the server's code for nothing at the path

        /// <summary>The users file's ACL (Apps/FileSystem/README.md): the login program itself (a one-link principal: the
        /// kernel started it) and nothing else, not even the shells it starts, which ask its accounts service
        /// (<see cref="AccountsContract"/>) instead.</summary>
        public const string Readers = "^singularity-project/login@system rwcda\n";

        /// <summary>Held around each load-change-save in the login program, whose console sessions and accounts service
        /// run on two threads.</summary>
        public static readonly object Gate = new object();

        public const string HomeRoot = "/home";

        public static string HomeOf(string user) => HomeRoot + "/" + user;

        /// <summary>Makes /home/USER (and /home) if missing and gives it the ACL "@USER rwcda": every program running as
        /// the user, and nothing else, may use it (what is inside inherits). Null or the reason.</summary>
        public static string MakeHome(string user)
        {
            FileSystemClient fs = FileSystemClient.Connect(out string error);
            if (fs == null) return error;
            try
            {
                foreach (string directory in new[] { HomeRoot, HomeOf(user) })
                    if (fs.Stat(directory, out bool isDirectory, out _, out _, out int failure) != null)
                    {
                        if (failure != NotFound) return directory + " cannot be read";
                        error = fs.MakeDirectory(directory);
                        if (error != null) return error;
                    }
                    else if (!isDirectory) return directory + " is not a directory";
                return fs.SetAcl(HomeOf(user), "@" + user + " rwcda\n") ?? fs.Sync();
            }
            finally
            {
                fs.Close();
            }
        }

        /// <summary>The accounts, or null with the reason. <paramref name="exists"/> is false only when the file system
        /// answered that there is no users file.</summary>
        public static UsersFile Load(out bool exists, out string error)
        {
            exists = false;
            FileSystemClient fs = FileSystemClient.Connect(out error);
            if (fs == null) return null;
            try
            {
                error = fs.Stat(UsersFile.Path, out bool directory, out _, out _, out int failure);
                if (error != null)
                {
                    if (failure != NotFound) return null;
                    error = null;
                    return UsersFile.Parse("");
                }
                exists = true;
                if (directory)
                {
                    error = UsersFile.Path + " is a directory";
                    return null;
                }
                byte[] data = fs.ReadAll(UsersFile.Path, out error);
                return data == null ? null : UsersFile.Parse(Encoding.UTF8.GetString(data));
            }
            finally
            {
                fs.Close();
            }
        }

        /// <summary>Writes <paramref name="users"/> back (creating /system if needed); null or the reason.</summary>
        public static string Save(UsersFile users)
        {
            FileSystemClient fs = FileSystemClient.Connect(out string error);
            if (fs == null) return error;
            try
            {
                string directory = UsersFile.Path.Substring(0, UsersFile.Path.LastIndexOf('/'));
                if (fs.Stat(directory, out bool isDirectory, out _, out _, out int failure) != null && failure == NotFound) error = fs.MakeDirectory(directory);
                else if (!isDirectory) error = directory + " is not a directory";
                error ??= fs.WriteAll(UsersFile.Path, Encoding.UTF8.GetBytes(users.Format()));
                // Only the login program and the shells it starts read or change the accounts: no other program (an
                // application, a helper a shell starts) gets the hashes.
                error ??= fs.SetAcl(UsersFile.Path, Readers);
                return error ?? fs.Sync();
            }
            finally
            {
                fs.Close();
            }
        }
    }
}
