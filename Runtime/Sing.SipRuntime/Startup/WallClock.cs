using System.Diagnostics;

namespace Singularity.V1
{
    /// <summary>DateTime.UtcNow for a SIP: on first use the clock driver at /dev/rtc is asked for the time (its
    /// GetTime/Time contract, Drivers/Rtc/ClockContract.cs) and the time-stamp counter read with it; later calls add the
    /// counter's elapsed time, so no call after the first crosses into another process. The CMOS keeps whole seconds,
    /// so the clock can be up to a second behind. The driver is another process: an answer that is not a valid date is
    /// treated as no answer.</summary>
    internal static class WallClock
    {
        private const int GetTime = 0, Time = 1;   // ClockContract.Messages
        private const long TicksPerSecond = 10_000_000;

        // Written timestamp first, then ticks (readers read ticks first): a reader sees either nothing or both.
        private static long s_baseTimestamp;
        private static long s_baseTicks = -1;

        /// <summary>UTC ticks now, or -1 when no clock answers.</summary>
        public static long UtcTicks()
        {
            long baseTicks = System.Threading.Volatile.Read(ref s_baseTicks);
            if (baseTicks < 0)
            {
                if (!Ask(out baseTicks, out long timestamp)) return -1;
                s_baseTimestamp = timestamp;
                System.Threading.Volatile.Write(ref s_baseTicks, baseTicks);
            }
            long frequency = Stopwatch.Frequency;
            if (frequency <= 0) return baseTicks;
            long elapsed = Stopwatch.GetTimestamp() - s_baseTimestamp;
            if (elapsed < 0) elapsed = 0;
            // Whole seconds and the remainder apart: elapsed * 10^7 would overflow after 15 minutes at 1 GHz.
            return baseTicks + elapsed / frequency * TicksPerSecond + elapsed % frequency * TicksPerSecond / frequency;
        }

        private static bool Ask(out long ticks, out long timestamp)
        {
            ticks = -1;
            timestamp = 0;
            if (Names.Bind("/dev/rtc", out ChannelEndpoint clock) != AbiStatus.Ok) return false;
            AbiStatus status = Channels.Send(clock, GetTime);
            ReceivedMessage reply = default;
            if (status == AbiStatus.Ok) status = Channels.Receive(clock, out reply, 2000);
            timestamp = Stopwatch.GetTimestamp();
            Channels.Close(clock);
            if (status != AbiStatus.Ok || reply.Tag != Time) return false;
            long t = reply.InlineInt64();
            int year = (int)(t & 0xFFFF), month = (int)((t >> 16) & 0xFF), day = (int)((t >> 24) & 0xFF);
            int hour = (int)((t >> 32) & 0xFF), minute = (int)((t >> 40) & 0xFF), second = (int)((t >> 48) & 0xFF);
            if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1 || day > System.DateTime.DaysInMonth(year, month)
                || hour > 23 || minute > 59 || second > 59)
                return false;
            ticks = new System.DateTime(year, month, day, hour, minute, second).Ticks;
            return true;
        }
    }
}
