#nullable enable
using System;
using System.Collections.Generic;
using System.Text;
using Sing.Storage.Fat;

namespace Sing.Storage.Permissions
{
    /// <summary>Discretionary access control on the volume (001 §3.6; Apps/FileSystem/README.md): each file or directory
    /// may have an explicit ACL, kept in its directory's ACL file (<see cref="FileName"/>; the root's in the root's under
    /// "."); one without inherits its directory's, up to the root; a volume with none anywhere lets everyone do
    /// everything (the access rule of the manifest still applies). A principal gets the union of the rights of the
    /// entries whose patterns match it. Paths here are canonical (FatVolume.Canonical). Parsed files are cached and
    /// dropped when the server changes them.</summary>
    public sealed class AccessControl
    {
        /// <summary>The ACL file of each directory: a plain 8.3 file other systems see (and may delete: then the entries
        /// of that directory inherit). The server hides it from listings and refuses it as a path.</summary>
        public const string FileName = "ACL$.SYS";

        private readonly FatVolume _volume;
        private readonly Dictionary<string, DirectoryAcl> _cache = new Dictionary<string, DirectoryAcl>(StringComparer.OrdinalIgnoreCase);

        /// <summary>Problems found in ACL files (damaged lines), each reported once.</summary>
        public readonly List<string> Problems = new List<string>();

        public AccessControl(FatVolume volume) { _volume = volume; }

        /// <summary>Whether <paramref name="canonicalPath"/>'s last component is an ACL file (never a client's path).</summary>
        public static bool IsAclFile(string canonicalPath)
        {
            List<string> parts = FatPath.Split(canonicalPath);
            return parts.Count > 0 && FatPath.SameName(parts[parts.Count - 1], FileName);
        }

        /// <summary>The ACL that applies to <paramref name="canonicalPath"/> and the path it is set on (the path itself or
        /// the nearest ancestor with one); null when nothing up to the root has one (everyone may do everything).</summary>
        public IReadOnlyList<AclEntry>? Effective(string canonicalPath, out string setOn)
        {
            if (_effective.TryGetValue(canonicalPath, out Applying known))
            {
                setOn = known.SetOn;
                return known.Entries;
            }
            IReadOnlyList<AclEntry>? entries = Walk(canonicalPath, out setOn);
            if (_effective.Count >= MaxRemembered) _effective.Clear();   // a client naming endless paths cannot grow it
            _effective[canonicalPath] = new Applying(entries, setOn);
            return entries;
        }

        /// <summary>What applies to each path asked about since the last change of an ACL (most opens find their answer
        /// here: one lookup, no walk up the tree). Any ACL change, delete or rename forgets it all.</summary>
        private readonly Dictionary<string, Applying> _effective = new Dictionary<string, Applying>(StringComparer.OrdinalIgnoreCase);
        private const int MaxRemembered = 4096;

        private readonly struct Applying
        {
            public Applying(IReadOnlyList<AclEntry>? entries, string setOn)
            {
                Entries = entries;
                SetOn = setOn;
            }

            public IReadOnlyList<AclEntry>? Entries { get; }
            public string SetOn { get; }
        }

        private IReadOnlyList<AclEntry>? Walk(string canonicalPath, out string setOn)
        {
            List<string> parts = FatPath.Split(canonicalPath);
            for (int count = parts.Count; count >= 0; count--)
            {
                IReadOnlyList<AclEntry>? entries = Explicit(parts, count);
                if (entries != null)
                {
                    setOn = "/" + FatPath.Join(parts, count).TrimStart('/');
                    return entries;
                }
            }
            setOn = "";
            return null;
        }

        /// <summary>The explicit ACL of the item at the first <paramref name="count"/> parts, or null.</summary>
        private IReadOnlyList<AclEntry>? Explicit(List<string> parts, int count) =>
            count == 0 ? Load(new List<string>(), 0).Of(".") : Load(parts, count - 1).Of(parts[count - 1]);

        /// <summary>What <paramref name="principal"/> may do to <paramref name="canonicalPath"/>.</summary>
        public AccessRights RightsOf(string principal, string canonicalPath)
        {
            IReadOnlyList<AclEntry>? entries = Effective(canonicalPath, out _);
            return entries == null ? AccessRights.All : Granted(principal, entries);
        }

        /// <summary>The union of the rights of the entries that match <paramref name="principal"/>. Each principal's last
        /// answer is kept with the list it was for (lists are replaced, never changed, when an ACL changes), so a client
        /// working under one ACL matches its patterns once.</summary>
        private AccessRights Granted(string principal, IReadOnlyList<AclEntry> entries)
        {
            if (_granted.TryGetValue(principal, out (IReadOnlyList<AclEntry> Entries, AccessRights Rights) last) && ReferenceEquals(last.Entries, entries))
                return last.Rights;
            AccessRights granted = AccessRights.None;
            foreach (AclEntry e in entries) if (e.Pattern.Matches(principal)) granted |= e.Rights;
            if (_granted.Count >= MaxRemembered) _granted.Clear();
            _granted[principal] = (entries, granted);
            return granted;
        }

        private readonly Dictionary<string, (IReadOnlyList<AclEntry> Entries, AccessRights Rights)> _granted =
            new Dictionary<string, (IReadOnlyList<AclEntry> Entries, AccessRights Rights)>(StringComparer.Ordinal);

        /// <summary>Null when <paramref name="principal"/> holds <paramref name="needed"/> on <paramref name="canonicalPath"/>,
        /// else the refusal (naming the path, the right and where the ACL that refused is set).</summary>
        public string? Refuses(string principal, string canonicalPath, AccessRights needed)
        {
            IReadOnlyList<AclEntry>? entries = Effective(canonicalPath, out string setOn);
            if (entries == null) return null;
            AccessRights granted = Granted(principal, entries);
            if ((granted & needed) == needed) return null;
            string path = "/" + canonicalPath.TrimStart('/');
            return path + ": the ACL " + (setOn == path ? "of it" : "it inherits from " + setOn) + " does not let "
                + (principal.Length == 0 ? "an unnamed principal" : principal) + " " + Rights.Describe(needed) + " it (rights there: "
                + Rights.Format(granted) + ")";
        }

        /// <summary>Sets the explicit ACL of <paramref name="canonicalPath"/> (null: removes it, so it inherits again).</summary>
        public void Set(string canonicalPath, IReadOnlyList<AclEntry>? entries)
        {
            List<string> parts = FatPath.Split(canonicalPath);
            int directory = parts.Count == 0 ? 0 : parts.Count - 1;
            DirectoryAcl acl = Load(parts, directory);
            acl.Set(parts.Count == 0 ? "." : parts[parts.Count - 1], entries);
            Save(parts, directory, acl);
        }

        /// <summary>The item at <paramref name="canonicalPath"/> is gone (deleted): its explicit ACL goes too, so a new item
        /// of the same name inherits instead of taking it over.</summary>
        public void Forget(string canonicalPath)
        {
            _effective.Clear();   // a deleted directory's subtree must not keep its answers
            List<string> parts = FatPath.Split(canonicalPath);
            if (parts.Count == 0) return;
            DirectoryAcl acl = Load(parts, parts.Count - 1);
            if (acl.Of(parts[parts.Count - 1]) == null) return;
            acl.Set(parts[parts.Count - 1], null);
            Save(parts, parts.Count - 1, acl);
        }

        /// <summary>The item moved from <paramref name="from"/> to <paramref name="to"/>: its explicit ACL moves with it.</summary>
        public void Move(string from, string to)
        {
            _effective.Clear();   // the moved subtree's paths changed
            List<string> source = FatPath.Split(from), target = FatPath.Split(to);
            if (source.Count == 0 || target.Count == 0) return;
            IReadOnlyList<AclEntry>? entries = Load(source, source.Count - 1).Of(source[source.Count - 1]);
            if (entries == null) return;
            Forget(from);
            Set(to, entries);
        }

        /// <summary>Deletes the ACL file of the (otherwise empty) directory at <paramref name="canonicalPath"/>, so the
        /// directory can be deleted; false when there is none.</summary>
        public bool RemoveFileOf(string canonicalPath)
        {
            string file = Join(FatPath.Split(canonicalPath), FatPath.Split(canonicalPath).Count, FileName);
            _cache.Remove(DirectoryKey(FatPath.Split(canonicalPath), FatPath.Split(canonicalPath).Count));
            _effective.Clear();
            try
            {
                _volume.Delete(file);
                return true;
            }
            catch (FatException e) when (e.Error == FatError.NotFound)
            {
                return false;
            }
        }

        private DirectoryAcl Load(List<string> parts, int count)
        {
            string key = DirectoryKey(parts, count);
            if (_cache.TryGetValue(key, out DirectoryAcl? cached)) return cached;
            DirectoryAcl acl;
            string path = Join(parts, count, FileName);
            try
            {
                FatFile file = _volume.Open(path, false, false, false);
                byte[] bytes;
                try
                {
                    bytes = new byte[(int)Math.Min(file.Length, 1 << 20)];
                    int read = 0;
                    while (read < bytes.Length)
                    {
                        int n = file.Read(read, bytes, read, bytes.Length - read);
                        if (n <= 0) break;
                        read += n;
                    }
                }
                finally
                {
                    file.Close();
                }
                acl = DirectoryAcl.Parse(Encoding.UTF8.GetString(bytes));
                foreach (string problem in acl.Problems) Problems.Add(path + ": " + problem + " (skipped: that entry inherits)");
            }
            catch (FatException e) when (e.Error == FatError.NotFound)
            {
                acl = DirectoryAcl.Parse("");
            }
            _cache[key] = acl;
            return acl;
        }

        private void Save(List<string> parts, int count, DirectoryAcl acl)
        {
            string path = Join(parts, count, FileName);
            _cache.Remove(DirectoryKey(parts, count));
            _effective.Clear();
            if (acl.Count == 0)
            {
                try { _volume.Delete(path); }
                catch (FatException e) when (e.Error == FatError.NotFound) { }
                return;
            }
            byte[] bytes = Encoding.UTF8.GetBytes(acl.Format());
            FatFile file = _volume.Open(path, true, true, true);
            try
            {
                file.Write(0, bytes, 0, bytes.Length);
            }
            finally
            {
                file.Close();
            }
        }

        private static string DirectoryKey(List<string> parts, int count) => "/" + FatPath.Join(parts, count).TrimStart('/');

        private static string Join(List<string> parts, int count, string name)
        {
            string directory = FatPath.Join(parts, count).TrimStart('/');
            return directory.Length == 0 ? "/" + name : "/" + directory + "/" + name;
        }
    }
}
