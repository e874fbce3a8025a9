using System.Text;
using Sing.Network;
using Sing.Network.Protocol;
using Sing.Network.Tcp;

namespace Sing.Apps.NetStack
{
    /// <summary>The stack's status as the contract's Status carries it: tab-separated lines, the first field saying
    /// what the line is. "interface NAME MAC MTU LINK", "address ADDRESS/PREFIX GATEWAY DNS DHCP-STATE",
    /// "counter NAME VALUE", "tcp LOCAL REMOTE STATE RECV-Q SEND-Q RETRANSMITS", "listen PORT BACKLOG WAITING",
    /// "udp PORT QUEUED", "arp ADDRESS MAC". The shell's ifconfig and netstat and the system page read it.</summary>
    internal sealed class NetworkStatus
    {
        private readonly NicLink _link;
        private readonly NetInterface _ip;
        private readonly TcpEngine _tcp;

        public NetworkStatus(NicLink link, NetInterface ip, TcpEngine tcp)
        {
            _link = link;
            _ip = ip;
            _tcp = tcp;
        }

        public string Describe(long now)
        {
            var text = new StringBuilder();
            NicPort? port = _link.Port;
            Line(text, "interface", _link.Path, FormatMac(_ip.MacAddress), "1500", port != null ? "up" : "down");
            Line(text, "address", Ipv4Text.Format((int)_ip.LocalAddress) + "/" + _ip.PrefixLength.ToString(), Ipv4Text.Format((int)_ip.Gateway),
                Ipv4Text.Format((int)_ip.DnsServer), _ip.DhcpStateName);
            Counter(text, "frames_in", port?.FramesIn ?? 0);
            Counter(text, "frames_out", port?.FramesOut ?? 0);
            Counter(text, "frames_dropped_driver_down", _link.DroppedWhileDown);
            Counter(text, "driver_rebinds", _link.Rebinds);
            Counter(text, "nic.refused_buffers", NicPort.RefusedBuffers);
            foreach (NetCounter c in _ip.Counters()) Counter(text, c.Name, c.Value);
            foreach (NetCounter c in _tcp.Counters()) Counter(text, c.Name, c.Value);
            foreach (TcpConnection c in _tcp.Connections())
                Line(text, "tcp", Endpoint(c.LocalAddress, c.LocalPort), Endpoint(c.RemoteAddress, c.RemotePort), c.State.ToString(),
                    c.BytesReadable.ToString(), c.BytesUnacknowledged.ToString(), c.Retransmissions.ToString());
            foreach (TcpListener l in _tcp.Listeners())
                Line(text, "listen", l.Port.ToString(), l.Backlog.ToString(), l.Waiting.ToString());
            foreach (UdpPortStatus u in _ip.UdpPortList())
                Line(text, "udp", u.Port.ToString(), u.Queued.ToString());
            foreach (ArpEntryStatus a in _ip.ArpEntries())
                Line(text, "arp", Ipv4Text.Format((int)a.Address), FormatMac(a.Mac));
            return text.ToString();
        }

        private static string Endpoint(uint address, int port) => Ipv4Text.Format((int)address) + ":" + port.ToString();

        private static void Counter(StringBuilder text, string name, long value) => Line(text, "counter", name, value.ToString());

        private static void Line(StringBuilder text, string kind, params string[] fields)
        {
            text.Append(kind);
            foreach (string f in fields) text.Append('\t').Append(f);
            text.Append('\n');
        }

        public static string FormatMac(long mac)
        {
            var text = new StringBuilder(17);
            for (int shift = 40; shift >= 0; shift -= 8)
            {
                int b = (int)(mac >> shift) & 0xFF;
                text.Append("0123456789abcdef"[b >> 4]).Append("0123456789abcdef"[b & 15]);
                if (shift > 0) text.Append(':');
            }
            return text.ToString();
        }
    }
}
