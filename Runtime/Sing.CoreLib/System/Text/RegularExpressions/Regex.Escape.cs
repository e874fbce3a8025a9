namespace System.Text.RegularExpressions
{
    // Escape and Unescape: pattern text for a literal string, and the literal a pattern's escapes stand for.
    public partial class Regex
    {
        /// <summary>Escapes \ * + ? | { [ ( ) ^ $ . # and white space (as \t \n \f \r and "\ ").</summary>
        public static string Escape(string str)
        {
            if (str is null) throw new ArgumentNullException(nameof(str));
            StringBuilder text = null;
            for (int i = 0; i < str.Length; i++)
            {
                char c = str[i];
                string escaped = c switch
                {
                    '\\' or '*' or '+' or '?' or '|' or '{' or '[' or '(' or ')' or '^' or '$' or '.' or '#' => null,
                    ' ' => "\\ ",
                    '\t' => "\\t",
                    '\n' => "\\n",
                    '\r' => "\\r",
                    '\f' => "\\f",
                    _ => string.Empty,
                };
                if (escaped != null && escaped.Length == 0)
                {
                    text?.Append(c);
                    continue;
                }
                text ??= new StringBuilder(str.Length + 8).Append(str, 0, i);
                if (escaped == null) text.Append('\\').Append(c);
                else text.Append(escaped);
            }
            return text == null ? str : text.ToString();
        }

        /// <summary>Replaces every escape with the character it stands for, as the pattern parser reads them.</summary>
        public static string Unescape(string str)
        {
            if (str is null) throw new ArgumentNullException(nameof(str));
            if (str.IndexOf('\\') < 0) return str;
            return RegexParser.Unescape(str);
        }
    }
}
