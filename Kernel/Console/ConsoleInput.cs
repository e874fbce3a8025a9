using Sing.Kernel.Arch;
using Sing.Kernel.Threading;

namespace Sing.Kernel.Console
{
    /// <summary>Keystrokes from the serial console: COM1's receive interrupt (IRQ 4) drains the UART into a ring
    /// buffer and wakes the reader, so a shell blocks in the scheduler instead of polling the port.</summary>
    internal static unsafe class ConsoleInput
    {
        private const int Capacity = 4096;
        private const ushort InterruptEnable = 1, ModemControl = 4;
        private const int Irq = 4;

        private struct Ring
        {
            public fixed byte Bytes[Capacity];
        }

        private static Ring s_ring;
        private static int s_head, s_tail;   // bytes live in [tail, head)
        private static AutoResetEvent s_arrived;
        public static ulong Dropped;

        public static void Initialize()
        {
            s_arrived = new AutoResetEvent(false);
            Interrupts.SetHandler(Interrupts.IrqBase + Irq, &OnReceive);
            Cpu.OutByte(SerialPort.Com1 + ModemControl, 0x0B);   // DTR, RTS, OUT2 (routes the UART's IRQ to the PIC)
            Cpu.OutByte(SerialPort.Com1 + InterruptEnable, 0x01); // interrupt when a byte arrives
            InterruptController.Unmask(Irq);
            OnReceive(null);                                      // take what arrived before the interrupt was on
        }

        private static bool OnReceive(InterruptFrame* frame)
        {
            bool any = false;
            while (SerialPort.TryRead(out byte value))
            {
                int next = (s_head + 1) % Capacity;
                if (next == s_tail)
                {
                    Dropped++;
                    continue;
                }
                s_ring.Bytes[s_head] = value;
                s_head = next;
                any = true;
            }
            if (any) s_arrived.Set();
            return true;
        }

        /// <summary>Copies the bytes that have arrived (at most <paramref name="capacity"/>), waiting up to
        /// <paramref name="timeoutMilliseconds"/> for the first; returns how many (0 on timeout).</summary>
        public static int Read(byte* buffer, int capacity, ulong timeoutMilliseconds)
        {
            while (true)
            {
                ulong flags = Scheduler.DisableInterrupts();
                int n = 0;
                while (n < capacity && s_tail != s_head)
                {
                    buffer[n++] = s_ring.Bytes[s_tail];
                    s_tail = (s_tail + 1) % Capacity;
                }
                Scheduler.RestoreInterrupts(flags);
                if (n > 0 || capacity <= 0) return n;
                if (!s_arrived.WaitOne(timeoutMilliseconds)) return 0;
            }
        }
    }
}
