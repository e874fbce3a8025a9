using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace Sing.Kernel.Tests
{
    /// <summary>Default interface GVMs: bodies in the interface, on a plain and on a generic interface, reached on
    /// classes that do not override them (the interface's code runs, shared over the interface's T and the method's
    /// U over reference types) and on one that does (its own implementation wins).</summary>
    internal static class GvmDefaultInterfaceTests
    {
        private sealed class Part
        {
            public override string ToString() => "part";
        }

        private interface ILabelled
        {
            string Label<U>(U u) => "label:" + u.ToString() + "/" + new List<U> { u, u }.Count.ToString();
        }

        private interface IShape<T>
        {
            T Seed { get; }

            // Uses the interface's T and the method's U: List<T>, U[] and a type test against T.
            string Name<U>(U u)
            {
                var seeds = new List<T> { Seed };
                U[] us = new U[] { u, u, u };
                return "shape(" + seeds[0].ToString() + "," + us[2].ToString() + "," + us.Length.ToString() + (((object)u) is T ? ",U is T" : "") + ")";
            }
        }

        // A derived interface supplies the implementation of IShape<T>.Name for its implementers.
        private interface INamedShape<T> : IShape<T>
        {
            string IShape<T>.Name<U>(U u) => "named(" + Seed.ToString() + "," + new List<U> { u }[0].ToString() + ")";
        }

        private sealed class Named : INamedShape<Part>
        {
            public Part Seed => new Part();
        }

        private sealed class Plain : ILabelled, IShape<string>
        {
            public string Seed => "plain";
        }

        private sealed class Numbered : IShape<int>
        {
            public int Seed => 9;
        }

        private sealed class Custom : ILabelled, IShape<Part>
        {
            public Part Seed => new Part();
            public string Label<U>(U u) => "custom label:" + u.ToString();
            string IShape<Part>.Name<U>(U u) => "custom shape:" + u.ToString() + ":" + new List<U>().Count.ToString();
        }

        // Filled at run time so the compiler cannot devirtualize the calls.
        private static object[] s_objects;

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static string LabelOf<U>(object o, U u) => ((ILabelled)o).Label(u);

        public static void Run(TestContext t)
        {
            s_objects = new object[] { new Plain(), new Numbered(), new Custom(), new Named() };
            var namedShape = (IShape<Part>)s_objects[3];
            var plainShape = (IShape<string>)s_objects[0];
            var numbered = (IShape<int>)s_objects[1];
            var customShape = (IShape<Part>)s_objects[2];
            var plainLabel = (ILabelled)s_objects[0];
            var customLabel = (ILabelled)s_objects[2];
            for (int round = 0; round < 2; round++)
            {
                t.Equal("label:3/2", plainLabel.Label(3), "default GVM of a plain interface, int");
                t.Equal("label:part/2", plainLabel.Label(new Part()), "default GVM of a plain interface, shared");
                t.Equal("custom label:4", customLabel.Label(4), "implemented: the class's own, int");
                t.Equal("custom label:x", LabelOf(s_objects[2], "x"), "implemented: the class's own, shared");
                t.Equal("shape(plain,part,3)", plainShape.Name(new Part()), "default GVM of IShape<string>, U shared");
                t.Equal("shape(plain,s,3,U is T)", plainShape.Name("s"), "U = T = string");
                t.Equal("shape(plain,5,3)", plainShape.Name(5), "IShape<string>, U = int");
                t.Equal("shape(9,y,3)", numbered.Name("y"), "IShape<int>, U = string");
                t.Equal("shape(9,1,3,U is T)", numbered.Name(1), "IShape<int>, U = int (unshared)");
                t.Equal("custom shape:z:0", customShape.Name("z"), "explicit implementation wins over the default");
                t.Equal("custom shape:2:0", customShape.Name(2), "explicit implementation, int");
                t.Equal("named(part,q)", namedShape.Name("q"), "default from a derived interface, shared");
                t.Equal("named(part,4)", namedShape.Name(4), "default from a derived interface, int");
            }
        }
    }
}
