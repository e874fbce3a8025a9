using System.Collections.Generic;

namespace Sing.Kernel.Tests
{
    /// <summary>Array covariance through the generic interfaces arrays implement: a string[] is an IList&lt;object&gt;
    /// (reads and element checks through it work), a value-type array is not.</summary>
    internal static class ArrayInterfaceCovarianceTests
    {
        private class Animal { public virtual string Sound => "..."; }

        private sealed class Dog : Animal { public override string Sound => "woof"; }

        public static void Run(TestContext t)
        {
            object names = new[] { "ada", "bob", "cy" };
            t.True(names is IList<object>, "string[] is IList<object>");
            t.True(names is IReadOnlyList<object>, "string[] is IReadOnlyList<object>");
            t.True(names is IEnumerable<object>, "string[] is IEnumerable<object>");
            t.True(names is ICollection<object>, "string[] is ICollection<object>");
            t.True(!(names is IList<Dog>), "string[] is not IList<Dog>");

            var list = (IList<object>)names;
            t.Equal(3, (ulong)list.Count, "count through IList<object>");
            t.True((string)list[1] == "bob", "read through IList<object>");
            t.True(list.IndexOf("cy") == 2, "IndexOf through IList<object>");
            bool mismatch = false;
            try
            {
                list[0] = 42;   // a boxed int into a string[]
            }
            catch (System.ArrayTypeMismatchException)
            {
                mismatch = true;
            }
            t.True(mismatch, "storing a non-string through IList<object> is an ArrayTypeMismatchException");
            list[0] = "dee";
            t.True(((string[])names)[0] == "dee", "storing a string through IList<object> lands in the array");

            IEnumerable<Animal> pack = new Dog[] { new Dog(), new Dog() };
            string sounds = "";
            foreach (Animal a in pack) sounds += a.Sound;
            t.True(sounds == "woofwoof", "foreach over Dog[] as IEnumerable<Animal>");
            IReadOnlyList<Animal> readOnly = (IReadOnlyList<Animal>)(object)new Dog[] { new Dog() };
            t.True(readOnly[0].Sound == "woof", "Dog[] as IReadOnlyList<Animal>");

            object numbers = new[] { 1, 2 };
            t.True(numbers is IList<int>, "int[] is IList<int>");
            t.True(!(numbers is IList<object>), "int[] is not IList<object> (no variance over value types)");
            object nested = new string[][] { new[] { "x" } };
            t.True(nested is IList<object[]>, "string[][] is IList<object[]>");
        }
    }
}
