using System.Runtime.InteropServices;
using Sing.Kernel.Hardware;
using Sing.Kernel.Processes;
using Singularity.Manifests;
using Singularity.V1;

namespace Sing.Kernel.Abi
{
    // Configuration group: the startup state the binder prepared from the caller's manifest, the system manifest,
    // and system-wide process control for the programs whose manifests hold the privilege.
    internal static unsafe partial class AbiV1
    {
        private static void InitializeConfiguration()
        {
            Table->GetStartupParameter = &GetStartupParameter;
            Table->GetStartupEndpoint = &GetStartupEndpoint;
            Table->GetStartupResource = &GetStartupResource;
            Table->GetSystemManifest = &GetSystemManifest;
            Table->EnumerateProcesses = &EnumerateProcesses;
            Table->EnumerateServices = &EnumerateServices;
            Table->EnumerateDevices = &EnumerateDevices;
            Table->EnumerateChannels = &EnumerateChannels;
            Table->EnumerateMemory = &EnumerateMemory;
            Table->KillProcessById = &KillProcessById;
            Table->Shutdown = &Shutdown;
        }

        private static bool CallerHolds(string privilege) => Caller.Manifest != null && Caller.Manifest.HasPrivilege(privilege);

        /// <summary>Copies up to <paramref name="capacity"/> chars of <paramref name="text"/>; returns its full length.</summary>
        private static int CopyOut(string text, char* buffer, int capacity)
        {
            if (buffer != null && capacity > 0 && CallerMemory.Holds(buffer, capacity, sizeof(char)))
                for (int i = 0; i < text.Length && i < capacity; i++) buffer[i] = text[i];
            return text.Length;
        }

        private static string ReadName(char* name, int length) =>
            length <= 0 || length > 64 || !CallerMemory.Holds(name, length, sizeof(char)) ? null : new string(name, 0, length);

        [UnmanagedCallersOnly]
        private static int GetStartupParameter(char* name, int nameLength, char* buffer, int capacity)
        {
            ulong mark = Enter();
            string key = ReadName(name, nameLength);
            ParameterValue value = key == null ? null : CommandLine.Find(Caller.Parameters, key);
            int length = value == null ? -1 : CopyOut(value.Value, buffer, capacity);
            Leave(mark);
            return length;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus GetStartupEndpoint(char* name, int nameLength, void** endpoint)
        {
            ulong mark = Enter();
            AbiStatus status = AbiStatus.InvalidArgument;
            string key = ReadName(name, nameLength);
            if (key != null && CallerMemory.Holds(endpoint, (ulong)sizeof(void*)))
            {
                // Handed over once: the endpoint is the program's from here on, like any endpoint it owns.
                if (Caller.StartupEndpoints.TryGetValue(key, out ulong address))
                {
                    Caller.StartupEndpoints.Remove(key);
                    *endpoint = (void*)address;
                    status = AbiStatus.Ok;
                }
                else status = AbiStatus.NotFound;
            }
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus GetStartupResource(char* name, int nameLength, ResourceGrant* grant)
        {
            ulong mark = Enter();
            AbiStatus status = AbiStatus.InvalidArgument;
            string key = ReadName(name, nameLength);
            if (key != null && CallerMemory.Holds(grant, (ulong)sizeof(ResourceGrant)))
            {
                status = AbiStatus.NotFound;
                for (int i = 0; i < Caller.Grants.Count; i++)
                {
                    GrantedResource g = Caller.Grants[i];
                    if (g.Resource.Name != key) continue;
                    grant->Handle = g.Handle;
                    // DMA memory's kernel address is not the driver's to know (it reaches it only through the handle).
                    grant->Base = g.Resource.Kind == ResourceKind.DmaMemory ? 0 : g.Resource.Base;
                    grant->Length = g.Resource.Length;
                    status = AbiStatus.Ok;
                }
            }
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static int GetSystemManifest(char* buffer, int capacity)
        {
            ulong mark = Enter();
            int length = CopyOut(ProgramCatalog.Text, buffer, capacity);
            Leave(mark);
            return length;
        }

        [UnmanagedCallersOnly]
        private static int EnumerateDevices(char* buffer, int capacity)
        {
            ulong mark = Enter();
            int length = CopyOut(Hardware.Pci.Describe(), buffer, capacity);
            Leave(mark);
            return length;
        }

        [UnmanagedCallersOnly]
        private static int EnumerateProcesses(char* buffer, int capacity)
        {
            ulong mark = Enter();
            int length = CopyOut(ProcessManager.Describe(), buffer, capacity);
            Leave(mark);
            return length;
        }

        [UnmanagedCallersOnly]
        private static int EnumerateServices(char* buffer, int capacity)
        {
            ulong mark = Enter();
            int length = CopyOut(Supervisor.Describe(), buffer, capacity);
            Leave(mark);
            return length;
        }

        [UnmanagedCallersOnly]
        private static int EnumerateChannels(char* buffer, int capacity)
        {
            ulong mark = Enter();
            int length = CopyOut(ProcessManager.DescribeChannels(), buffer, capacity);
            Leave(mark);
            return length;
        }

        [UnmanagedCallersOnly]
        private static int EnumerateMemory(char* buffer, int capacity)
        {
            ulong mark = Enter();
            int length = CopyOut(DescribeMemory(), buffer, capacity);
            Leave(mark);
            return length;
        }

        /// <summary>System-wide memory and time figures, one "name TAB value" line each (the system page's numbers).</summary>
        private static string DescribeMemory()
        {
            System.GCStatisticsSnapshot gc = System.GC.GetStatistics();
            var text = new System.Text.StringBuilder();
            Line(text, "uptime.ms", Arch.Timer.Ticks * 1000 / Arch.Timer.Hz);
            Line(text, "idle.ms", Threading.Scheduler.IdleTicks * 1000 / Arch.Timer.Hz);
            Line(text, "pages.total", Memory.PageAllocator.TotalPages);
            Line(text, "pages.free", Memory.PageAllocator.FreePages);
            Line(text, "pages.used", Memory.PageAllocator.UsedPages);
            Line(text, "exchange.blocks", Channels.ExchangeHeap.BlocksLive);
            Line(text, "exchange.bytes", Channels.ExchangeHeap.BytesLive);
            Line(text, "exchange.pages", Channels.ExchangeHeap.PagesLive);
            Line(text, "gc.collections", gc.Collections);
            Line(text, "gc.heap_bytes", gc.LiveBytes);
            Line(text, "scheduler.switches", Threading.Scheduler.ContextSwitches);
            return text.ToString();
        }

        private static void Line(System.Text.StringBuilder text, string name, ulong value) =>
            text.Append(name).Append('\t').Append(value.ToString()).Append('\n');

        [UnmanagedCallersOnly]
        private static AbiStatus KillProcessById(int id)
        {
            ulong mark = Enter();
            KernelProcess target = ProcessManager.FindById(id);
            AbiStatus status = !CallerHolds("process-control") ? AbiStatus.NotPermitted : target == null ? AbiStatus.NotFound : Kill(target);
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus Shutdown(int exitCode)
        {
            ulong mark = Enter();
            if (!CallerHolds("system"))
            {
                Leave(mark);
                return AbiStatus.NotPermitted;
            }
            Console.Log.Line($"[kernel] shutdown requested by {Caller.Name} (pid {Caller.Id})");
            Platform.QemuExit.Exit(exitCode == 0 ? Platform.QemuExit.Success : Platform.QemuExit.TestsFailed);
            Leave(mark);
            return AbiStatus.Ok;
        }
    }
}
