using System.Collections.Generic;
using System.Text;
using Sing.Storage.Fat;

namespace Sing.Apps.FileSystem
{
    /// <summary>The text of a List reply: a count line, then per entry "d|f TAB size TAB modified TAB name [TAB damage]".</summary>
    internal static class Listing
    {
        public static string Format(List<FatEntryInfo> entries)
        {
            var text = new StringBuilder();
            text.Append("entries\t").Append(entries.Count.ToString()).Append('\n');
            for (int i = 0; i < entries.Count; i++)
            {
                FatEntryInfo e = entries[i];
                text.Append(e.IsDirectory ? 'd' : 'f').Append('\t').Append(e.Size.ToString()).Append('\t')
                    .Append(e.Modified.ToString()).Append('\t').Append(e.Name);
                if (e.Problem != null) text.Append('\t').Append(e.Problem);
                text.Append('\n');
            }
            return text.ToString();
        }
    }
}
