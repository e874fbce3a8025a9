#nullable enable
using Sing.Contracts;
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
    /// of some other contract on which the driver's own replies would count as violations (the two halves are the
    /// contract library's KernelEndpoints.ConnectOffered and Offer). Linked as source into the
    /// driver and into its clients, next to NicDevice.cs.</summary>
    public static class NicDeviceConnection
    {
        /// <summary>Tag of the driver's one message on the bound channel; its endpoint is the NicDevice.Imp end.</summary>
        public const int EndpointTag = KernelEndpoints.OfferTag;

        /// <summary>Client side: binds <paramref name="path"/> (retrying for up to <paramref name="waitMilliseconds"/>
        /// while the driver has not registered it yet) and returns the NicDevice channel in state Start, or null.</summary>
        public static NicDevice.Imp? Connect(string path, int waitMilliseconds = 2000) =>
            KernelEndpoints.ConnectOffered(path, waitMilliseconds) is IChannelTransport offered ? NicDevice.Imp.Attach(offered, NicDevice.States.Start) : null;

        /// <summary>Driver side: answers the connection request that arrived with <paramref name="request"/> (the
        /// driver's end of the bound channel) and returns the exporter end, or null when the client is already gone.</summary>
        public static NicDevice.Exp? Accept(ChannelEndpoint request)
        {
            NicDevice.CreateChannel(out NicDevice.Imp imp, out NicDevice.Exp exp);
            if (KernelEndpoints.Offer(request, imp)) return exp;
            exp.Free();
            return null;
        }
    }
}
