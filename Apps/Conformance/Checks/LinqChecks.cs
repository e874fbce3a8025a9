using System;
using System.Collections.Generic;
using System.Linq;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    internal static class LinqChecks
    {
        private sealed class Person
        {
            public string Name { get; init; }
            public int Age { get; init; }
            public string City { get; init; }
        }

        public static void Run()
        {
            int[] numbers = { 5, 3, 8, 1, 9, 2, 7, 3 };
            Line("where", numbers.Where(n => n > 4));
            Line("select", numbers.Select(n => n * 10));
            Line("select-index", numbers.Select((n, i) => i + ":" + n).Take(3));
            Line("orderby", numbers.OrderBy(n => n));
            Line("orderbydesc", numbers.OrderByDescending(n => n));
            Line("distinct", numbers.Distinct());
            Line("count", numbers.Count(n => n % 2 == 1));
            Line("sum", numbers.Sum());
            Line("average", numbers.Average());
            Line("min-max", numbers.Min() + "/" + numbers.Max());
            Line("first", numbers.First(n => n > 7));
            Line("firstordefault", numbers.FirstOrDefault(n => n > 100));
            Line("last", numbers.Last());
            Line("single", numbers.Where(n => n == 9).Single());
            Line("single-throws", Throws(() => numbers.Single(n => n == 3)));
            Line("first-empty-throws", Throws(() => new int[0].First()));
            Line("any-all", numbers.Any(n => n > 8) + "/" + numbers.All(n => n > 0));
            Line("contains", numbers.Contains(8));
            Line("skip-take", numbers.Skip(2).Take(3));
            Line("takewhile", numbers.TakeWhile(n => n != 1));
            Line("skipwhile", numbers.SkipWhile(n => n != 1));
            Line("reverse", numbers.Reverse());
            Line("concat", numbers.Take(2).Concat(new[] { 100, 200 }));
            Line("zip", numbers.Zip(new[] { "a", "b", "c" }, (n, s) => s + n));
            Line("aggregate", numbers.Aggregate((a, b) => a * 10 + b));
            Line("aggregate-seed", numbers.Aggregate("", (acc, n) => acc + n));
            Line("range", Enumerable.Range(1, 5));
            Line("repeat", Enumerable.Repeat("x", 3));
            Line("empty", Enumerable.Empty<int>().Count());
            Line("tolist", numbers.Where(n => n < 3).ToList());
            Line("toarray-length", numbers.ToArray().Length);
            Line("todictionary", numbers.Distinct().ToDictionary(n => n, n => n * n)[9]);
            Line("tohashset", numbers.ToHashSet().Count);
            Line("union", new[] { 1, 2, 3 }.Union(new[] { 3, 4 }));
            Line("intersect", new[] { 1, 2, 3 }.Intersect(new[] { 2, 3, 4 }));
            Line("except", new[] { 1, 2, 3 }.Except(new[] { 2 }));
            Line("sequenceequal", new[] { 1, 2 }.SequenceEqual(new List<int> { 1, 2 }));
            Line("chunk", Enumerable.Range(1, 7).Chunk(3).Select(c => c.Length));
            Line("minby-maxby", new[] { "pear", "fig", "banana" }.MinBy(s => s.Length) + "/" + new[] { "pear", "fig", "banana" }.MaxBy(s => s.Length));
            Line("elementat", numbers.ElementAt(2));
            Line("defaultifempty", new int[0].DefaultIfEmpty(42));
            Line("oftype", new object[] { 1, "two", 3, "four" }.OfType<string>());
            Line("cast", new object[] { 1, 2 }.Cast<int>().Sum());
            Line("selectmany", new[] { "ab", "cd" }.SelectMany(s => s.ToCharArray()));
            Line("prepend-append", numbers.Take(2).Prepend(0).Append(99));

            var people = new List<Person>
            {
                new Person { Name = "Ann", Age = 31, City = "Oslo" },
                new Person { Name = "Bob", Age = 25, City = "Rome" },
                new Person { Name = "Cid", Age = 31, City = "Oslo" },
                new Person { Name = "Dee", Age = 19, City = "Lima" },
                new Person { Name = "Eve", Age = 25, City = "Oslo" },
            };
            Line("orderby-thenby", people.OrderBy(p => p.Age).ThenByDescending(p => p.Name).Select(p => p.Name));
            Line("orderby-stable", people.OrderBy(p => p.City).Select(p => p.Name));
            Line("groupby", people.GroupBy(p => p.City).Select(g => g.Key + "=" + g.Count()));
            Line("groupby-elements", people.GroupBy(p => p.Age, p => p.Name).Select(g => g.Key + ":" + string.Join("+", g)));
            Line("tolookup", people.ToLookup(p => p.City)["Oslo"].Count());

            var anonymous = people.Select(p => new { p.Name, Decade = p.Age / 10 * 10 }).First();
            Line("anonymous-tostring", anonymous);
            Line("anonymous-equals", anonymous.Equals(new { Name = "Ann", Decade = 30 }));
            Line("anonymous-hash", anonymous.GetHashCode() == new { Name = "Ann", Decade = 30 }.GetHashCode());

            var query = from p in people
                        where p.Age > 20
                        orderby p.Name descending
                        select p.Name.ToUpper();
            Line("query-syntax", query);
            var grouped = from p in people
                          group p by p.City into g
                          orderby g.Count() descending, g.Key
                          select new { City = g.Key, Count = g.Count(), Oldest = g.Max(x => x.Age) };
            Line("query-group", grouped);
            var cities = new[] { new { City = "Oslo", Country = "Norway" }, new { City = "Rome", Country = "Italy" } };
            var joined = from p in people
                         join c in cities on p.City equals c.City
                         select p.Name + "@" + c.Country;
            Line("query-join", joined);
            var pairs = from a in Enumerable.Range(1, 3)
                        from b in Enumerable.Range(1, 3)
                        where a < b
                        let product = a * b
                        select (a, b, product);
            Line("query-selectmany-let", pairs);
            Line("groupjoin", cities.GroupJoin(people, c => c.City, p => p.City, (c, ps) => c.City + ":" + ps.Count()));
            Line("deferred", Deferred());
        }

        private static string Deferred()
        {
            var source = new List<int> { 1, 2 };
            IEnumerable<int> doubled = source.Select(x => x * 2);
            source.Add(3);
            return string.Join(",", doubled);
        }
    }
}
