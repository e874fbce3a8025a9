using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace Sing.Kernel.Tests
{
    /// <summary>Objects of generic types that only a shared GVM body creates (Greeter&lt;T&gt; over the call's T), whose
    /// ordinary virtual methods, interface methods and object overrides are then called through a base class or an
    /// interface. Their vtable slots and the shared code behind them (which finds T through the object's own
    /// MethodTable) must exist although nothing names Greeter&lt;Guest&gt; or Greeter&lt;string&gt; directly.</summary>
    internal static class GvmMadeGenericObjectsTests
    {
        private sealed class Guest
        {
            public override string ToString() => "guest";
        }

        private interface INamed
        {
            string Name();
            int Count<V>(V extra);
        }

        private abstract class Greeting
        {
            public abstract string Greet();
            public virtual int Size() => 0;
        }

        private sealed class Greeter<T> : Greeting, INamed
        {
            private readonly T _value;

            public Greeter(T value) => _value = value;

            // Needs List<T> and T[] from the type's dictionary (through this object's MethodTable).
            public override string Greet()
            {
                var list = new List<T> { _value };
                T[] array = list.ToArray();
                return "hello " + array[0].ToString() + (((object)array) is T[] ? "!" : "?");
            }

            // A generic method over T: its dictionary comes from the type's dictionary too.
            public override int Size() => Concat<T>(new T[1], new T[2]).Length;
            public string Name() => "greeter of " + _value.ToString();
            public int Count<V>(V extra) => new List<V> { extra, extra }.Count + new List<T> { _value }.Count;
            public override string ToString() => "Greeter(" + _value.ToString() + ")";
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static T[] Concat<T>(T[] first, T[] second)
        {
            var all = new List<T>(first);
            all.AddRange(second);
            return all.ToArray();
        }

        private abstract class Factory
        {
            public abstract Greeting Make<T>(T value);
        }

        private sealed class GreeterFactory : Factory
        {
            public override Greeting Make<T>(T value) => new Greeter<T>(value);
        }

        // Filled at run time so the compiler cannot devirtualize the calls.
        private static Factory s_factory;

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static string Name(object o) => ((INamed)o).Name();

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static int Count(object o) => ((INamed)o).Count("extra");

        public static void Run(TestContext t)
        {
            s_factory = new GreeterFactory();
            Greeting guest = s_factory.Make(new Guest());
            Greeting text = s_factory.Make("text");
            Greeting number = s_factory.Make(42);
            for (int round = 0; round < 2; round++)
            {
                t.Equal("hello guest!", guest.Greet(), "override on Greeter<a class of ours>, through the base");
                t.Equal("hello text!", text.Greet(), "override on Greeter<string>");
                t.Equal("hello 42!", number.Greet(), "override on Greeter<int>");
                t.Equal(3, (ulong)guest.Size(), "second virtual: a generic method over T, T[] and List<T> from the type's dictionary");
                t.Equal(3, (ulong)number.Size(), "second virtual on Greeter<int>");
                t.Equal("greeter of guest", Name(guest), "interface method through INamed");
                t.Equal("greeter of text", Name(text), "interface method on Greeter<string>");
                t.Equal(3, (ulong)Count(guest), "interface GVM on the made type: List<V> and List<T>");
                t.Equal(3, (ulong)Count(number), "interface GVM on Greeter<int>");
                t.Equal("Greeter(guest)", guest.ToString(), "object override");
                t.Equal("Greeter(42)", number.ToString(), "object override, value type");
            }
        }
    }
}
