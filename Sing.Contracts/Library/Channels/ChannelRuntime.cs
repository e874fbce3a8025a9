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

        public static IChannelRuntime Current
        {
            get => _current ??= CreateDefault();
            set => _current = value;
        }

        private static partial IChannelRuntime CreateDefault();
    }
}
