using Sing.Storage.Fat;
using Singularity.V1;

namespace Sing.Apps.FileSystem
{
    /// <summary>The server's state for one client channel of /fs: who is behind it.</summary>
    internal sealed class ClientSession
    {
        /// <summary>The client as its connect request named it (kind, program, pid: the /system rule, quotas, logs).</summary>
        public readonly Principal Who;

        /// <summary>The compound principal its requests speak for now, which access control lists match: the one at
        /// connect, one link longer for each time the client delegated its end of the channel (001 §3.6).</summary>
        public string Name;

        /// <summary>How often the kernel's record of that principal had changed when <see cref="Name"/> was read.</summary>
        private int _changes;

        public ClientSession(Principal who, int changes)
        {
            Who = who;
            Name = who.Name ?? "";
            _changes = changes;
        }

        /// <summary>Whether the /system rule (AccessRule) treats this client as an application: it is one, or its channel
        /// was delegated. The helper at the end of a delegated chain may be an application, and the kernel's record names
        /// it without its kind; delegating never gives more than lending, so the narrowest rule applies.</summary>
        public bool CountsAsApplication => Who.Kind == Principal.Application || _changes != 0;

        /// <summary>The client as the /system rule's refusal names it.</summary>
        public string Described => _changes != 0 ? "a channel " + Who.Program + " delegated" : Who.Program;

        /// <summary>Before a request is served: reads the principal again if the client delegated its end since (one
        /// cheap kernel call when it did not).</summary>
        public void Refresh(Sing.Contracts.Endpoint channel)
        {
            int changes = Sing.Contracts.Sip.KernelEndpoints.PrincipalChangesOf(channel);
            if (changes == _changes) return;
            _changes = changes;
            Name = Sing.Contracts.Sip.KernelEndpoints.PrincipalOf(channel) ?? Name;
        }
    }

    /// <summary>The server's state for one file channel: the open file and the position, and who opened it.</summary>
    internal sealed class FileSession
    {
        public readonly FatFile File;
        public readonly Principal Who;
        public long Position;

        public FileSession(FatFile file, Principal who)
        {
            File = file;
            Who = who;
        }
    }
}
