using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace Sing.Kernel.Tests
{
    /// <summary>Interface GVMs called through a variant instantiation of the interface: the object implements
    /// IProducer&lt;string&gt; (or IConsumer&lt;object&gt;) and the call goes through IProducer&lt;object&gt; (or
    /// IConsumer&lt;string&gt;), which the object's type does not list. The target is the implementation of the
    /// interface instantiation the object's type has that the called one is assignable from.</summary>
    internal static class GvmVariantInterfaceTests
    {
        private interface IProducer<out T>
        {
            R Map<R>(Func<T, R> f);
            T First();
        }

        private interface IConsumer<in T>
        {
            string Take<R>(T value, R extra);
        }

        private sealed class Word
        {
            public string Text;
            public override string ToString() => Text;
        }

        private sealed class StringProducer : IProducer<string>, IConsumer<object>
        {
            public R Map<R>(Func<string, R> f)
            {
                var results = new List<R> { f("word") };
                return results[0];
            }

            public string Take<R>(object value, R extra) => "took " + value.ToString() + " with " + extra.ToString();
            public string First() => "first";
        }

        // Generic implementer: the implementation is shared over the class's T as well.
        private sealed class Producer<T> : IProducer<T>
        {
            private readonly T _value;

            public Producer(T value) => _value = value;

            public R Map<R>(Func<T, R> f) => new List<R> { f(_value) }[0];
            public T First() => _value;
        }

        // Filled at run time so the compiler cannot devirtualize the calls.
        private static object[] s_objects;

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static IProducer<object> AsObjects(object o) => (IProducer<object>)o;

        public static void Run(TestContext t)
        {
            s_objects = new object[] { new StringProducer(), new Producer<Word>(new Word { Text = "w" }) };
            IProducer<object> strings = AsObjects(s_objects[0]);
            IProducer<object> words = AsObjects(s_objects[1]);
            var consumer = (IConsumer<string>)s_objects[0];
            for (int round = 0; round < 2; round++)
            {
                t.Equal(4, (ulong)strings.Map(o => ((string)o).Length), "IProducer<string> through IProducer<object>, R = int");
                t.Equal("word!", strings.Map(o => o.ToString() + "!"), "R = string (shared)");
                t.Equal("w?", words.Map(o => o.ToString() + "?"), "Producer<Word> through IProducer<object>");
                t.Equal(1, (ulong)words.Map(o => o is Word ? 1 : 0), "Producer<Word>, R = int");
                t.Equal("took s with 3", consumer.Take("s", 3), "IConsumer<object> through IConsumer<string>, R = int");
                t.Equal("took s with x", consumer.Take("s", "x"), "contravariant, R = string (shared)");
                t.Equal("first", strings.First().ToString(), "plain interface method through the variant interface");
                t.Equal("w", words.First().ToString(), "plain interface method, generic implementer");
            }
            t.True(s_objects[0] is IProducer<object>, "is: covariant interface");
            t.True(s_objects[0] is IConsumer<string>, "is: contravariant interface");
            t.True(!(s_objects[0] is IProducer<Word>), "is: not to an unrelated argument");
            t.True(!(s_objects[1] is IProducer<string>), "is: not from Word to string");
            Func<string> text = () => "t";
            t.True(((object)text) is Func<object>, "is: covariant delegate");
        }
    }
}
