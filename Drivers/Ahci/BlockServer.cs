using System.Collections.Generic;
using System.Diagnostics;
using Sing.Contracts;
using Sing.Services;
using Sing.Contracts.Sip;
using Sing.Storage;
using Singularity.Configuration;
using Singularity.V1;
using Debug = Singularity.V1.Debug;

namespace Sing.Drivers.Ahci
{
    /// <summary>Serves the block-device contract for every volume from one thread (a verified SIP has no thread
    /// creation): one endpoint set holds the registrations and all clients' channels, each with a <see cref="Member"/>
    /// as its state (which volume, and whether it is the volume's registration or a client's channel).
    /// A request is checked (sector count 1..MaxSectors, buffer long enough, range inside the volume) and issued
    /// into a free command slot straight away, so requests from several channels are on the controller together;
    /// while commands are in flight the loop waits for the controller's interrupt in 1 ms slices and takes newly ready
    /// channels between them. A completion found without an interrupt is logged once (the polling fallback); a
    /// command that has not completed after 5 s fails with error 2 and the port is restarted.</summary>
    internal sealed class BlockServer
    {
        private const int OutOfRange = 1, DeviceError = 2, BadRequest = 3;
        // As long as Linux's default for a disk command: a flush is a host fsync under QEMU, and with -icount
        // sleep=off an idle guest's clock runs far ahead of a busy host's I/O (5 s timed out flushes on a loaded host).
        private const long TimeoutSeconds = 30;

        private readonly IoMemoryRange _abar;
        private readonly IrqLine _irq;
        private readonly List<AhciPort> _ports;
        private readonly List<Volume> _volumes = new List<Volume>();
        private readonly List<Member> _doors = new List<Member>();     // per volume: the state of its registration
        private readonly List<Member> _clients = new List<Member>();   // per volume: the state of its clients' channels
        private readonly EndpointSet<Endpoint> _set = new EndpointSet<Endpoint>();
        private int _inFlight, _mostInFlight = 1;
        private bool _pollingNoticed;

        public BlockServer(IoMemoryRange abar, IrqLine irq, List<AhciPort> ports)
        {
            _abar = abar;
            _irq = irq;
            _ports = ports;
        }

        /// <summary>Serves <paramref name="volume"/> on the registration endpoint <paramref name="requests"/>.</summary>
        public void Add(Volume volume, ChannelEndpoint requests)
        {
            int index = _volumes.Count;
            _volumes.Add(volume);
            _doors.Add(new Member(index, true));
            _clients.Add(new Member(index, false));
            _set.Add(RegistrationDoor.Exp.Attach(KernelEndpoints.Wrap(requests), RegistrationDoor.States.Open), _doors[index]);
        }

        public void Run()
        {
            while (true)
            {
                // Take a channel only when every port has a free slot, so whatever it asks can be issued at once.
                if (EveryPortHasRoom())
                {
                    Endpoint? ready = _set.Take(_inFlight > 0 ? 0 : Select.Infinite, out object? state);
                    if (ready != null)
                    {
                        var member = (Member)state!;
                        if (member.IsRegistration) Accept(ready, member.Volume);
                        else Serve((BlockDevice.Exp)ready, member.Volume);
                        continue;
                    }
                }
                if (_inFlight == 0) continue;
                bool interrupted = _irq.Wait(1);
                Complete(interrupted);
            }
        }

        private bool EveryPortHasRoom()
        {
            for (int i = 0; i < _ports.Count; i++) if (_ports[i].FreeSlot() < 0) return false;
            return true;
        }

        /// <summary>A registration is ready: take the kernel's connection request and give the client its channel.</summary>
        private void Accept([Claims] Endpoint door, int volume)
        {
            // The door is the registration itself (wrapped, so no raw copy of it works any more): the kernel's
            // connection request is taken with a plain receive through it.
            AbiStatus status = KernelEndpoints.ReceivePlain(door, out ReceivedMessage request, 0);
            if (status == AbiStatus.ChannelClosed)
            {
                // The kernel withdrew the name: stop waiting on it (a closed door would be ready for ever).
                Debug.WriteLine($"{_volumes[volume].Path}: registration closed; no longer served");
                door.Free();
                return;
            }
            _set.Add(door, _doors[volume]);
            if (status != AbiStatus.Ok) return;
            if (request.Tag != Names.ConnectRequestTag || request.Endpoint.IsNull) return;
            BlockDevice.Exp? client = BlockDeviceConnection.Accept(request.Endpoint);
            if (client != null) _set.Add(client, _clients[volume]);
        }

        private void Serve([Claims] BlockDevice.Exp client, int volume)
        {
            Volume v = _volumes[volume];
            BlockDevice.Exp.ReadyReceived r = client.ReceiveReady();
            switch (r.Tag)
            {
                case BlockDevice.Exp.ReadyTag.GetInfo:
                    client.SendInfo(v.Count, AhciPort.SectorSize, AhciPort.MaxSectors, 0);
                    _set.Add(client, _clients[volume]);
                    break;
                case BlockDevice.Exp.ReadyTag.Read:
                {
                    r.GetRead(out long lba, out int sectors, out ExVector<byte> buffer);
                    Transfer(client, volume, CommandSlot.Work.Read, lba, sectors, buffer);
                    break;
                }
                case BlockDevice.Exp.ReadyTag.Write:
                {
                    r.GetWrite(out long lba, out int sectors, out ExVector<byte> buffer);
                    Transfer(client, volume, CommandSlot.Work.Write, lba, sectors, buffer);
                    break;
                }
                case BlockDevice.Exp.ReadyTag.Flush:
                {
                    AhciPort port = v.Port;
                    int slot = port.FreeSlot();
                    CommandSlot s = port.Slots[slot];
                    s.Kind = CommandSlot.Work.Flush;
                    s.Tag = volume;
                    port.Issue(slot, AtaCommand.FlushCacheExt, 0, 0, false, null);
                    s.Client = new TRef<BlockDevice.Exp>(client);
                    _inFlight++;
                    break;
                }
                default:   // ChannelClosed: the client went away
                    client.Free();
                    break;
            }
        }

        /// <summary>Checks a Read or Write and issues it with the client's buffer as the DMA target; a bad request is
        /// answered Failed at once with the buffer.</summary>
        private void Transfer([Claims] BlockDevice.Exp client, int volume, CommandSlot.Work kind, long lba, int sectors, [Claims] ExVector<byte> buffer)
        {
            Volume v = _volumes[volume];
            int error = sectors <= 0 || sectors > AhciPort.MaxSectors || buffer.Length < sectors * AhciPort.SectorSize ? BadRequest
                : !v.Contains(lba, sectors) ? OutOfRange : 0;
            AhciPort port = v.Port;
            int slot = port.FreeSlot();
            if (error == 0)
            {
                try
                {
                    port.Issue(slot, kind == CommandSlot.Work.Read ? AtaCommand.ReadDmaExt : AtaCommand.WriteDmaExt, v.First + lba, sectors, kind == CommandSlot.Work.Write, buffer);
                }
                catch (System.InvalidOperationException e)
                {
                    Debug.WriteLine($"{v.Path}: buffer refused for DMA: {e.Message}");
                    error = DeviceError;
                }
            }
            if (error != 0)
            {
                client.SendFailed(error, buffer);
                _set.Add(client, _clients[volume]);
                return;
            }
            CommandSlot s = port.Slots[slot];
            s.Kind = kind;
            s.Tag = volume;
            s.Client = new TRef<BlockDevice.Exp>(client);
            s.Buffer = new TRef<ExVector<byte>>(buffer);
            _inFlight++;
            if (_inFlight > _mostInFlight)
            {
                // Logged at each new high (at most once per slot), so tests and users see the queue at work.
                _mostInFlight = _inFlight;
                Debug.WriteLine($"{_inFlight} commands in flight at once");
            }
        }

        /// <summary>Acknowledges the controller, answers every finished command and fails those past the timeout.</summary>
        private void Complete(bool interrupted)
        {
            uint pending = _abar.Read32(AhciRegisters.InterruptStatus);
            bool any = false;
            for (int p = 0; p < _ports.Count; p++)
            {
                AhciPort port = _ports[p];
                uint done = port.Reap(out uint failed);
                any |= done != 0;
                Finish(port, done, failed);
            }
            if (pending != 0)
            {
                SilenceStrayPorts(pending);
                _abar.Write32(AhciRegisters.InterruptStatus, pending);
            }
            if (any && !interrupted && !_pollingNoticed)
            {
                _pollingNoticed = true;
                Debug.WriteLine($"a command completed but no interrupt arrived on IRQ {_irq.Line}: completing by polling from now on when interrupts are late");
            }
            long now = Stopwatch.GetTimestamp();
            for (int p = 0; p < _ports.Count; p++)
            {
                AhciPort port = _ports[p];
                for (int i = 0; i < port.Slots.Length; i++)
                {
                    CommandSlot s = port.Slots[i];
                    if (!s.Busy || now - s.IssuedAt < TimeoutSeconds * Stopwatch.Frequency) continue;
                    Debug.WriteLine($"port {port.Number}: command 0x{s.Command:x2} in slot {i} has not completed in {TimeoutSeconds} s (no interrupt, PxCI still set): failing what is in flight and restarting the port");
                    uint all = port.Abort();
                    Finish(port, all, all);
                    break;
                }
            }
        }

        /// <summary>A port this driver does not serve has an interrupt cause pending (the controller disabled them at
        /// start; a device may still change that): its causes are turned off and acknowledged, or the summary bit would
        /// stay set and each acknowledgement of it raise the interrupt again, turning every wait into a busy loop.</summary>
        private void SilenceStrayPorts(uint pending)
        {
            for (int p = 0; p < _ports.Count; p++) pending &= ~(1u << _ports[p].Number);
            for (int n = 0; pending != 0 && n < 32; n++)
            {
                if ((pending & (1u << n)) == 0) continue;
                pending &= ~(1u << n);
                _abar.Write32(AhciRegisters.Port(n) + AhciRegisters.PortInterruptEnable, 0);
                _abar.Write32(AhciRegisters.Port(n) + AhciRegisters.PortInterruptStatus, 0xFFFFFFFF);
                Debug.WriteLine($"port {n}: interrupt from a port this driver does not serve; its interrupts are now off");
            }
        }

        private void Finish(AhciPort port, uint done, uint failed)
        {
            for (int i = 0; i < port.Slots.Length; i++)
            {
                if ((done & (1u << i)) == 0) continue;
                CommandSlot s = port.Slots[i];
                bool ok = (failed & (1u << i)) == 0;
                CommandSlot.Work kind = s.Kind;
                TRef<BlockDevice.Exp>? clientRef = s.Client;
                TRef<ExVector<byte>>? bufferRef = s.Buffer;
                s.Kind = CommandSlot.Work.Idle;
                s.Client = null;
                s.Buffer = null;
                if (kind == CommandSlot.Work.Idle || kind == CommandSlot.Work.Internal || clientRef == null) continue;
                _inFlight--;
                BlockDevice.Exp client = clientRef.Acquire();
                if (kind == CommandSlot.Work.Flush)
                {
                    if (ok) client.SendFlushed();
                    else client.SendFlushFailed(DeviceError);
                }
                else if (bufferRef != null)
                {
                    ExVector<byte> buffer = bufferRef.Acquire();
                    if (!ok) client.SendFailed(DeviceError, buffer);
                    else if (kind == CommandSlot.Work.Read) client.SendReadDone(buffer);
                    else client.SendWriteDone(buffer);
                }
                _set.Add(client, _clients[s.Tag]);
            }
        }

        /// <summary>The endpoint set's state for a member: made once per volume and kind, so re-adding a channel after
        /// each request allocates nothing.</summary>
        private sealed class Member
        {
            public readonly int Volume;
            public readonly bool IsRegistration;

            public Member(int volume, bool isRegistration)
            {
                Volume = volume;
                IsRegistration = isRegistration;
            }
        }
    }
}
