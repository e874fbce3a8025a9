using Sing.Storage.Fat;
using Singularity.V1;

namespace Sing.Apps.FileSystem
{
    /// <summary>Timestamps from the clock driver at /dev/rtc (its GetTime/Time contract sent raw, Drivers/Rtc/ClockContract.cs).
    /// The time is asked once per file-system request (<see cref="Forget"/>), not once per entry written; without a
    /// clock, entries get FAT's epoch, 1980-01-01.</summary>
    internal sealed class RtcClock : IFatClock
    {
        private const int GetTime = 0, Time = 1;   // ClockContract.Messages
        private ChannelEndpoint _clock;
        private bool _haveTime;
        private FatTimestamp _time = FatTimestamp.Epoch;

        public void Forget() => _haveTime = false;

        public FatTimestamp Now()
        {
            if (_haveTime) return _time;
            _haveTime = true;
            if (!_clock.IsOwned && Names.Bind("/dev/rtc", out _clock) != AbiStatus.Ok) return _time;
            Channels.Send(_clock, GetTime);
            if (Channels.Receive(_clock, out ReceivedMessage reply, 500) != AbiStatus.Ok || reply.Tag != Time)
            {
                Channels.Close(_clock);
                _clock = default;
                return _time;
            }
            long t = reply.InlineInt64();
            _time = new FatTimestamp((int)(t & 0xFFFF), (int)((t >> 16) & 0xFF), (int)((t >> 24) & 0xFF),
                (int)((t >> 32) & 0xFF), (int)((t >> 40) & 0xFF), (int)((t >> 48) & 0xFF));
            return _time;
        }
    }
}
