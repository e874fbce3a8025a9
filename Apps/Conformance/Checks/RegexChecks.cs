using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.RegularExpressions;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    /// <summary>System.Text.RegularExpressions: syntax, options, the match objects, Replace/Split, errors.</summary>
    internal static class RegexChecks
    {
        private const string Text = "The quick brown fox jumps over the lazy dog. 123 apples, 45 pears; mail john.doe@example.com on 2024-03-15!";

        public static void Run()
        {
            Line("words", Values(Regex.Matches(Text, @"\b\w{5}\b")));
            Line("digits", Values(Regex.Matches(Text, @"\d+")));
            Line("count", Regex.Matches(Text, @"\w+").Count + " " + Regex.Count(Text, "o"));
            Line("ismatch", Regex.IsMatch(Text, @"^The\b") + " " + Regex.IsMatch(Text, "^the") + " " + Regex.IsMatch(Text, "(?i)^the"));
            Match date = Regex.Match(Text, @"(?<year>\d{4})-(?<month>\d\d)-(?<day>\d\d)");
            Line("date", date.Success + " " + date.Index + " " + date.Length + " " + date.Value);
            Line("date-groups", date.Groups["year"].Value + "/" + date.Groups["month"].Value + "/" + date.Groups[3].Value + " count " + date.Groups.Count);
            Line("group-names", new Regex(@"(?<year>\d+)-(\d+)-(?<day>\d+)").GetGroupNames());
            Line("group-numbers", new Regex(@"(?<year>\d+)-(\d+)-(?<day>\d+)").GetGroupNumbers());
            Match mail = Regex.Match(Text, @"(\w+)\.(\w+)@([\w.]+)");
            Line("mail", string.Join("|", mail.Groups.Cast<Group>().Select(g => g.Index + ":" + g.Value)));
            Line("no-match", Regex.Match(Text, "zebra").Success + " '" + Regex.Match(Text, "zebra").Value + "' " + Regex.Match(Text, "zebra").Index);
            Line("missing-group", Regex.Match("ab", "(a)(x)?b").Groups[2].Success + " '" + Regex.Match("ab", "(a)(x)?b").Groups[2].Value + "'");
            Line("next-match", NextMatches("a1b22c333", @"\d+"));
            Line("empty-matches", NextMatches("abc", "x*"));
            Line("lazy", Regex.Match("<a><b>", "<.+?>").Value + " " + Regex.Match("<a><b>", "<.+>").Value);
            Line("quantifiers", Values(Regex.Matches("aaaaaaa", "a{2,3}")) + " " + Values(Regex.Matches("aaaaaaa", "a{2,3}?")));
            Line("alternation", Values(Regex.Matches("cat dog bird cow", @"\b(cat|cow|bird)\b")));
            Line("class-subtract", Values(Regex.Matches("programming language", "[a-z-[aeiou]]+")));
            Line("class-negated", Values(Regex.Matches("a1-b2_c3", @"[^\w]|\d")));
            Line("unicode-category", Values(Regex.Matches("Hello Wörld ÄBC déf", @"\p{Lu}\p{Ll}*")));
            Line("unicode-not", Values(Regex.Matches("a1 b2, c3!", @"\P{L}+")));
            Line("backreference", Values(Regex.Matches("hello bookkeeper aa ab", @"(\w)\1")));
            Line("named-backreference", Regex.Replace("the the cat sat sat down", @"\b(?<w>\w+) \k<w>\b", "${w}"));
            Line("lookahead", Values(Regex.Matches("price: 100USD 200EUR 300USD", @"\d+(?=USD)")));
            Line("negative-lookahead", Values(Regex.Matches("price: 100USD 200EUR 300USD", @"\b\d+(?!\d|USD)")));
            Line("lookbehind", Values(Regex.Matches("$10 €20 $30", @"(?<=\$)\d+")));
            Line("negative-lookbehind", Values(Regex.Matches("$10 €20 $30", @"(?<!\$)\b\d+")));
            Line("atomic", Regex.IsMatch("aaab", "(?>a+)ab") + " " + Regex.IsMatch("aaab", "(?:a+)ab"));
            Line("anchors-multiline", Values(Regex.Matches("one\ntwo\nthree", @"^\w+$", RegexOptions.Multiline)));
            Line("anchors-single", Values(Regex.Matches("one\ntwo\nthree", @"^\w+$")));
            Line("dollar-before-newline", Regex.IsMatch("end\n", "end$") + " " + Regex.IsMatch("end\n", @"end\z") + " " + Regex.IsMatch("end\n", @"end\Z"));
            Line("singleline", Regex.Match("a\nb", "a.b").Success + " " + Regex.Match("a\nb", "a.b", RegexOptions.Singleline).Success + " " + Regex.Match("a\nb", "(?s)a.b").Success);
            Line("ignorecase", Values(Regex.Matches("Apple APPLE apple aPpLe", "apple", RegexOptions.IgnoreCase)));
            Line("ignorecase-class", Values(Regex.Matches("ABC def GHI", "[a-c]+", RegexOptions.IgnoreCase)));
            Line("inline-scoped", Values(Regex.Matches("AB Ab aB ab", @"\b(?i:a)B\b")));
            Line("pattern-whitespace", Regex.Match("2024-03-15", @"(\d{4}) - (\d{2}) # year and month", RegexOptions.IgnorePatternWhitespace).Value);
            Line("explicit-capture", Regex.Match("ab", "(a)(?<x>b)", RegexOptions.ExplicitCapture).Groups.Count);
            Line("noncapturing", Regex.Match("abc", "(?:a)(b)(c)").Groups[1].Value);
            Line("captures", string.Join(",", Regex.Match("a1b2c3", @"(?:(\w)\d)+").Groups[1].Captures.Cast<Capture>().Select(c => c.Value + "@" + c.Index)));
            Line("conditional", Values(Regex.Matches("(a) b (c d", @"(\()?\w(?(1)\))")));
            Line("boundary", Values(Regex.Matches("cat concat catalog", @"\bcat\w*")) + " " + Values(Regex.Matches("cat concat catalog", @"\Bcat")));
            Line("start-anchor", Values(Regex.Matches("aaba", @"\Ga")));
            Line("escapes", Regex.Match("tab\there x41=A", @"\t\w+ \x78\d\d=\u0041").Value.Replace("\t", "\\t"));
            Line("right-to-left", Values(Regex.Matches("one two three", @"\w+", RegexOptions.RightToLeft)));
            Line("right-to-left-first", Regex.Match("a1b2c3", @"\d", RegexOptions.RightToLeft).Value);
            Line("startat", new Regex(@"\d").Match("a1b2c3", 2).Value + " " + new Regex(@"\d").IsMatch("a1b2c", 4));
            Line("substring", new Regex(@"^\w+").Match("hello world", 6, 5).Value);
            Line("match-result", Regex.Match("John Smith", @"(\w+) (\w+)").Result("$2, $1"));

            Line("replace-groups", Regex.Replace("2024-03-15", @"(\d+)-(\d+)-(\d+)", "$3/$2/$1"));
            Line("replace-named", Regex.Replace("John Smith", @"(?<first>\w+) (?<last>\w+)", "${last}, ${first}"));
            Line("replace-specials", Regex.Replace("abc", "b", "[$&|$`|$'|$$|$_]"));
            Line("replace-unknown", Regex.Replace("abc", "(b)", "$2 ${x} $"));
            Line("replace-evaluator", Regex.Replace("3 apples and 12 pears", @"\d+", m => (int.Parse(m.Value) * 2).ToString()));
            Line("replace-count", new Regex("a").Replace("banana", "o", 2));
            Line("replace-startat", new Regex("a").Replace("banana", "o", -1, 3));
            Line("replace-empty", Regex.Replace("abc", "", "-"));
            Line("replace-ignorecase", Regex.Replace("Cat cat CAT", "cat", "dog", RegexOptions.IgnoreCase));
            Line("replace-rtl", new Regex(@"\d", RegexOptions.RightToLeft).Replace("a1b2c3", "#", 2));
            Line("split", Regex.Split("one, two,three ,  four", @"\s*,\s*"));
            Line("split-captures", Regex.Split("1+2-3", @"([+-])"));
            Line("split-count", new Regex(",").Split("a,b,c,d", 2));
            Line("split-empty", Regex.Split("abc", ""));
            Line("split-nomatch", Regex.Split("abc", ","));
            Line("split-edges", Regex.Split(",a,,b,", ","));
            Line("escape", Regex.Escape(@"a.b*c (d) [e] {f} $g ^h |i ?j +k \l #m"));
            Line("unescape", Regex.Unescape(@"a\.b\*c\t\x41\u0042\n").Replace("\t", "\\t").Replace("\n", "\\n"));
            Line("options", new Regex("a", RegexOptions.IgnoreCase | RegexOptions.Multiline).Options);
            Line("tostring", new Regex(@"\d+").ToString());
            Line("group-name-lookup", new Regex(@"(?<word>\w+)").GroupNumberFromName("word") + " " + new Regex(@"(?<word>\w+)").GroupNameFromNumber(1) + " " + new Regex("(a)").GroupNumberFromName("nope"));
            Line("groups-by-name", string.Join(",", Regex.Match("k=v", @"(?<key>\w)=(?<value>\w)").Groups.Keys));
            Line("groups-trygetvalue", Regex.Match("k=v", @"(?<key>\w)=(?<value>\w)").Groups.TryGetValue("value", out Group value) + " " + value.Value);
            Line("matches-linq", string.Join(" ", Regex.Matches("a1 b22 c333", @"[a-z](\d+)").Select(m => m.Groups[1].Value.Length)));
            Line("capture-tostring", Regex.Match("xyz", "y").ToString() + " " + Regex.Match("xyz", "(y)").Groups[1]);
            Line("value-span", Regex.Match("hello", "ell").ValueSpan.Length);
            Line("nested-quantifiers", Regex.IsMatch(new string('a', 30) + "b", "^(a|aa)+b$"));
            Line("timeout", Check.Throws(() => new Regex("^(a+)+$", RegexOptions.None, TimeSpan.FromMilliseconds(50)).IsMatch(new string('a', 40) + "!")));
            Line("timeout-property", new Regex("a", RegexOptions.None, TimeSpan.FromSeconds(2)).MatchTimeout + " " + (new Regex("a").MatchTimeout == Regex.InfiniteMatchTimeout));
            Line("long-input", Regex.Matches(string.Concat(Enumerable.Repeat("word ", 2000)), @"\w+").Count);
            Line("long-alternation-loop", Regex.Match(new string('a', 5000), "(a|b)*").Length);
            string nested = string.Concat(Enumerable.Repeat("(?:a", 30)) + string.Concat(Enumerable.Repeat(")*", 30));
            Line("nested-30", Regex.Match("aaaa", nested).Length + " " + Regex.Match("xaab", "[a-z-[b-[a]]]+").Value);
            Line("groups-foreach", GroupList(Regex.Match("2024-03", @"(?<y>\d+)-(?<m>\d+)")));
            Line("groups-values", string.Join("|", Regex.Match("k=v", @"(\w)=(\w)").Groups.Values.Select(g => g.Name + ":" + g.Value)));
            Line("join-matches", string.Join(";", Regex.Matches("a1b2", @"\d")));
            Line("ignorecase-backreference", Regex.IsMatch("Abc aBC", @"(\w+) \1", RegexOptions.IgnoreCase) + " " + Regex.IsMatch("Abc aBC", @"(\w+) \1"));
            Line("rtl-lookbehind", Values(Regex.Matches("a1 b2 c3", @"(?<=[ab])\d", RegexOptions.RightToLeft)));
            Line("replace-static-loop", string.Join(",", new[] { "a  b", " c\td ", "e" }.Select(s => Regex.Replace(s.Trim(), @"\s+", "_"))));
            Line("split-words", Regex.Split("Hello, world! It's 9 o'clock.", @"\W+"));
            Line("word-frequencies", string.Join(" ", Regex.Matches("the cat and the hat and the bat", @"\b\w+\b").GroupBy(m => m.Value).OrderByDescending(g => g.Count()).ThenBy(g => g.Key).Select(g => g.Key + "=" + g.Count())));

            foreach (string bad in new[] { "(abc", "abc)", "[abc", "*a", "a**", "a{2,1}", "[z-a]", @"\", @"\1", @"\k<x>", @"\p{Foo}", "(?z)", @"\xZZ", @"\q", "a{1,2}{3}", @"[a-\d]" })
                Line("error " + bad, Check.Throws(() => new Regex(bad)));
            Line("error-kind", ParseError("(a"));
            Line("null-input", Check.Throws(() => Regex.Match(null, "a")));
            Line("null-pattern", Check.Throws(() => new Regex(null)));
            Line("bad-startat", Check.Throws(() => new Regex("a").Match("abc", 5)));
            Line("bad-count", Check.Throws(() => new Regex("a").Replace("abc", "x", -2)));
            Line("bad-timeout", Check.Throws(() => new Regex("a", RegexOptions.None, TimeSpan.Zero)));
            Line("bad-options", Check.Throws(() => new Regex("a", (RegexOptions)0x10000)));
        }

        private static string Values(MatchCollection matches) => "[" + string.Join(", ", matches.Cast<Match>().Select(m => m.Value)) + "]";

        private static string GroupList(Match match)
        {
            var parts = new List<string>();
            foreach (Group g in match.Groups) parts.Add(g.Name + "=" + g.Value + "@" + g.Index);
            return string.Join(" ", parts);
        }

        private static string NextMatches(string input, string pattern)
        {
            var found = new List<string>();
            for (Match m = Regex.Match(input, pattern); m.Success; m = m.NextMatch()) found.Add(m.Index + ":" + m.Value);
            return string.Join(" ", found);
        }

        private static string ParseError(string pattern)
        {
            try
            {
                _ = new Regex(pattern);
                return "no exception";
            }
            catch (RegexParseException e)
            {
                return e.Error + " at " + e.Offset + " (ArgumentException: " + (e is ArgumentException) + ")";
            }
        }
    }
}
