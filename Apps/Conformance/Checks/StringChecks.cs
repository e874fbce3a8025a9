using System;
using System.Collections.Generic;
using System.Text;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    internal static class StringChecks
    {
        public static void Run()
        {
            string s = "Hello, World";
            Line("length", s.Length);
            Line("upper", s.ToUpper());
            Line("lower", s.ToLowerInvariant());
            Line("indexof-char", s.IndexOf('o'));
            Line("indexof-string", s.IndexOf("World"));
            Line("indexof-ordinal-ignorecase", s.IndexOf("world", StringComparison.OrdinalIgnoreCase));
            Line("lastindexof", s.LastIndexOf('o'));
            Line("contains", s.Contains("lo, W"));
            Line("contains-ignorecase", s.Contains("HELLO", StringComparison.OrdinalIgnoreCase));
            Line("startswith", s.StartsWith("Hell"));
            Line("startswith-ignorecase", s.StartsWith("hell", StringComparison.OrdinalIgnoreCase));
            Line("endswith", s.EndsWith("ld"));
            Line("substring", s.Substring(7));
            Line("substring2", s.Substring(0, 5));
            Line("replace", s.Replace("World", "There"));
            Line("replace-char", s.Replace('l', 'L'));
            Line("insert", s.Insert(5, "!!"));
            Line("remove", s.Remove(5));
            Line("padleft", "[" + "7".PadLeft(3, '0') + "]");
            Line("padright", "[" + "ab".PadRight(5) + "]");
            Line("trim", "[" + "  x y  ".Trim() + "]");
            Line("trimstart", "[" + "  x  ".TrimStart() + "]");
            Line("trimend-chars", "xx--".TrimEnd('-'));
            Line("trim-chars", "*-a-*".Trim('*', '-'));
            Line("split-char", "a,b,,c".Split(','));
            Line("split-remove-empty", "a,b,,c".Split(',', StringSplitOptions.RemoveEmptyEntries));
            Line("split-chars", "a b\tc".Split(' ', '\t'));
            Line("split-whitespace", "  one  two three ".Split((char[])null, StringSplitOptions.RemoveEmptyEntries));
            Line("split-string", "a::b::c".Split("::"));
            Line("split-count", "a,b,c,d".Split(',', 2));
            Line("split-trim", " a , b ,c ".Split(',', StringSplitOptions.TrimEntries));
            Line("split-strings", "1+2-3".Split(new[] { "+", "-" }, StringSplitOptions.None));
            Line("join", string.Join("-", new[] { "x", "y", "z" }));
            Line("join-ints", string.Join(", ", new List<int> { 1, 2, 3 }));
            Line("concat", string.Concat("a", "b", "c"));
            Line("format", string.Format("{0} + {1} = {2}", 1, 2, 3));
            Line("format-align", string.Format("[{0,5}|{1,-5}]", "ab", "cd"));
            Line("format-hex", string.Format("{0:X4}", 255));
            Line("interpolation", $"{s.Length} chars, {3.5:F2}");
            Line("isnullorempty", string.IsNullOrEmpty(""));
            Line("isnullorwhitespace", string.IsNullOrWhiteSpace(" \t"));
            Line("equals-ordinal", string.Equals("a", "A", StringComparison.Ordinal));
            Line("equals-ignorecase", string.Equals("straße", "STRAßE", StringComparison.OrdinalIgnoreCase));
            Line("equals-invariant-ignorecase", string.Equals("résumé", "RÉSUMÉ", StringComparison.InvariantCultureIgnoreCase));
            Line("compare-culture", string.Compare("apple", "Apple"));
            Line("compare-culture2", string.Compare("Apple", "banana"));
            Line("compare-ordinal", string.CompareOrdinal("apple", "Apple") > 0);
            Line("compare-ignorecase", string.Compare("HELLO", "hello", StringComparison.OrdinalIgnoreCase));
            Line("compare-invariant-ignorecase", string.Compare("HELLO", "hello", true));
            Line("compareto", "b".CompareTo("a"));
            var words = new List<string> { "banana", "Apple", "apple", "Banana", "cherry", "_under", "10", "9", "a-b", "ab", "Éclair", "eclair" };
            words.Sort();
            Line("sort-default", words);
            words.Sort(StringComparer.Ordinal);
            Line("sort-ordinal", words);
            words.Sort(StringComparer.OrdinalIgnoreCase);
            Line("sort-ordinal-ignorecase", words);
            words.Sort(StringComparer.InvariantCultureIgnoreCase);
            Line("sort-invariant-ignorecase", words);
            var set = new HashSet<string>(StringComparer.OrdinalIgnoreCase) { "One", "ONE", "two" };
            Line("set-ignorecase-count", set.Count);
            var dict = new Dictionary<string, int>(StringComparer.OrdinalIgnoreCase) { ["Key"] = 1 };
            Line("dict-ignorecase", dict.ContainsKey("KEY"));
            int vowels = 0;
            foreach (char c in "encyclopaedia") if ("aeiou".IndexOf(c) >= 0) vowels++;
            Line("foreach-chars", vowels);
            IEnumerable<char> asSequence = "abc";
            var reversed = new StringBuilder();
            foreach (char c in asSequence) reversed.Insert(0, c);
            Line("ienumerable-chars", reversed.ToString());
            Line("tochararray", new string("hello".ToCharArray(1, 3)));
            Line("new-string-repeat", new string('=', 5));
            Line("chars-index", "xyz"[^1]);
            Line("range", "Hello, World"[7..]);
            Line("range2", "Hello, World"[..5]);
            Line("range3", "Hello, World"[2..^2]);
            Line("indexofany", "hello world".IndexOfAny(new[] { 'w', 'o' }));
            Line("lastindexof-string", "abcabc".LastIndexOf("bc"));
            Line("replace-ignorecase", "Hello hello".Replace("HELLO", "bye", StringComparison.OrdinalIgnoreCase));
            Line("toupper-nonascii", "straße café ñ".ToUpperInvariant());
            Line("tolower-nonascii", "ÀÉÎÕÜ ΣΑΣ Ж".ToLowerInvariant());
            Line("string-equality", "abc" == new string(new[] { 'a', 'b', 'c' }));
            Line("concat-null", string.Concat("a", null, "b"));
            Line("string-empty-length", string.Empty.Length);
            // Concatenating onto an empty part returns the other string itself (no copy), as .NET does.
            string word = new string('w', 3);
            Line("concat-empty-same", ReferenceEquals(string.Concat("", word), word) && ReferenceEquals(string.Concat(word, null), word)
                && ReferenceEquals(string.Concat(null, word, ""), word));
            Line("concat-four", string.Concat("ab", "", "cdefghijklmnopq", "r") + "|" + string.Concat(null, null, null, null).Length);
            var equal = new StringBuilder();
            foreach (string x in new[] { "abcdefgh", "abcdefgi", "abcdefg", "abcdefghi", "bbcdefgh", "abcdefgh".ToUpperInvariant().ToLowerInvariant() })
                equal.Append(string.Equals(x, "abcdefgh") ? '1' : '0');
            Line("equals-lengths", equal.ToString());
            Line("new-string-range", new string(new[] { 'a', 'b', 'c', 'd', 'e' }, 1, 3) + "|" + new string(new char[0], 0, 0).Length);
            Line("int-default-format", string.Join(",", new object[] { int.MinValue, -1, 0, 9, 10, long.MaxValue, ulong.MaxValue, (short)-300, (byte)255 }));
            var builder = new StringBuilder(2);
            builder.Append("abcdefghijklmnopqrstuvwxyz").Append(int.MinValue).Append('|').Append(-12345L).Append("xy").Append((uint)42);
            for (int i = 0; i < 40; i++) builder.Append(i);
            Line("builder-appends", builder.ToString() + "|" + builder.Length.ToString());
        }
    }
}
