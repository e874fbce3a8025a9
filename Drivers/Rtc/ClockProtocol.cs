namespace Sing.Drivers.Rtc
{
    /// <summary>The clock service's messages (contract Sing.Drivers.Rtc.ClockContract in the manifest): a client sends
    /// GetTime with no payload; the driver answers Time with 8 inline bytes: year (2, little-endian), month, day,
    /// hour, minute, second, 0. UTC, as the CMOS keeps it under QEMU.</summary>
    public static class ClockProtocol
    {
        public const int GetTime = 1;
        public const int Time = 2;
    }
}
