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

    internal sealed class BatchException : AggregateException
    {
        public BatchException(params Exception[] inner) : base("batch", inner) { }
        public override string Message => "batch of " + InnerExceptions.Count;
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
            DataChecks();
            AggregateChecks();
        }

        /// <summary>AggregateException.Flatten (nested aggregates, breadth first) and Handle (what the predicate
        /// refuses is thrown again as one aggregate).</summary>
        private static void AggregateChecks()
        {
            var nested = new AggregateException("top",
                new FormatException("a"),
                new AggregateException("mid", new InvalidOperationException("b"), new AggregateException(new ArgumentException("c"))),
                new TimeoutException("d"));
            AggregateException flat = nested.Flatten();
            Line("aggregate.flatten-message", flat.Message);
            Line("aggregate.flatten-types", TypeNames(flat));
            Line("aggregate.flatten-inner", flat.InnerException.Message);
            Line("aggregate.flatten-empty", new AggregateException().Flatten().Message + " " + new AggregateException().Flatten().InnerExceptions.Count);
            var three = new AggregateException("several", new FormatException("x"), new TimeoutException("y"), new FormatException("z"));
            Line("aggregate.handle-some", Throws(() => three.Handle(e => e is FormatException)));
            Line("aggregate.handle-all", Throws(() => three.Handle(e => true)));
            Line("aggregate.handle-null", Throws(() => three.Handle(null)));
            Line("aggregate.handle-order", HandleOrder(three));
            Line("aggregate.flatten-derived", new BatchException(new FormatException("p"), new AggregateException(new FormatException("q"))).Flatten().Message);
            Line("aggregate.base", new AggregateException(new AggregateException(new FormatException("deep"))).GetBaseException().Message);
        }

        private static string TypeNames(AggregateException aggregate)
        {
            var names = new List<string>();
            foreach (Exception e in aggregate.InnerExceptions) names.Add(e.GetType().Name + ":" + e.Message);
            return string.Join(",", names);
        }

        private static string HandleOrder(AggregateException aggregate)
        {
            var seen = new List<string>();
            try { aggregate.Handle(e => { seen.Add(e.Message); return e is TimeoutException; }); }
            catch (AggregateException e) { seen.Add(e.InnerExceptions.Count + " left"); }
            return string.Join(",", seen);
        }

        /// <summary>Exception.Data: pairs in insertion order that travel through throw and catch, and its errors.</summary>
        private static void DataChecks()
        {
            var fresh = new InvalidOperationException("fresh");
            Line("data.empty", fresh.Data.Count + " " + fresh.Data.IsReadOnly + " " + fresh.Data.IsFixedSize);
            Line("data.same-object", ReferenceEquals(fresh.Data, fresh.Data));
            System.Collections.IDictionary caught = null;
            try
            {
                var e = new FormatException("bad row");
                e.Data["row"] = 12;
                e.Data.Add("file", "input.csv");
                e.Data[3.5] = null;
                e.Data["row"] = 13;
                throw e;
            }
            catch (FormatException e)
            {
                caught = e.Data;
            }
            Line("data.count", caught.Count);
            Line("data.keys", caught.Keys);
            Line("data.values", caught.Values);
            Line("data.keys-count", caught.Keys.Count + " " + caught.Values.Count);
            Line("data.lookup", Show(caught["row"]) + " " + Show(caught["missing"]) + " " + caught.Contains("file") + " " + caught.Contains(3.5) + " " + caught.Contains("nope"));
            var entries = new List<string>();
            System.Collections.IDictionaryEnumerator walk = caught.GetEnumerator();
            while (walk.MoveNext())
            {
                System.Collections.DictionaryEntry entry = walk.Entry;
                var (k, v) = entry;
                entries.Add(walk.Key + "=" + Show(walk.Value) + "/" + k + "=" + Show(v) + "/" + ((System.Collections.DictionaryEntry)walk.Current).Key);
            }
            Line("data.entries", string.Join(";", entries));
            Line("data.enum-after-end", Throws(() => Console.Write(walk.Key)));
            Line("data.enum-before-start", Throws(() => Console.Write(caught.GetEnumerator().Entry.Key)));
            Line("data.add-duplicate", Throws(() => caught.Add("row", 1)));
            Line("data.add-null-key", Throws(() => caught.Add(null, 1)));
            Line("data.get-null-key", Throws(() => Console.Write(caught[null])));
            Line("data.contains-null", Throws(() => caught.Contains(null)));
            Line("data.remove-null", Throws(() => caught.Remove(null)));
            Line("data.modified", Throws(() => { foreach (object o in caught) caught["new"] = o; }));
            Line("data.keys-modified", Throws(() => { foreach (object o in caught.Keys) caught.Remove(o); }));
            caught.Remove("missing");
            caught.Remove("row");
            Line("data.after-remove", caught.Keys);
            var reset = caught.GetEnumerator();
            reset.MoveNext();
            reset.MoveNext();
            reset.Reset();
            reset.MoveNext();
            Line("data.reset", reset.Key);
            caught.Clear();
            Line("data.cleared", caught.Count + " " + Show(caught.Keys));
            var entryDefault = new System.Collections.DictionaryEntry("k", 1) { Value = 2 };
            Line("data.entry-set", entryDefault.Key + " " + entryDefault.Value);
            var wrapped = new InvalidOperationException("outer", new FormatException("inner") { Data = { ["id"] = 7 } });
            Line("data.inner", wrapped.InnerException.Data["id"]);
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
