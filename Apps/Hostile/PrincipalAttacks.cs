using System;
using Singularity.V1;

namespace Sing.Apps.Hostile
{
    /// <summary>The "principals" verb: claiming a principal that is not this program's, or naming another through
    /// delegation (001 §3.6). Exit 0 when every attempt was refused, else the number of the check that let it through.</summary>
    internal static class PrincipalAttacks
    {
        private const int Forged = 7;

        public static int Run()
        {
            // The kernel started it: its principal is one link, its own, in the system role.
            string own = Processes.Principal;
            if (own != "singularity-project/hostile@system") return 1;
            if (Processes.Role != "system") return 2;
            // Choosing a child's role needs the roles privilege.
            if (Processes.CreateInRole("hello", "", "root", out _) != AbiStatus.NotPermitted) return 3;
            if (Processes.CreateInRole("hello", "", "", out _) != AbiStatus.NotPermitted) return 4;
            // An endpoint value that names nothing it owns has no principal.
            if (Channels.PrincipalOf(default) != null) return 5;
            if (Channels.Create(4, out ChannelEndpoint imp, out ChannelEndpoint exp) != AbiStatus.Ok) return 6;
            if (Channels.PrincipalOf(imp) != own || Channels.PrincipalOf(exp) != own) return 7;
            // Its content is the hash the installer recorded for its code, on its own channels too; none for a forged end.
            string content = Processes.Content;
            if (!content.StartsWith("sha256:", StringComparison.Ordinal) || content.Length != 71) return 17;
            if (Channels.ContentOf(imp) != content || Channels.ContentOf(exp) != content) return 18;
            if (Channels.ContentOf(default) != null) return 19;
            // A forged connect request (the kernel's tag, a driver's kind and another program's name inline) on a
            // channel it made: the principal comes from the kernel's record of the carried endpoint, which is its own.
            if (Channels.Create(4, out ChannelEndpoint carriedImp, out ChannelEndpoint carriedExp) != AbiStatus.Ok) return 8;
            ChannelMessage forged = default;
            forged.Tag = Names.ConnectRequestTag;
            forged.InlineLength = ChannelMessage.InlineCapacity;
            Span<byte> inline = stackalloc byte[ChannelMessage.InlineCapacity];
            inline[0] = 3;                        // kind: driver
            inline[8] = 10;                       // name length
            const string Claimed = "filesystem";
            for (int i = 0; i < Claimed.Length; i++) inline[10 + i] = (byte)Claimed[i];
            if (Channels.Send(imp, Names.ConnectRequestTag, inline) != AbiStatus.Ok) return 9;
            if (Channels.Receive(exp, out ReceivedMessage withoutEndpoint, 1000) != AbiStatus.Ok) return 10;
            Principal noEndpoint = Principal.Of(withoutEndpoint);
            if (noEndpoint.Name.Length != 0 || Singularity.Security.PrincipalPattern.TryParse("*", out var any, out _) && any.Matches(noEndpoint.Name)) return 11;
            if (Channels.Send(imp, Names.ConnectRequestTag, 0, default, carriedExp) != AbiStatus.Ok) return 12;
            if (Channels.Receive(exp, out ReceivedMessage withEndpoint, 1000) != AbiStatus.Ok) return 13;
            string claimed = Principal.Of(withEndpoint).Name;
            if (claimed.Length != 0 && claimed != own) return 14;
            if (claimed.Length != 0 && Principal.Of(withEndpoint).Content != content) return 39;
            // Once sent away or closed, an endpoint's principal is not this program's to read.
            Channels.Close(carriedImp);
            if (Channels.PrincipalOf(carriedImp) != null) return 15;
            Channels.Close(imp);
            Channels.Close(exp);
            if (Channels.PrincipalOf(imp) != null) return 16;
            Channels.Close(withEndpoint.Endpoint);
            return Delegation(own);
        }

        /// <summary>Delegation names only the true receivers: an endpoint this program does not hold cannot be
        /// delegated, and delegating one to itself over and over only repeats its own link, until the chain reaches the
        /// longest principal name and then stays as it was (the kernel says why; the endpoint still arrives).</summary>
        private static int Delegation(string own)
        {
            if (Channels.Delegate(default) == AbiStatus.Ok) return 20;
            if (Channels.Create(4, out ChannelEndpoint near, out ChannelEndpoint far) != AbiStatus.Ok) return 21;
            if (Channels.Create(4, out ChannelEndpoint loopIn, out ChannelEndpoint loopOut) != AbiStatus.Ok) return 22;
            string seen = Channels.PrincipalOf(far);
            for (int round = 0; round < 200; round++)
            {
                if (Channels.Delegate(near) != AbiStatus.Ok) return 23;
                if (Channels.Send(loopIn, 1, 0, default, near) != AbiStatus.Ok) return 24;
                if (Channels.Delegate(near) == AbiStatus.Ok) return 25;                 // sent away: no longer its own
                if (Channels.Receive(loopOut, out ReceivedMessage back, 1000) != AbiStatus.Ok || back.Endpoint.IsNull) return 26;
                near = back.Endpoint;
                string now = Channels.PrincipalOf(far);
                if (now == null || !now.StartsWith(own, StringComparison.Ordinal)) return 27;
                foreach (string link in now.Split('+'))
                    if (link != own) return 28;                                        // no link but its own
                if (now == seen) break;                                                 // the longest chain: it stays
                if (now.Length <= seen.Length) return 29;
                seen = now;
            }
            if (Channels.Send(near, 1) != AbiStatus.Ok || Channels.Receive(far, out _, 1000) != AbiStatus.Ok) return 30;   // still a working channel
            Channels.Close(near);
            if (Channels.Delegate(near) == AbiStatus.Ok) return 31;                     // closed
            Channels.Close(far);
            Channels.Close(loopIn);
            Channels.Close(loopOut);
            return 0;
        }
    }
}
