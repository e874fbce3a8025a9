using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;

namespace Sing.Conformance
{
    /// <summary>A parallel word-frequency pipeline as ordinary code writes one: a producer thread splits text into
    /// lines on a bounded queue (Monitor Wait/Pulse), worker tasks count words into a shared dictionary under a lock,
    /// an async stage awaits them all and summarises; the printed results do not depend on scheduling.</summary>
    internal static class PipelineProgram
    {
        private const string Text = @"the quick brown fox jumps over the lazy dog
a stitch in time saves nine and the early bird catches the worm
all that glitters is not gold but the quick wit is priceless
the dog barks while the fox runs into the brown woods at night";

        private sealed class BoundedQueue<T>
        {
            private readonly Queue<T> _items = new Queue<T>();
            private readonly int _capacity;
            private bool _completed;

            public BoundedQueue(int capacity) => _capacity = capacity;

            public void Add(T item)
            {
                lock (_items)
                {
                    while (_items.Count == _capacity) Monitor.Wait(_items);
                    _items.Enqueue(item);
                    Monitor.PulseAll(_items);
                }
            }

            public void Complete()
            {
                lock (_items)
                {
                    _completed = true;
                    Monitor.PulseAll(_items);
                }
            }

            public bool TryTake(out T item)
            {
                lock (_items)
                {
                    while (_items.Count == 0 && !_completed) Monitor.Wait(_items);
                    if (_items.Count == 0)
                    {
                        item = default;
                        return false;
                    }
                    item = _items.Dequeue();
                    Monitor.PulseAll(_items);
                    return true;
                }
            }
        }

        public static void Run() => RunAsync().GetAwaiter().GetResult();

        private static async Task RunAsync()
        {
            var queue = new BoundedQueue<string>(2);
            var counts = new Dictionary<string, int>();
            int linesSeen = 0;

            var producer = new Thread(() =>
            {
                foreach (string line in Text.Split('\n')) queue.Add(line.Trim());
                queue.Complete();
            }) { Name = "producer" };
            producer.Start();

            Task<int>[] workers = Enumerable.Range(0, 3).Select(_ => Task.Run(() =>
            {
                int words = 0;
                while (queue.TryTake(out string line))
                {
                    Interlocked.Increment(ref linesSeen);
                    foreach (string word in line.Split(' ', StringSplitOptions.RemoveEmptyEntries))
                    {
                        lock (counts) counts[word] = counts.TryGetValue(word, out int n) ? n + 1 : 1;
                        words++;
                    }
                }
                return words;
            })).ToArray();

            int[] perWorker = await Task.WhenAll(workers);
            producer.Join();
            Console.WriteLine("lines: " + linesSeen);
            Console.WriteLine("words: " + perWorker.Sum());
            Console.WriteLine("distinct: " + counts.Count);
            foreach (KeyValuePair<string, int> pair in counts.OrderByDescending(p => p.Value).ThenBy(p => p.Key, StringComparer.Ordinal).Take(5))
                Console.WriteLine($"{pair.Key,-8}{pair.Value,3}");

            string longest = await LongestWordAsync(counts.Keys);
            Console.WriteLine("longest: " + longest);
            using var source = new CancellationTokenSource();
            Task<int> slow = SlowCountAsync(counts.Count, source.Token);
            source.Cancel();
            try
            {
                await slow;
            }
            catch (OperationCanceledException e)
            {
                Console.WriteLine("cancelled: " + e.GetType().Name);
            }
        }

        private static async Task<string> LongestWordAsync(IEnumerable<string> words)
        {
            await Task.Yield();
            return words.OrderByDescending(w => w.Length).ThenBy(w => w, StringComparer.Ordinal).First();
        }

        private static async Task<int> SlowCountAsync(int n, CancellationToken token)
        {
            await Task.Delay(60_000, token);
            return n;
        }
    }
}
