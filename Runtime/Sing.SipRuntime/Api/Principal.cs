namespace Singularity.V1
{
    /// <summary>The program behind a channel a client bound through the name service (001 §3.6). The kernel writes it
    /// into the connect request itself, so a client cannot claim another identity: Kind is the client's manifest kind,
    /// Program its installed program name (the first 30 characters; <see cref="NameComplete"/> says whether that is all
    /// of it), ProcessId the client process.</summary>
    public readonly struct Principal
    {
        public const int Kernel = 0, Application = 1, Service = 2, Driver = 3;

        public readonly int Kind;
        public readonly int ProcessId;
        public readonly string Program;
        public readonly bool NameComplete;

        /// <summary>The client's compound principal (Runtime/Security/README.md), written by the kernel: "publisher/program@role"
        /// links from the outermost invoker to the client itself. What access control matches
        /// (<see cref="Singularity.Security.PrincipalPattern"/>). Empty (which no pattern matches) for a message that is
        /// not a connect request or carries no endpoint this process owns.</summary>
        public readonly string Name;

        /// <summary>The content hash of the client's code ("sha256:..."), written by the kernel from what the installer
        /// verified and the publisher signed (<see cref="Channels.ContentOf"/>): a service that trusts one build of a
        /// program compares it. Empty where <see cref="Name"/> is.</summary>
        public readonly string Content;

        private Principal(int kind, int processId, string program, bool complete, string name, string content)
        {
            Content = content;
            Kind = kind;
            ProcessId = processId;
            Program = program;
            NameComplete = complete;
            Name = name;
        }

        /// <summary>The role the client runs in (its user), from <see cref="Name"/>.</summary>
        public string Role => Singularity.Security.PrincipalName.RoleOf(Name);

        public string KindName => Kind == Application ? "application" : Kind == Service ? "service" : Kind == Driver ? "driver" : "kernel";

        /// <summary>The principal of a connect request received on a registration endpoint (Tag
        /// <see cref="Names.ConnectRequestTag"/>); a kernel principal for any other message.</summary>
        public static unsafe Principal Of(in ReceivedMessage connect)
        {
            if (connect.Tag != Names.ConnectRequestTag || connect.Raw.InlineLength != ChannelMessage.InlineCapacity)
                return new Principal(Kernel, 0, "kernel", true, "", "");
            ChannelMessage raw = connect.Raw;
            byte* inline = raw.Inline;
            int kind = *(int*)inline;
            int length = *(short*)(inline + 8);
            const int Stored = ChannelMessage.InlineCapacity - 10;
            int kept = length < 0 ? 0 : length > Stored ? Stored : length;
            var name = new char[kept];
            for (int i = 0; i < kept; i++) name[i] = (char)inline[10 + i];
            // The endpoint the request carried is ours now: the kernel says whom its messages speak for.
            string compound = Channels.PrincipalOf(raw.Endpoint) ?? "";
            string content = compound.Length == 0 ? "" : Channels.ContentOf(raw.Endpoint) ?? "";
            return new Principal(kind < Kernel || kind > Driver ? Kernel : kind, *(int*)(inline + 4), new string(name), length <= Stored, compound, content);
        }

    }
}
