#nullable enable
using System;
using System.Collections.Generic;
using Sing.Network;
using Sing.Web.Http;
using Sing.Web.Status;
using Singularity.V1;

namespace Sing.Apps.WebServer
{
    /// <summary>The live system page's data, asked afresh for every request: the kernel's descriptions (processes,
    /// boot services, devices, channels between processes, memory) through the ABI, and the stack's counters through
    /// its contract (its Status lines). Nothing is parsed from console text.</summary>
    internal sealed class StatusSource
    {
        private readonly NetworkClient _net;

        public StatusSource(NetworkClient net) { _net = net; }

        public byte[] Render(StatusResource resource)
        {
            return StatusRenderer.Render(resource, Take());
        }

        private SystemSnapshot Take()
        {
            var parser = new DescribeParser();
            var snapshot = new SystemSnapshot();
            snapshot.Processes = parser.ParseProcesses(SystemControl.DescribeProcesses());
            snapshot.Services = parser.ParseServices(SystemControl.DescribeServices());
            snapshot.Devices = parser.ParseDevices(SystemControl.DescribeDevices(), snapshot);
            snapshot.Channels = parser.ParseChannels(SystemControl.DescribeChannels());
            string memory = SystemControl.DescribeMemory();
            parser.ParseMemory(memory, snapshot);
            foreach (Counter c in parser.ParseCounters(memory))
                if (c.Name == "uptime.ms") snapshot.UptimeMilliseconds = c.Value;
            snapshot.Network = NetworkCounters(_net.Status(out _));
            return snapshot;
        }

        /// <summary>The stack's "counter NAME VALUE" lines, plus its connection and listener counts.</summary>
        private static List<Counter> NetworkCounters(string? status)
        {
            var counters = new List<Counter>();
            if (status == null) return counters;
            long connections = 0, listeners = 0;
            foreach (string line in status.Split('\n'))
            {
                string[] f = line.Split('\t');
                if (f[0] == "tcp") connections++;
                else if (f[0] == "listen") listeners++;
                else if (f[0] == "counter" && f.Length > 2 && long.TryParse(f[2], out long value)) counters.Add(new Counter(f[1], value));
            }
            counters.Add(new Counter("tcp.connections", connections));
            counters.Add(new Counter("tcp.listeners", listeners));
            return counters;
        }
    }
}
