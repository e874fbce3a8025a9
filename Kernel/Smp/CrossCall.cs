using System.Threading;
using Sing.Kernel.Arch;
using Sing.Kernel.Memory;

namespace Sing.Kernel.Smp
{
    /// <summary>Runs a function on another processor and waits for its result: the caller fills that processor's
    /// mailbox, sends it an interprocessor interrupt on <see cref="Vector"/>, and spins (interrupts off) until the
    /// answer comes back. The function runs in the target's interrupt handler: it must not block, take a kernel lock or
    /// allocate. The building block of remote work (TLB shootdowns, wake-ups, and 001 §5's forwarded ABI calls), and
    /// what the IPI round-trip benchmark measures.</summary>
    internal static unsafe class CrossCall
    {
        /// <summary>The interrupt vector of a cross-call: above the interrupt lines (32-63) and the system-call gate (0x80).</summary>
        public const byte Vector = 0xF0;

        /// <summary>Guest time after which a caller still waiting for an answer says so on the console (once per call). It
        /// never gives up: under multi-threaded TCG a busy host may leave a guest CPU unscheduled for a while, and a
        /// shootdown that did not reach every CPU must not count as done.</summary>
        public const ulong SlowAnswerMilliseconds = 1000;

        private struct Mailbox
        {
            public delegate*<ulong, ulong> Function;
            public ulong Argument;
            public ulong Result;
            public int Busy;        // one caller at a time
            public int Requested;   // request number written by the caller...
            public int Answered;    // ...and copied here by the target once Result holds the answer
        }

        private static Mailbox* s_mailboxes;
        private static int s_processors;

        public static void Initialize(int processors)
        {
            s_processors = processors;
            s_mailboxes = (Mailbox*)KernelHeap.Allocate((ulong)(processors * sizeof(Mailbox)));
            Interrupts.SetHandler(Vector, &OnInterrupt);
        }

        /// <summary>Runs <paramref name="function"/>(<paramref name="argument"/>) on processor <paramref name="processor"/>
        /// (directly when that is the caller's) and returns its result in <paramref name="result"/>; false when there is
        /// no such running processor.</summary>
        public static bool TryRun(int processor, delegate*<ulong, ulong> function, ulong argument, out ulong result)
        {
            result = 0;
            if (processor < 0 || processor >= Processors.Count || function == null) return false;
            ulong flags = Threading.Scheduler.DisableInterrupts();
            bool answered;
            if (processor == Processors.Current)
            {
                result = function(argument);
                answered = true;
            }
            else answered = Post(processor, function, argument, out int request) && Wait(processor, request, out result);
            Threading.Scheduler.RestoreInterrupts(flags);
            return answered;
        }

        /// <summary>Runs <paramref name="function"/>(<paramref name="argument"/>) on every running processor but the
        /// caller's, all at once (one IPI each, then one wait for all answers).</summary>
        public static bool RunOnOthers(delegate*<ulong, ulong> function, ulong argument)
        {
            int count = Processors.Count;
            if (count == 1) return true;
            ulong flags = Threading.Scheduler.DisableInterrupts();
            int self = Processors.Current;
            int* requests = stackalloc int[count];
            bool all = true;
            for (int i = 0; i < count; i++)
                if (i != self && !Post(i, function, argument, out requests[i])) all = false;
            for (int i = 0; i < count; i++)
                if (i != self && requests[i] != 0 && !Wait(i, requests[i], out _)) all = false;
            Threading.Scheduler.RestoreInterrupts(flags);
            return all;
        }

        /// <summary>Sends the request and returns without waiting; the caller (interrupts off until then) must
        /// <see cref="Wait"/> for it before it posts to that processor again. False for no such other processor.</summary>
        public static bool Post(int processor, delegate*<ulong, ulong> function, ulong argument, out int request)
        {
            request = 0;
            if (processor < 0 || processor >= Processors.Count || processor == Processors.Current || function == null) return false;
            Mailbox* m = &s_mailboxes[processor];
            while (Interlocked.CompareExchange(ref m->Busy, 1, 0) != 0) Cpu.Pause();
            m->Function = function;
            m->Argument = argument;
            request = m->Requested + 1;
            if (request == 0) request = 1;   // 0 means "nothing posted" to the caller
            Volatile.Write(ref m->Requested, request);
            LocalApic.SendInterrupt(Processors.ApicIdOf(processor), Vector);
            return true;
        }

        /// <summary>Waits for the answer to a <see cref="Post"/>ed request (however long it takes) and frees the mailbox.</summary>
        public static bool Wait(int processor, int request, out ulong result)
        {
            Mailbox* m = &s_mailboxes[processor];
            WaitForAnswer(m, request, processor);
            result = m->Result;
            Volatile.Write(ref m->Busy, 0);
            return true;
        }

        private static void WaitForAnswer(Mailbox* m, int request, int processor)
        {
            // The TSC is read only every 64 polls: the common answer arrives within a few hundred cycles.
            ulong deadline = 0;
            for (uint polls = 0; Volatile.Read(ref m->Answered) != request; polls++)
            {
                Cpu.Pause();
                if ((polls & 63) != 63) continue;
                ulong now = Cpu.ReadTsc();
                if (deadline == 0) deadline = now + Tsc.Frequency / 1000 * SlowAnswerMilliseconds;
                else if (deadline != ulong.MaxValue && now > deadline)
                {
                    Console.Log.Line($"cross-call: processor {processor} has not answered for {SlowAnswerMilliseconds} ms; still waiting");
                    deadline = ulong.MaxValue;
                }
            }
        }

        // On the target, interrupts off: run the request its mailbox holds, if it has not answered it yet.
        private static bool OnInterrupt(InterruptFrame* frame)
        {
            Poll();
            LocalApic.EndOfInterrupt();
            return true;
        }

        /// <summary>Answers the request in the calling CPU's mailbox, if any: for a CPU that waits with interrupts off (for
        /// the kernel lock, or stopped for a collection), so a cross-call to it is answered all the same.</summary>
        public static void Poll()
        {
            int self = Processors.Current;
            if (self >= s_processors) return;
            Mailbox* m = &s_mailboxes[self];
            int request = Volatile.Read(ref m->Requested);
            if (request == m->Answered) return;
            m->Result = m->Function(m->Argument);
            Volatile.Write(ref m->Answered, request);
        }
    }
}
