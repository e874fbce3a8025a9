using Sing.Contracts;

namespace Sing.Services
{
    /// <summary>A name registration (/dev/disk0, /dev/nic0, /service/net...) seen as a contract endpoint, only so a
    /// driver or service can wait on it in one switch receive with its clients' channels. Nothing is ever received
    /// through it: when it is ready the server takes the kernel's connection request with a plain receive on the same
    /// kernel endpoint (KernelEndpoints.ReceivePlain). Linked as source into each server that needs it.</summary>
    [Contract]
    [State("Open", "Connect? -> Connected")]
    [State("Connected")]
    public sealed partial class RegistrationDoor
    {
        [InMessage] partial void Connect();
    }
}
