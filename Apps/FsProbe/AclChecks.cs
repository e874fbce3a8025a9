using System;
using Sing.Storage;
using Singularity.V1;

namespace Sing.Apps.FsProbe
{
    /// <summary>The "acl" verb: run as a helper the owner of /private did not name in its ACL (the boot test's shell
    /// sets "*/shell@root rwcda" on /private, so the root shell itself may, and a program it starts may not). Every
    /// way in is refused with the ACL's reason, the ACL file is never reachable as a path, and the rest of the volume
    /// still works. Exit 0, or the number of the check that let something through.</summary>
    internal static class AclChecks
    {
        public static int Run(FileSystemClient fs)
        {
            if (!Denied(fs.ReadAll("/private/s.txt", out string error) == null, error)) return 1;
            if (!Denied(fs.List("/private", out error) == null, error)) return 2;
            if (!Denied(true, fs.WriteAll("/private/new.txt", new byte[] { 1 }))) return 3;
            if (!Denied(true, fs.Delete("/private/s.txt"))) return 4;
            if (!Denied(true, fs.Rename("/private/s.txt", "/stolen.txt"))) return 5;
            if (!Denied(true, fs.SetAcl("/private", "... rwcda"))) return 6;
            if (!Denied(true, fs.SetAcl("/private/s.txt", "... rwcda"))) return 7;
            if (!Denied(true, fs.MakeDirectory("/private/sub"))) return 8;
            // The ACL file is no client's path, whatever the spelling.
            foreach (string path in new[] { "/private/ACL$.SYS", "/private/acl$.sys", "/private/../private/ACL$.SYS", "/ACL$.SYS" })
            {
                // Refused as the ACL file, or not found where the directory has none (its entries' ACLs are in its parent's).
                if (fs.ReadAll(path, out error) != null || error == null
                    || (error.IndexOf("ACL file", StringComparison.Ordinal) < 0 && error.IndexOf("no such file", StringComparison.Ordinal) < 0))
                {
                    Debug.WriteLine("fsprobe: " + path + " should not be readable: " + (error ?? "it was"));
                    return 9;
                }
                if (fs.WriteAll(path, new byte[] { 35 }) == null) return 10;
                if (fs.Delete(path) == null) return 11;
            }
            string listing = fs.List("/", out error);
            if (listing == null || listing.IndexOf("ACL$", StringComparison.OrdinalIgnoreCase) >= 0)
            {
                Debug.WriteLine("fsprobe: the root listing shows an ACL file or failed: " + (listing ?? error));
                return 12;
            }
            // Anyone may see which ACL applies.
            string acl = fs.GetAcl("/private/s.txt", out error);
            if (acl == null || !acl.StartsWith("inherited from /private\n", StringComparison.Ordinal) || acl.IndexOf("*/shell@root\trwcda", StringComparison.Ordinal) < 0)
            {
                Debug.WriteLine("fsprobe: the ACL of /private/s.txt reads: " + (acl ?? error));
                return 13;
            }
            // What no ACL covers still works for this program.
            error = fs.WriteAll("/acl-probe.txt", new byte[] { 42 });
            byte[] back = error == null ? fs.ReadAll("/acl-probe.txt", out error) : null;
            if (back == null || back.Length != 1 || back[0] != 42)
            {
                Debug.WriteLine("fsprobe: a file outside /private: " + (error ?? "read back wrong"));
                return 14;
            }
            return 0;
        }

        /// <summary>The "delegated" verb: the boot test's shell lets "*/shell@root+*/fsprobe@root" read /deleg, so this
        /// program, started by the root shell, reads /deleg/d.txt; then it delegates its /fs channel to itself (001 §3.6),
        /// the file system sees one link more ("...+fsprobe@root+fsprobe@root"), which the ACL does not name, and the
        /// same read on the same channel is refused. Exit 0, or the number of the check that went wrong.</summary>
        public static int Delegated(FileSystemClient fs)
        {
            if (fs.ReadAll("/deleg/d.txt", out string error) == null)
            {
                Debug.WriteLine("fsprobe: /deleg/d.txt before delegating: " + error);
                return 1;
            }
            if (fs.Delegate(out ChannelEndpoint raw) != AbiStatus.Ok) return 2;
            if (Channels.Create(2, out ChannelEndpoint loopIn, out ChannelEndpoint loopOut) != AbiStatus.Ok) return 3;
            if (Channels.Send(loopIn, 1, 0, default, raw) != AbiStatus.Ok) return 4;
            if (Channels.Receive(loopOut, out ReceivedMessage back, 1000) != AbiStatus.Ok || back.Endpoint.IsNull) return 5;
            Channels.Close(loopIn);
            Channels.Close(loopOut);
            FileSystemClient delegated = FileSystemClient.Adopt(back.Endpoint);
            if (!Denied(delegated.ReadAll("/deleg/d.txt", out error) == null, error)) return 6;
            if (error.IndexOf("/fsprobe@root+singularity-project/fsprobe@root ", StringComparison.Ordinal) < 0) return 7;
            delegated.Close();
            return 0;
        }

        /// <summary>The "acl-race" verb: an ACL change takes effect at the next request, whoever races it. A second thread,
        /// on its own /fs channel, switches /race (made by the boot test's shell) between "read" and "no read" for this
        /// program while this thread reads /race/f.txt in a loop: each read returns the whole file or is refused by the
        /// ACL, nothing else. Then, in order: the read right after a change to "no read" is refused and the one right
        /// after "read" succeeds (no decision outlives a change), and a file opened while reading was allowed reads on
        /// after the ACL takes read away (rights are fixed at open), while a new open is refused. Exit 0, or the number of
        /// the check that went wrong.</summary>
        public static int Race(FileSystemClient fs)
        {
            const string Allow = "*/fsprobe@root ra", Deny = "*/fsprobe@root a";
            byte[] expected = fs.ReadAll("/race/f.txt", out string error);
            if (expected == null)
            {
                Debug.WriteLine("fsprobe: /race/f.txt: " + error);
                return 1;
            }
            if (fs.SetAcl("/race", Allow) != null) return 2;
            var toggler = new Toggler(Allow, Deny);
            var thread = new System.Threading.Thread(toggler.Run);
            thread.Start();
            int served = 0, refused = 0;
            while (!toggler.Done)
            {
                byte[] got = fs.ReadAll("/race/f.txt", out error);
                if (got != null && got.AsSpan().SequenceEqual(expected)) served++;
                else if (got == null && error != null && error.IndexOf("does not let", StringComparison.Ordinal) >= 0) refused++;
                else
                {
                    Debug.WriteLine("fsprobe: a read raced with an ACL change gave: " + (error ?? got.Length.ToString() + " bytes, not the file"));
                    return 3;
                }
            }
            thread.Join();
            if (toggler.Error != null)
            {
                Debug.WriteLine("fsprobe: the ACL toggler: " + toggler.Error);
                return 4;
            }
            Debug.WriteLine($"fsprobe: {toggler.Changes} ACL changes raced {served + refused} reads ({served} served, {refused} refused)");
            if (fs.SetAcl("/race", Deny) != null || fs.ReadAll("/race/f.txt", out _) != null) return 5;
            if (fs.SetAcl("/race", Allow) != null || fs.ReadAll("/race/f.txt", out _) == null) return 6;
            OpenFile open = fs.Open("/race/f.txt", FileSystemContract.ModeRead, out error);
            if (open == null) return 7;
            if (fs.SetAcl("/race", Deny) != null) return 8;
            var buffer = new byte[expected.Length];
            int read = open.Read(buffer, 0, buffer.Length, out error);
            open.Close();
            if (read != expected.Length) return 9;
            if (!Denied(fs.ReadAll("/race/f.txt", out error) == null, error)) return 10;
            return 0;
        }

        /// <summary>Switches /race's ACL back and forth on a channel of its own.</summary>
        private sealed class Toggler
        {
            private readonly string _allow, _deny;
            public volatile bool Done;
            public string Error;
            public int Changes;

            public Toggler(string allow, string deny)
            {
                _allow = allow;
                _deny = deny;
            }

            public void Run()
            {
                FileSystemClient own = FileSystemClient.Connect(out Error);
                for (int i = 0; own != null && Error == null && i < 40; i++)
                {
                    Error = own.SetAcl("/race", i % 2 == 0 ? _deny : _allow);
                    Changes++;
                }
                own?.Close();
                Done = true;
            }
        }

        /// <summary>True when the operation failed with the ACL's refusal (logged), false when it went through or failed otherwise.</summary>
        private static bool Denied(bool failed, string error)
        {
            if (failed && error != null && error.IndexOf("does not let", StringComparison.Ordinal) >= 0)
            {
                Debug.WriteLine("fsprobe: refused: " + error);
                return true;
            }
            Debug.WriteLine("fsprobe: expected an ACL refusal, got: " + (error ?? "success"));
            return false;
        }
    }
}
