using System.Runtime.InteropServices;
using Sing.Kernel.Processes;
using Sing.Kernel.Security;
using Sing.Kernel.Threading;
using Singularity.V1;

namespace Sing.Kernel.Abi
{
    // Principals group (001 §3.6): a process's compound principal and content hash, the principal an endpoint's messages
    // speak for and the content of the code at its end, and starting a program in a role (privilege roles: the login
    // program and su).
    internal static unsafe partial class AbiV1
    {
        public const string RolesPrivilege = "roles";

        private static void InitializePrincipals()
        {
            Table->CreateProcessInRole = &CreateProcessInRole;
            Table->ChannelPrincipal = &ChannelPrincipal;
            Table->GetPrincipal = &GetPrincipal;
            Table->ChannelDelegate = &ChannelDelegate;
            Table->ChannelPrincipalChanges = &ChannelPrincipalChanges;
            Table->ChannelContent = &ChannelContent;
            Table->GetContent = &GetContent;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus CreateProcessInRole(char* name, int nameLength, char* args, int argsLength, char* role, int roleLength, ProcessHandle* handle)
        {
            ulong mark = Enter();
            AbiStatus status;
            if (!CallerHolds(RolesPrivilege))
            {
                Caller.LogRefusal(string.Concat(Caller.Name, " may not choose the role of a program it starts: that needs the roles privilege"));
                status = AbiStatus.NotPermitted;
            }
            else if (roleLength <= 0 || roleLength > Singularity.Security.PrincipalName.MaxNameLength || !CallerMemory.Holds(role, roleLength, sizeof(char)))
                status = AbiStatus.InvalidArgument;
            else
            {
                string chosen = new string(role, 0, roleLength);
                string error = Singularity.Security.PrincipalName.NameError("role", chosen);
                if (error != null)
                {
                    Caller.LogRefusal(string.Concat(Caller.Name, ": ", error));
                    status = AbiStatus.InvalidArgument;
                }
                else status = CreateProcessCore(name, nameLength, args, argsLength, chosen, handle);
            }
            Leave(mark);
            return status;
        }

        [UnmanagedCallersOnly]
        private static int ChannelPrincipal(void* endpoint, char* buffer, int capacity) => CopyOutRecord(endpoint, buffer, capacity, content: false);

        [UnmanagedCallersOnly]
        private static int ChannelContent(void* endpoint, char* buffer, int capacity) => CopyOutRecord(endpoint, buffer, capacity, content: true);

        /// <summary>Copies out what an endpoint the caller owns records: the principal its messages speak for, or the
        /// content hash of the code at the end of that principal; -1 when the caller does not own it or the buffer is not its own.</summary>
        private static int CopyOutRecord(void* endpoint, char* buffer, int capacity, bool content)
        {
            ulong mark = Enter();
            string text = null;
            // Checked and read with interrupts off: another thread of the process may close or send the endpoint.
            ulong flags = Scheduler.DisableInterrupts();
            if (Channels.Channel.ValidateOwned(endpoint, Caller, out Channels.Endpoint* e) == AbiStatus.Ok)
                text = content ? PrincipalTable.ContentOf(e->Principal) : PrincipalTable.TextOf(e->Principal);
            Scheduler.RestoreInterrupts(flags);
            int length = text == null || (capacity > 0 && !CallerMemory.Holds(buffer, capacity, sizeof(char))) ? -1 : CopyOut(text, buffer, capacity);
            Leave(mark);
            return length;
        }

        [UnmanagedCallersOnly]
        private static int GetContent(char* buffer, int capacity)
        {
            ulong mark = Enter();
            int length = capacity > 0 && !CallerMemory.Holds(buffer, capacity, sizeof(char)) ? -1 : CopyOut(Caller.Content, buffer, capacity);
            Leave(mark);
            return length;
        }

        [UnmanagedCallersOnly]
        private static int ChannelPrincipalChanges(void* endpoint)
        {
            ulong mark = Enter();
            ulong flags = Scheduler.DisableInterrupts();
            int changes = Channels.Channel.ValidateOwned(endpoint, Caller, out Channels.Endpoint* e) == AbiStatus.Ok ? e->PrincipalChanges : -1;
            Scheduler.RestoreInterrupts(flags);
            Leave(mark);
            return changes;
        }

        [UnmanagedCallersOnly]
        private static int GetPrincipal(char* buffer, int capacity)
        {
            ulong mark = Enter();
            int length = capacity > 0 && !CallerMemory.Holds(buffer, capacity, sizeof(char)) ? -1 : CopyOut(Caller.Principal, buffer, capacity);
            Leave(mark);
            return length;
        }

        [UnmanagedCallersOnly]
        private static AbiStatus ChannelDelegate(void* endpoint)
        {
            ulong mark = Enter();
            // Checked and marked with interrupts off: another thread of the process may close or send the endpoint.
            ulong flags = Scheduler.DisableInterrupts();
            AbiStatus status = Channels.Channel.ValidateOwned(endpoint, Caller, out Channels.Endpoint* e);
            if (status == AbiStatus.Ok)
            {
                if (e->Peer == null) status = AbiStatus.ChannelClosed;
                else Delegation.Mark(e);
            }
            Scheduler.RestoreInterrupts(flags);
            Leave(mark);
            return status;
        }
    }
}
