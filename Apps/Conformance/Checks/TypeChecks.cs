using System;
using System.Collections.Generic;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    internal class Animal
    {
        public virtual string Sound => "...";
    }

    internal sealed class Dog : Animal
    {
        public override string Sound => "Woof";
        public sealed class Puppy { }
    }

    internal struct Plain
    {
        public int A;
        public Plain(int a) { A = a; }
    }

    internal static class TypeChecks
    {
        public static void Run()
        {
            Animal a = new Dog();
            Line("gettype-name", a.GetType().Name);
            Line("gettype-fullname", a.GetType().FullName);
            Line("gettype-namespace", a.GetType().Namespace);
            Line("typeof-equality", a.GetType() == typeof(Dog));
            Line("typeof-inequality", a.GetType() != typeof(Animal));
            Line("typeof-same-object", ReferenceEquals(a.GetType(), typeof(Dog)) && ReferenceEquals(typeof(List<int>), new List<int>().GetType()));
            Line("basetype", typeof(Dog).BaseType.Name);
            Line("nested", typeof(Dog.Puppy).FullName);
            Line("object-tostring", new object().ToString());
            Line("class-tostring", new Animal().ToString());
            Line("struct-tostring", new Plain().ToString());
            Line("int-type", typeof(int).FullName);
            Line("string-type", "s".GetType().Name);
            Line("array-type", typeof(int[]).Name);
            Line("generic-type", new List<string>().GetType().ToString());
            Line("generic-name", typeof(Dictionary<string, int>).Name);
            Line("is-valuetype", typeof(Plain).IsValueType + " " + typeof(Dog).IsValueType);
            Line("is-assignable", typeof(Animal).IsAssignableFrom(typeof(Dog)));
            Line("is-instance", typeof(Animal).IsInstanceOfType(a));
            Line("is-enum", typeof(DayOfWeekLike).IsEnum);
            Line("kvp-tostring", new KeyValuePair<int, string>(1, "one"));
            Line("tuple-tostring", (1, 2, 3, 4).ToString());
            Line("nullable-tostring", ((int?)5).ToString() + "|" + ((int?)null).ToString() + "|");
            Line("boxed-int", ((object)42).ToString());
            Line("polymorphism", a.Sound);
            Line("as-operator", (a as Dog) != null);
            Line("pattern-is", a is Dog d && d.Sound.Length == 4);
            Line("hashcode-stable", "abc".GetHashCode() == "abc".GetHashCode());
            Line("reference-equals", ReferenceEquals(a, a));
            Line("equals-default", new Animal().Equals(new Animal()));
            Line("gettype-boxed", ((object)3.5).GetType().Name);
            Line("type-tostring", typeof(string).ToString());
            // Constructed generics: FullName names each argument's assembly, whose identity (name, version, key)
            // differs between this image and the stock framework; the names up to it must agree.
            Type[] generics = { typeof(List<int>), typeof(Dictionary<string, List<int>>), typeof(KeyValuePair<int, string>[]),
                typeof(List<Dog>), typeof(Dog.Puppy[]), typeof((int, string)), typeof(int?) };
            for (int i = 0; i < generics.Length; i++)
            {
                Type t = generics[i];
                Line("generic-fullname." + i + "." + t.Name, WithoutAssemblies(t.FullName));
                Line("generic-name." + i + "." + t.Name, t.Name + " | " + t.Namespace + " | " + t.ToString());
                string qualified = t.AssemblyQualifiedName;
                Line("generic-assembly-fields." + i + "." + t.Name, qualified is not null && qualified.Contains(", Version=")
                    && qualified.Contains(", Culture=neutral") && qualified.Contains(", PublicKeyToken="));
            }
            Line("generic-fullname-args", string.Join(" ; ", Array.ConvertAll(typeof(Dictionary<string, int>).GenericTypeArguments, a => a.FullName)));
        }

        /// <summary>A FullName with the ", Assembly, Version=..., Culture=..., PublicKeyToken=..." parts removed.</summary>
        private static string WithoutAssemblies(string fullName)
        {
            if (fullName is null) return "null";
            var text = new System.Text.StringBuilder();
            for (int i = 0; i < fullName.Length; i++)
            {
                if (fullName[i] == ',' && i + 1 < fullName.Length && fullName[i + 1] == ' ')
                {
                    while (i < fullName.Length && fullName[i] != ']') i++;
                    i--;
                    continue;
                }
                text.Append(fullName[i]);
            }
            return text.ToString();
        }

        private enum DayOfWeekLike { Monday }
    }
}
