namespace System.Diagnostics
{
    /// <summary>High-resolution time from the CPU's time-stamp counter (read with lfence; rdtsc). The frequency is
    /// the one the kernel calibrated at boot, supplied by the host (<see cref="Frequency"/> is 0 until then).</summary>
    public sealed class Stopwatch
    {
        public static long Frequency { get; set; }

        public static bool IsHighResolution => true;

        public static long GetTimestamp() => (long)Internal.Runtime.GC.Timestamp.Read();

        private long _start;
        private long _elapsed;
        private bool _running;

        public static Stopwatch StartNew()
        {
            var s = new Stopwatch();
            s.Start();
            return s;
        }

        public void Start()
        {
            if (_running) return;
            _start = GetTimestamp();
            _running = true;
        }

        public void Stop()
        {
            if (!_running) return;
            _elapsed += GetTimestamp() - _start;
            _running = false;
        }

        public long ElapsedTicks => _running ? _elapsed + GetTimestamp() - _start : _elapsed;

        // Split so that ticks * 1000 cannot overflow (a 2.5 GHz counter would after about 43 days).
        public long ElapsedMilliseconds => Frequency == 0 ? 0 : ElapsedTicks / Frequency * 1000 + ElapsedTicks % Frequency * 1000 / Frequency;
    }
}
