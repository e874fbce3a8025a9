// stackalloc into spans in the shapes C# emits, which an untrusted program may use: constant and variable counts,
// one-byte and wider elements, the conditional form, a read-only span, spans passed down to callees and sliced.
// manifest: ../Corpus/Shared/app.xml
using System;
using System.Runtime.InteropServices;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => Scratch.Sum() + Scratch.Counted(6) + Scratch.Bytes(4) + Scratch.Chars() + Scratch.Either(20) + Scratch.ReadOnly();
    }

    internal static class Scratch
    {
        public static int Sum() { Span<int> s = stackalloc int[4]; s[0] = 1; return s[0]; }

        public static int Counted(int n)
        {
            Span<double> s = stackalloc double[n];
            s.Fill(1.5);
            return (int)Total(s.Slice(1));
        }

        private static double Total(ReadOnlySpan<double> values)
        {
            double total = 0;
            foreach (double v in values) total += v;
            return total;
        }

        public static int Bytes(int n) { Span<byte> s = stackalloc byte[n]; s[n - 1] = 9; return s[n - 1]; }

        public static int Chars() { Span<char> s = stackalloc char[10]; "abc".AsSpan().CopyTo(s); return s.IndexOf('c'); }

        public static int Either(int n) { Span<long> s = n > 10 ? stackalloc long[n] : new long[3]; return s.Length; }

        public static int ReadOnly() { ReadOnlySpan<ushort> s = stackalloc ushort[3]; return s.Length; }
    }
}
