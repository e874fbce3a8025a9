using System.Collections.Generic;
using System.Text;

namespace Sing.Apps.Shell
{
    /// <summary>The kernel option script= as lines: ';' separates lines; "\;" stands for a ';' inside a line and "\\"
    /// for a backslash (any other backslash is kept as it is). Lines are trimmed; empty ones are dropped.</summary>
    internal static class ScriptLines
    {
        public static List<string> Split(string script)
        {
            var lines = new List<string>();
            var line = new StringBuilder();
            for (int i = 0; i < script.Length; i++)
            {
                char c = script[i];
                if (c == '\\' && i + 1 < script.Length && (script[i + 1] == ';' || script[i + 1] == '\\'))
                {
                    line.Append(script[++i]);
                    continue;
                }
                if (c == ';')
                {
                    Add(lines, line);
                    continue;
                }
                line.Append(c);
            }
            Add(lines, line);
            return lines;
        }

        private static void Add(List<string> lines, StringBuilder line)
        {
            string text = line.ToString().Trim();
            line.Length = 0;
            if (text.Length > 0) lines.Add(text);
        }
    }
}
