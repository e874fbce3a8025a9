using System.Threading;

namespace System.Runtime.CompilerServices
{
    /// <summary>Runs static constructors on first use. The compiler calls these helpers (by name) before accessing
    /// statics of a type whose cctor could not be run at compile time.
    ///
    /// The context word holds the cctor's address while it is pending, <see cref="Running"/> while a thread runs it,
    /// <see cref="Failed"/> once it threw, 0 once it is done. As in .NET: the thread running a cctor that uses its own
    /// type again proceeds (the CLI's recursion rule); any other thread waits until it ends; a cctor that throws leaves
    /// the type unusable, and the first use and every later one, from any thread, throw the same
    /// <see cref="TypeInitializationException"/> around what it threw. (.NET also breaks a cycle of two threads each
    /// running a cctor that waits for the other's; here they would wait for each other.)</summary>
    internal static unsafe class ClassConstructorRunner
    {
        private static object CheckStaticClassConstructionReturnGCStaticBase(ref StaticClassConstructionContext context, object gcStaticBase)
        {
            EnsureClassConstructorRun(ref context);
            return gcStaticBase;
        }

        private static IntPtr CheckStaticClassConstructionReturnNonGCStaticBase(ref StaticClassConstructionContext context, IntPtr nonGcStaticBase)
        {
            EnsureClassConstructorRun(ref context);
            return nonGcStaticBase;
        }

        private const nint Running = 1, Failed = 2;

        private struct Record
        {
            public nint Context;                          // the context word's address
            public int Thread;                            // running: the thread running the cctor
            public TypeInitializationException Failure;   // failed: what every use throws
        }

        // Cctors running or failed (few at any time): guarded by s_recordsBusy, a flag taken for a few instructions.
        private static Record[] s_records;
        private static int s_recordCount, s_recordsBusy;

        private static void EnsureClassConstructorRun(ref StaticClassConstructionContext context)
        {
            while (true)
            {
                IntPtr state = context.cctorMethodAddress;   // a volatile field
                if (state == IntPtr.Zero) return;
                nint at = (nint)Unsafe.AsPointer(ref context);
                if ((nint)state == Failed) throw FailureOf(at);
                if ((nint)state == Running)
                {
                    if (RunnerOf(at) == Environment.CurrentManagedThreadId) return;   // its own cctor, recursively
                    Thread.Yield();
                    continue;
                }
                if (Interlocked.CompareExchange(ref context.cctorMethodAddress, (IntPtr)Running, state) != state) continue;
                Run(ref context, at, state);
                return;
            }
        }

        private static void Run(ref StaticClassConstructionContext context, nint at, IntPtr cctor)
        {
            Add(new Record { Context = at, Thread = Environment.CurrentManagedThreadId });
            try
            {
                ((delegate*<void>)(void*)cctor)();
            }
            catch (Exception e)
            {
                var failure = new TypeInitializationException(TypeNameOf((ulong)cctor), e);
                SetFailure(at, failure);
                context.cctorMethodAddress = (IntPtr)Failed;
                throw failure;
            }
            Remove(at);
            Interlocked.MemoryBarrier();
            context.cctorMethodAddress = IntPtr.Zero;
        }

        /// <summary>The type whose cctor starts at <paramref name="cctor"/>, from the image's stack-trace names.</summary>
        private static string TypeNameOf(ulong cctor) => Internal.Runtime.TypeLoader.MethodNames.OwningTypeName(cctor) ?? "<unknown type>";

        private static void Take()
        {
            while (Interlocked.CompareExchange(ref s_recordsBusy, 1, 0) != 0) Thread.Yield();
        }

        private static void Release() => Volatile.Write(ref s_recordsBusy, 0);

        private static void Add(Record record)
        {
            // Allocated outside the flag: the allocation may collect, and a collection must not wait for it.
            Record[] grown = s_records == null || s_recordCount == s_records.Length ? new Record[(s_records?.Length ?? 4) * 2] : null;
            Take();
            if (grown != null && (s_records == null || s_recordCount == s_records.Length))
            {
                if (s_records != null) Array.Copy(s_records, grown, s_recordCount);
                s_records = grown;
            }
            if (s_recordCount == s_records.Length)
            {
                Release();
                Add(record);   // another thread filled the array meanwhile
                return;
            }
            s_records[s_recordCount++] = record;
            Release();
        }

        private static int IndexOf(nint at)
        {
            for (int i = 0; i < s_recordCount; i++)
                if (s_records[i].Context == at) return i;
            return -1;
        }

        private static int RunnerOf(nint at)
        {
            Take();
            int i = IndexOf(at);
            int thread = i < 0 ? 0 : s_records[i].Thread;
            Release();
            return thread;
        }

        private static void Remove(nint at)
        {
            Take();
            int i = IndexOf(at);
            if (i >= 0) s_records[i] = s_records[--s_recordCount];
            Release();
        }

        private static void SetFailure(nint at, TypeInitializationException failure)
        {
            Take();
            int i = IndexOf(at);
            if (i >= 0)
            {
                s_records[i].Failure = failure;
                s_records[i].Thread = 0;
            }
            Release();
        }

        private static TypeInitializationException FailureOf(nint at)
        {
            Take();
            int i = IndexOf(at);
            TypeInitializationException failure = i < 0 ? null : s_records[i].Failure;
            Release();
            return failure ?? new TypeInitializationException("<unknown type>", null);
        }
    }
}
