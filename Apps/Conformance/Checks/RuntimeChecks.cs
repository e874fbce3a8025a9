using System;
using System.Runtime.CompilerServices;

// The nested field structs are the frame, not data worth naming.
#pragma warning disable CS0649
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    /// <summary>Runtime behaviour an everyday program relies on without naming it: methods whose frames span several
    /// pages (ILC probes the stack in their prologs), and type initializers that throw.</summary>
    internal static class RuntimeChecks
    {
        public static void Run()
        {
            Line("large-frame-sum", LargeFrameSum(3));
            Line("large-frame-nested", LargeFrameNested(1));

            Exception first = Catch(() => Faulty.Value);
            Exception second = Catch(() => Faulty.Value);
            Line("cctor-throws", Describe(first));
            Line("cctor-type-name", (first as TypeInitializationException)?.TypeName);
            Line("cctor-again", Describe(second));
            Line("cctor-same-exception", ReferenceEquals(first, second));
            Exception fromTask = Catch(() => System.Threading.Tasks.Task.Run(() => Faulty.Value).GetAwaiter().GetResult());
            Line("cctor-other-thread", Describe(fromTask) + " | same: " + ReferenceEquals(first, fromTask));
            Line("cctor-other-member", Describe(Catch(() => Faulty.Other())));
            Line("cctor-nested", Describe(Catch(() => Outer.Inner.Parsed)));
            Line("cctor-top-level", Describe(Catch(() => FaultyTopLevel.Value)));
            Line("cctor-recursive", SelfReferring.Seen + " " + SelfReferring.Value);
            Line("cctor-fine-neighbour", Fine.Value);
        }

        private static Exception Catch(Func<int> use)
        {
            try
            {
                use();
                return null;
            }
            catch (Exception e)
            {
                return e;
            }
        }

        private static string Describe(Exception e) => e == null ? "no exception"
            : e.GetType().Name + ": " + e.Message + (e.InnerException == null ? "" : " <- " + Describe(e.InnerException));

        private static class Faulty
        {
            public static readonly int Value;

            // An explicit static constructor: it runs at the first use of the type, on either runtime.
            static Faulty()
            {
                Value = int.Parse("seven");
            }

            public static int Other() => Value + 1;
        }

        private static class Outer
        {
            public static class Inner
            {
                public static readonly int Parsed;

                static Inner()
                {
                    int[] two = new int[2];
                    Parsed = two[Three()];
                }
            }
        }

        private static int Three() => 3;

        private static class SelfReferring
        {
            public static readonly int Seen, Value;

            static SelfReferring()
            {
                Seen = Value;   // its own statics from inside its initializer: the defaults, no wait
                Value = 5;
            }
        }

        private static class Fine
        {
            public static readonly int Value;

            static Fine()
            {
                Value = 11;
            }
        }

        // 64 bytes, then eight of each: 512 bytes, 4 KiB; four of those, 16 KiB (plain fields: no unsafe code, no spans).
        private struct B64 { public long A, B, C, D, E, F, G, H; }
        private struct B512 { public B64 A, B, C, D, E, F, G, H; }
        private struct B4K { public B512 A, B, C, D, E, F, G, H; }
        private struct B16K { public B4K A, B, C, D; }

        // A 16 KiB local and its copy: the prolog calls the stack probe before the frame is used.
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static long LargeFrameSum(int seed)
        {
            B16K page = default;
            Fill(ref page, seed);   // by reference: the frame must be memory, not registers
            B16K copy = page;
            return copy.A.A.A.A + copy.D.E.F.G + copy.D.H.H.H + copy.B.B.B.B;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static long LargeFrameNested(int depth)
        {
            B16K page = default;
            Fill(ref page, depth);
            return depth == 0 ? page.A.A.A.A + page.D.H.H.H : page.D.H.H.H + LargeFrameNested(depth - 1);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void Fill(ref B16K page, int seed)
        {
            page.A.A.A.A = seed;
            page.D.E.F.G = seed * 3;
            page.D.H.H.H = seed * 7;
        }
    }

    /// <summary>A type at namespace level whose initializer throws (RuntimeChecks names it by its full name).</summary>
    internal static class FaultyTopLevel
    {
        public static readonly int Value;

        static FaultyTopLevel()
        {
            Value = int.Parse("");
        }
    }
}
