using System;
using System.Collections.Generic;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    internal sealed class ValidationException : Exception
    {
        public ValidationException(string field, string message) : base(message) { Field = field; }
        public string Field { get; }
    }

    internal static class ExceptionChecks
    {
        public static void Run()
        {
            Line("argnull", Throws(() => ArgumentNullException.ThrowIfNull((object)null, "input")));
            string value = null;
            Line("argnull-expression", Throws(() => ArgumentNullException.ThrowIfNull(value)));
            Line("argnull-paramname", new ArgumentNullException("p").ParamName);
            Line("argnull-message", new ArgumentNullException("p", "custom").Message);
            Line("arg-message", new ArgumentException("bad value", "size").Message);
            Line("argrange", new ArgumentOutOfRangeException("index").Message);
            Line("argrange-value", new ArgumentOutOfRangeException("count", 5, "too big").Message);
            Line("throwifnegative", Throws(() => ArgumentOutOfRangeException.ThrowIfNegative(-2, "n")));
            Line("throwifgreaterthan", Throws(() => ArgumentOutOfRangeException.ThrowIfGreaterThan(10, 5, "n")));
            Line("throwifnullorempty", Throws(() => ArgumentException.ThrowIfNullOrEmpty("", "name")));
            Line("invalidop-default", new InvalidOperationException().Message);
            Line("exception-default", new Exception().Message);
            Line("notsupported", new NotSupportedException().Message);
            Line("notimplemented", new NotImplementedException().Message);
            Line("format-default", new FormatException().Message);
            Line("keynotfound", new KeyNotFoundException().Message);
            Line("objectdisposed", new ObjectDisposedException("Thing").Message);
            Line("timeout", new TimeoutException().Message);
            var inner = new InvalidOperationException("inner problem");
            var outer = new ApplicationException("outer problem", inner);
            Line("inner", outer.InnerException.Message);
            Line("base", outer.GetBaseException().Message);
            Line("tostring", new InvalidOperationException("boom").ToString());
            Line("tostring-inner", outer.ToString());
            Line("custom-exception", Throws(() => throw new ValidationException("age", "must be positive")));
            Line("divide-by-zero", Throws(() => { int zero = 0; Console.Write(1 / zero); }));
            Line("null-reference", Throws(() => { string s = null; Console.Write(s.Length); }));
            Line("index-out-of-range", Throws(() => { int[] a = new int[2]; Console.Write(a[2]); }));
            Line("invalid-cast", Throws(() => { object o = "s"; Console.Write((int)o); }));
            Line("overflow", Throws(() => { int big = int.MaxValue; Console.Write(checked(big + 1)); }));
            Line("list-index", Throws(() => new List<int>()[0].ToString()));
            Line("parse-format", Throws(() => int.Parse("12x")));
            Line("collection-modified", Throws(() => { var l = new List<int> { 1, 2 }; foreach (int i in l) l.Add(i); }));
            Line("finally-order", FinallyOrder());
            Line("when-filter", WhenFilter(404));
            Line("rethrow", Rethrow());
            Line("nested-catch", NestedCatch());
            Line("exception-data", Throws(() => throw new InvalidOperationException("x", new FormatException("y"))));
            Line("hresult-type", new Exception().HResult != 0);
            foreach (Exception e in new Exception[]
            {
                new Exception(), new SystemException(), new ApplicationException(), new ArgumentException(),
                new ArgumentNullException(), new ArgumentOutOfRangeException(), new ArithmeticException(),
                new DivideByZeroException(), new OverflowException(), new NullReferenceException(),
                new IndexOutOfRangeException(), new InvalidCastException(), new InvalidOperationException(),
                new ObjectDisposedException("o"), new NotSupportedException(), new PlatformNotSupportedException(),
                new NotImplementedException(), new FormatException(), new KeyNotFoundException(),
                new OutOfMemoryException(), new TimeoutException(), new UnauthorizedAccessException(),
                new OperationCanceledException(), new ArrayTypeMismatchException(), new RankException(),
                new MissingMethodException(), new ValidationException("f", "m"),
                new System.Globalization.CultureNotFoundException(),
            })
                Line("hresult." + e.GetType().Name, "0x" + e.HResult.ToString("X8"));
            var custom = new InvalidOperationException("custom hresult") { HResult = 42 };
            Line("hresult-set", custom.HResult);
        }

        private static string FinallyOrder()
        {
            var log = new List<string>();
            try
            {
                try
                {
                    log.Add("try");
                    throw new InvalidOperationException();
                }
                finally
                {
                    log.Add("finally");
                }
            }
            catch (InvalidOperationException)
            {
                log.Add("catch");
            }
            return string.Join(">", log);
        }

        private static string WhenFilter(int code)
        {
            try
            {
                throw new HttpLikeException(code);
            }
            catch (HttpLikeException e) when (e.Code == 500)
            {
                return "server error";
            }
            catch (HttpLikeException e) when (e.Code == 404)
            {
                return "not found";
            }
        }

        private sealed class HttpLikeException : Exception
        {
            public HttpLikeException(int code) : base("HTTP " + code) { Code = code; }
            public int Code { get; }
        }

        private static string Rethrow()
        {
            try
            {
                try { throw new FormatException("original"); }
                catch (FormatException) { throw; }
            }
            catch (Exception e)
            {
                return e.GetType().Name + " " + e.Message;
            }
        }

        private static string NestedCatch()
        {
            try
            {
                try { throw new ArgumentException("first"); }
                catch (ArgumentException e) { throw new InvalidOperationException("wrapped", e); }
            }
            catch (InvalidOperationException e)
            {
                return e.Message + " <- " + e.InnerException.GetType().Name + ": " + e.InnerException.Message;
            }
        }
    }
}
