// Compiled twice from this one source: into the computebench SIP (our corelib) and into a stock .NET NativeAOT program
// for the Linux guest (Bench/Compute/README.md), so both sides run the same C# through the same ILC.
#nullable disable
using System;
using System.Collections.Generic;
using System.Diagnostics;

namespace Sing.Bench.Compute
{
    /// <summary>Three workloads of ordinary C# (issue 34's: numeric, Dictionary and strings, allocation), each one operation at a time, each returning a checksum both sides print
    /// so a run that did other work is seen: numeric code (n-body), dictionaries and strings (word counts), and
    /// allocation (binary trees).</summary>
    public static class ComputeWorkloads
    {
        // ---- Compute.Numeric: one step of the five-body simulation (doubles, square roots, no allocation) ----

        private const double SolarMass = 4 * Math.PI * Math.PI, DaysPerYear = 365.24;

        private sealed class Body
        {
            public double X, Y, Z, Vx, Vy, Vz, Mass;
        }

        private static Body[] NewSystem()
        {
            var bodies = new[]
            {
                new Body { Mass = SolarMass },
                new Body { X = 4.84143144246472090e+00, Y = -1.16032004402742839e+00, Z = -1.03622044471123109e-01, Vx = 1.66007664274403694e-03 * DaysPerYear, Vy = 7.69901118419740425e-03 * DaysPerYear, Vz = -6.90460016972063023e-05 * DaysPerYear, Mass = 9.54791938424326609e-04 * SolarMass },
                new Body { X = 8.34336671824457987e+00, Y = 4.12479856412430479e+00, Z = -4.03523417114321381e-01, Vx = -2.76742510726862411e-03 * DaysPerYear, Vy = 4.99852801234917238e-03 * DaysPerYear, Vz = 2.30417297573763929e-05 * DaysPerYear, Mass = 2.85885980666130812e-04 * SolarMass },
                new Body { X = 1.28943695621391310e+01, Y = -1.51111514016986312e+01, Z = -2.23307578892655734e-01, Vx = 2.96460137564761618e-03 * DaysPerYear, Vy = 2.37847173959480950e-03 * DaysPerYear, Vz = -2.96589568540237556e-05 * DaysPerYear, Mass = 4.36624404335156298e-05 * SolarMass },
                new Body { X = 1.53796971148509165e+01, Y = -2.59193146099879641e+01, Z = 1.79258772950371181e-01, Vx = 2.68067772490389322e-03 * DaysPerYear, Vy = 1.62824170038242295e-03 * DaysPerYear, Vz = -9.51592254519715870e-05 * DaysPerYear, Mass = 5.15138902046611451e-05 * SolarMass },
            };
            double px = 0, py = 0, pz = 0;
            foreach (Body b in bodies)
            {
                px += b.Vx * b.Mass;
                py += b.Vy * b.Mass;
                pz += b.Vz * b.Mass;
            }
            bodies[0].Vx = -px / SolarMass;
            bodies[0].Vy = -py / SolarMass;
            bodies[0].Vz = -pz / SolarMass;
            return bodies;
        }

        /// <summary><paramref name="steps"/> steps of 0.01; the checksum is the system's energy after them, in units of 1e-9.</summary>
        public static long Numeric(int steps)
        {
            Body[] bodies = NewSystem();
            for (int s = 0; s < steps; s++)
            {
                for (int i = 0; i < bodies.Length; i++)
                {
                    Body a = bodies[i];
                    for (int j = i + 1; j < bodies.Length; j++)
                    {
                        Body b = bodies[j];
                        double dx = a.X - b.X, dy = a.Y - b.Y, dz = a.Z - b.Z;
                        double d2 = dx * dx + dy * dy + dz * dz;
                        double magnitude = 0.01 / (d2 * Math.Sqrt(d2));
                        a.Vx -= dx * b.Mass * magnitude; a.Vy -= dy * b.Mass * magnitude; a.Vz -= dz * b.Mass * magnitude;
                        b.Vx += dx * a.Mass * magnitude; b.Vy += dy * a.Mass * magnitude; b.Vz += dz * a.Mass * magnitude;
                    }
                }
                foreach (Body b in bodies)
                {
                    b.X += 0.01 * b.Vx;
                    b.Y += 0.01 * b.Vy;
                    b.Z += 0.01 * b.Vz;
                }
            }
            double energy = 0;
            for (int i = 0; i < bodies.Length; i++)
            {
                Body a = bodies[i];
                energy += 0.5 * a.Mass * (a.Vx * a.Vx + a.Vy * a.Vy + a.Vz * a.Vz);
                for (int j = i + 1; j < bodies.Length; j++)
                {
                    Body b = bodies[j];
                    double dx = a.X - b.X, dy = a.Y - b.Y, dz = a.Z - b.Z;
                    energy -= a.Mass * b.Mass / Math.Sqrt(dx * dx + dy * dy + dz * dz);
                }
            }
            return (long)Math.Round(energy * 1e9);
        }

        // ---- Compute.DictionaryStrings: one word made, counted and looked up (strings, hashing, comparison) ----

        private static readonly string[] s_syllables = { "ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ze", "qua", "str", "on", "el", "ith", "ar", "ux" };

        /// <summary>Counts <paramref name="words"/> generated words (1 to 4 syllables, with a number suffix on some) in a
        /// Dictionary, looking up each word's reverse as well; then sorts the distinct words ordinally and joins the first
        /// ten. The checksum mixes the counts, the hits and the joined text's hash over its characters.</summary>
        public static long DictionaryStrings(int words)
        {
            var counts = new Dictionary<string, int>();
            uint state = 2463534242;
            long hits = 0;
            var chars = new char[32];
            for (int w = 0; w < words; w++)
            {
                state ^= state << 13; state ^= state >> 17; state ^= state << 5;
                int syllables = 1 + (int)(state & 3);
                string word = "";
                for (int s = 0; s < syllables; s++) word = string.Concat(word, s_syllables[(state >> (4 + 4 * s)) & 15]);
                if ((state >> 28) == 0) word = word + "-" + ((state >> 20) & 63).ToString();
                counts[word] = counts.TryGetValue(word, out int n) ? n + 1 : 1;
                for (int i = 0; i < word.Length; i++) chars[i] = word[word.Length - 1 - i];
                if (counts.ContainsKey(new string(chars, 0, word.Length))) hits++;
            }
            var keys = new List<string>(counts.Keys);
            keys.Sort(string.CompareOrdinal);
            string joined = string.Join(",", keys.GetRange(0, Math.Min(10, keys.Count)));
            long sum = 0;
            foreach (KeyValuePair<string, int> pair in counts) sum += (long)pair.Value * pair.Key.Length;
            long text = 0;
            for (int i = 0; i < joined.Length; i++) text = text * 31 + joined[i];
            return sum * 1_000_003 + hits * 7919 + counts.Count + (text & 0xFFFFFF);
        }

        // ---- Compute.BinaryTrees: one tree of depth TreeDepth built and walked (allocation, collection) ----

        private const int TreeDepth = 10;

        private sealed class Node
        {
            public Node Left, Right;
        }

        private static Node Tree(int depth) => depth == 0 ? new Node() : new Node { Left = Tree(depth - 1), Right = Tree(depth - 1) };

        private static int Check(Node node) => node.Left == null ? 1 : 1 + Check(node.Left) + Check(node.Right);

        /// <summary>Builds and checks <paramref name="trees"/> trees of 2^11 - 1 nodes while one long-lived tree stays;
        /// the checksum is the nodes counted.</summary>
        public static long BinaryTrees(int trees)
        {
            Node longLived = Tree(TreeDepth);
            long nodes = 0;
            for (int t = 0; t < trees; t++) nodes += Check(Tree(TreeDepth));
            return nodes + Check(longLived);
        }
    }

    /// <summary>The other four of issue 36's list: fannkuch-redux (permutations in small int arrays), spectral-norm
    /// (doubles through a matrix defined by a function), a sort of ints (Array.Sort), and string building
    /// (StringBuilder appends of numbers and text).</summary>
    public static class MoreComputeWorkloads
    {
        // ---- Compute.Fannkuch: the flips of every permutation of 7 (5,040 permutations per operation) ----

        private const int FannkuchN = 7;

        /// <summary><paramref name="rounds"/> times over all permutations of 0..6: the checksum is the sum over rounds of
        /// the signed flip counts and the largest count.</summary>
        public static long Fannkuch(int rounds)
        {
            long total = 0;
            var perm = new int[FannkuchN];
            var perm1 = new int[FannkuchN];
            var count = new int[FannkuchN];
            for (int round = 0; round < rounds; round++)
            {
                for (int i = 0; i < FannkuchN; i++) perm1[i] = i;
                int r = FannkuchN, checksum = 0, maxFlips = 0, permutation = 0;
                while (true)
                {
                    for (; r != 1; r--) count[r - 1] = r;
                    for (int i = 0; i < FannkuchN; i++) perm[i] = perm1[i];
                    int flips = 0;
                    for (int k = perm[0]; k != 0; k = perm[0])
                    {
                        for (int i = 0, j = k; i < j; i++, j--)
                        {
                            int t = perm[i];
                            perm[i] = perm[j];
                            perm[j] = t;
                        }
                        flips++;
                    }
                    if (flips > maxFlips) maxFlips = flips;
                    checksum += (permutation & 1) == 0 ? flips : -flips;
                    while (true)
                    {
                        if (r == FannkuchN)
                        {
                            total += checksum * 100 + maxFlips;
                            goto next;
                        }
                        int first = perm1[0];
                        for (int i = 0; i < r; i++) perm1[i] = perm1[i + 1];
                        perm1[r] = first;
                        if (--count[r] > 0) break;
                        r++;
                    }
                    permutation++;
                }
            next:;
            }
            return total;
        }

        // ---- Compute.SpectralNorm: one power-method step (two A·v and two Aᵀ·v products) of a 100x100 matrix ----

        private const int SpectralN = 100;

        private static double A(int i, int j) => 1.0 / ((i + j) * (i + j + 1) / 2 + i + 1);

        private static void MultiplyAv(double[] v, double[] av)
        {
            for (int i = 0; i < SpectralN; i++)
            {
                double sum = 0;
                for (int j = 0; j < SpectralN; j++) sum += A(i, j) * v[j];
                av[i] = sum;
            }
        }

        private static void MultiplyAtv(double[] v, double[] atv)
        {
            for (int i = 0; i < SpectralN; i++)
            {
                double sum = 0;
                for (int j = 0; j < SpectralN; j++) sum += A(j, i) * v[j];
                atv[i] = sum;
            }
        }

        /// <summary><paramref name="steps"/> steps from a vector of ones; the checksum is the norm estimate in units of 1e-9.</summary>
        public static long SpectralNorm(int steps)
        {
            var u = new double[SpectralN];
            var v = new double[SpectralN];
            var tmp = new double[SpectralN];
            for (int i = 0; i < SpectralN; i++) u[i] = 1;
            for (int s = 0; s < steps; s++)
            {
                MultiplyAv(u, tmp);
                MultiplyAtv(tmp, v);
                MultiplyAv(v, tmp);
                MultiplyAtv(tmp, u);
            }
            double vBv = 0, vv = 0;
            for (int i = 0; i < SpectralN; i++)
            {
                vBv += u[i] * v[i];
                vv += v[i] * v[i];
            }
            return (long)Math.Round(Math.Sqrt(vBv / vv) * 1e9);
        }

        // ---- Compute.Sort: 1,000 generated ints sorted with Array.Sort ----

        private const int SortLength = 1000;

        /// <summary><paramref name="sorts"/> sorts of fresh pseudo-random arrays; the checksum mixes every sorted array's
        /// first, middle and last elements.</summary>
        public static long Sort(int sorts)
        {
            var items = new int[SortLength];
            uint state = 88172645;
            long sum = 0;
            for (int s = 0; s < sorts; s++)
            {
                for (int i = 0; i < SortLength; i++)
                {
                    state ^= state << 13; state ^= state >> 17; state ^= state << 5;
                    items[i] = (int)(state % 100_000) - 50_000;
                }
                Array.Sort(items);
                sum = sum * 31 + items[0] + items[SortLength / 2] * 7 + items[SortLength - 1] * 13;
            }
            return sum;
        }

        // ---- Compute.StringBuilding: one line of a report built with StringBuilder ----

        /// <summary>Builds <paramref name="lines"/> lines ("item N: name, count, ratio") into one StringBuilder, clearing it
        /// every 100 lines; the checksum is the characters built and a hash of the last text.</summary>
        public static long StringBuilding(int lines)
        {
            var text = new System.Text.StringBuilder();
            long characters = 0;
            string last = "";
            for (int i = 0; i < lines; i++)
            {
                text.Append("item ").Append(i).Append(": ").Append(i % 7 == 0 ? "seven" : "other").Append(", ")
                    .Append(i * 37 % 1000).Append(", ").Append((i % 100) / 4).Append('.').Append(i % 4 * 25).Append('\n');
                if (i % 100 == 99)
                {
                    last = text.ToString();
                    characters += last.Length;
                    text.Clear();
                }
            }
            long hash = 0;
            for (int i = 0; i < last.Length; i++) hash = hash * 31 + last[i];
            return characters * 1_000_003 + (hash & 0xFFFFFF);
        }
    }

    /// <summary>Runs each workload as SingBench runs a row: a warm-up of a tenth, then <see cref="Repetitions"/> timed runs;
    /// prints "BENCH NAME UNIT=MEDIAN iterations=N repetitions=R min=MIN max=MAX collections=G checksum=C suite=compute"
    /// in <see cref="Stopwatch"/> ticks per operation: TSC cycles in a SIP (UNIT cycles_per_op), nanoseconds on Linux
    /// (ns_per_op, which the Linux guest's /init turns into cycles).</summary>
    public static class ComputeRunner
    {
        public const int Repetitions = 5;

        public static void Run(bool quick, string unit, Action<string> print)
        {
            int divisor = quick ? 10 : 1;
            Row("Compute.Numeric", 20_000 / divisor, ComputeWorkloads.Numeric, unit, print);
            Row("Compute.DictionaryStrings", 200_000 / divisor, ComputeWorkloads.DictionaryStrings, unit, print);
            Row("Compute.BinaryTrees", 200 / divisor, ComputeWorkloads.BinaryTrees, unit, print);
            Row("Compute.Fannkuch", 20 / divisor, MoreComputeWorkloads.Fannkuch, unit, print);
            Row("Compute.SpectralNorm", 100 / divisor, MoreComputeWorkloads.SpectralNorm, unit, print);
            Row("Compute.Sort", 200 / divisor, MoreComputeWorkloads.Sort, unit, print);
            Row("Compute.StringBuilding", 100_000 / divisor, MoreComputeWorkloads.StringBuilding, unit, print);
        }

        private static void Row(string name, int iterations, Func<int, long> body, string unit, Action<string> print)
        {
            body(Math.Max(iterations / 10, 1));
            var ticks = new long[Repetitions];
            long checksum = 0;
            int collections = GC.CollectionCount(0);
            for (int r = 0; r < Repetitions; r++)
            {
                long start = Stopwatch.GetTimestamp();
                checksum = body(iterations);
                ticks[r] = Stopwatch.GetTimestamp() - start;
            }
            collections = GC.CollectionCount(0) - collections;
            Array.Sort(ticks);
            print("BENCH " + name + " " + unit + "=" + (ticks[Repetitions / 2] / iterations).ToString() + " iterations=" + iterations.ToString()
                + " repetitions=" + Repetitions.ToString() + " min=" + (ticks[0] / iterations).ToString() + " max=" + (ticks[Repetitions - 1] / iterations).ToString()
                + " collections=" + collections.ToString() + " checksum=" + checksum.ToString() + " suite=compute");
        }
    }
}
