// The compiler's shapes for async streams that the IL verifier must accept: an async iterator (a class that is its
// own IValueTaskSource<bool> and drives itself through AsyncIteratorMethodBuilder and ManualResetValueTaskSourceCore),
// [EnumeratorCancellation], await foreach with WithCancellation and ConfigureAwait, await using, yield inside
// try/finally, a generic async iterator, and typeof of another assembly's generic definition (typeof(Dictionary<,>)).
// manifest: ../Corpus/Shared/app.xml
using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;

namespace Test.App
{
    internal static class Program
    {
        [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
        private static int Main() => AsyncStreams.RunAsync().GetAwaiter().GetResult();
    }

    internal sealed class Connection : IAsyncDisposable
    {
        public static int Closed;
        public ValueTask DisposeAsync()
        {
            Closed++;
            return ValueTask.CompletedTask;
        }
    }

    internal static class AsyncStreams
    {
        private static async IAsyncEnumerable<int> Numbers(int count, [EnumeratorCancellation] CancellationToken token = default)
        {
            try
            {
                for (int i = 0; i < count; i++)
                {
                    await Task.Yield();
                    token.ThrowIfCancellationRequested();
                    yield return i;
                }
            }
            finally
            {
                Connection.Closed += 10;
            }
        }

        private static async IAsyncEnumerable<T> Repeat<T>(T item, int times)
        {
            for (int i = 0; i < times; i++)
            {
                await Task.Delay(1);
                yield return item;
            }
        }

        public static async Task<int> RunAsync()
        {
            int sum = 0;
            using var source = new CancellationTokenSource();
            await foreach (int n in Numbers(4).WithCancellation(source.Token).ConfigureAwait(false)) sum += n;
            await foreach (string s in Repeat("ab", 2)) sum += s.Length;
            await using (var connection = new Connection()) sum += Connection.Closed;
            await using var second = new Connection();
            Type open = typeof(Dictionary<,>);
            return sum + (open.Name.Length > 0 ? 1 : 0);
        }
    }
}
