namespace Singularity.V1
{
    /// <summary>Exit codes a process gets when it did not choose one itself. Shared by the kernel and every SIP.</summary>
    public static class ExitCodes
    {
        /// <summary>An exception no handler caught (0xE0434352, as .NET reports it).</summary>
        public const int UnhandledException = -532462766;

        /// <summary>The runtime failed fast (0x80131623, COR_E_FAILFAST).</summary>
        public const int FailFast = -2146232797;

        /// <summary>The kernel ended the process for a CPU fault or a protocol violation (0xC0000005).</summary>
        public const int KernelTerminated = -1073741819;

        /// <summary>Killed by another process or by the kernel on request.</summary>
        public const int Killed = -1;
    }
}
