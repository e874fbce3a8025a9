#nullable enable
using System.Collections.Generic;

namespace Sing.Web.Status
{
    /// <summary>The snapshot as the page's tables, in the order the page shows them. Processes are ordered by pid,
    /// services by program, channels by their pids, devices by location, counters by name: the same snapshot always
    /// gives the same bytes.</summary>
    public static class StatusTables
    {
        public static List<StatusTable> From(SystemSnapshot s)
        {
            var tables = new List<StatusTable>();

            var processes = new StatusTable("processes", "Processes",
                new[] { "pid", "parent", "program", "arguments", "principal", "content", "state", "threads", "pages", "cpuMs", "restarts" },
                new[] { "PID", "Parent", "Program", "Arguments", "Principal", "Code content", "State", "Threads", "Pages", "CPU ms", "Restarts" });
            foreach (ProcessInfo p in Sorted(s.Processes, (a, b) => a.Pid.CompareTo(b.Pid)))
                processes.Add(Cell.Of(p.Pid), Cell.Of(p.ParentPid), Cell.Of(p.Program), Cell.Of(p.Arguments),
                    p.Principal.Length == 0 ? Cell.Figure(-1) : Cell.Of(p.Principal), p.Content.Length == 0 ? Cell.Figure(-1) : Cell.Of(p.Content),
                    Cell.Of(p.State), Cell.Of(p.Threads),
                    Cell.Of(p.Pages), Cell.Figure(p.CpuMilliseconds), Cell.Of(p.Restarts));
            tables.Add(processes);

            var services = new StatusTable("services", "Boot services",
                new[] { "program", "policy", "state", "pid", "restarts" },
                new[] { "Program", "Restart policy", "State", "PID", "Restarts" });
            foreach (ServiceInfo v in Sorted(s.Services, (a, b) => string.CompareOrdinal(a.Program, b.Program)))
                services.Add(Cell.Of(v.Program), Cell.Of(v.RestartPolicy), Cell.Of(v.State), v.Pid == 0 ? Cell.Figure(-1) : Cell.Of(v.Pid), Cell.Of(v.Restarts));
            tables.Add(services);

            var channels = new StatusTable("channels", "Channels", new[] { "from", "to", "count" }, new[] { "From PID", "To PID", "Channels" });
            foreach (ChannelEdge c in Sorted(s.Channels, (a, b) => a.FromPid != b.FromPid ? a.FromPid.CompareTo(b.FromPid) : a.ToPid.CompareTo(b.ToPid)))
                channels.Add(Cell.Of(c.FromPid), Cell.Of(c.ToPid), Cell.Of(c.Count));
            tables.Add(channels);

            var memory = new StatusTable("memory", "Memory", new[] { "name", "value" }, new[] { "Figure", "Value" });
            memory.Add(Cell.Of("Exchange heap blocks"), Cell.Figure(s.ExchangeBlocks));
            memory.Add(Cell.Of("Exchange heap bytes"), Cell.Figure(s.ExchangeBytes));
            memory.Add(Cell.Of("GC collections"), Cell.Figure(s.GcCollections));
            memory.Add(Cell.Of("GC heap bytes"), Cell.Figure(s.GcHeapBytes));
            tables.Add(memory);

            var devices = new StatusTable("devices", "Devices",
                new[] { "location", "id", "kind", "class", "irq", "resources", "driver", "driverPid" },
                new[] { "Location", "Vendor:device", "Kind", "Class", "IRQ", "Resources", "Driver", "Driver PID" });
            foreach (DeviceInfo d in Sorted(s.Devices, (a, b) => string.CompareOrdinal(a.Location, b.Location)))
                devices.Add(Cell.Of(d.Location), Cell.Of(d.Id), Cell.Of(d.Kind), Cell.Of(d.Class), Cell.Figure(d.Irq), Cell.Of(d.Resources),
                    d.Driver.Length == 0 ? Cell.Figure(-1) : Cell.Of(d.Driver), d.DriverPid == 0 ? Cell.Figure(-1) : Cell.Of(d.DriverPid));
            tables.Add(devices);

            var network = new StatusTable("network", "Network", new[] { "name", "value" }, new[] { "Counter", "Value" });
            foreach (Counter c in Sorted(s.Network, (a, b) => string.CompareOrdinal(a.Name, b.Name)))
                network.Add(Cell.Of(c.Name), Cell.Of(c.Value));
            tables.Add(network);

            return tables;
        }

        private static List<T> Sorted<T>(List<T> items, System.Comparison<T> order)
        {
            var copy = new List<T>(items);
            // Insertion sort: stable, so equal keys keep the kernel's order (lists here are tens of items).
            for (int i = 1; i < copy.Count; i++)
            {
                T item = copy[i];
                int j = i - 1;
                while (j >= 0 && order(copy[j], item) > 0) { copy[j + 1] = copy[j]; j--; }
                copy[j + 1] = item;
            }
            return copy;
        }
    }
}
