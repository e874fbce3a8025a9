namespace Sing.Apps.Probe
{
    /// <summary>"enums": enum names inside a SIP, read from the SIP image's own metadata. Exits with a bit per
    /// failed check (0: all printed as expected).</summary>
    internal static class EnumProbe
    {
        private enum Phase : byte { Idle = 0, Running = 1, Done = 255 }

        private enum Offset : long { Back = -10_000_000_000, Ahead = 10_000_000_000 }

        public static int Run()
        {
            int failures = 0;
            if (Phase.Running.ToString() != "Running") failures |= 1;
            if ($"{Phase.Done}/{Offset.Back}" != "Done/Back") failures |= 2;
            if (((Phase)7).ToString() != "7") failures |= 4;
            if ($"{(Offset)(-1)}" != "-1") failures |= 8;
            return failures;
        }
    }
}
