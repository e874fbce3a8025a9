#nullable enable
using Sing.Contracts.Sip;
using Singularity.V1;

namespace Sing.Network
{
    /// <summary>How a client gets a <see cref="NicDevice"/> channel from a network driver: the handshake of the block
    /// devices (BlockDeviceConnection.cs) for this contract. Binding /dev/nicN gives the client a plain kernel channel
    /// to the driver; the driver answers on it with one message (tag
    /// <see cref="EndpointTag"/>) carrying the importer end of a fresh NicDevice channel that the driver created for
    /// the contract, then closes the plain channel. The driver makes the contract channel itself so the kernel's
    /// contract checker watches the client's side from the first message: a client cannot hand the driver a channel
    /// of some other contract on which the driver's own replies would count as violations. Linked as source into the
    /// driver and into its clients, next to NicDevice.cs.</summary>
    public static class NicDeviceConnection
    {
        /// <summary>Tag of the driver's one message on the bound channel; its endpoint is the NicDevice.Imp end.</summary>
        public const int EndpointTag = 1;

        /// <summary>Client side: binds <paramref name="path"/> (retrying for up to <paramref name="waitMilliseconds"/>
        /// while the driver has not registered it yet) and returns the NicDevice channel in state Start (DeviceInfo comes first), or null.</summary>
        public static NicDevice.Imp? Connect(string path, int waitMilliseconds = 2000)
        {
            ChannelEndpoint raw = default;
            for (int waited = 0; Names.Bind(path, out raw) != AbiStatus.Ok; waited += 5)
            {
                if (waited >= waitMilliseconds) return null;
                Threads.Sleep(5);
            }
            AbiStatus status = Channels.Receive(raw, out ReceivedMessage answer, (ulong)(waitMilliseconds < 1000 ? 1000 : waitMilliseconds));
            Channels.Close(raw);
            if (status != AbiStatus.Ok || answer.Tag != EndpointTag || answer.Endpoint.IsNull)
            {
                if (status == AbiStatus.Ok && !answer.Endpoint.IsNull) Channels.Close(answer.Endpoint);
                return null;
            }
            return NicDevice.Imp.Attach(KernelEndpoints.Wrap(answer.Endpoint), NicDevice.States.Start);
        }

        /// <summary>Driver side: answers the connection request that arrived with <paramref name="request"/> (the
        /// driver's end of the bound channel) and returns the exporter end, or null when the client is already gone.</summary>
        public static NicDevice.Exp? Accept(ChannelEndpoint request)
        {
            NicDevice.CreateChannel(out NicDevice.Imp imp, out NicDevice.Exp exp);
            ChannelEndpoint clientEnd = KernelEndpoints.Unwrap(imp);
            AbiStatus status = Channels.Send(request, EndpointTag, 0, default, clientEnd);
            Channels.Close(request);
            if (status == AbiStatus.Ok) return exp;
            Channels.Close(clientEnd);
            exp.Free();
            return null;
        }
    }
}
