using System.Runtime.CompilerServices;

namespace Sing.Kernel.Tests
{
    /// <summary>GVM calls whose type arguments are known only inside a generic caller: a generic method and a method
    /// of a generic type, each reached from a closed call. The shared GVM bodies allocate and test Cell&lt;T&gt;, which
    /// nothing here names over Marker or Gadget: only the build's rooting step (following generic callers) makes them.</summary>
    internal static class GvmFromGenericCallersTests
    {
        private sealed class Cell<T>
        {
            public T Value;
        }

        private sealed class Marker
        {
        }

        private sealed class Gadget
        {
        }

        private abstract class Visitor
        {
            public abstract object Wrap<T>(T value);
            public abstract bool Holds<T>(object o);
        }

        private sealed class CellVisitor : Visitor
        {
            public override object Wrap<T>(T value) => new Cell<T> { Value = value };
            public override bool Holds<T>(object o) => o is Cell<T>;
        }

        private sealed class Holder<T> where T : class
        {
            [MethodImpl(MethodImplOptions.NoInlining)]
            public object Wrap(Visitor v, T value) => v.Wrap<T>(value);

            [MethodImpl(MethodImplOptions.NoInlining)]
            public bool Holds(Visitor v, object o) => v.Holds<T>(o);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static object WrapVia<T>(Visitor v, T value) where T : class => v.Wrap<T>(value);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static bool HoldsVia<T>(Visitor v, object o) where T : class => v.Holds<T>(o);

        // Filled at run time so the compiler cannot devirtualize the calls.
        private static Visitor s_visitor;

        public static void Run(TestContext t)
        {
            s_visitor = new CellVisitor();
            object marked = WrapVia(s_visitor, new Marker());
            t.True(HoldsVia<Marker>(s_visitor, marked), "generic method caller: Cell<T> over its T allocated and tested");
            t.True(!HoldsVia<Gadget>(s_visitor, marked), "generic method caller: Cell<another T> does not match");

            var holder = new Holder<Gadget>();
            object gadget = holder.Wrap(s_visitor, new Gadget());
            t.True(holder.Holds(s_visitor, gadget), "generic type caller: Cell<T> over the type's T allocated and tested");
            t.True(!holder.Holds(s_visitor, marked), "generic type caller: Cell<another T> does not match");
            t.True(!HoldsVia<Marker>(s_visitor, gadget), "the two instantiations stay distinct");
        }
    }
}
