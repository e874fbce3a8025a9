#nullable enable
using System.Collections.Generic;

namespace Sing.Web.Status
{
    /// <summary>Turns the kernel's describe strings (Singularity.V1.SystemControl.Describe*) into the snapshot's
    /// records, so the glue only passes strings in. Lines are '\n'-separated; a line with too few fields or a field
    /// that is not the number it should be is skipped (and counted in <see cref="Skipped"/>), never guessed at; fields
    /// after the known ones are ignored, so the kernel can append fields without breaking this page.</summary>
    public sealed class DescribeParser
    {
        /// <summary>Lines skipped because they were not in the expected form.</summary>
        public int Skipped { get; private set; }

        /// <summary>DescribeProcesses (Kernel/Processes/ProcessManager.Describe), tab-separated: pid, parent pid,
        /// state, threads, pages, program, arguments, restarts; then, where the kernel reports them, principal, CPU
        /// milliseconds, exchange-heap pages, kind and the content hash of its code.</summary>
        public List<ProcessInfo> ParseProcesses(string text)
        {
            var list = new List<ProcessInfo>();
            foreach (string[] f in Lines(text, 7))
            {
                var p = new ProcessInfo();
                if (!Int(f[0], out int pid) || !Int(f[1], out int parent) || !Int(f[3], out int threads) || !Long(f[4], out long pages))
                {
                    Skipped++;
                    continue;
                }
                p.Pid = pid;
                p.ParentPid = parent;
                p.State = f[2];
                p.Threads = threads;
                p.Pages = pages;
                p.Program = f[5];
                p.Arguments = f[6];
                if (f.Length > 7 && Int(f[7], out int restarts)) p.Restarts = restarts;
                if (f.Length > 8) p.Principal = f[8];
                if (f.Length > 9 && Long(f[9], out long cpu)) p.CpuMilliseconds = cpu;
                if (f.Length > 12 && f[12].StartsWith("sha256:", System.StringComparison.Ordinal)) p.Content = f[12];
                list.Add(p);
            }
            return list;
        }

        /// <summary>DescribeServices (Kernel/Processes/Supervisor.Describe), tab-separated: program, restart policy,
        /// state, current pid (0: none), restarts.</summary>
        public List<ServiceInfo> ParseServices(string text)
        {
            var list = new List<ServiceInfo>();
            foreach (string[] f in Lines(text, 5))
            {
                if (!Int(f[3], out int pid) || !Int(f[4], out int restarts))
                {
                    Skipped++;
                    continue;
                }
                list.Add(new ServiceInfo { Program = f[0], RestartPolicy = f[1], State = f[2], Pid = pid, Restarts = restarts });
            }
            return list;
        }

        /// <summary>Channels between processes, tab-separated: one endpoint's pid, the other's, how many channels.</summary>
        public List<ChannelEdge> ParseChannels(string text)
        {
            var list = new List<ChannelEdge>();
            foreach (string[] f in Lines(text, 3))
            {
                if (!Int(f[0], out int from) || !Int(f[1], out int to) || !Int(f[2], out int count))
                {
                    Skipped++;
                    continue;
                }
                list.Add(new ChannelEdge { FromPid = from, ToPid = to, Count = count });
            }
            return list;
        }

        /// <summary>Name/value lines, tab-separated (network counters, memory figures).</summary>
        public List<Counter> ParseCounters(string text)
        {
            var list = new List<Counter>();
            foreach (string[] f in Lines(text, 2))
            {
                if (f[0].Length == 0 || !Long(f[1], out long value))
                {
                    Skipped++;
                    continue;
                }
                list.Add(new Counter(f[0], value));
            }
            return list;
        }

        /// <summary>Memory figures as name/value lines into the snapshot's fields: exchange.blocks, exchange.bytes,
        /// gc.collections, gc.heap_bytes (other names are ignored).</summary>
        public void ParseMemory(string text, SystemSnapshot snapshot)
        {
            foreach (Counter c in ParseCounters(text))
            {
                switch (c.Name)
                {
                    case "exchange.blocks": snapshot.ExchangeBlocks = c.Value; break;
                    case "exchange.bytes": snapshot.ExchangeBytes = c.Value; break;
                    case "gc.collections": snapshot.GcCollections = c.Value; break;
                    case "gc.heap_bytes": snapshot.GcHeapBytes = c.Value; break;
                }
            }
        }

        /// <summary>DescribeDevices (Kernel/Hardware/Pci.Describe): two header lines ("PCI configuration: ...",
        /// "Interrupts: ...") kept in the snapshot, then one space-separated line per function:
        /// <c>00:03.0 8086:100e class 02.00.00 irq 11 msi vector 50 mem 0xfeb80000+20000 io 0xc000+40 driver e1000 (pid 5)</c>.</summary>
        public List<DeviceInfo> ParseDevices(string text, SystemSnapshot? snapshot = null)
        {
            var list = new List<DeviceInfo>();
            foreach (string raw in text.Split('\n'))
            {
                string line = raw.TrimEnd('\r');
                if (line.Length == 0) continue;
                if (line.StartsWith("PCI configuration: ", System.StringComparison.Ordinal))
                {
                    if (snapshot != null) snapshot.PciMechanism = line.Substring(19);
                    continue;
                }
                if (line.StartsWith("Interrupts: ", System.StringComparison.Ordinal))
                {
                    if (snapshot != null) snapshot.InterruptController = line.Substring(12);
                    continue;
                }
                string[] t = line.Split(' ', System.StringSplitOptions.RemoveEmptyEntries);
                if (t.Length < 2 || t[0].IndexOf(':') < 0 || t[1].IndexOf(':') < 0)
                {
                    Skipped++;
                    continue;
                }
                var d = new DeviceInfo { Location = t[0], Id = t[1] };
                var resources = new System.Text.StringBuilder();
                for (int i = 2; i < t.Length; i++)
                {
                    if (t[i] == "class" && i + 1 < t.Length)
                    {
                        d.Class = t[++i];
                        d.Kind = PciClasses.Name(d.Class);
                    }
                    else if (t[i] == "irq" && i + 1 < t.Length && Int(t[i + 1], out int irq)) { d.Irq = irq; i++; }
                    else if (t[i] == "driver" && i + 1 < t.Length)
                    {
                        d.Driver = t[++i];
                        if (i + 2 < t.Length && t[i + 1] == "(pid" && Int(t[i + 2].TrimEnd(')'), out int pid)) { d.DriverPid = pid; i += 2; }
                    }
                    else
                    {
                        if (resources.Length > 0) resources.Append(' ');
                        resources.Append(t[i]);
                    }
                }
                d.Resources = resources.ToString();
                list.Add(d);
            }
            return list;
        }

        /// <summary>The non-empty lines of <paramref name="text"/> split at tabs, those with at least
        /// <paramref name="fields"/> fields (others counted as skipped).</summary>
        private List<string[]> Lines(string text, int fields)
        {
            var lines = new List<string[]>();
            foreach (string raw in text.Split('\n'))
            {
                string line = raw.TrimEnd('\r');
                if (line.Length == 0) continue;
                string[] f = line.Split('\t');
                if (f.Length < fields) Skipped++;
                else lines.Add(f);
            }
            return lines;
        }

        private static bool Int(string s, out int value) => int.TryParse(s, out value);

        private static bool Long(string s, out long value) => long.TryParse(s, out value);
    }
}
