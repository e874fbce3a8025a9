using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace Sing.Kernel.Tests
{
    /// <summary>A GVM overridden in a generic class whose body uses the class's type parameter (!0) beside its own
    /// (!!0), called through a non-generic base. Over reference types the target is shared over both, so its
    /// dictionary must hold entries built from the object's class arguments and the call's method arguments. Nothing
    /// here names the Pairing&lt;T, U&gt; or U[] that Describe makes directly: the rooting step must find them.</summary>
    internal static class GvmOnGenericTypesTests
    {
        private sealed class Ticket
        {
            public int Id;
            public override string ToString() => "ticket" + Id.ToString();
        }

        private sealed class Pairing<A, B>
        {
            public A First;
            public B Second;
        }

        private sealed class Couple<A, B>
        {
        }

        private abstract class Describer
        {
            public abstract string Describe<U>(U u);
            public abstract bool HoldsPairing<U>(object o);
        }

        private class Holder<T> : Describer
        {
            private readonly T _value;

            public Holder(T value) => _value = value;

            // List<T> and Pairing<T, U> from the dictionary, U[] too, and a generic method over both.
            public override string Describe<U>(U u)
            {
                var values = new List<T> { _value, _value };
                U[] us = new U[] { u };
                var pairing = new Pairing<T, U> { First = values[1], Second = us[0] };
                return Join<T, U>(pairing.First, pairing.Second) + "#" + values.Count.ToString() + (((object)us) is U[] ? "[]" : "?");
            }

            public override bool HoldsPairing<U>(object o) => o is Couple<T, U>;
        }

        // The override is inherited: the object's own type is plain, the code's owner is Holder<string> in its chain.
        private sealed class TextHolder : Holder<string>
        {
            public TextHolder() : base("plain") { }
        }

        // Derived from the generic class over an argument built from its own: Holder<T[]> for Wrapped<T>.
        private sealed class Wrapped<T> : Holder<T[]>
        {
            public Wrapped(T value) : base(new T[] { value }) { }
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static string Join<A, B>(A a, B b) => a.ToString() + "+" + b.ToString() + (((object)a) is B ? "=" : "");

        // Filled at run time so the compiler cannot devirtualize the calls.
        private static Describer[] s_describers;

        public static void Run(TestContext t)
        {
            s_describers = new Describer[] { new Holder<string>("s"), new Holder<int>(7), new Holder<Ticket>(new Ticket { Id = 1 }) };
            Describer text = s_describers[0], number = s_describers[1], ticket = s_describers[2];
            for (int round = 0; round < 2; round++)
            {
                t.Equal("s+ticket2#2[]", text.Describe(new Ticket { Id = 2 }), "T and U reference types (shared over both)");
                t.Equal("s+x=#2[]", text.Describe("x"), "T = U = string: a T is a U");
                t.Equal("s+5#2[]", text.Describe(5), "T shared, U = int exact");
                t.Equal("7+y#2[]", number.Describe("y"), "T = int exact, U shared");
                t.Equal("7+8#2[]", number.Describe(8L), "both value types (unshared code)");
                t.Equal("ticket1+z#2[]", ticket.Describe("z"), "T a class of our own");
                t.Equal("ticket1+ticket3=#2[]", ticket.Describe<object>(new Ticket { Id = 3 }), "U = object: a T is an object");
            }
            Describer plain = new TextHolder(), wrapped = new Wrapped<Ticket>(new Ticket { Id = 5 });
            t.Equal("plain+ticket6#2[]", plain.Describe(new Ticket { Id = 6 }), "inherited override: T from the base Holder<string>");
            t.Equal("plain+9#2[]", plain.Describe(9), "inherited override, U = int");
            t.Equal(new Ticket[0].ToString() + "+w#2[]", wrapped.Describe("w"), "T = Ticket[] through a generic derived class");
            t.True(text.HoldsPairing<Ticket>(new Couple<string, Ticket>()), "is Couple<T, U> with T = string, U = a class of ours");
            t.True(!text.HoldsPairing<string>(new Couple<string, Ticket>()), "and not with another U");
            t.True(!ticket.HoldsPairing<Ticket>(new Couple<string, Ticket>()), "and not with another T");
            t.True(number.HoldsPairing<string>(new Couple<int, string>()), "is Couple<int, string> from Holder<int>");
        }
    }
}
