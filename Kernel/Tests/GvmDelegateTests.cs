using System;
using System.Collections.Generic;

namespace Sing.Kernel.Tests
{
    /// <summary>Delegates bound to generic virtual methods (ldvirtftn of a GVM): the target is resolved against the
    /// object when the delegate is made. Over value types it is plain code; over reference types it is shared code
    /// with a dictionary, which the delegate reaches through a thunk that passes the dictionary.</summary>
    internal static class GvmDelegateTests
    {
        private sealed class Item
        {
            public override string ToString() => "item";
        }

        private abstract class Speaker
        {
            public abstract string Name<T>();
            public abstract string Echo<T>(T value);
        }

        private sealed class Parrot : Speaker
        {
            public string Word = "polly";
            public override string Name<T>() => Word + "<" + new T[2].Length.ToString() + ">";
            public override string Echo<T>(T value) => Word + ":" + new List<T> { value }[0].ToString();
            // Not virtual: a delegate to its shared instantiation is a fat pointer without any lookup.
            public string Plain<T>(T value) => "plain " + new T[] { value }[0].ToString();
        }

        private interface IGreeter
        {
            string Hello<T>(T value);
        }

        private interface IShaped<T>
        {
            string Shape<U>(U u) => "shape " + new List<T>().Count.ToString() + new List<U> { u }.Count.ToString();
        }

        private sealed class Circle : IShaped<Item>
        {
        }

        private sealed class Greeter : IGreeter
        {
            public string Hello<T>(T value) => "hello " + value.ToString() + (((object)value) is string ? " (text)" : "");
        }

        // Filled at run time so the compiler cannot devirtualize the delegate targets.
        private static Speaker s_speaker;
        private static IGreeter s_greeter;

        public static void Run(TestContext t)
        {
            s_speaker = new Parrot();
            s_greeter = new Greeter();
            Func<string> nameOfInt = s_speaker.Name<int>;
            Func<string> nameOfString = s_speaker.Name<string>;
            Func<Item, string> echoItem = s_speaker.Echo<Item>;
            Func<long, string> echoLong = s_speaker.Echo<long>;
            Func<string, string> helloText = s_greeter.Hello<string>;
            Func<int, string> helloNumber = s_greeter.Hello<int>;
            Func<Item, string> plainItem = ((Parrot)s_speaker).Plain<Item>;
            IShaped<Item> circle = new Circle();
            Func<string, string> shapeText = circle.Shape<string>;
            for (int round = 0; round < 2; round++)
            {
                t.Equal("polly<2>", nameOfInt(), "class GVM over int through a delegate");
                t.Equal("polly<2>", nameOfString(), "class GVM over string (shared) through a delegate");
                t.Equal("polly:item", echoItem(new Item()), "shared, with an argument");
                t.Equal("polly:12", echoLong(12), "value type, with an argument");
                t.Equal("hello hi (text)", helloText("hi"), "interface GVM over string through a delegate");
                t.Equal("hello 3", helloNumber(3), "interface GVM over int through a delegate");
                t.Equal("plain item", plainItem(new Item()), "non-virtual shared generic method through a delegate");
                t.Equal("shape 01", shapeText("s"), "default interface GVM through a delegate");
            }
            t.True(ReferenceEquals(nameOfString.Target, s_speaker), "the delegate's target is the object, thunk or not");
            t.True(ReferenceEquals(nameOfInt.Target, s_speaker), "and without a thunk");
        }
    }
}
