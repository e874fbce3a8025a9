using Sing.Contracts;

namespace Sing.Drivers.Ahci
{
    /// <summary>A name registration (/dev/diskN...) seen as a contract endpoint, only so the driver can wait on it in
    /// one switch receive with its clients' channels. Nothing is ever received through it: when it is ready the driver
    /// takes the kernel's connection request with a plain receive on the same kernel endpoint.</summary>
    [Contract]
    [State("Open", "Connect? -> Connected")]
    [State("Connected")]
    public sealed partial class RegistrationDoor
    {
        [InMessage] partial void Connect();
    }
}
