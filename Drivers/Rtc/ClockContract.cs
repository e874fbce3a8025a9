using Sing.Contracts;

namespace Sing.Drivers.Rtc
{
    /// <summary>The clock service at /dev/rtc: a client sends GetTime, the driver answers Time with the date packed in
    /// 8 bytes, little-endian: year (2 bytes), month, day, hour, minute, second, 0; UTC, as the CMOS keeps it under
    /// QEMU. Linked as source into the clients that use it typed (the shell); the tags (GetTime 0, Time 1) are what
    /// raw clients send too (the SIP runtime's WallClock, the file system's RtcClock).</summary>
    [Contract]
    [State("Start", "GetTime? -> Time! -> Start")]
    public sealed partial class ClockContract
    {
        [InMessage] partial void GetTime();
        [OutMessage] partial void Time(long packed);
    }
}
