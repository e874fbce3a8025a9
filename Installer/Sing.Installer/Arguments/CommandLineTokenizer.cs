using System.Collections.Generic;
using System.Text;

namespace Sing.Installer.Arguments
{
    /// <summary>Splits a command line at spaces and tabs; double quotes group (and are removed). Each token remembers
    /// where it started so a rest-of-line parameter can take the remainder verbatim.</summary>
    public static class CommandLineTokenizer
    {
        public readonly record struct Token(string Text, int Start);

        public static IReadOnlyList<Token> Split(string line)
        {
            var tokens = new List<Token>();
            int i = 0;
            while (i < line.Length)
            {
                while (i < line.Length && (line[i] == ' ' || line[i] == '\t')) i++;
                if (i >= line.Length) break;
                int start = i;
                var text = new StringBuilder();
                bool quoted = false;
                for (; i < line.Length; i++)
                {
                    char c = line[i];
                    if (c == '"') { quoted = !quoted; continue; }
                    if (!quoted && (c == ' ' || c == '\t')) break;
                    text.Append(c);
                }
                tokens.Add(new Token(text.ToString(), start));
            }
            return tokens;
        }
    }
}
