using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    /// <summary>Stack traces: Exception.StackTrace, the "   at" lines of Exception.ToString() and
    /// Environment.StackTrace. The text is not the same everywhere (.NET on a JIT adds parameter names and source
    /// lines, ahead-of-time code an offset), so each check prints the frames of this program's own methods as
    /// "Namespace.Type.Method(ParameterTypes)", which must agree. The methods that throw are kept out of inlining and
    /// call each other in non-tail position, so every compiler keeps their frames.</summary>
    internal static class StackTraceChecks
    {
        public static void Run()
        {
            Line("unthrown", new InvalidOperationException("never thrown").StackTrace);
            Line("unthrown-tostring", new InvalidOperationException("never thrown").ToString());
            Exception deep = ThrowDeep();
            Line("deep-frames", OwnFrames(deep.StackTrace));
            Line("deep-tostring", Shape(deep.ToString()));
            Line("parameter-types", OwnFrames(ThrowWithParameters().StackTrace));
            Line("rethrow-keeps-frames", OwnFrames(RethrowKeepsTrace().StackTrace));
            Line("throw-again-resets", OwnFrames(ThrowAgainResets().StackTrace));
            Line("throw-in-catch", OwnFrames(ThrowInCatch().StackTrace));
            Line("inner-tostring", Shape(Wrapped().ToString()));
            Line("null-reference", OwnFrames(NullReference().StackTrace));
            Line("divide-by-zero", OwnFrames(DivideByZero().StackTrace));
            Line("checked-overflow", OwnFrames(CheckedOverflow().StackTrace));
            Line("nested-type", OwnFrames(NestedType().StackTrace));
            Line("in-library", OwnFrames(InLibrary().StackTrace));
            Line("environment", EnvironmentTrace());
        }

        /// <summary>The frames of this program's own methods, innermost first: "at " and what a JIT or an ahead-of-time
        /// compiler adds after the parameter list removed, parameter names dropped.</summary>
        private static string OwnFrames(string trace)
        {
            if (trace is null) return "null";
            var frames = new List<string>();
            foreach (string line in trace.Split('\n'))
            {
                string frame = Frame(line);
                if (frame != null) frames.Add(frame);
            }
            return frames.Count == 0 ? "none" : string.Join(" > ", frames);
        }

        private static string Frame(string line)
        {
            string text = line.Trim();
            if (!text.StartsWith("at ", StringComparison.Ordinal)) return null;
            text = text.Substring(3);
            if (!text.StartsWith("Sing.Conformance.", StringComparison.Ordinal)) return null;
            int open = text.IndexOf('(');
            int close = text.IndexOf(')');
            if (open < 0 || close < open) return text;
            var types = new List<string>();
            foreach (string parameter in text.Substring(open + 1, close - open - 1).Split(", ", StringSplitOptions.RemoveEmptyEntries))
                types.Add(parameter.Split(' ')[0]);
            return text.Substring(0, open) + "(" + string.Join(", ", types) + ")";
        }

        /// <summary>Exception.ToString() with each stack line reduced to its frame as above (library frames dropped).</summary>
        private static string Shape(string text)
        {
            var lines = new List<string>();
            foreach (string line in text.Split('\n'))
            {
                if (line.TrimStart().StartsWith("at ", StringComparison.Ordinal))
                {
                    string frame = Frame(line);
                    if (frame != null) lines.Add("at " + frame);
                }
                else lines.Add(line);
            }
            return string.Join(" | ", lines);
        }

        private static Exception ThrowDeep()
        {
            try
            {
                int result = Level1(1);
                Console.Write(result);
                return null;
            }
            catch (InvalidOperationException e)
            {
                return e;
            }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int Level1(int n)
        {
            int r = Level2(n + 1);
            return r * 2;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int Level2(int n)
        {
            int r = Level3(n + 1);
            return r * 2;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int Level3(int n)
        {
            if (n > 0) throw new InvalidOperationException("deep " + n);
            return n;
        }

        private static Exception ThrowWithParameters()
        {
            try
            {
                int result = Parameters("name", new[] { 1, 2 }, new List<string>(), 2.5, ref s_counter);
                Console.Write(result);
                return null;
            }
            catch (ArgumentException e)
            {
                return e;
            }
        }

        private static int s_counter;

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int Parameters(string name, int[] values, List<string> list, double scale, ref int counter)
        {
            counter++;
            if (values.Length + list.Count < 5) throw new ArgumentException("too few for " + name + " at " + scale, nameof(values));
            return counter;
        }

        private static Exception RethrowKeepsTrace()
        {
            try
            {
                RethrowMiddle();
                return null;
            }
            catch (FormatException e)
            {
                return e;
            }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void RethrowMiddle()
        {
            try
            {
                int r = Level3Format(1);
                Console.Write(r);
            }
            catch (FormatException)
            {
                throw;
            }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int Level3Format(int n)
        {
            if (n > 0) throw new FormatException("bad " + n);
            return n;
        }

        private static Exception ThrowAgainResets()
        {
            try
            {
                ThrowAgainMiddle();
                return null;
            }
            catch (FormatException e)
            {
                return e;
            }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void ThrowAgainMiddle()
        {
            try
            {
                int r = Level3Format(2);
                Console.Write(r);
            }
            catch (FormatException e)
            {
#pragma warning disable CA2200 // the reset of the trace is what this checks
                throw e;
#pragma warning restore CA2200
            }
        }

        private static Exception ThrowInCatch()
        {
            try
            {
                CatchAndThrowOther();
                return null;
            }
            catch (InvalidOperationException e)
            {
                return e;
            }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void CatchAndThrowOther()
        {
            try
            {
                int r = Level3Format(3);
                Console.Write(r);
            }
            catch (FormatException e)
            {
                throw new InvalidOperationException("while handling " + e.Message, e);
            }
        }

        private static Exception Wrapped()
        {
            try
            {
                CatchAndThrowOther();
                return null;
            }
            catch (InvalidOperationException e)
            {
                return e;
            }
        }

        private static Exception NullReference()
        {
            try
            {
                int r = LengthPlusOne(null);
                Console.Write(r);
                return null;
            }
            catch (NullReferenceException e)
            {
                return e;
            }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int LengthPlusOne(string text)
        {
            int n = text.Length;
            return n + 1;
        }

        private static Exception DivideByZero()
        {
            try
            {
                int r = Divide(7, s_counter - s_counter);
                Console.Write(r);
                return null;
            }
            catch (DivideByZeroException e)
            {
                return e;
            }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int Divide(int a, int b)
        {
            int q = a / b;
            return q + 1;
        }

        private static Exception CheckedOverflow()
        {
            try
            {
                int r = AddChecked(int.MaxValue, s_counter + 1);
                Console.Write(r);
                return null;
            }
            catch (OverflowException e)
            {
                return e;
            }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int AddChecked(int a, int b)
        {
            int sum = checked(a + b);
            return sum - 1;
        }

        private static Exception NestedType()
        {
            try
            {
                int r = Inner.Fail(4);
                Console.Write(r);
                return null;
            }
            catch (NotSupportedException e)
            {
                return e;
            }
        }

        private static class Inner
        {
            [MethodImpl(MethodImplOptions.NoInlining)]
            public static int Fail(int code)
            {
                if (code > 0) throw new NotSupportedException("code " + code);
                return code;
            }
        }

        /// <summary>Thrown inside the library (List's indexer): the library's own frames differ between
        /// implementations and are not compared, the caller's are.</summary>
        private static Exception InLibrary()
        {
            try
            {
                int r = ItemOf(new List<int> { 1 }, 3);
                Console.Write(r);
                return null;
            }
            catch (ArgumentOutOfRangeException e)
            {
                return e;
            }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int ItemOf(List<int> list, int index)
        {
            int item = list[index];
            return item + 1;
        }

        /// <summary>Environment.StackTrace starts with its own getter, then its caller.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static string EnvironmentTrace()
        {
            string[] lines = Environment.StackTrace.Split('\n');
            string first = lines[0].Trim();
            int open = first.IndexOf('(');
            string getter = open < 0 ? first : first.Substring(0, open + 1) + ")";
            return getter + " > " + (lines.Length > 1 ? Frame(lines[1]) ?? "?" : "?");
        }
    }
}
