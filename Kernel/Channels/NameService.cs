using System.Collections.Generic;
using System.Text;
using Sing.Kernel.Processes;
using Sing.Kernel.Threading;
using Singularity.Manifests;
using Singularity.V1;

namespace Sing.Kernel.Channels
{
    /// <summary>The hierarchical namespace (/service/..., /dev/...). A service registers a path and receives an
    /// endpoint on which connection requests arrive; a client binds to the path and gets a fresh channel whose
    /// other end is delivered to the service in such a request. Watchers get a message for each new name under a
    /// prefix. The kernel holds its side of the registration and watch channels (owned by nobody).</summary>
    internal static unsafe class NameService
    {
        public const int ConnectRequestTag = 0x4E530001;   // Endpoint = the service's end of a new channel
        public const int NameAddedTag = 0x4E530002;        // Block = the new path as UTF-16 text
        private const int RequestQueue = 8;

        private static readonly Dictionary<string, ulong> s_names = new Dictionary<string, ulong>(); // path -> Endpoint*
        private static readonly Dictionary<string, string> s_contracts = new Dictionary<string, string>(); // path -> contract, when a manifest declared it
        private static readonly Dictionary<string, int> s_checked = new Dictionary<string, int>(); // path -> ContractChecker index its binds follow
        private static readonly List<string> s_watchPrefixes = new List<string>();
        private static readonly List<ulong> s_watchEndpoints = new List<ulong>();

        public static ulong Binds;

        /// <summary>Paths are absolute, '/'-separated, with non-empty segments of [a-z0-9._-].</summary>
        public static bool IsValidPath(string path)
        {
            if (path == null || path.Length < 2 || path.Length > 200 || path[0] != '/' || path[path.Length - 1] == '/') return false;
            for (int i = 1; i < path.Length; i++)
            {
                char c = path[i];
                if (c == '/' && path[i - 1] == '/') return false;
                if (!(c == '/' || c == '.' || c == '_' || c == '-' || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
            }
            return true;
        }

        public static AbiStatus Register(KernelProcess service, string path, out Endpoint* requests) => Register(service, path, null, out requests);

        /// <summary>Why <paramref name="service"/> may not register <paramref name="path"/> under the policy's naming
        /// rules (a namespace is reserved to the program kinds it lists, e.g. /dev/ to drivers), or null. The installer
        /// checks manifests against the same rules; this covers names registered at run time.</summary>
        public static string NamingRuleRefuses(KernelProcess service, string path)
        {
            if (service?.Manifest == null) return null;   // the kernel's own registrations
            var rule = ProgramCatalog.Manifest?.RuleFor(path);
            if (rule == null) return null;
            for (int i = 0; i < rule.Kinds.Length; i++)
                if (rule.Kinds[i] == service.Manifest.Kind) return PatternsRefuse(service, path, rule, rule.Register, rule.RegisterPatterns, "register");
            return string.Concat(service.Name, " (a ", service.Manifest.Kind, ") may not register ", path, ": names under ",
                rule.Prefix, " are for programs of kind ", string.Join(",", rule.Kinds));
        }

        /// <summary>Why <paramref name="who"/> may not bind <paramref name="path"/> under the policy's bind= patterns, or null.
        /// Only looked up when some rule has bind patterns: binds are frequent.</summary>
        private static string BindRefuses(KernelProcess who, string path)
        {
            Singularity.Manifests.SystemManifest manifest = ProgramCatalog.Manifest;
            if (who == null || manifest == null || !HasBindPatterns(manifest)) return null;
            var rule = manifest.RuleFor(path);
            return rule == null ? null : PatternsRefuse(who, path, rule, rule.Bind, rule.BindPatterns, "bind");
        }

        private static Singularity.Manifests.SystemManifest s_patternsOf;
        private static int s_patternsRules = -1;
        private static bool s_hasBindPatterns;

        /// <summary>Whether any namespace rule has bind= patterns (worked out again when the rules change).</summary>
        private static bool HasBindPatterns(Singularity.Manifests.SystemManifest manifest)
        {
            if (!ReferenceEquals(s_patternsOf, manifest) || s_patternsRules != manifest.Namespaces.Count)
            {
                bool any = false;
                for (int i = 0; i < manifest.Namespaces.Count; i++) any |= manifest.Namespaces[i].Bind != null;
                s_hasBindPatterns = any;
                s_patternsOf = manifest;
                s_patternsRules = manifest.Namespaces.Count;
            }
            return s_hasBindPatterns;
        }

        /// <summary>Null when <paramref name="who"/>'s principal matches one of <paramref name="patterns"/> (the rule's
        /// parsed <paramref name="text"/>, Runtime/Security/README.md; null: no patterns, anyone), else why not.</summary>
        private static string PatternsRefuse(KernelProcess who, string path, Singularity.Manifests.NamespaceRule rule, string text,
            Singularity.Security.PrincipalPattern[] patterns, string verb)
        {
            if (patterns == null) return null;
            for (int i = 0; i < patterns.Length; i++)
                if (patterns[i].Matches(who.Principal)) return null;
            return string.Concat(who.Name, " (pid ", who.Id.ToString(), ") may not ", verb, " ", path, ": its principal ", who.Principal,
                " matches none of the patterns for names under ", rule.Prefix, " (", text, ")");
        }

        /// <summary>Registers <paramref name="path"/> for <paramref name="service"/>; <paramref name="contract"/> is the
        /// contract its manifest declares for it (null when registered at run time without one). The tables change
        /// with interrupts off: other processes register, bind and die concurrently.</summary>
        public static AbiStatus Register(KernelProcess service, string path, string contract, out Endpoint* requests)
        {
            requests = null;
            if (!IsValidPath(path)) return AbiStatus.InvalidArgument;
            string refusal = NamingRuleRefuses(service, path);
            if (refusal != null)
            {
                if (service != null) service.LogRefusal(string.Concat("name refused: ", refusal));
                return AbiStatus.NotPermitted;
            }
            if (service != null && RegisteredBy(service) >= service.Limits.Names) return AbiStatus.QuotaExceeded;
            // Created and published in one interrupts-off section: a kill in between would leave two endpoints that
            // nobody owns and nothing names. The service's handle table gets room for its end's record first.
            ulong flags = Channel.RoomForEndpoints(service, 1);
            if (flags == Channel.NoRoom) return AbiStatus.QuotaExceeded;
            AbiStatus status = Channel.Create(null, RequestQueue, out Endpoint* kernelSide, out Endpoint* serviceSide);
            if (status != AbiStatus.Ok)
            {
                Scheduler.RestoreInterrupts(flags);
                return status;
            }
            Channel.ReceivesNothing(kernelSide);
            RemoveIfDead(path);
            if (s_names.ContainsKey(path)) status = AbiStatus.NameInUse;
            else
            {
                ExchangeHeap.TakeEndpointLocked((ExchangeHeap.Block*)((byte*)serviceSide - ExchangeHeap.HeaderBytes), service);
                // What arrives at the kernel's side comes from the service: its clients' ends take this principal.
                kernelSide->Principal = Security.PrincipalTable.Of(service);
                Security.PrincipalTable.AddRef(kernelSide->Principal);
                s_names[path] = (ulong)kernelSide;
                if (contract != null) s_contracts[path] = contract;
            }
            if (status != AbiStatus.Ok)
            {
                Channel.CloseEndpoint(serviceSide, null);
                Channel.CloseEndpoint(kernelSide, null);
            }
            Scheduler.RestoreInterrupts(flags);
            if (status != AbiStatus.Ok) return status;
            requests = serviceSide;
            Notify(path);
            return AbiStatus.Ok;
        }

        /// <summary>Live registrations whose service side <paramref name="process"/> owns.</summary>
        private static int RegisteredBy(KernelProcess process)
        {
            ulong flags = Scheduler.DisableInterrupts();
            int count = 0;
            foreach (var entry in s_names)
            {
                Endpoint* serviceSide = ((Endpoint*)entry.Value)->Peer;
                if (serviceSide != null && ExchangeHeap.IsOwnedBy(ExchangeHeap.HeaderOf(serviceSide), process)) count++;
            }
            Scheduler.RestoreInterrupts(flags);
            return count;
        }

        /// <summary>Creates a channel to the service at <paramref name="path"/>: the client's end is returned, the
        /// service's end is sent to the service as a connection request.</summary>
        public static AbiStatus Bind(KernelProcess client, string path, out Endpoint* clientSide)
        {
            clientSide = null;
            if (!IsValidPath(path)) return AbiStatus.InvalidArgument;
            string refusal = BindRefuses(client, path);
            if (refusal != null)
            {
                client.LogRefusal(string.Concat("bind refused: ", refusal));
                return AbiStatus.NotPermitted;
            }
            AbiStatus status = Channel.Create(client, Endpoint.MaxCapacity, out Endpoint* imp, out Endpoint* exp);
            if (status != AbiStatus.Ok) return status;
            ChannelMessage request = default;
            request.Tag = ConnectRequestTag;
            request.Endpoint = exp;
            WritePrincipal(client, &request);
            // Looked up and sent to with interrupts off: the service may die and its registration be closed meanwhile.
            ulong flags = Scheduler.DisableInterrupts();
            RemoveIfDead(path);
            if (!s_names.TryGetValue(path, out ulong registration)) status = AbiStatus.NotFound;
            // The kernel owns the registration side, so the client's ownership of exp is checked as the sender's;
            // on success exp travels (owned by nobody) to the service.
            else
            {
                // A registration whose service asked for checking gives every client a contract channel from the start.
                if (s_checked.TryGetValue(path, out int contract)) Channel.BindContract(imp, exp, contract);
                status = Channel.Send(client, (Endpoint*)registration, &request);
                // The client's end hears the service (the registration's principal); the service's end keeps the client's.
                if (status == AbiStatus.Ok) SpeaksFor(imp, ((Endpoint*)registration)->Principal);
            }
            Scheduler.RestoreInterrupts(flags);
            if (status != AbiStatus.Ok)
            {
                Channel.CloseEndpoint(exp, client);
                Channel.CloseEndpoint(imp, client);
                return status == AbiStatus.ChannelClosed ? AbiStatus.NotFound : status;
            }
            Binds++;
            clientSide = imp;
            return AbiStatus.Ok;
        }

        /// <summary>Makes the channels bound to the registration whose service side is <paramref name="requests"/> (owned by
        /// <paramref name="service"/>) follow <paramref name="contract"/>: later binds are created checked, and the requests
        /// already queued are checked now against what their clients sent so far. A client whose queued messages break
        /// the contract is ended (as its send would have ended it on a checked channel) and its request dropped, so the
        /// service never sees it. The contract must be the one the service's manifest declares for the name, if any;
        /// asking again with the same contract changes nothing, with another is InvalidState.</summary>
        public static AbiStatus CheckBinds(KernelProcess service, Endpoint* requests, int contract)
        {
            ContractChecker checker = ContractChecker.Get(contract);
            int* violators = stackalloc int[Endpoint.MaxCapacity];
            Endpoint** violatorEnds = stackalloc Endpoint*[Endpoint.MaxCapacity];
            int violatorCount = 0, endCount = 0;
            AbiStatus status = AbiStatus.Ok;
            string path = null, declared = null;
            ulong flags = Scheduler.DisableInterrupts();
            foreach (var entry in s_names)
                if (((Endpoint*)entry.Value)->Peer == requests) path = entry.Key;
            if (path == null) status = AbiStatus.InvalidArgument;   // not the service side of a registration
            else if (s_checked.TryGetValue(path, out int already)) status = already == contract ? AbiStatus.Ok : AbiStatus.InvalidState;
            else if (s_contracts.TryGetValue(path, out declared) && !ProgramManifest.SameContract(declared, checker.Name))
                status = AbiStatus.NotPermitted;
            else
            {
                s_checked[path] = contract;
                violatorCount = CheckQueuedRequests(requests, contract, violators, violatorEnds, out endCount);
            }
            Scheduler.RestoreInterrupts(flags);
            if (status == AbiStatus.NotPermitted)
                service.LogRefusal(string.Concat(service.Name, ": ", path, " is declared with contract ", declared, ", not ", checker.Name));
            for (int i = 0; i < violatorCount; i++)
            {
                KernelProcess client = ProcessManager.FindById(violators[i]);
                if (client != null) ProcessManager.Terminate(client, ExitCodes.KernelTerminated, string.Concat("protocol violation on a ", checker.Name,
                    " channel bound to ", path, ": a message sent before the service checked its binds is not allowed by the contract"));
            }
            // Closed only now: a violator that saw its channel close before it was ended would exit on its own.
            for (int i = 0; i < endCount; i++) Channel.CloseEndpoint(violatorEnds[i], null);
            return status;
        }

        /// <summary>Binds <paramref name="contract"/> to each channel waiting in the request queue at <paramref name="requests"/>
        /// and replays the messages its client already sent; the requests of clients that broke the contract leave the
        /// queue, their process ids go to <paramref name="violators"/> and their service ends (owned by nobody) to
        /// <paramref name="ends"/>, for the caller to close once the violators are ended. Interrupts off.</summary>
        private static int CheckQueuedRequests(Endpoint* requests, int contract, int* violators, Endpoint** ends, out int endCount)
        {
            endCount = 0;
            ContractChecker checker = ContractChecker.Get(contract);
            ChannelMessage* slots = Endpoint.SlotsOf(requests);
            var kept = stackalloc ChannelMessage[Endpoint.MaxCapacity];
            int keptCount = 0, violatorCount = 0;
            for (int i = 0; i < requests->Count; i++)
            {
                ChannelMessage request = slots[(requests->Head + i) % requests->Capacity];
                var serviceEnd = (Endpoint*)request.Endpoint;
                if (request.Tag != ConnectRequestTag || serviceEnd == null || serviceEnd->Contract >= 0 || FollowsContract(serviceEnd, checker, contract))
                {
                    kept[keptCount++] = request;
                    continue;
                }
                Endpoint* clientEnd = serviceEnd->Peer;
                int pid = clientEnd == null ? 0 : ExchangeHeap.HeaderOf(clientEnd)->OwnerPid;
                if (pid != 0) violators[violatorCount++] = pid;
                ends[endCount++] = serviceEnd;
            }
            for (int i = 0; i < keptCount; i++) slots[i] = kept[i];
            requests->Head = 0;
            requests->Count = keptCount;
            return violatorCount;
        }

        /// <summary>True (and the channel bound to the contract, the client's end in the state its sends reached) when
        /// the messages queued at <paramref name="serviceEnd"/>, all sent by the client, follow the contract.</summary>
        private static bool FollowsContract(Endpoint* serviceEnd, ContractChecker checker, int contract)
        {
            int state = checker.InitialState;
            ChannelMessage* queued = Endpoint.SlotsOf(serviceEnd);
            for (int i = 0; i < serviceEnd->Count && state >= 0; i++)
                state = checker.Next(state, queued[(serviceEnd->Head + i) % serviceEnd->Capacity].Tag, ContractChecker.ImporterSends);
            if (state < 0) return false;
            Channel.FollowContract(serviceEnd, contract, ContractChecker.ExporterSends, checker.InitialState);
            if (serviceEnd->Peer != null) Channel.FollowContract(serviceEnd->Peer, contract, ContractChecker.ImporterSends, state);
            return true;
        }

        /// <summary>Makes the messages arriving at <paramref name="e"/> speak for principal <paramref name="number"/>. Interrupts off.</summary>
        private static void SpeaksFor(Endpoint* e, int number)
        {
            Security.PrincipalTable.AddRef(number);
            Security.PrincipalTable.Release(e->Principal);
            e->Principal = number;
        }

        /// <summary>Principal kinds in a connect request (001 §3.6: a server knows which program is behind a channel).</summary>
        public const int PrincipalKernel = 0, PrincipalApplication = 1, PrincipalService = 2, PrincipalDriver = 3;
        public const int PrincipalNameBytes = ChannelMessage.InlineCapacity - 10;

        /// <summary>Fills the connect request's inline bytes with the client's identity, which only the kernel writes
        /// (the client never touches this message): [0..4) its manifest kind, [4..8) its process id, [8..10) the length
        /// of its program name, [10..40) the name's first 30 characters (ASCII; anything else as '?').</summary>
        private static void WritePrincipal(KernelProcess client, ChannelMessage* request)
        {
            request->InlineLength = ChannelMessage.InlineCapacity;
            byte* inline = request->Inline;
            string kind = client?.Manifest?.Kind;
            *(int*)inline = kind == "application" ? PrincipalApplication : kind == "service" ? PrincipalService
                : kind == "driver" ? PrincipalDriver : PrincipalKernel;
            *(int*)(inline + 4) = client == null ? 0 : client.Id;
            string name = client?.Name ?? "kernel";
            *(short*)(inline + 8) = (short)(name.Length > short.MaxValue ? short.MaxValue : name.Length);
            for (int i = 0; i < PrincipalNameBytes && i < name.Length; i++)
                inline[10 + i] = name[i] >= 0x20 && name[i] < 0x7F ? (byte)name[i] : (byte)'?';
        }

        public static bool IsRegistered(string path)
        {
            ulong flags = Scheduler.DisableInterrupts();
            RemoveIfDead(path);
            bool registered = s_names.ContainsKey(path);
            Scheduler.RestoreInterrupts(flags);
            return registered;
        }

        /// <summary>The contract the registering program's manifest declared for <paramref name="path"/>, or null.</summary>
        public static string ContractOf(string path)
        {
            ulong flags = Scheduler.DisableInterrupts();
            string contract = s_contracts.TryGetValue(path, out string c) ? c : null;
            Scheduler.RestoreInterrupts(flags);
            return contract;
        }

        /// <summary>Names under <paramref name="prefix"/>, one per line.</summary>
        public static string Enumerate(string prefix)
        {
            var names = new List<string>();
            ulong flags = Scheduler.DisableInterrupts();
            foreach (var entry in s_names)
                if (entry.Key.StartsWith(prefix) && ((Endpoint*)entry.Value)->Peer != null) names.Add(entry.Key);
            Scheduler.RestoreInterrupts(flags);
            names.Sort((a, b) => string.CompareOrdinal(a, b));
            var text = new StringBuilder();
            for (int i = 0; i < names.Count; i++)
            {
                if (i > 0) text.Append('\n');
                text.Append(names[i]);
            }
            return text.ToString();
        }

        /// <summary>Subscribes to new names under <paramref name="prefix"/>: each arrives as a NameAdded message.</summary>
        public static AbiStatus Watch(KernelProcess watcher, string prefix, out Endpoint* notifications)
        {
            notifications = null;
            if (watcher != null && WatchesOf(watcher) >= watcher.Limits.Watches) return AbiStatus.QuotaExceeded;
            ulong flags = Channel.RoomForEndpoints(watcher, 1);   // created and published together (see Register)
            if (flags == Channel.NoRoom) return AbiStatus.QuotaExceeded;
            AbiStatus status = Channel.Create(null, Endpoint.MaxCapacity, out Endpoint* kernelSide, out Endpoint* watcherSide);
            if (status != AbiStatus.Ok)
            {
                Scheduler.RestoreInterrupts(flags);
                return status;
            }
            Channel.ReceivesNothing(kernelSide);
            ExchangeHeap.TakeEndpointLocked((ExchangeHeap.Block*)((byte*)watcherSide - ExchangeHeap.HeaderBytes), watcher);
            s_watchPrefixes.Add(prefix);
            s_watchEndpoints.Add((ulong)kernelSide);
            Scheduler.RestoreInterrupts(flags);
            notifications = watcherSide;
            return AbiStatus.Ok;
        }

        private static int WatchesOf(KernelProcess process)
        {
            ulong flags = Scheduler.DisableInterrupts();
            int count = 0;
            for (int i = 0; i < s_watchEndpoints.Count; i++)
            {
                Endpoint* watcherSide = ((Endpoint*)s_watchEndpoints[i])->Peer;
                if (watcherSide != null && ExchangeHeap.IsOwnedBy(ExchangeHeap.HeaderOf(watcherSide), process)) count++;
            }
            Scheduler.RestoreInterrupts(flags);
            return count;
        }

        private static void Notify(string path)
        {
            ulong flags = Scheduler.DisableInterrupts();
            NotifyLocked(path);
            Scheduler.RestoreInterrupts(flags);
        }

        private static void NotifyLocked(string path)
        {
            PruneDeadWatchers();
            for (int i = 0; i < s_watchPrefixes.Count; i++)
            {
                var kernelSide = (Endpoint*)s_watchEndpoints[i];
                if (!path.StartsWith(s_watchPrefixes[i])) continue;
                byte* text = ExchangeHeap.Allocate((ulong)path.Length * 2, ExchangeHeap.Kind.Data, null);
                if (text == null) continue;
                for (int c = 0; c < path.Length; c++) ((char*)text)[c] = path[c];
                ChannelMessage added = default;
                added.Tag = NameAddedTag;
                added.InlineLength = 4;
                *(int*)added.Inline = path.Length;
                added.Block = text;
                if (Channel.Send(null, kernelSide, &added) != AbiStatus.Ok)
                    ExchangeHeap.Free((ExchangeHeap.Block*)(text - ExchangeHeap.HeaderBytes), null);
            }
        }

        /// <summary>Drops every registration and watch whose SIP side is gone (called when a process ends), so the
        /// kernel-held endpoints go back to the exchange heap.</summary>
        public static void RemoveDeadRegistrations()
        {
            var dead = new List<string>();
            ulong flags = Scheduler.DisableInterrupts();
            // To a fixed point: closing one kernel-held end drains its queue, and an endpoint that travelled there (a
            // registration's or a watch's other end, sent by a program) closes with it, leaving another end dead.
            bool changed = true;
            while (changed)
            {
                dead.Clear();
                foreach (var entry in s_names)
                    if (((Endpoint*)entry.Value)->Peer == null) dead.Add(entry.Key);
                for (int i = 0; i < dead.Count; i++) RemoveIfDead(dead[i]);
                changed = PruneDeadWatchers() | dead.Count > 0;
            }
            Scheduler.RestoreInterrupts(flags);
        }

        /// <summary>Drops watches whose watcher closed its end (or died). Interrupts off.</summary>
        private static bool PruneDeadWatchers()
        {
            bool pruned = false;
            for (int i = s_watchEndpoints.Count - 1; i >= 0; i--)
            {
                var kernelSide = (Endpoint*)s_watchEndpoints[i];
                if (kernelSide->Peer != null) continue;
                // Out of the list before it is closed (its queue is empty: the kernel's end of a watch takes no messages).
                s_watchPrefixes.RemoveAt(i);
                s_watchEndpoints.RemoveAt(i);
                Channel.CloseEndpoint(kernelSide, null);
                pruned = true;
                if (i > s_watchEndpoints.Count) i = s_watchEndpoints.Count;
            }
            return pruned;
        }

        /// <summary>A service that ended leaves a closed registration behind: drop it so the name can be reused.
        /// Interrupts off.</summary>
        private static void RemoveIfDead(string path)
        {
            if (!s_names.TryGetValue(path, out ulong registration)) return;
            var kernelSide = (Endpoint*)registration;
            if (kernelSide->Peer != null) return;
            s_names.Remove(path);
            s_contracts.Remove(path);
            s_checked.Remove(path);
            Channel.CloseEndpoint(kernelSide, null);
        }
    }
}
