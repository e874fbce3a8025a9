using Sing.Contracts;

namespace Sing.Drivers.E1000
{
    /// <summary>The /dev/nic0 registration seen as a contract endpoint, only so the driver can wait on it in one switch
    /// receive with its client's channels. Nothing is received through it: when it is ready the driver takes the
    /// kernel's connection request with a plain receive on the same kernel endpoint.</summary>
    [Contract]
    [State("Open", "Connect? -> Connected")]
    [State("Connected")]
    public sealed partial class RegistrationDoor
    {
        [InMessage] partial void Connect();
    }
}
