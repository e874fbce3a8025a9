using Sing.Kernel.Console;
using Sing.Kernel.Diagnostics;

namespace Sing.Kernel.Smp
{
    /// <summary>The run-time check of the lock order (kernel option locks.check, or a test turning <see cref="Checking"/>
    /// on): each processor keeps the locks it holds, with the call stack that took each one; taking a lock whose rank is
    /// not above every held lock's is a violation of the order (two CPUs taking the same pair the other way round would
    /// deadlock), reported on the console with both call stacks and counted in <see cref="Violations"/>. The check
    /// neither blocks nor allocates, so it runs in any context a lock does.</summary>
    internal static unsafe class LockOrder
    {
        private const int MaxHeld = 16, StackDepth = 6;

        private static bool s_checking;
        private static SpinLock[] s_held;    // [processor * MaxHeld + depth]
        private static int[] s_depth;        // per processor
        private static ulong[] s_stacks;     // [(processor * MaxHeld + depth) * StackDepth]

        public static bool Checking
        {
            get => s_checking;
            set
            {
                if (value && s_held == null)
                {
                    s_held = new SpinLock[Hardware.Madt.MaxProcessors * MaxHeld];
                    s_depth = new int[Hardware.Madt.MaxProcessors];
                    s_stacks = new ulong[Hardware.Madt.MaxProcessors * MaxHeld * StackDepth];
                }
                s_checking = value;
            }
        }

        /// <summary>Order violations seen since boot.</summary>
        public static int Violations;

        /// <summary>Turns the check on when the kernel option locks.check is given.</summary>
        public static void Configure()
        {
            if (Boot.KernelOptions.Get("locks.check") != null) Checking = true;
        }

        internal static void Taking(SpinLock taken, ulong framePointer)
        {
            int cpu = Processors.Current;
            int depth = s_depth[cpu];
            int at = cpu * MaxHeld;
            for (int i = 0; i < depth; i++)
            {
                SpinLock held = s_held[at + i];
                if (held.Rank < taken.Rank) continue;
                System.Threading.Interlocked.Increment(ref Violations);
                Log.Line($"lock order: CPU {cpu} takes \"{taken.Name}\" (rank {taken.Rank}) while holding \"{held.Name}\" (rank {held.Rank}); a lock is taken only above every lock held");
                Log.Line($"  \"{held.Name}\" was taken at:");
                fixed (ulong* stack = &s_stacks[(at + i) * StackDepth]) WriteStack(stack);
                Log.Line($"  \"{taken.Name}\" is being taken at:");
                ulong* now = stackalloc ulong[StackDepth];
                Capture(framePointer, now);
                WriteStack(now);
                break;
            }
            if (depth == MaxHeld) return;   // deeper nesting goes unchecked rather than overflow
            s_held[at + depth] = taken;
            fixed (ulong* stack = &s_stacks[(at + depth) * StackDepth]) Capture(framePointer, stack);
            s_depth[cpu] = depth + 1;
        }

        internal static void Released(SpinLock released)
        {
            int cpu = Processors.Current;
            int depth = s_depth[cpu], at = cpu * MaxHeld;
            // Usually the last taken; a lock released out of order is found further down.
            for (int i = depth - 1; i >= 0; i--)
            {
                if (s_held[at + i] != released) continue;
                for (int j = i; j < depth - 1; j++)
                {
                    s_held[at + j] = s_held[at + j + 1];
                    for (int k = 0; k < StackDepth; k++) s_stacks[(at + j) * StackDepth + k] = s_stacks[(at + j + 1) * StackDepth + k];
                }
                s_held[at + depth - 1] = null;
                s_depth[cpu] = depth - 1;
                return;
            }
        }

        /// <summary>Locks the calling processor holds under the check (0 when it is off).</summary>
        public static int HeldHere => s_checking ? s_depth[Processors.Current] : 0;

        // Return addresses along the frame-pointer chain (as Panic.WriteCallStack walks it).
        private static void Capture(ulong framePointer, ulong* stack)
        {
            ulong* frame = (ulong*)framePointer;
            for (int i = 0; i < StackDepth; i++)
            {
                bool plausible = Panic.IsPlausibleFrame(frame);
                stack[i] = plausible ? frame[1] : 0;
                if (!plausible) continue;
                ulong* next = (ulong*)frame[0];
                frame = next > frame ? next : null;
            }
        }

        private static void WriteStack(ulong* stack)
        {
            for (int i = 0; i < StackDepth && stack[i] != 0; i++)
            {
                Log.Write("    ");
                Log.Hex(stack[i], 16);
                Log.Write("  ");
                SymbolTable.WriteLocation(stack[i]);
                Log.Line();
            }
        }
    }
}
