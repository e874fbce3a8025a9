#nullable enable
using Sing.Contracts;
using Sing.Contracts.Sip;
using Singularity.V1;

namespace Sing.Storage
{
    /// <summary>How a client gets a <see cref="BlockDevice"/> channel from a disk driver. Binding /dev/diskN gives the
    /// client a plain kernel channel to the driver; the driver answers on it with one message (tag
    /// <see cref="EndpointTag"/>) carrying the importer end of a fresh BlockDevice channel that the driver created for
    /// the contract, then closes the plain channel. The driver makes the contract channel itself so the kernel's
    /// contract checker watches the client's side from the first message: a client cannot hand the driver a channel
    /// of some other contract on which the driver's own replies would count as violations (the two halves are the
    /// contract library's KernelEndpoints.ConnectOffered and Offer). Linked as source into the
    /// driver and into its clients, next to BlockDevice.cs.</summary>
    public static class BlockDeviceConnection
    {
        /// <summary>Tag of the driver's one message on the bound channel; its endpoint is the BlockDevice.Imp end.</summary>
        public const int EndpointTag = KernelEndpoints.OfferTag;

        /// <summary>Client side: binds <paramref name="path"/> (retrying for up to <paramref name="waitMilliseconds"/>
        /// while the driver has not registered it yet) and returns the BlockDevice channel in state Ready, or null.</summary>
        public static BlockDevice.Imp? Connect(string path, int waitMilliseconds = 2000) =>
            KernelEndpoints.ConnectOffered(path, waitMilliseconds) is IChannelTransport offered ? BlockDevice.Imp.Attach(offered, BlockDevice.States.Ready) : null;

        /// <summary>Driver side: answers the connection request that arrived with <paramref name="request"/> (the
        /// driver's end of the bound channel) and returns the exporter end, or null when the client is already gone.</summary>
        public static BlockDevice.Exp? Accept(ChannelEndpoint request)
        {
            BlockDevice.CreateChannel(out BlockDevice.Imp imp, out BlockDevice.Exp exp);
            if (KernelEndpoints.Offer(request, imp)) return exp;
            exp.Free();
            return null;
        }
    }
}
