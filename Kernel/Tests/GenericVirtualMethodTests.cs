using System;
using System.Runtime.CompilerServices;

namespace Sing.Kernel.Tests
{
    /// <summary>Generic virtual methods: class GVMs overridden along a hierarchy and called through the base,
    /// interface GVMs implemented by a class and by a struct, shared (canonical) instantiations over reference
    /// types, whose code needs the instantiation's dictionary, and exact ones over value types.</summary>
    internal static class GenericVirtualMethodTests
    {
        private abstract class Animal
        {
            public abstract string Say<T>(T value);
            public virtual string Tag<T>(T value) => "animal";
            // Needs T's MethodTable at run time: over reference types the code is shared, so T comes from the
            // instantiation's dictionary.
            public virtual bool Holds<T>(object o) => false;
        }

        private class Dog : Animal
        {
            public override string Say<T>(T value) => "dog:" + value.ToString();
            public override string Tag<T>(T value) => "dog";
            public override bool Holds<T>(object o) => o is T;
        }

        private sealed class Puppy : Dog
        {
            public override string Say<T>(T value) => "puppy+" + base.Say(value);
            public override bool Holds<T>(object o) => o is T[];
        }

        private sealed class Cat : Animal
        {
            public override string Say<T>(T value) => "cat:" + value.ToString();
        }

        private interface IVisitor
        {
            string Visit<T>(T value);
            int Count<T>(T[] items);
        }

        private sealed class PrefixVisitor : IVisitor
        {
            public string Prefix;
            public string Visit<T>(T value) => Prefix + value.ToString();
            public int Count<T>(T[] items) => items.Length;
        }

        private struct WeighingVisitor : IVisitor
        {
            public int Weight;
            public string Visit<T>(T value) => Weight.ToString() + "*" + value.ToString();
            // Allocates a T[] so the struct's shared code needs T from its dictionary too.
            public int Count<T>(T[] items)
            {
                T[] copy = new T[items.Length + Weight];
                object o = copy;
                return o is T[] ? copy.Length : -1;
            }
        }

        // Filled at run time so the compiler cannot devirtualize the calls below.
        private static Animal[] s_animals;
        private static IVisitor[] s_visitors;

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static string SayThrough<T>(Animal a, T value) => a.Say(value);

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static string VisitThrough<T>(IVisitor v, T value) => v.Visit(value);

        public static void ClassGenericVirtualMethods(TestContext t)
        {
            s_animals = new Animal[] { new Dog(), new Puppy(), new Cat() };
            // Twice: the second round is served by the lookup cache.
            for (int round = 0; round < 2; round++)
            {
                t.Equal("dog:7", s_animals[0].Say(7), "override called through the base, int");
                t.Equal("puppy+dog:7", s_animals[1].Say(7), "override of an override, and its base call");
                t.Equal("cat:7", s_animals[2].Say(7), "sibling override");
                t.Equal("dog:9", s_animals[0].Say(9L), "same method, another value-type instantiation");
                t.Equal("cat:x", s_animals[2].Say("x"), "shared instantiation over string");
                t.Equal("dog", s_animals[0].Tag(1), "a second GVM of the same shape is told apart");
                t.Equal("animal", s_animals[2].Tag(1), "not overridden: the base implementation");
                t.Equal("dog", s_animals[1].Tag("s"), "inherited override over a reference type");
                t.Equal("puppy+dog:5", SayThrough(s_animals[1], (byte)5), "called from shared generic code");
                t.Equal("cat:s", SayThrough<object>(s_animals[2], "s"), "called from shared code over object");
            }
        }

        public static void SharedInstantiations(TestContext t)
        {
            s_animals = new Animal[] { new Dog(), new Puppy(), new Cat() };
            Animal dog = s_animals[0], puppy = s_animals[1], cat = s_animals[2];
            t.True(dog.Holds<string>("s"), "shared code tests against T = string from its dictionary");
            t.True(!dog.Holds<string>(new object()), "and rejects an object that is not a string");
            t.True(dog.Holds<Dog>(puppy), "T = a class of our own");
            t.True(!dog.Holds<Cat>(puppy), "and another one");
            t.True(puppy.Holds<string>(new string[1]), "T[] built from T in the dictionary");
            t.True(puppy.Holds<object>(new string[1]), "array covariance through the dictionary's T");
            t.True(puppy.Holds<Animal>(new Dog[1]), "T[] accepts a covariant array");
            t.True(!puppy.Holds<Dog>(new Animal[1]), "T[] rejects an array of a base type");
            t.True(dog.Holds<int>(5), "exact instantiation over int");
            t.True(!dog.Holds<long>(5), "exact instantiation over long differs");
            t.True(!cat.Holds<string>("s"), "base implementation for a type that does not override");
        }

        public static void InterfaceGenericVirtualMethods(TestContext t)
        {
            s_visitors = new IVisitor[] { new PrefixVisitor { Prefix = "p:" }, new WeighingVisitor { Weight = 3 } };
            for (int round = 0; round < 2; round++)
            {
                t.Equal("p:4", s_visitors[0].Visit(4), "class implementation, int");
                t.Equal("3*4", s_visitors[1].Visit(4), "struct implementation reads the boxed struct's field");
                t.Equal("p:w", s_visitors[0].Visit("w"), "class implementation, string (shared)");
                t.Equal("3*w", s_visitors[1].Visit("w"), "struct implementation, string (shared)");
                t.Equal(2, (ulong)s_visitors[0].Count(new int[2]), "second interface GVM on the class");
                t.Equal(5, (ulong)s_visitors[1].Count(new string[2]), "struct builds T[] from its dictionary");
                t.Equal(4, (ulong)s_visitors[1].Count(new long[1]), "struct, exact instantiation");
                t.Equal("p:8", VisitThrough(s_visitors[0], 8UL), "called from shared generic code");
                t.Equal("3*v", VisitThrough<object>(s_visitors[1], "v"), "struct called from shared code over object");
            }
        }
    }
}
