using System.Runtime.InteropServices;
using Sing.Kernel.Arch;
using Sing.Kernel.Hardware;
using Sing.Kernel.Threading;
using Singularity.V1;

namespace Sing.Kernel.Abi
{
    // Hardware group: a driver reaches exactly the ports, interrupt lines and memory ranges its manifest declared,
    // through handles the binder granted; every access checks the handle's type and the bounds.
    internal static unsafe partial class AbiV1
    {
        private static void InitializeHardware()
        {
            Table->IoPortRead = &IoPortRead;
            Table->IoPortWrite = &IoPortWrite;
            Table->IrqWait = &IrqWait;
            Table->IrqSelect = &IrqSelect;
            Table->IoMemoryRead = &IoMemoryRead;
            Table->IoMemoryWrite = &IoMemoryWrite;
        }

        /// <summary>Resolves a hardware handle and checks that [offset, offset+width) lies inside the resource.</summary>
        private static AbiStatus ResolveRange(ulong handle, HandleType type, ulong offset, int width, out GrantedResource grant)
        {
            AbiStatus status = Caller.Handles.Resolve(handle, type, out grant);
            if (status != AbiStatus.Ok) return status;
            if (width != 1 && width != 2 && width != 4 && !(width == 8 && type == HandleType.IoMemory)) return AbiStatus.InvalidArgument;
            if (offset >= grant.Resource.Length || (ulong)width > grant.Resource.Length - offset) return AbiStatus.InvalidArgument;
            return AbiStatus.Ok;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus IoPortRead(ulong handle, uint offset, int width, uint* value)
        {
            ulong mark = Enter();
            GrantedResource g = null;
            AbiStatus status = !CallerMemory.Holds(value, sizeof(uint)) ? AbiStatus.InvalidArgument : ResolveRange(handle, HandleType.IoPorts, offset, width, out g);
            if (status == AbiStatus.Ok)
            {
                ushort port = (ushort)(g.Resource.Base + offset);
                *value = width == 1 ? Cpu.InByte(port) : width == 2 ? Cpu.InWord(port) : Cpu.InDword(port);
            }
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus IoPortWrite(ulong handle, uint offset, int width, uint value)
        {
            ulong mark = Enter();
            AbiStatus status = ResolveRange(handle, HandleType.IoPorts, offset, width, out GrantedResource g);
            if (status == AbiStatus.Ok)
            {
                ushort port = (ushort)(g.Resource.Base + offset);
                if (width == 1) Cpu.OutByte(port, (byte)value);
                else if (width == 2) Cpu.OutWord(port, (ushort)value);
                else Cpu.OutDword(port, value);
            }
            Leave(mark);
            return status;
        }

        /// <summary>Unmasks the line and waits for its next interrupt (the kernel masks it again when it fires, so a
        /// driver services the device between waits without an interrupt storm).</summary>
        [UnmanagedCallersOnly]
        private static AbiStatus IrqWait(ulong handle, ulong timeoutMilliseconds)
        {
            ulong mark = Enter();
            AbiStatus status = Caller.Handles.Resolve(handle, HandleType.Irq, out GrantedResource g);
            if (status == AbiStatus.Ok)
            {
                // The grant checked the line; the controller checks it again before shifting by it.
                if (!InterruptController.Unmask(g.Resource.Base)) status = AbiStatus.InvalidArgument;
                else if (!g.Interrupt.WaitOne(timeoutMilliseconds)) status = AbiStatus.Timeout;
            }
            Leave(mark);
            return status;
        }

        /// <summary>IrqWait and ChannelSelect at once: unmasks the line and waits for its next interrupt or a message
        /// (or close) on one of the endpoints, whichever comes first; <paramref name="ready"/> is the endpoint's index,
        /// or <paramref name="count"/> for the interrupt. Endpoints are validated as ChannelSelect validates them.</summary>
        [UnmanagedCallersOnly]
        private static AbiStatus IrqSelect(ulong handle, void** endpoints, int count, ulong timeoutMilliseconds, int* ready)
        {
            ulong mark = Enter();
            AbiStatus status = Caller.Handles.Resolve(handle, HandleType.Irq, out GrantedResource g);
            if (status == AbiStatus.Ok && (count < 0 || count > StackSelect || (count > 0 && !CallerMemory.Holds(endpoints, count, (ulong)sizeof(void*))) || !CallerMemory.Holds(ready, sizeof(int))))
                status = AbiStatus.InvalidArgument;
            if (status == AbiStatus.Ok && !InterruptController.Unmask(g.Resource.Base)) status = AbiStatus.InvalidArgument;
            if (status == AbiStatus.Ok)
            {
                var validated = stackalloc Channels.Endpoint*[count == 0 ? 1 : count];
                ulong flags = Scheduler.DisableInterrupts();
                for (int i = 0; i < count && status == AbiStatus.Ok; i++)
                    status = Channels.Channel.ValidateOwned(endpoints[i], Caller, out validated[i]);
                int index = -1;
                if (status == AbiStatus.Ok) status = Channels.Channel.SelectOr(validated, count, g.Interrupt, timeoutMilliseconds, out index);
                Scheduler.RestoreInterrupts(flags);
                *ready = index;
            }
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus IoMemoryRead(ulong handle, ulong offset, int width, ulong* value)
        {
            ulong mark = Enter();
            GrantedResource g = null;
            AbiStatus status = !CallerMemory.Holds(value, sizeof(ulong)) ? AbiStatus.InvalidArgument : ResolveRange(handle, HandleType.IoMemory, offset, width, out g);
            if (status == AbiStatus.Ok)
            {
                byte* at = (byte*)(g.Resource.Base + offset);   // identity-mapped in SIP-Phys
                *value = width == 1 ? *at : width == 2 ? *(ushort*)at : width == 4 ? *(uint*)at : *(ulong*)at;
            }
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus IoMemoryWrite(ulong handle, ulong offset, int width, ulong value)
        {
            ulong mark = Enter();
            AbiStatus status = ResolveRange(handle, HandleType.IoMemory, offset, width, out GrantedResource g);
            if (status == AbiStatus.Ok)
            {
                byte* at = (byte*)(g.Resource.Base + offset);
                if (width == 1) *at = (byte)value;
                else if (width == 2) *(ushort*)at = (ushort)value;
                else if (width == 4) *(uint*)at = (uint)value;
                else *(ulong*)at = value;
            }
            Leave(mark);
            return status;
        }
    }
}
