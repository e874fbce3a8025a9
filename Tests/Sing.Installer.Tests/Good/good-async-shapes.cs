// The compiler's shapes for async methods, await and lock that the IL verifier (ECMA-335 III.1.8) must accept: async
// state machines (generic ones too) that store awaiters and pass `ref this` to the builder, await inside
// try/catch/finally, using and loops, async lambdas and local functions, async void, ConfigureAwait, Task.WhenAll
// over a LINQ projection, cancellation, and `lock` on an object and on a System.Threading.Lock.
// manifest: ../Corpus/Shared/app.xml
using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => AsyncShapes.RunAsync(3).GetAwaiter().GetResult();
    }

    internal sealed class Resource : IDisposable
    {
        public static int Disposed;
        public void Dispose() => Disposed++;
    }

    internal static class AsyncShapes
    {
        private static readonly object s_gate = new object();
        private static readonly Lock s_lock = new Lock();
        private static int s_total;

        public static async Task<int> RunAsync(int n)
        {
            int sum = 0;
            for (int i = 0; i < n; i++) sum += await Twice(i).ConfigureAwait(false);
            using (new Resource())
            {
                try
                {
                    await Fail();
                }
                catch (InvalidOperationException) when (sum >= 0)
                {
                    sum += await Generic<int>(1);
                }
                finally
                {
                    await Task.Yield();
                }
            }
            Func<int, Task<int>> lambda = async x => await Twice(x) + 1;
            sum += await lambda(2);
            sum += await Local(3);
            int[] all = await Task.WhenAll(Enumerable.Range(0, n).Select(Twice));
            sum += all.Sum();
            using var source = new CancellationTokenSource();
            try
            {
                source.Cancel();
                await Task.Delay(1000, source.Token);
            }
            catch (OperationCanceledException)
            {
                sum++;
            }
            lock (s_gate) s_total += sum;
            lock (s_lock) s_total++;
            FireAndForget();
            (int a, string b) pair = await Pair();
            return s_total + pair.a + pair.b.Length;

            async Task<int> Local(int x)
            {
                await Task.Delay(1);
                return x * 3;
            }
        }

        private static async Task<int> Twice(int x)
        {
            await Task.Yield();
            return x * 2;
        }

        private static async Task<T> Generic<T>(T value)
        {
            await Task.Yield();
            return value;
        }

        private static async Task Fail()
        {
            await Task.Yield();
            throw new InvalidOperationException("expected");
        }

        private static async void FireAndForget()
        {
            await Task.CompletedTask;
        }

        private static async Task<(int, string)> Pair()
        {
            var list = new List<Task<int>> { Twice(1), Twice(2) };
            await Task.WhenAny(list);
            return (list.Count, "two");
        }
    }
}
