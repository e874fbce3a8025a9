using Sing.Contracts;
using Sing.Contracts.Fuzzing;
using Sing.Contracts.Sip;

namespace Sing.Apps.ContractFuzz
{
    /// <summary>A contract the fuzzer can drive and how a client reaches a live server of it: everything else (walks,
    /// violators, payloads) comes from the contract's generated tables.</summary>
    internal abstract class FuzzTarget
    {
        /// <summary>The targets by their --target name: each contract served in the system image.</summary>
        public static FuzzTarget Named(string name)
        {
            switch (name)
            {
                case "block":
                    return new FuzzTarget<Storage.BlockDevice.Message>(name, Storage.BlockDevice.Protocol, Storage.BlockDevice.States.Ready,
                        path => Storage.BlockDeviceConnection.Connect(path, 5000) is Storage.BlockDevice.Imp device ? KernelEndpoints.Wrap(KernelEndpoints.Unwrap(device)) : null);
                case "clock":
                    return new FuzzTarget<Drivers.Rtc.ClockContract.Message>(name, Drivers.Rtc.ClockContract.Protocol, Drivers.Rtc.ClockContract.States.Start, BindByName);
                case "fs":
                    return new FuzzTarget<Storage.FileSystemContract.Message>(name, Storage.FileSystemContract.Protocol, Storage.FileSystemContract.States.Ready, BindByName);
                case "file":
                    return new FuzzTarget<Storage.FileContract.Message>(name, Storage.FileContract.Protocol, Storage.FileContract.States.Ready, OpenFile);
                case "bench":
                    return new FuzzTarget<SingBench.BenchEcho.Message>(name, SingBench.BenchEcho.Protocol, SingBench.BenchEcho.States.Ready, BindByName);
                case "echo":
                    return new FuzzTarget<ChannelProbe.Echo.Message>(name, ChannelProbe.Echo.Protocol, ChannelProbe.Echo.States.Ready, BindByName);
                case "pairs":
                    return new FuzzTarget<ChannelProbe.Pairs.Message>(name, ChannelProbe.Pairs.Protocol, ChannelProbe.Pairs.States.Start, BindByName, carriesEndpoints: true);
                default:
                    return null;
            }
        }

        public const string Known = "block, clock, fs, file, echo, bench, pairs";

        protected FuzzTarget(string name, ContractInfo contract)
        {
            Name = name;
            Contract = contract;
        }

        public string Name { get; }

        public ContractInfo Contract { get; }

        /// <summary>One conversation on a fresh channel to the server at <paramref name="path"/>; null when it went as
        /// the contract says, else what went wrong.</summary>
        public abstract string Walk(string path, ulong seed, int steps, Violation violation);

        // A file's channel (FileContract, which the file system makes for the contract): PATH is a file under /fs,
        // opened for writing and created if missing.
        private static IChannelTransport OpenFile(string path)
        {
            const string Root = "/fs/";
            if (!path.StartsWith(Root) || !(BindByName("/fs") is IChannelTransport transport)) return null;
            Storage.FileSystemContract.Imp fs = Storage.FileSystemContract.Imp.Attach(transport, Storage.FileSystemContract.States.Ready);
            fs.SendOpen(Storage.TextVector.From(path.Substring(Root.Length)), Storage.FileSystemContract.ModeWrite | Storage.FileSystemContract.ModeCreate);
            Storage.FileSystemContract.Imp.ReadyAfterOpenReceived r = fs.ReceiveReadyAfterOpen();
            IChannelTransport file = null;
            switch (r.Tag)
            {
                case Storage.FileSystemContract.Imp.ReadyAfterOpenTag.Opened:
                    r.GetOpened(out Storage.FileContract.Imp opened, out _);
                    file = KernelEndpoints.Wrap(KernelEndpoints.Unwrap(opened));
                    break;
                case Storage.FileSystemContract.Imp.ReadyAfterOpenTag.Failed:
                    r.GetFailed(out _, out ExVector<char> reason);
                    reason.Free();
                    break;
                default:   // ChannelClosed
                    break;
            }

            fs.Free();
            return file;
        }

        // A service that has the kernel check its binds (KernelEndpoints.CheckBinds): a plain bind gives a contract channel.
        private static IChannelTransport BindByName(string path)
        {
            for (int waited = 0; waited < 5000; waited += 5)
            {
                if (KernelEndpoints.Bind(path) is IChannelTransport transport) return transport;
                Singularity.V1.Threads.Sleep(5);
            }

            return null;
        }
    }

    /// <summary>A target whose messages are <typeparamref name="TMsg"/> (the contract's generated message struct).</summary>
    internal sealed class FuzzTarget<TMsg> : FuzzTarget where TMsg : struct, IMessage
    {
        private readonly RandomMessages<TMsg> _shapes;
        private readonly int _initialState;
        private readonly System.Func<string, IChannelTransport> _connect;
        private readonly System.Collections.Generic.List<Singularity.V1.ChannelEndpoint> _keptEnds = new System.Collections.Generic.List<Singularity.V1.ChannelEndpoint>();

        /// <param name="carriesEndpoints">Endpoint arguments get one end of a fresh (unchecked) channel; this side keeps
        /// the other until the walk ends, so the server can use what it was handed.</param>
        public FuzzTarget(string name, ContractInfo contract, int initialState, System.Func<string, IChannelTransport> connect, bool carriesEndpoints = false)
            : base(name, contract)
        {
            _shapes = new RandomMessages<TMsg>(contract, carriesEndpoints ? NewChannel : null);
            _initialState = initialState;
            _connect = connect;
            CloseKeptEnds();   // the probe's
        }

        public override string Walk(string path, ulong seed, int steps, Violation violation)
        {
            IChannelTransport channel = _connect(path);
            if (channel == null) return "no " + Contract.Name + " server at " + path;
            string problem = Conversation.Run(channel, _shapes, Contract, _initialState, seed, steps, violation, (int)(seed % 5));
            channel.Close();
            CloseKeptEnds();
            return problem;
        }

        private IChannelTransport NewChannel()
        {
            if (Singularity.V1.Channels.Create(2, out Singularity.V1.ChannelEndpoint sent, out Singularity.V1.ChannelEndpoint kept) != Singularity.V1.AbiStatus.Ok)
                throw new System.InvalidOperationException("cannot create a channel for an endpoint argument");
            _keptEnds.Add(kept);
            return KernelEndpoints.Wrap(sent);
        }

        private void CloseKeptEnds()
        {
            foreach (Singularity.V1.ChannelEndpoint end in _keptEnds) Singularity.V1.Channels.Close(end);
            _keptEnds.Clear();
        }
    }
}
