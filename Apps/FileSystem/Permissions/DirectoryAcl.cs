#nullable enable
using System;
using System.Collections.Generic;
using System.Text;
using Singularity.Security;

namespace Sing.Storage.Permissions
{
    /// <summary>One ACL entry: the principals a pattern matches get these rights.</summary>
    public sealed class AclEntry
    {
        public AclEntry(PrincipalPattern pattern, AccessRights rights)
        {
            Pattern = pattern;
            Rights = rights;
        }

        public PrincipalPattern Pattern { get; }
        public AccessRights Rights { get; }

        public override string ToString() => Pattern.Text + " " + Sing.Storage.Permissions.Rights.Format(Rights);
    }

    /// <summary>The explicit ACLs of the entries of one directory, as its ACL file stores them: one line per entry,
    /// "NAME TAB PATTERN TAB RIGHTS" (NAME "." is the directory itself, used for the root). A damaged line is reported
    /// and skipped: the entry it was for then inherits, as if it had none.</summary>
    public sealed class DirectoryAcl
    {
        private readonly Dictionary<string, List<AclEntry>> _byName = new Dictionary<string, List<AclEntry>>(StringComparer.OrdinalIgnoreCase);
        private readonly List<string> _problems = new List<string>();

        public IReadOnlyList<string> Problems => _problems;
        public int Count => _byName.Count;

        public static DirectoryAcl Parse(string text)
        {
            var acl = new DirectoryAcl();
            string[] lines = text.Split('\n');
            for (int i = 0; i < lines.Length; i++)
            {
                string line = lines[i].TrimEnd('\r');
                if (line.Length == 0 || line[0] == '#') continue;
                string[] fields = line.Split('\t');
                string? error = null;
                if (fields.Length != 3) error = "expected NAME TAB PATTERN TAB RIGHTS";
                else if (fields[0].Length == 0) error = "the name is empty";
                else if (!PrincipalPattern.TryParse(fields[1], out PrincipalPattern? pattern, out error)) { }
                else if (!Rights.TryParse(fields[2], out AccessRights rights, out error)) { }
                else acl.Add(fields[0], new AclEntry(pattern!, rights));
                if (error != null) acl._problems.Add("line " + (i + 1).ToString() + ": " + error);
            }
            return acl;
        }

        private void Add(string name, AclEntry entry)
        {
            if (!_byName.TryGetValue(name, out List<AclEntry>? list)) _byName[name] = list = new List<AclEntry>();
            list.Add(entry);
        }

        /// <summary>The explicit ACL of <paramref name="name"/>, or null when it has none (it inherits).</summary>
        public IReadOnlyList<AclEntry>? Of(string name) => _byName.TryGetValue(name, out List<AclEntry>? list) ? list : null;

        /// <summary>Sets (null: removes) the explicit ACL of <paramref name="name"/>.</summary>
        public void Set(string name, IReadOnlyList<AclEntry>? entries)
        {
            _byName.Remove(name);
            if (entries != null) _byName[name] = new List<AclEntry>(entries);
        }

        public string Format()
        {
            var text = new StringBuilder("# Singularity access control lists: NAME TAB PATTERN TAB RIGHTS (Apps/FileSystem/README.md)\n");
            foreach (KeyValuePair<string, List<AclEntry>> item in _byName)
                foreach (AclEntry e in item.Value)
                    text.Append(item.Key).Append('\t').Append(e.Pattern.Text).Append('\t').Append(Rights.Format(e.Rights)).Append('\n');
            return text.ToString();
        }
    }
}
