using System;
using System.Collections.Generic;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    internal sealed class TemperatureChangedEventArgs : EventArgs
    {
        public TemperatureChangedEventArgs(double celsius) { Celsius = celsius; }
        public double Celsius { get; }
    }

    internal sealed class Thermostat
    {
        private double _celsius;

        public event EventHandler<TemperatureChangedEventArgs> Changed;
        public event EventHandler Reset;

        public double Celsius
        {
            get => _celsius;
            set
            {
                if (value == _celsius) return;
                _celsius = value;
                Changed?.Invoke(this, new TemperatureChangedEventArgs(value));
            }
        }

        public void DoReset()
        {
            _celsius = 0;
            Reset?.Invoke(this, EventArgs.Empty);
        }
    }

    internal static class DelegateChecks
    {
        private static readonly List<string> Log = new();

        private static void Record(string what) => Log.Add(what);

        public static void Run()
        {
            Action a = () => Record("a");
            Action b = () => Record("b");
            Action both = a + b;
            both();
            Line("multicast", string.Join(",", Log));
            Log.Clear();
            both += a;
            both -= b;
            both();
            Line("remove", string.Join(",", Log));
            Line("invocation-count", both.GetInvocationList().Length);
            Action none = both - a - a;
            Line("remove-all-null", none == null);
            Func<int, int> square = x => x * x;
            Func<int, int> plusOne = x => x + 1;
            Func<int, int> combined = square + plusOne;
            Line("func-multicast-last-result", combined(5));
            Line("delegate-equality", (Action)Static == (Action)Static);
            var counter = new Counter();
            Action inc = counter.Increment;
            inc += counter.Increment;
            inc();
            Line("instance-delegates", counter.Count);
            Line("target", inc.Target == counter);

            var thermostat = new Thermostat();
            var seen = new List<string>();
            EventHandler<TemperatureChangedEventArgs> handler = (sender, e) => seen.Add("changed to " + e.Celsius);
            thermostat.Changed += handler;
            thermostat.Changed += (sender, e) => seen.Add("second " + (sender == thermostat));
            thermostat.Reset += (sender, e) => seen.Add("reset " + (e == EventArgs.Empty));
            thermostat.Celsius = 21.5;
            thermostat.Celsius = 21.5;
            thermostat.Changed -= handler;
            thermostat.Celsius = 18;
            thermostat.DoReset();
            Line("events", string.Join("; ", seen));
            Func<int, Func<int, int>> adder = x => y => x + y;
            Line("closure", adder(3)(4));
            Line("closure-capture", Capture());
            Predicate<string> isEmpty = string.IsNullOrEmpty;
            Line("method-group", isEmpty("") + " " + isEmpty("x"));
            Comparison<int> desc = (x, y) => y.CompareTo(x);
            var list = new List<int> { 1, 3, 2 };
            list.Sort(desc);
            Line("comparison", list);
            Converter<int, string> conv = i => "#" + i;
            Line("converter", conv(7));
            Line("local-function", Fibonacci(20));
        }

        private static void Static() { }

        private static string Capture()
        {
            var actions = new List<Func<int>>();
            for (int i = 0; i < 3; i++) actions.Add(() => i * 10);
            var results = new List<int>();
            foreach (Func<int> f in actions) results.Add(f());
            return string.Join(",", results);
        }

        private static long Fibonacci(int n)
        {
            return Fib(n);
            static long Fib(int k) => k < 2 ? k : Fib(k - 1) + Fib(k - 2);
        }

        private sealed class Counter
        {
            public int Count;
            public void Increment() => Count++;
        }
    }
}
