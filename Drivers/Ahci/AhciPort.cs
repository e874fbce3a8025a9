using System.Diagnostics;
using Sing.Contracts;
using Sing.Contracts.Sip;
using Singularity.Configuration;
using Singularity.V1;
using static Sing.Drivers.Ahci.AhciRegisters;
using Debug = Singularity.V1.Debug;

namespace Sing.Drivers.Ahci
{
    /// <summary>One AHCI port with an ATA disk: its command list, received-FIS area and command tables in the driver's
    /// DMA memory (8 KiB per port), up to <see cref="SlotCount"/> commands issued at once (the HBA runs non-queued
    /// commands one after another in slot order; the driver keeps the queue full), completion from PxCI, and
    /// recovery after a task-file or bus error (stop and restart the port, fail what was in flight).</summary>
    internal sealed class AhciPort
    {
        public const int SlotCount = 8, SectorSize = 512, MaxSectors = 128, PrdtOffset = 0x80;
        public const ulong BytesPerPort = 0x2000;
        private const ulong CommandHeaderBytes = 32, CommandTableBytes = 0x100, ScratchOffset = 0x1000;

        private readonly IoMemoryRange _abar;
        private readonly DmaMemory _dma;
        private readonly ulong _registers;
        private readonly ulong _base;
        private readonly int _slots;
        public readonly int Number;
        public readonly CommandSlot[] Slots;
        public long Sectors;
        public string Model = "";

        public AhciPort(IoMemoryRange abar, DmaMemory dma, int number, ulong dmaBase, int slots)
        {
            _abar = abar;
            _dma = dma;
            Number = number;
            _registers = Port(number);
            _base = dmaBase;
            _slots = slots < SlotCount ? slots : SlotCount;
            Slots = new CommandSlot[_slots];
            for (int i = 0; i < _slots; i++) Slots[i] = new CommandSlot();
        }

        private ulong CommandList => _base;
        private ulong ReceivedFis => _base + 0x400;
        private ulong CommandTable(int slot) => _base + 0x800 + (ulong)slot * CommandTableBytes;
        /// <summary>A sector-sized area of the port's DMA memory for the driver's own commands (IDENTIFY, partition tables).</summary>
        public ulong Scratch => _base + ScratchOffset;

        public uint Read(ulong register) => _abar.Read32(_registers + register);
        public void Write(ulong register, uint value) => _abar.Write32(_registers + register, value);

        /// <summary>Stops the port, points it at this driver's command list and FIS area, and starts it again.
        /// False when the engines do not stop or the device stays busy (the port is then left alone).</summary>
        public bool Start()
        {
            if (!Stop()) return false;
            _dma.Clear(_base, ScratchOffset);
            _abar.WriteDmaAddress(_registers + CommandListBase, _dma, CommandList);
            _abar.WriteDmaAddress(_registers + FisBase, _dma, ReceivedFis);
            Write(SataError, 0xFFFFFFFF);
            Write(PortInterruptStatus, 0xFFFFFFFF);
            Write(Command, Read(Command) | CommandFisReceive | CommandSpinUp | CommandPowerOn);
            if (!WaitFor(TaskFile, StatusBusy | StatusDataRequest, 0, 1000)) return false;
            Write(PortInterruptEnable, EnabledInterrupts);
            Write(Command, Read(Command) | CommandStart);
            return true;
        }

        public bool Stop()
        {
            Write(Command, Read(Command) & ~CommandStart);
            if (!WaitFor(Command, CommandListRunning, 0, 500)) return false;
            Write(Command, Read(Command) & ~CommandFisReceive);
            return WaitFor(Command, CommandFisRunning, 0, 500);
        }

        /// <summary>Stops a port the driver does not serve (an ATAPI drive, a port that failed to start) and silences
        /// it: its interrupt causes are disabled and acknowledged. A cause left pending there would keep the HBA's
        /// summary bit set, and every acknowledgement of the summary register would raise the interrupt again.</summary>
        public void Disable()
        {
            Stop();
            Write(PortInterruptEnable, 0);
            Write(PortInterruptStatus, 0xFFFFFFFF);
            Write(SataError, 0xFFFFFFFF);
        }

        /// <summary>Polls until (register &amp; mask) == value, at most <paramref name="milliseconds"/>.</summary>
        private bool WaitFor(ulong register, uint mask, uint value, int milliseconds)
        {
            for (int waited = 0; waited <= milliseconds; waited++)
            {
                if ((Read(register) & mask) == value) return true;
                Threads.Sleep(1);
            }
            return false;
        }

        public int FreeSlot()
        {
            for (int i = 0; i < _slots; i++) if (!Slots[i].Busy) return i;
            return -1;
        }

        public bool AnyBusy()
        {
            for (int i = 0; i < _slots; i++) if (Slots[i].Busy) return true;
            return false;
        }

        /// <summary>Builds the command in <paramref name="slot"/> and issues it. The data go to or come from
        /// <paramref name="buffer"/> (the device reads or writes the client's exchange-heap block itself), or the
        /// scratch area when <paramref name="buffer"/> is null and <paramref name="sectors"/> is not 0.</summary>
        public void Issue(int slot, byte command, long lba, int sectors, bool write, ExVector<byte>? buffer)
        {
            ulong header = CommandList + (ulong)slot * CommandHeaderBytes;
            ulong table = CommandTable(slot);
            int bytes = command == AtaCommand.FlushCacheExt ? 0 : (command == AtaCommand.Identify ? 1 : sectors) * SectorSize;
            uint entries = bytes == 0 ? 0u : 1u;
            AtaCommand.WriteFis(_dma, table, command, lba, command == AtaCommand.Identify ? 0 : sectors);
            if (entries != 0)
            {
                ulong entry = table + PrdtOffset;
                if (buffer != null) DmaBuffers.StoreAddress(_dma, entry, buffer, 0, bytes);
                else _dma.StoreAddress(entry, Scratch);
                _dma.Write32(entry + 8, 0);
                // Byte count - 1, without "interrupt on completion": the command's end is its D2H register FIS
                // (one interrupt per command); the PRD's own interrupt would be a second one for the same work.
                _dma.Write32(entry + 12, (uint)(bytes - 1));
            }
            // Header: FIS length 5 dwords, W when the device reads memory, PRDT length; byte count 0; table address.
            _dma.Write32(header, 5u | (write ? 1u << 6 : 0u) | entries << 16);
            _dma.Write32(header + 4, 0);
            _dma.StoreAddress(header + 8, table);
            Slots[slot].Command = command;
            Slots[slot].IssuedAt = Stopwatch.GetTimestamp();
            Write(CommandIssue, 1u << slot);
        }

        /// <summary>Acknowledges the port's interrupt causes and reports the busy slots the HBA has finished
        /// (<paramref name="failed"/>: those that end in error: after a fatal error every busy slot fails and the port
        /// is restarted, since the HBA stops processing the list).</summary>
        public uint Reap(out uint failed)
        {
            uint status = Read(PortInterruptStatus);
            if (status != 0) Write(PortInterruptStatus, status);
            uint busy = 0;
            for (int i = 0; i < _slots; i++) if (Slots[i].Busy) busy |= 1u << i;
            failed = 0;
            if ((status & FatalErrors) != 0)
            {
                Debug.WriteLine($"port {Number}: device error (PxIS 0x{status:x8}, PxTFD 0x{Read(TaskFile):x4}); failing {Count(busy)} command(s) and restarting the port");
                failed = busy;
                Start();
                return busy;
            }
            return busy & ~Read(CommandIssue);
        }

        /// <summary>Fails every busy command and restarts the port (a command that never completed).</summary>
        public uint Abort()
        {
            uint busy = 0;
            for (int i = 0; i < _slots; i++) if (Slots[i].Busy) busy |= 1u << i;
            Start();
            return busy;
        }

        private static int Count(uint mask)
        {
            int n = 0;
            for (; mask != 0; mask &= mask - 1) n++;
            return n;
        }

        /// <summary>Runs one of the driver's own commands on slot 0 (no client command may be in flight) with its data
        /// in the scratch area, waiting for the interrupt (or polling, each wait being 10 ms) for up to 5 s.</summary>
        public bool RunInternal(IrqLine irq, byte command, long lba, int sectors)
        {
            Slots[0].Kind = CommandSlot.Work.Internal;
            Issue(0, command, lba, sectors, false, null);
            long deadline = Stopwatch.GetTimestamp() + 5 * Stopwatch.Frequency;
            bool ok = false, done = false;
            while (!done && Stopwatch.GetTimestamp() < deadline)
            {
                irq.Wait(10);
                uint finished = Reap(out uint failed);
                done = (finished & 1) != 0;
                ok = done && (failed & 1) == 0;
            }
            if (!done)
            {
                Debug.WriteLine($"port {Number}: command 0x{command:x2} did not complete in 5 s; restarting the port");
                Start();
            }
            Slots[0].Kind = CommandSlot.Work.Idle;
            return ok;
        }

        /// <summary>IDENTIFY DEVICE: the sector count (48-bit count, else the 28-bit one) and the model string.</summary>
        public bool Identify(IrqLine irq)
        {
            if (!RunInternal(irq, AtaCommand.Identify, 0, 1)) return false;
            Sectors = (long)_dma.Read64(Scratch + 200);                 // words 100-103
            if (Sectors == 0) Sectors = _dma.Read32(Scratch + 120);     // words 60-61
            var model = new char[40];
            for (int i = 0; i < 20; i++)
            {
                ushort word = _dma.Read16(Scratch + 54 + (ulong)i * 2);  // words 27-46, each word's bytes swapped
                model[i * 2] = (char)(word >> 8);
                model[i * 2 + 1] = (char)(word & 0xFF);
            }
            Model = new string(model).Trim();
            return Sectors > 0;
        }

        /// <summary>Reads one sector into the scratch area; the caller reads it with <see cref="ScratchRead32"/>.</summary>
        public bool ReadToScratch(IrqLine irq, long lba) => RunInternal(irq, AtaCommand.ReadDmaExt, lba, 1);

        /// <summary>Little-endian values at any offset (partition entries are not naturally aligned; the kernel's DMA
        /// accesses are).</summary>
        public uint ScratchRead32(int offset) => (offset & 3) == 0 ? _dma.Read32(Scratch + (ulong)offset)
            : (offset & 1) == 0 ? _dma.Read16(Scratch + (ulong)offset) | (uint)_dma.Read16(Scratch + (ulong)offset + 2) << 16
            : ScratchRead8(offset) | (uint)ScratchRead8(offset + 1) << 8 | (uint)ScratchRead8(offset + 2) << 16 | (uint)ScratchRead8(offset + 3) << 24;

        public ulong ScratchRead64(int offset) => (offset & 7) == 0 ? _dma.Read64(Scratch + (ulong)offset)
            : ScratchRead32(offset) | (ulong)ScratchRead32(offset + 4) << 32;
        public byte ScratchRead8(int offset) => _dma.Read8(Scratch + (ulong)offset);
    }
}
