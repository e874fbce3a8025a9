using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace Sing.Kernel.Tests
{
    /// <summary>Shared generic virtual methods whose bodies need more than their own type arguments from the
    /// run-time dictionary: constructed generic types over T (allocation, type tests) and calls to other generic
    /// methods over T. Every call is over a reference type, so the target is the __Canon code plus a dictionary.
    /// Nothing here uses List&lt;Token&gt;, Box&lt;object&gt;, Describe&lt;Token&gt; ... directly: the build's GVM rooting
    /// step (Tools/Sing.GvmRoots) must have made ILC build them.</summary>
    internal static class GenericVirtualMethodDictionaryTests
    {
        private sealed class Box<T>
        {
            public T Value;
        }

        private sealed class Token
        {
            public int Id;
            public override string ToString() => "token" + Id.ToString();
        }

        private abstract class Workshop
        {
            public abstract int ListRoundTrip<T>(T first, T second);
            public abstract object MakeBox<T>(T value);
            public abstract bool IsBoxOf<T>(object o);
            public abstract string CallGenericHelper<T>(T value, object other);
            public abstract int Lookup<T>(T value);
        }

        private sealed class Shop : Workshop
        {
            // new List<T>: the dictionary holds List<T>'s MethodTable; the list's own methods find T through it.
            public override int ListRoundTrip<T>(T first, T second)
            {
                var list = new List<T>();
                list.Add(first);
                list.Add(second);
                list.Add(first);
                return list.Count * 10 + (ReferenceEquals(list[1], second) ? 1 : 0);
            }

            public override object MakeBox<T>(T value) => new Box<T> { Value = value };
            public override bool IsBoxOf<T>(object o) => o is Box<T>;
            // A call to a generic method over T needs that method's dictionary for this T.
            public override string CallGenericHelper<T>(T value, object other) => Describe<T>(value) + "/" + Describe<T>(other) + "/" + Wrap(value).Count.ToString();
            public override int Lookup<T>(T value)
            {
                var map = new Dictionary<string, T>();
                map["a"] = value;
                return map.TryGetValue("a", out T found) && ReferenceEquals(found, value) ? map.Count : -1;
            }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static string Describe<T>(object value) => value is T ? "T:" + value.ToString() : "-";

        // Allocates a List<T>, so its dictionary holds that type for the caller's T.
        [MethodImpl(MethodImplOptions.NoInlining)]
        private static List<T> Wrap<T>(T value) => new List<T> { value, value };

        // Filled at run time so the compiler cannot devirtualize the calls below.
        private static Workshop s_shop;

        public static void ConstructedTypes(TestContext t)
        {
            s_shop = new Shop();
            var token = new Token { Id = 4 };
            for (int round = 0; round < 2; round++)
            {
                t.Equal(31, (ulong)s_shop.ListRoundTrip("a", "b"), "List<string> made in shared GVM code");
                t.Equal(31, (ulong)s_shop.ListRoundTrip(new object(), new object()), "List<object>");
                t.Equal(31, (ulong)s_shop.ListRoundTrip(token, new Token()), "List<a class of our own>");
                t.Equal(1, (ulong)s_shop.Lookup("v"), "Dictionary<string, string>");
                t.Equal(1, (ulong)s_shop.Lookup(token), "Dictionary<string, a class of our own>");
            }
        }

        public static void ConstructedTypeTests(TestContext t)
        {
            s_shop = new Shop();
            var token = new Token { Id = 2 };
            object box = s_shop.MakeBox("x");
            t.True(box is Box<string>, "Box<string> allocated from the dictionary has the right type");
            t.True(s_shop.IsBoxOf<string>(box), "is Box<T> with T = string");
            t.True(!s_shop.IsBoxOf<Token>(box), "is Box<T> with T = another class");
            t.True(s_shop.IsBoxOf<Token>(s_shop.MakeBox(token)), "Box<a class of our own>");
            t.True(s_shop.IsBoxOf<object>(s_shop.MakeBox(new object())), "Box<object>");
        }

        public static void GenericMethodCalls(TestContext t)
        {
            s_shop = new Shop();
            for (int round = 0; round < 2; round++)
            {
                t.Equal("T:q/-/2", s_shop.CallGenericHelper("q", new object()), "generic methods over T = string");
                t.Equal("T:token3/T:token4/2", s_shop.CallGenericHelper(new Token { Id = 3 }, new Token { Id = 4 }), "generic methods over a class of our own");
                t.Equal("T:x/T:token1/2", s_shop.CallGenericHelper<object>("x", new Token { Id = 1 }), "generic methods over object");
            }
        }
    }
}
