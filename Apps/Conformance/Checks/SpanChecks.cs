using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    internal static class SpanChecks
    {
        private static string Ranges(ReadOnlySpan<char> source, Span<Range> ranges, int n)
        {
            var parts = new List<string>();
            for (int i = 0; i < n; i++) parts.Add("[" + source[ranges[i]].ToString() + "]");
            return n + ":" + string.Join("", parts);
        }

        private static string SplitInto(string s, int slots, StringSplitOptions options)
        {
            Span<Range> ranges = new Range[slots];
            return Ranges(s, ranges, s.AsSpan().Split(ranges, ',', options));
        }

        // MemoryExtensions.Split and SplitAny: into ranges with string.Split's options and count rule, and enumerated.
        private static void Splits()
        {
            const StringSplitOptions Remove = StringSplitOptions.RemoveEmptyEntries, Trim = StringSplitOptions.TrimEntries;
            Line("span-split", SplitInto("a,b,,c", 10, StringSplitOptions.None) + " " + SplitInto("a,b,,c", 2, StringSplitOptions.None));
            Line("span-split-remove", SplitInto(",a, b ,,c,", 10, Remove) + " " + SplitInto(",a, b ,,c,", 2, Remove) + " " + SplitInto(",a, b ,,c,", 2, Remove | Trim));
            Line("span-split-trim", SplitInto(" , a, b ,,c, ", 3, Remove | Trim) + " " + SplitInto(" , a, b ,,c, ", 10, Trim));
            Line("span-split-edges", SplitInto("", 3, StringSplitOptions.None) + " " + SplitInto("", 3, Remove) + " " + SplitInto("abc", 0, StringSplitOptions.None)
                + " " + SplitInto("a,b", 1, StringSplitOptions.None) + " " + SplitInto(",,a", 1, Remove));
            Span<Range> r = new Range[5];
            Line("span-split-sequence", Ranges("k1::v1::::x", r, "k1::v1::::x".AsSpan().Split(r, "::")) + " " + Ranges("abc", r, "abc".AsSpan().Split(r, "")));
            Line("span-splitany", Ranges("a b\tc  d", r, "a b\tc  d".AsSpan().SplitAny(r, "")) + " " + Ranges("a;b,c;d", r, "a;b,c;d".AsSpan().SplitAny(r, ";,"))
                + " " + Ranges("a<>b--c<>", r, "a<>b--c<>".AsSpan().SplitAny(r, new[] { "<>", "--" })));
            Line("span-split-enumerator", Enumerated("x,,y,", "x,,y,".AsSpan().Split(',')) + " " + Enumerated("x--y--", "x--y--".AsSpan().Split("--"))
                + " " + Enumerated("x;y,z", "x;y,z".AsSpan().SplitAny(';', ',')) + " " + Enumerated("xyz", "xyz".AsSpan().Split(""))
                + " " + Enumerated("x y", "x y".AsSpan().SplitAny(ReadOnlySpan<char>.Empty)) + " " + Enumerated("", "".AsSpan().Split(',')));
            ReadOnlySpan<char> text = "Hello World, hello span";
            Line("span-indexof-comparison", text.IndexOf("HELLO", StringComparison.OrdinalIgnoreCase) + " " + text.IndexOf("HELLO", StringComparison.Ordinal)
                + " " + text.LastIndexOf("hello", StringComparison.OrdinalIgnoreCase) + " " + text.LastIndexOf("Hello", StringComparison.Ordinal)
                + " " + text.IndexOf("world", StringComparison.CurrentCultureIgnoreCase) + " " + text.IndexOf("Span", StringComparison.InvariantCulture));
            Line("span-contains-comparison", text.Contains("SPAN", StringComparison.OrdinalIgnoreCase) + " " + text.Contains("SPAN", StringComparison.Ordinal)
                + " " + text.Contains("", StringComparison.Ordinal) + " " + "abc".AsSpan().IndexOf("", StringComparison.OrdinalIgnoreCase));
            Line("span-indexof-bad-comparison", Throws(() => "x".AsSpan().IndexOf("x", (StringComparison)9)));
            var numbers = new List<int>();
            foreach (Range field in "3,1,4".AsSpan().Split(',')) numbers.Add(int.Parse("3,1,4".AsSpan()[field]));
            Line("span-split-parse", numbers);
        }

        private static string Enumerated(string s, MemoryExtensions.SpanSplitEnumerator<char> parts)
        {
            var text = new System.Text.StringBuilder();
            foreach (Range part in parts) text.Append('[').Append(s[part]).Append(']');
            return text.ToString();
        }

        // System.Buffers.Binary.BinaryPrimitives: a small record header written and read back in both byte orders.
        private static void Binary()
        {
            byte[] buffer = new byte[32];
            BinaryPrimitives.WriteUInt16BigEndian(buffer, 0xCAFE);
            BinaryPrimitives.WriteInt32LittleEndian(buffer.AsSpan(2), -123456);
            BinaryPrimitives.WriteInt64BigEndian(buffer.AsSpan(6), 0x0102030405060708);
            BinaryPrimitives.WriteDoubleLittleEndian(buffer.AsSpan(14), Math.PI);
            BinaryPrimitives.WriteSingleBigEndian(buffer.AsSpan(22), -2.5f);
            BinaryPrimitives.WriteUInt32BigEndian(buffer.AsSpan(26), 0xDEADBEEF);
            Line("binary-bytes", Convert.ToHexString(buffer));
            Line("binary-read", BinaryPrimitives.ReadUInt16BigEndian(buffer) + " " + BinaryPrimitives.ReadInt32LittleEndian(buffer.AsSpan(2)) + " "
                + BinaryPrimitives.ReadInt64BigEndian(buffer.AsSpan(6)).ToString("X") + " " + BinaryPrimitives.ReadDoubleLittleEndian(buffer.AsSpan(14)) + " "
                + BinaryPrimitives.ReadSingleBigEndian(buffer.AsSpan(22)) + " " + BinaryPrimitives.ReadUInt32BigEndian(buffer.AsSpan(26)).ToString("X"));
            Line("binary-other-order", BinaryPrimitives.ReadUInt16LittleEndian(buffer) + " " + BinaryPrimitives.ReadInt64LittleEndian(buffer.AsSpan(6)).ToString("X"));
            Line("binary-reverse", BinaryPrimitives.ReverseEndianness(0x12345678).ToString("X") + " " + BinaryPrimitives.ReverseEndianness((short)0x0180)
                + " " + BinaryPrimitives.ReverseEndianness(0x0102030405060708UL).ToString("X"));
            Line("binary-try-short", BinaryPrimitives.TryReadInt32BigEndian(buffer.AsSpan(30), out int partial) + " " + partial
                + " " + BinaryPrimitives.TryWriteInt64LittleEndian(buffer.AsSpan(28), 1) + " " + BinaryPrimitives.TryReadUInt64LittleEndian(buffer.AsSpan(24), out ulong whole) + " " + whole.ToString("X"));
            Line("binary-read-short", Throws(() => BinaryPrimitives.ReadInt32BigEndian(new byte[3])));
            Line("binary-write-short", Throws(() => BinaryPrimitives.WriteDoubleLittleEndian(new byte[7], 1)));
            ushort[] words = { 1, 0x0203, 0xFF00 };
            var swapped = new ushort[3];
            BinaryPrimitives.ReverseEndianness(words, swapped);
            Line("binary-reverse-span", swapped);
            byte[] payload = { 0xDE, 0xAD, 0x00, 0x7F, 0xFF };
            Span<char> hex = stackalloc char[16];
            Line("hex-forms", Convert.ToHexString(payload, 1, 3) + " " + Convert.ToHexStringLower(payload.AsSpan(0, 2)) + " " + Convert.ToHexStringLower(payload, 3, 2)
                + " " + Convert.TryToHexString(payload, hex, out int hexWritten) + " " + hex.Slice(0, hexWritten).ToString()
                + " " + Convert.TryToHexStringLower(payload, hex.Slice(0, 4), out int none) + " " + none);
            var builder = new System.Text.StringBuilder();
            builder.AppendFormat(System.Globalization.CultureInfo.InvariantCulture, "{0:F2}|{1,5}|", 3.14159, 42)
                .AppendFormat(System.Globalization.CultureInfo.InvariantCulture, "{0}-{1}-{2}", 'a', "b", 1.5)
                .AppendFormat(System.Globalization.CultureInfo.InvariantCulture, "[{0:X}]", 255)
                .AppendFormat("{0}{1}{2}{3}", 1, 2, 3, 4).AppendFormat("<{0}{1}{2}>", "x", "y", "z");
            Line("appendformat-provider", builder.ToString());
            Line("hex-from-span", Convert.FromHexString("0aFF10".AsSpan()));
            Span<char> base64 = stackalloc char[12];
            Span<byte> decoded = stackalloc byte[8];
            Line("base64-spans", Convert.TryToBase64Chars(payload, base64, out int charsWritten) + " " + base64.Slice(0, charsWritten).ToString()
                + " " + Convert.TryFromBase64String("3q0Af/8=", decoded, out int bytesWritten) + " " + bytesWritten
                + " " + Convert.TryFromBase64Chars("not base64!".AsSpan(), decoded, out int bad) + " " + bad
                + " " + Convert.TryFromBase64String("3q0Af/8=", decoded.Slice(0, 2), out int small) + " " + small);
        }

        public static void Run()
        {
            Binary();
            Splits();
            int[] data = { 1, 2, 3, 4, 5, 6 };
            Span<int> span = data;
            Span<int> middle = span.Slice(2, 3);
            middle[0] = 30;
            Line("span-slice-writes", data);
            Line("span-length", middle.Length);
            Line("span-range", span[1..3].ToArray());
            Span<int> filled = new int[4];
            filled.Fill(7);
            Line("span-fill", filled.ToArray());
            ReadOnlySpan<char> text = "key=value".AsSpan();
            int eq = text.IndexOf('=');
            Line("span-indexof", eq);
            Line("span-tostring", text.Slice(eq + 1).ToString());
            Line("span-equals", text.Slice(0, eq).SequenceEqual("key"));
            Line("span-startswith", text.StartsWith("key"));
            Line("span-trim", "  padded  ".AsSpan().Trim().ToString());
            Line("span-contains", text.Contains('v'));
            Line("span-lastindexof", "a.b.c".AsSpan().LastIndexOf('.'));
            Line("span-reverse", Reverse("stressed"));
            Line("span-copyto", CopyTo());
            Line("span-copyto-overlap", OverlappingCopies());
            Line("span-copyto-structs", StructCopies());
            Line("span-copyto-short", new int[] { 1, 2, 3 }.AsSpan().TryCopyTo(new int[2]) + " " + Throws(() => new int[] { 1, 2, 3 }.AsSpan().CopyTo(new int[2])));
            Line("span-sort", Sort());
            Line("span-parse", int.Parse("x123".AsSpan(1)));
            Line("span-foreach", SumSpan(data));
            Memory<int> memory = data.AsMemory(1, 2);
            Line("memory", memory.Length + " " + memory.Span[0]);
            ReadOnlyMemory<char> rom = "memory".AsMemory();
            Line("readonlymemory", rom.Slice(3).ToString());
            int[] rented = ArrayPool<int>.Shared.Rent(10);
            Line("arraypool", rented.Length >= 10);
            ArrayPool<int>.Shared.Return(rented);
            ReadOnlySpan<byte> utf8 = "hi! é"u8;
            Line("u8-literal", utf8.Length + " " + utf8[0] + " " + utf8[^1]);
            Line("u8-decode", System.Text.Encoding.UTF8.GetString(utf8));
            Line("static-data-span", Primes.Length + " " + Primes[4]);
            Line("index-from-end", data[^2]);
            Line("range-of-list", new List<int>(data).GetRange(1, 2));
            Line("span-indexofany", "hello".AsSpan().IndexOfAny('l', 'o'));
            Line("span-count", "banana".AsSpan().Count('a'));
            Line("span-replace", ReplaceSpan());
            Line("stackalloc-fixed", StackSum());
            Line("stackalloc-counted", StackCounted(7));
            Line("stackalloc-chars", StackChars(12345));
            Line("stackalloc-zeroed", StackZeroed(16));
            Line("stackalloc-conditional", StackEither(3) + " " + StackEither(300));
            Line("stackalloc-bad-count", Throws(() => StackCounted(0)));
        }

        private static ReadOnlySpan<byte> Primes => new byte[] { 2, 3, 5, 7, 11, 13 };

        private static string Reverse(string s)
        {
            Span<char> chars = new char[s.Length];
            s.AsSpan().CopyTo(chars);
            chars.Reverse();
            return new string(chars);
        }

        private static string CopyTo()
        {
            int[] target = new int[5];
            new int[] { 9, 8 }.AsSpan().CopyTo(target.AsSpan(2));
            return string.Join(",", target);
        }

        /// <summary>Copies within one array, forwards and backwards, for elements with and without references.</summary>
        private static string OverlappingCopies()
        {
            int[] numbers = { 1, 2, 3, 4, 5, 6, 7, 8 };
            numbers.AsSpan(0, 5).CopyTo(numbers.AsSpan(2));
            long[] wide = { 1, 2, 3, 4, 5, 6, 7, 8 };
            ((ReadOnlySpan<long>)wide.AsSpan(3)).CopyTo(wide);
            char[] text = "abcdefghij".ToCharArray();
            text.AsSpan(0, 7).CopyTo(text.AsSpan(3));
            string[] names = { "a", "b", "c", "d", "e" };
            names.AsSpan(0, 3).CopyTo(names.AsSpan(2));
            byte[] bytes = new byte[100];
            for (int i = 0; i < bytes.Length; i++) bytes[i] = (byte)i;
            bytes.AsSpan(10, 80).CopyTo(bytes.AsSpan(1));
            return string.Join(",", numbers) + " " + string.Join(",", wide) + " " + new string(text) + " " + string.Join(",", names)
                + " " + bytes[0] + "," + bytes[1] + "," + bytes[80] + "," + bytes[81] + "," + bytes[99];
        }

        private static string StructCopies()
        {
            (int, double)[] pairs = { (1, 1.5), (2, 2.5), (3, 3.5) };
            var pairCopy = new (int, double)[4];
            pairs.AsSpan().CopyTo(pairCopy.AsSpan(1));
            KeyValuePair<string, int>[] entries = { new("x", 1), new("y", 2) };
            var entryCopy = new KeyValuePair<string, int>[2];
            entries.AsSpan().CopyTo(entryCopy);
            Span<int> stack = stackalloc int[4];
            new int[] { 7, 8, 9 }.AsSpan().CopyTo(stack.Slice(1));
            return string.Join(",", pairCopy) + " " + string.Join(",", entryCopy) + " " + string.Join(",", stack.ToArray());
        }

        private static string Sort()
        {
            Span<int> values = new[] { 5, 2, 9, 1 };
            values.Sort();
            return string.Join(",", values.ToArray());
        }

        private static int SumSpan(ReadOnlySpan<int> values)
        {
            int sum = 0;
            foreach (int v in values) sum += v;
            return sum;
        }

        private static string ReplaceSpan()
        {
            Span<char> chars = "a-b-c".ToCharArray();
            chars.Replace('-', '+');
            return chars.ToString();
        }

        private static int StackSum()
        {
            Span<int> s = stackalloc int[5];
            for (int i = 0; i < s.Length; i++) s[i] = i * i;
            int total = 0;
            foreach (int v in s) total += v;
            return total;
        }

        private static string StackCounted(int n)
        {
            Span<long> s = stackalloc long[n];
            s.Fill(3);
            s[n - 1] = 9;
            return s.Length + " " + s[0] + " " + s[n - 1];
        }

        private static string StackChars(int value)
        {
            Span<char> s = stackalloc char[16];
            int length = 0;
            do { s[length++] = (char)('0' + value % 10); value /= 10; } while (value > 0);
            s.Slice(0, length).Reverse();
            return new string(s.Slice(0, length));
        }

        private static bool StackZeroed(int n)
        {
            Span<byte> s = stackalloc byte[n];
            foreach (byte b in s) if (b != 0) return false;
            return true;
        }

        private static int StackEither(int n)
        {
            Span<int> s = n <= 64 ? stackalloc int[n] : new int[n];
            s.Fill(1);
            return s.Length + s[n - 1];
        }
    }
}
