using System;
using System.Text;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    internal static class NormalizationChecks
    {
        public static void Run()
        {
            Line("nfc-compose", Hex("e\u0301".Normalize()));
            Line("nfd-decompose", Hex("\u00E9".Normalize(NormalizationForm.FormD)));
            Line("nfc-two-marks", Hex("e\u0302\u0323".Normalize(NormalizationForm.FormC)));
            Line("nfd-reorder", Hex("a\u0301\u0316".Normalize(NormalizationForm.FormD)));
            Line("nfc-blocked", Hex("a\u0301\u0301".Normalize()));
            Line("nfkc-ligature", "\uFB01le".Normalize(NormalizationForm.FormKC));
            Line("nfkd-fraction", Hex("\u00BD".Normalize(NormalizationForm.FormKD)));
            Line("nfkc-superscript", "x\u00B2".Normalize(NormalizationForm.FormKC));
            Line("nfc-singleton", Hex("\u212B".Normalize()));
            Line("nfc-exclusion", Hex("\u0958".Normalize()));
            Line("nfd-hangul", Hex("\uD55C\uAE00".Normalize(NormalizationForm.FormD)));
            Line("nfc-hangul", Hex("\u1112\u1161\u11AB".Normalize()));
            Line("nfc-supplementary", Hex("\U0001D15E".Normalize()));
            Line("nfkc-fullwidth", "\uFF21\uFF22\uFF23".Normalize(NormalizationForm.FormKC));
            Line("ascii-same", ReferenceEquals("plain", "plain".Normalize()));
            Line("isnormalized-c", "\u00E9".IsNormalized());
            Line("isnormalized-d", "\u00E9".IsNormalized(NormalizationForm.FormD));
            Line("isnormalized-kc", "\uFB01".IsNormalized(NormalizationForm.FormKC));
            Line("isnormalized-decomposed", "e\u0301".IsNormalized());
            Line("empty", "".Normalize(NormalizationForm.FormKD).Length);
            Line("lone-surrogate", Throws(() => "a\uD800b".Normalize()));
            Line("lone-surrogate-isnormalized", Throws(() => "\uDC00".IsNormalized()));
            Line("fffe", Throws(() => "x\uFFFE".Normalize(NormalizationForm.FormD)));
            Line("bad-form", Throws(() => "a".Normalize((NormalizationForm)3)));
            Line("bad-form-zero", Throws(() => "a".IsNormalized(0)));
            foreach (NormalizationForm form in new[] { NormalizationForm.FormC, NormalizationForm.FormD, NormalizationForm.FormKC, NormalizationForm.FormKD })
            {
                uint single = 2166136261, marked = 2166136261;
                int changed = 0;
                for (int c = 0xA0; c < 0x10000; c++)
                {
                    if (c >= 0xD800 && c <= 0xDFFF || c == 0xFFFE) continue;
                    string s = ((char)c).ToString();
                    string n = s.Normalize(form);
                    if (!ReferenceEquals(n, s) && n != s) changed++;
                    single = Hash(single, n);
                    if (c < 0x2000 || c >= 0x1E00 && c < 0x1F00) marked = Hash(marked, ("a" + s + "\u0323\u0301" + s).Normalize(form));
                }
                Line("sweep-" + form, changed + " " + single.ToString("X8") + " " + marked.ToString("X8"));
            }
        }

        private static uint Hash(uint hash, string s)
        {
            foreach (char c in s) hash = (hash ^ c) * 16777619;
            return (hash ^ 0xFFFF) * 16777619;
        }

        private static string Throws(Action action)
        {
            try
            {
                action();
                return "no exception";
            }
            catch (Exception e)
            {
                return e.GetType().Name + ": " + e.Message;
            }
        }

        private static string Hex(string s)
        {
            var text = new StringBuilder();
            foreach (char c in s) text.Append(((int)c).ToString("X4")).Append(' ');
            return text.ToString().TrimEnd();
        }
    }
}
