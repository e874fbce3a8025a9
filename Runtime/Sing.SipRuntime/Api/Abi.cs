namespace Singularity.V1
{
    /// <summary>The kernel's ABI table for this SIP, set by the entry point before any program code runs.</summary>
    public static unsafe class Abi
    {
        internal static AbiTable* Table;

        /// <summary>The raw table, for trusted test tools that call entries with values the typed API never makes
        /// (the ABI fuzzer).</summary>
        [TrustedOnly]
        public static AbiTable* RawTable => Table;

        public static uint Version => Table->Version;

        /// <summary>The TSC frequency the kernel calibrated; also the cheapest ABI call (SingBench's ABICall).</summary>
        public static ulong TimestampFrequency => Table->GetTimestampFrequency();
    }
}
