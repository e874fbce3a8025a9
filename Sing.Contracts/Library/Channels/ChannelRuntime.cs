namespace Sing.Contracts
{
    /// <summary>
    /// Where generated code finds the channel runtime. The default comes from
    /// <see cref="CreateDefault"/>, which each build flavour implements in its own file: the host
    /// build in Hosted/HostDefaults.cs, the in-OS build with the kernel-backed runtime.
    /// </summary>
    public static partial class ChannelRuntime
    {
        private static IChannelRuntime? _current;

        /// <summary>The runtime generated endpoints use. Only this library sets it: a program's own runtime would
        /// stand between its endpoints and the kernel's checks.</summary>
        public static IChannelRuntime Current
        {
            get => _current ??= CreateDefault();
            internal set => _current = value;
        }

        private static partial IChannelRuntime CreateDefault();
    }
}
