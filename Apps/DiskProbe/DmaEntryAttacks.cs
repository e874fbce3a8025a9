using Singularity.V1;

namespace Sing.Apps.DiskProbe
{
    /// <summary>A program that is not a driver calls the DMA entries of the raw ABI with every handle it can make up:
    /// zero, small numbers, its own event handle, that handle retyped as DMA memory, forged DMA-memory handles of
    /// every small slot and generation. Each call must be refused, and nothing may be written into the exchange block
    /// it offers as the DMA target (the kernel would write a physical address there only for a granted handle).</summary>
    internal static unsafe class DmaEntryAttacks
    {
        public static int Run()
        {
            Threads.CreateEvent(false, false, out EventHandle ev);
            ExchangeBlock block = Exchange.Allocate(4096);
            byte* data = block.Pointer;
            var handles = new System.Collections.Generic.List<ulong> { 0, 1, 2, ev.Value, ulong.MaxValue };
            handles.Add(HandleBits.Make(HandleType.DmaMemory, HandleBits.SlotOf(ev.Value), HandleBits.GenerationOf(ev.Value)));
            for (uint slot = 0; slot < 16; slot++)
                for (uint generation = 0; generation < 4; generation++)
                {
                    handles.Add(HandleBits.Make(HandleType.DmaMemory, slot, generation));
                    handles.Add(HandleBits.Make(HandleType.IoMemory, slot, generation));
                }
            int calls = 0, accepted = 0;
            foreach (ulong h in handles)
            {
                ulong value = 0;
                AbiStatus[] statuses =
                {
                    Abi.RawTable->DmaStoreBlockAddress(h, 0, data, 0, 512),
                    Abi.RawTable->DmaStoreAddress(h, 0, 0),
                    Abi.RawTable->DmaMemoryRead(h, 0, 8, &value),
                    Abi.RawTable->DmaMemoryWrite(h, 0, 8, (ulong)data),
                    Abi.RawTable->IoMemoryStoreDmaAddress(h, 0, h, 0),
                };
                foreach (AbiStatus s in statuses)
                {
                    calls++;
                    if (s == AbiStatus.Ok) accepted++;
                }
            }
            ResourceGrant grant;
            AbiStatus startup;
            fixed (char* name = "structures") startup = Abi.RawTable->GetStartupResource(name, 10, &grant);
            bool untouched = true;
            for (int i = 0; i < 4096; i++) untouched &= data[i] == 0;
            Exchange.Free(block);
            Threads.Close(ev);
            if (accepted != 0 || !untouched || startup == AbiStatus.Ok)
            {
                Debug.WriteLine($"phys: {accepted} of {calls} calls accepted, block untouched: {untouched}, startup resource: {startup}");
                return 90;
            }
            Debug.WriteLine($"phys: {calls} DMA calls with forged, retyped and made-up handles refused; no physical address written");
            return 0;
        }
    }
}
