using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace Sing.Conformance
{
    /// <summary>A word counter: the kind of program a newcomer writes first. Its whole output is compared.</summary>
    internal static class WordCountProgram
    {
        private const string Text = @"It was the best of times, it was the worst of times, it was the age of wisdom,
it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity,
it was the season of Light, it was the season of Darkness. Über-naïve café façade — déjà vu!";

        public static void Run()
        {
            var counts = new Dictionary<string, int>(StringComparer.OrdinalIgnoreCase);
            var word = new StringBuilder();
            foreach (char c in Text + " ")
            {
                if (char.IsLetter(c) || c == '\'')
                {
                    word.Append(char.ToLowerInvariant(c));
                    continue;
                }
                if (word.Length == 0) continue;
                string w = word.ToString();
                counts[w] = counts.TryGetValue(w, out int n) ? n + 1 : 1;
                word.Clear();
            }
            Console.WriteLine($"{counts.Count} distinct words, {counts.Values.Sum()} in all");
            foreach (var pair in counts.OrderByDescending(p => p.Value).ThenBy(p => p.Key).Take(8))
                Console.WriteLine($"{pair.Key,-12}{pair.Value,3} {new string('*', pair.Value)}");
            string longest = counts.Keys.OrderByDescending(k => k.Length).ThenBy(k => k, StringComparer.Ordinal).First();
            Console.WriteLine("longest: {0} ({1} letters)", longest, longest.Length);
            var byLength = counts.Keys.GroupBy(k => k.Length).OrderBy(g => g.Key);
            foreach (var g in byLength) Console.Write($"{g.Key}:{g.Count()} ");
            Console.WriteLine();
            Console.WriteLine(string.Join(" ", counts.Keys.Where(k => k.Any(ch => ch > 127)).OrderBy(k => k)));
        }
    }

    /// <summary>An expression interpreter: tokenizer, recursive-descent parser, evaluation with variables.</summary>
    internal static class CalculatorProgram
    {
        private abstract record Node;
        private sealed record Number(double Value) : Node;
        private sealed record Variable(string Name) : Node;
        private sealed record Binary(char Op, Node Left, Node Right) : Node;
        private sealed record Call(string Function, Node Argument) : Node;

        private sealed class Parser
        {
            private readonly string _text;
            private int _pos;

            public Parser(string text) { _text = text; }

            public Node Parse()
            {
                Node node = Expression();
                SkipSpace();
                if (_pos != _text.Length) throw new FormatException($"Unexpected '{_text[_pos]}' at {_pos}");
                return node;
            }

            private Node Expression()
            {
                Node left = Term();
                while (Peek() is '+' or '-') { char op = _text[_pos++]; left = new Binary(op, left, Term()); }
                return left;
            }

            private Node Term()
            {
                Node left = Factor();
                while (Peek() is '*' or '/' or '%') { char op = _text[_pos++]; left = new Binary(op, left, Factor()); }
                return left;
            }

            private Node Factor()
            {
                Node b = Unary();
                if (Peek() == '^') { _pos++; return new Binary('^', b, Factor()); }
                return b;
            }

            private Node Unary()
            {
                if (Peek() == '-') { _pos++; return new Binary('-', new Number(0), Unary()); }
                return Primary();
            }

            private Node Primary()
            {
                char c = Peek();
                if (c == '(')
                {
                    _pos++;
                    Node inner = Expression();
                    Expect(')');
                    return inner;
                }
                if (char.IsDigit(c) || c == '.')
                {
                    int start = _pos;
                    while (_pos < _text.Length && (char.IsDigit(_text[_pos]) || _text[_pos] == '.')) _pos++;
                    return new Number(double.Parse(_text.AsSpan(start, _pos - start), NumberStyles.Float, CultureInfo.InvariantCulture));
                }
                if (char.IsLetter(c))
                {
                    int start = _pos;
                    while (_pos < _text.Length && char.IsLetterOrDigit(_text[_pos])) _pos++;
                    string name = _text[start.._pos];
                    if (Peek() == '(')
                    {
                        _pos++;
                        Node arg = Expression();
                        Expect(')');
                        return new Call(name, arg);
                    }
                    return new Variable(name);
                }
                throw new FormatException(c == '\0' ? "Unexpected end of input" : $"Unexpected '{c}' at {_pos}");
            }

            private void Expect(char c)
            {
                if (Peek() != c) throw new FormatException($"Expected '{c}' at {_pos}");
                _pos++;
            }

            private char Peek()
            {
                SkipSpace();
                return _pos < _text.Length ? _text[_pos] : '\0';
            }

            private void SkipSpace()
            {
                while (_pos < _text.Length && char.IsWhiteSpace(_text[_pos])) _pos++;
            }
        }

        private static double Evaluate(Node node, IReadOnlyDictionary<string, double> variables) => node switch
        {
            Number n => n.Value,
            Variable v => variables.TryGetValue(v.Name, out double value) ? value : throw new KeyNotFoundException($"Unknown variable '{v.Name}'"),
            Binary { Op: '+' } b => Evaluate(b.Left, variables) + Evaluate(b.Right, variables),
            Binary { Op: '-' } b => Evaluate(b.Left, variables) - Evaluate(b.Right, variables),
            Binary { Op: '*' } b => Evaluate(b.Left, variables) * Evaluate(b.Right, variables),
            Binary { Op: '/' } b => Evaluate(b.Left, variables) / Evaluate(b.Right, variables),
            Binary { Op: '%' } b => Evaluate(b.Left, variables) % Evaluate(b.Right, variables),
            Binary { Op: '^' } b => Math.Pow(Evaluate(b.Left, variables), Evaluate(b.Right, variables)),
            Call { Function: "sqrt" } c => Math.Sqrt(Evaluate(c.Argument, variables)),
            Call { Function: "sin" } c => Math.Sin(Evaluate(c.Argument, variables)),
            Call { Function: "abs" } c => Math.Abs(Evaluate(c.Argument, variables)),
            Call { Function: "round" } c => Math.Round(Evaluate(c.Argument, variables)),
            Call c => throw new NotSupportedException($"Unknown function '{c.Function}'"),
            _ => throw new InvalidOperationException(),
        };

        public static void Run()
        {
            var variables = new Dictionary<string, double> { ["pi"] = Math.PI, ["x"] = 2.5, ["rate"] = 0.07 };
            string[] inputs =
            {
                "1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "-x * 4", "10 / 4", "10 % 4.5", "sqrt(2) * sqrt(2)",
                "sin(pi / 2) + abs(-3)", "1000 * (1 + rate) ^ 10", "round(x) + round(3.5)", "1 / 0", "0 / 0",
                "2 * (3 + ", "y + 1", "foo(1)", "3 $ 4", "0.1 + 0.2",
            };
            foreach (string input in inputs)
            {
                try
                {
                    Node tree = new Parser(input).Parse();
                    double result = Evaluate(tree, variables);
                    Console.WriteLine($"{input,-26} = {result}");
                }
                catch (Exception e) when (e is FormatException or KeyNotFoundException or NotSupportedException)
                {
                    Console.WriteLine($"{input,-26} ! {e.GetType().Name}: {e.Message}");
                }
            }
            Console.WriteLine(new Parser("1 + x * 2").Parse());
        }
    }

    /// <summary>An inventory report: records, decimal money, grouping, formatting.</summary>
    internal static class InventoryProgram
    {
        private sealed record Item(string Sku, string Name, string Category, decimal UnitPrice, int Quantity)
        {
            public decimal Value => UnitPrice * Quantity;
        }

        public static void Run()
        {
            var items = new List<Item>
            {
                new("A-100", "Widget", "Hardware", 2.50m, 120),
                new("A-101", "Gadget", "Hardware", 12.99m, 15),
                new("B-200", "Manual", "Books", 19.95m, 7),
                new("B-201", "Atlas", "Books", 45.00m, 2),
                new("C-300", "Cable", "Electronics", 4.75m, 230),
                new("C-301", "Charger", "Electronics", 24.49m, 0),
            };
            Console.WriteLine($"{"SKU",-6} {"Name",-8} {"Price",8} {"Qty",5} {"Value",10}");
            foreach (Item item in items.OrderBy(i => i.Category).ThenByDescending(i => i.Value))
                Console.WriteLine($"{item.Sku,-6} {item.Name,-8} {item.UnitPrice,8:F2} {item.Quantity,5} {item.Value,10:N2}");
            foreach (var category in items.GroupBy(i => i.Category).OrderBy(g => g.Key))
            {
                decimal total = category.Sum(i => i.Value);
                Console.WriteLine($"{category.Key}: {category.Count()} items, total {total:N2}, average price {category.Average(i => i.UnitPrice):F3}");
            }
            decimal grand = items.Sum(i => i.Value);
            decimal tax = Math.Round(grand * 0.0825m, 2, MidpointRounding.AwayFromZero);
            Console.WriteLine($"Grand total {grand:N2} + tax {tax} = {grand + tax:N2}");
            Item outOfStock = items.FirstOrDefault(i => i.Quantity == 0);
            Console.WriteLine(outOfStock is null ? "all in stock" : $"out of stock: {outOfStock}");
            Console.WriteLine(items.Where(i => i.Quantity < 10).Select(i => i with { Quantity = i.Quantity + 50 }).First());
            Console.WriteLine(string.Join(", ", items.Select(i => i.Sku).Where(s => s.StartsWith("B", StringComparison.Ordinal))));
        }
    }

    /// <summary>A grade book: classes, sorting with comparers, statistics in double, exceptions for bad input.</summary>
    internal static class GradebookProgram
    {
        private sealed class Student : IComparable<Student>
        {
            public Student(string name) { Name = name; }
            public string Name { get; }
            public List<int> Scores { get; } = new();
            public double Average => Scores.Count == 0 ? 0 : Scores.Average();
            public int CompareTo(Student other) => other.Average.CompareTo(Average) is var c && c != 0 ? c : string.Compare(Name, other.Name, StringComparison.Ordinal);
            public override string ToString() => $"{Name} ({Average:F1})";
        }

        private static char Letter(double average) => average switch
        {
            >= 90 => 'A',
            >= 80 => 'B',
            >= 70 => 'C',
            >= 60 => 'D',
            _ => 'F',
        };

        public static void Run()
        {
            string[] lines = { "zoë: 91, 88, 97", "Ålesund Ola: 72, 65, 80", "bob: 55, 61", "Carla: 100, 94, 89, 99", "dan: x, 70", "eve:" };
            var students = new List<Student>();
            foreach (string line in lines)
            {
                string[] parts = line.Split(':');
                var student = new Student(parts[0].Trim());
                try
                {
                    foreach (string score in parts[1].Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
                        student.Scores.Add(int.Parse(score));
                    students.Add(student);
                }
                catch (FormatException e)
                {
                    Console.WriteLine($"skipping {student.Name}: {e.Message}");
                }
            }
            students.Sort();
            foreach (Student s in students)
                Console.WriteLine($"{s.Name,-12} {string.Join(" ", s.Scores.Select(x => x.ToString().PadLeft(3))),-16} avg {s.Average,6:F2} {Letter(s.Average)}");
            var all = students.SelectMany(s => s.Scores).ToList();
            double mean = all.Average();
            double stddev = Math.Sqrt(all.Sum(x => (x - mean) * (x - mean)) / all.Count);
            Console.WriteLine($"n={all.Count} mean={mean:F3} sd={stddev:F3} median={Median(all)}");
            var names = students.Select(s => s.Name).ToList();
            names.Sort();
            Console.WriteLine("by name: " + string.Join(", ", names));
            names.Sort(StringComparer.Ordinal);
            Console.WriteLine("ordinal: " + string.Join(", ", names));
            Console.WriteLine("top: " + students.First() + ", last: " + students[^1]);
        }

        private static double Median(List<int> values)
        {
            var sorted = values.OrderBy(v => v).ToArray();
            int mid = sorted.Length / 2;
            return sorted.Length % 2 == 0 ? (sorted[mid - 1] + sorted[mid]) / 2.0 : sorted[mid];
        }
    }
}

namespace Sing.Conformance
{
    /// <summary>A bank simulation: accounts with events, decimal money, a seeded Random, exceptions for bad operations.</summary>
    internal static class BankProgram
    {
        private sealed class InsufficientFundsException : InvalidOperationException
        {
            public InsufficientFundsException(string account, decimal shortBy)
                : base($"Account {account} is short by {shortBy:F2}") { ShortBy = shortBy; }

            public decimal ShortBy { get; }
        }

        private sealed class Account
        {
            private readonly List<(DateTime When, decimal Amount, string Memo)> _history = new();

            public Account(string id, string owner, decimal opening)
            {
                Id = id;
                Owner = owner;
                Balance = opening;
            }

            public string Id { get; }
            public string Owner { get; }
            public decimal Balance { get; private set; }
            public IReadOnlyList<(DateTime When, decimal Amount, string Memo)> History => _history;

            public event EventHandler<decimal> BalanceChanged;

            public void Post(DateTime when, decimal amount, string memo)
            {
                if (Balance + amount < 0) throw new InsufficientFundsException(Id, -(Balance + amount));
                Balance += amount;
                _history.Add((when, amount, memo));
                BalanceChanged?.Invoke(this, Balance);
            }
        }

        public static void Run()
        {
            var rng = new Random(2024);
            var accounts = new[]
            {
                new Account("CH-001", "Müller", 1500.00m),
                new Account("FR-002", "Lefèvre", 320.50m),
                new Account("JP-003", "佐藤", 0m),
            };
            int alerts = 0;
            foreach (Account a in accounts) a.BalanceChanged += (sender, balance) => { if (balance < 100) alerts++; };
            var day = new DateTime(2024, 3, 1, 9, 0, 0);
            string[] memos = { "coffee", "rent", "salary", "books", "refund", "groceries" };
            for (int i = 0; i < 24; i++)
            {
                Account a = accounts[rng.Next(accounts.Length)];
                decimal amount = Math.Round((decimal)(rng.NextDouble() * 400 - 250), 2);
                string memo = memos[rng.Next(memos.Length)];
                try
                {
                    a.Post(day.AddHours(i * 7.5), amount, memo);
                }
                catch (InsufficientFundsException e)
                {
                    Console.WriteLine($"{day.AddHours(i * 7.5):yyyy-MM-dd HH:mm} declined {amount,9:N2} on {a.Id}: {e.Message}");
                }
            }
            foreach (Account a in accounts.OrderByDescending(a => a.Balance))
            {
                Console.WriteLine($"{a.Id} {a.Owner,-8} {a.Balance,10:N2} ({a.History.Count} postings)");
                foreach (var group in a.History.GroupBy(h => h.Memo).OrderBy(g => g.Key))
                    Console.WriteLine($"    {group.Key,-10} {group.Count(),2} x  total {group.Sum(h => h.Amount),9:F2}");
            }
            Console.WriteLine($"alerts: {alerts}, total {accounts.Sum(a => a.Balance):N2}");
            var busiest = accounts.SelectMany(a => a.History.Select(h => (a.Id, h.When.DayOfWeek))).GroupBy(x => x.DayOfWeek)
                .OrderByDescending(g => g.Count()).ThenBy(g => g.Key).First();
            Console.WriteLine($"busiest day: {busiest.Key} with {busiest.Count()} postings");
        }
    }
}
