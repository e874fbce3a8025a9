using System;
using Sing.Contracts;
using Sing.Network.Protocol;
using Debug = Singularity.V1.Debug;

namespace Sing.Apps.NetStack
{
    /// <summary>The stack's hold on its card across driver restarts: frames go out through the bound
    /// <see cref="NicPort"/>, or are dropped (and counted) while the driver is gone; when the driver's channel closes
    /// the link binds the card's name again every <see cref="RebindMilliseconds"/> until the supervisor's new driver
    /// serves it. TCP's retransmissions carry the connections across the gap.</summary>
    internal sealed class NicLink : IFrameTransmitter
    {
        public const int RebindMilliseconds = 250;

        private readonly string _path;
        private long _lastTry;

        public NicPort? Port { get; private set; }
        public long DroppedWhileDown { get; private set; }
        public int Rebinds { get; private set; }

        public NicLink(string path, NicPort port)
        {
            _path = path;
            Port = port;
        }

        public string Path => _path;

        public void Transmit(ReadOnlySpan<byte> frame)
        {
            NicPort? port = Port;
            if (port == null)
            {
                DroppedWhileDown++;
                return;
            }
            try
            {
                port.Transmit(frame);
            }
            catch (ChannelClosedException)
            {
                Lost();
            }
        }

        /// <summary>Takes what the card received into <paramref name="ip"/>.</summary>
        public void TakeArrived(NetInterface ip)
        {
            NicPort? port = Port;
            if (port == null) return;
            bool ok;
            try
            {
                ok = port.TakeArrived(ip);
            }
            catch (ChannelClosedException)
            {
                ok = false;
            }
            if (!ok) Lost();
        }

        public void TryRebind()
        {
            long now = StackServer.Now();
            if (Port != null || now - _lastTry < RebindMilliseconds) return;
            _lastTry = now;
            NicPort? port = NicPort.Connect(_path, 0, out _);
            if (port == null) return;
            Port = port;
            Rebinds++;
            Debug.WriteLine($"netstack: bound {_path} again (driver restart {Rebinds})");
        }

        private void Lost()
        {
            if (Port == null) return;
            Debug.WriteLine($"netstack: the driver of {_path} went away; binding it again when it returns");
            Port.Close();
            Port = null;
            _lastTry = StackServer.Now();
        }
    }
}
