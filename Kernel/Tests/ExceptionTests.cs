using System;
using Internal.Runtime.ExceptionHandling;

namespace Sing.Kernel.Tests
{
    /// <summary>try/catch/finally/filters/rethrow over the runtime's two-pass dispatcher, and CPU faults turned into
    /// exceptions.</summary>
    internal static class ExceptionTests
    {
        private sealed class CodeException : Exception
        {
            public readonly int Code;
            public CodeException(int code) : base("code " + code.ToString()) { Code = code; }
        }

        private sealed class OtherException : Exception
        {
            public OtherException() : base("other") { }
        }

        private static int s_finallyCount;
        private static int s_zero;
        private static object s_null;

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static void Throw(int code) => throw new CodeException(code);

        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private static void ThrowThroughFinally(int depth, int code)
        {
            try
            {
                if (depth == 0) Throw(code);
                else ThrowThroughFinally(depth - 1, code);
            }
            finally
            {
                s_finallyCount++;
            }
        }

        public static void CatchByTypeAndBaseType(TestContext t)
        {
            int caught = 0;
            try { Throw(1); }
            catch (OtherException) { caught = -1; }
            catch (CodeException e) { caught = e.Code; }
            t.Equal(1, (ulong)caught, "the matching catch clause runs, not the first one");

            string message = null;
            try { Throw(2); }
            catch (Exception e) { message = e.Message; }
            t.Equal("code 2", message, "a base-type catch receives the exception");

            bool normalPath = false;
            try { normalPath = true; }
            catch (Exception) { normalPath = false; }
            t.True(normalPath, "no exception: the catch does not run");
        }

        public static void FinallyRunsOnEveryPath(TestContext t)
        {
            s_finallyCount = 0;
            try { s_finallyCount += 10; }
            finally { s_finallyCount++; }
            t.Equal(11, (ulong)s_finallyCount, "finally after normal completion");

            s_finallyCount = 0;
            try { ThrowThroughFinally(4, 7); }
            catch (CodeException e) { t.Equal(7, (ulong)e.Code, "the exception crosses five frames"); }
            t.Equal(5, (ulong)s_finallyCount, "each frame's finally ran once during unwinding");

            s_finallyCount = 0;
            t.Equal(3, (ulong)ReturnFromTry(), "return from inside try");
            t.Equal(1, (ulong)s_finallyCount, "finally ran on return");
        }

        private static int ReturnFromTry()
        {
            try { return 3; }
            finally { s_finallyCount++; }
        }

        public static void WhenFilters(TestContext t)
        {
            int path = 0;
            for (int code = 1; code <= 3; code++)
            {
                try { Throw(code); }
                catch (CodeException e) when (e.Code == 2) { path += 20; }
                catch (CodeException e) when (e.Code > 2) { path += 300; }
                catch (CodeException) { path += 1; }
            }
            t.Equal(321, (ulong)path, "filters select the clause; a false filter falls through");
            int filterRuns = 0;
            try
            {
                try { Throw(5); }
                catch (CodeException) when (++filterRuns > 100) { t.Fail("a false filter's handler ran"); }
            }
            catch (CodeException) { filterRuns += 10; }
            t.Equal(11, (ulong)filterRuns, "a false filter is evaluated once and the search continues outward");
        }

        public static void NestedAndRethrow(TestContext t)
        {
            int result = 0;
            try
            {
                try { Throw(1); }
                catch (CodeException) { throw new OtherException(); }
            }
            catch (OtherException) { result = 1; }
            t.Equal(1, (ulong)result, "an exception thrown in a catch block is caught by an outer handler");

            result = 0;
            try
            {
                try { Throw(2); }
                catch (CodeException) { throw new OtherException(); }
                catch (OtherException) { result = -100; }
            }
            catch (OtherException) { result += 2; }
            t.Equal(2, (ulong)result, "a sibling catch of the same try does not catch what its neighbour threw");

            CodeException original = null, rethrown = null;
            try
            {
                try { Throw(3); }
                catch (CodeException e) { original = e; throw; }
            }
            catch (CodeException e) { rethrown = e; }
            t.True(original != null && ReferenceEquals(original, rethrown), "rethrow propagates the same exception object");

            result = 0;
            try
            {
                try { Throw(4); }
                finally { result += 1; }
            }
            catch (CodeException) { result += 10; }
            t.Equal(11, (ulong)result, "inner finally then outer catch");

            result = 0;
            try
            {
                try { Throw(5); }
                finally { throw new OtherException(); }
            }
            catch (OtherException) { result = 5; }
            catch (CodeException) { result = -1; }
            t.Equal(5, (ulong)result, "an exception thrown in a finally replaces the one in flight");

            for (int i = 0; i < 1000; i++)
            {
                try { Throw(i); }
                catch (CodeException e) when (e.Code == i) { result = i; }
            }
            t.Equal(999, (ulong)result, "a thousand throw/catch cycles");
        }

        public static void RuntimeExceptions(TestContext t)
        {
            int[] small = new int[2];
            int index = 5;
            t.True(Catches<IndexOutOfRangeException>(() => small[index] = 1), "array index out of range");
            object text = "text";
            t.True(Catches<InvalidCastException>(() => { object o = (OtherException)text; }), "invalid cast");
            object[] strings = new string[1];
            t.True(Catches<ArrayTypeMismatchException>(() => strings[0] = new object()), "covariant array store check");
            int big = int.MaxValue;
            t.True(Catches<OverflowException>(() => { int x = checked(big + 1); }), "checked arithmetic overflow");
            t.True(Catches<NullReferenceException>(() => s_null.GetHashCode()), "null reference from a page fault");
            t.True(Catches<DivideByZeroException>(() => { int x = 10 / s_zero; }), "integer division by zero from #DE");
            t.True(Catches<CodeException>(() => Throw(9)), "exception thrown inside a lambda");
        }

        private static bool Catches<T>(Action action) where T : Exception
        {
            try
            {
                action();
                return false;
            }
            catch (T)
            {
                return true;
            }
        }
    }
}
