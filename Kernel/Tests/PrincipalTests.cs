using Sing.Kernel.Channels;
using Sing.Kernel.Processes;
using Sing.Kernel.Security;
using Sing.Kernel.Threading;
using Singularity.V1;

namespace Sing.Kernel.Tests
{
    /// <summary>Compound principals (001 §3.6): what the kernel records for each process, writes on channels at
    /// bind, and gives back when processes and endpoints go.</summary>
    internal static unsafe class PrincipalTests
    {
        private const string Hello = "singularity-project/hello";

        private static KernelProcess Create(TestContext t, KernelProcess parent, string role)
        {
            AbiStatus status = ProcessManager.Create("hello", "", parent, role, out KernelProcess p, out string error);
            if (status != AbiStatus.Ok) t.Fail(string.Concat("cannot create hello: ", error));
            return p;
        }

        /// <summary>A child's principal is its creator's chain and its own link; it keeps its creator's role unless one
        /// was chosen, and its own children inherit the chosen one.</summary>
        public static void ChildrenExtendTheChainAndInheritTheRole(TestContext t)
        {
            KernelProcess root = Create(t, null, null);
            KernelProcess same = root == null ? null : Create(t, root, null);
            KernelProcess alice = root == null ? null : Create(t, root, "alice");
            KernelProcess grandchild = alice == null ? null : Create(t, alice, null);
            if (grandchild == null) return;
            t.Equal(Hello + "@system", root.Principal, "the kernel's child runs as system");
            t.Equal(Hello + "@system+" + Hello + "@system", same.Principal, "a child: its creator's chain, then its own link");
            t.Equal(Hello + "@system+" + Hello + "@alice", alice.Principal, "a chosen role");
            t.Equal(Hello + "@system+" + Hello + "@alice+" + Hello + "@alice", grandchild.Principal, "the chosen role is inherited");
            t.Equal("alice", grandchild.Role, "the grandchild's role");
            t.True(Singularity.Security.PrincipalName.Validate(grandchild.Principal) == null, "a well-formed principal");
            foreach (KernelProcess p in new[] { grandchild, alice, same, root }) ProcessManager.Terminate(p, 0, "principal test");
        }

        /// <summary>A role that is not a name is refused with the reason, and nothing is created.</summary>
        public static void BadRolesAreRefused(TestContext t)
        {
            int before = ProcessManager.LiveProcessCount;
            foreach (string role in new[] { "Alice", "al ice", "", "-x", "a@b", "a+b", new string('a', 65) })
            {
                AbiStatus status = ProcessManager.Create("hello", "", null, role, out KernelProcess p, out string error);
                t.True(status == AbiStatus.InvalidArgument && p == null, string.Concat("role \"", role, "\" refused"));
                t.True(error != null && error.Contains("role"), string.Concat("the refusal names the role: ", error ?? "(none)"));
            }
            t.Equal((ulong)before, (ulong)ProcessManager.LiveProcessCount, "no process was left behind");
        }

        /// <summary>The service's end of a bound channel speaks for the client (its whole chain), the client's end for
        /// the service; the connect request's inline identity is unchanged.</summary>
        public static void BindsCarryBothPrincipals(TestContext t)
        {
            Endpoint* serviceEnd = ProbeBinds(t, "/test/principals", "hang", out Endpoint* requests, out KernelProcess client);
            if (requests == null) return;
            if (serviceEnd != null)
            {
                t.Equal("singularity-project/channelprobe@system", PrincipalTable.TextOf(serviceEnd->Principal), "the service hears the client");
                string content = PrincipalTable.ContentOf(serviceEnd->Principal);
                t.True(content.StartsWith(ImageIntegrity.Prefix) && content.Length == 71, string.Concat("the client's code is named by its content hash: ", content));
                t.Equal(ProgramCatalog.Find("channelprobe").Content, content, "the hash the installer recorded for channelprobe");
                ulong flags = Scheduler.DisableInterrupts();
                Endpoint* clientEnd = serviceEnd->Peer;
                string heard = clientEnd == null ? "(closed)" : PrincipalTable.TextOf(clientEnd->Principal);
                Scheduler.RestoreInterrupts(flags);
                t.Equal(PrincipalTable.KernelPrincipal, heard, "the client hears the registering service (here the kernel)");
                Channel.CloseEndpoint(serviceEnd, null);
            }
            if (client != null)
            {
                ProcessManager.Terminate(client, 0, "principal test");
                t.True(client.Exited.WaitOne(30_000), "channelprobe ended");
            }
            Channel.CloseEndpoint(requests, null);
            NameService.RemoveDeadRegistrations();
        }

        /// <summary>A principal is its text and the content of the code its last link runs: two builds of one program
        /// (same text, different content) are two numbers, each given back on its own.</summary>
        public static void ContentTellsBuildsApart(TestContext t)
        {
            ulong flags = Scheduler.DisableInterrupts();
            int live = PrincipalTable.Live;
            int one = PrincipalTable.Acquire("test/build@system", "sha256:01");
            int other = PrincipalTable.Acquire("test/build@system", "sha256:02");
            int again = PrincipalTable.Acquire("test/build@system", "sha256:01");
            string oneContent = PrincipalTable.ContentOf(one), otherContent = PrincipalTable.ContentOf(other);
            PrincipalTable.Release(one);
            PrincipalTable.Release(again);
            PrincipalTable.Release(other);
            int after = PrincipalTable.Live;
            Scheduler.RestoreInterrupts(flags);
            t.True(one != other, "two contents, two numbers");
            t.Equal((ulong)one, (ulong)again, "the same pair, the same number");
            t.Equal("sha256:01", oneContent, "the first build's content");
            t.Equal("sha256:02", otherContent, "the second build's content");
            t.Equal((ulong)live, (ulong)after, "both numbers were given back");
        }

        /// <summary>The kernel runs an image only when it hashes to what the installer recorded in the system manifest;
        /// a changed image, or a program with no recorded hash, is refused with the reason and nothing is created.</summary>
        public static void ImagesAreCheckedAgainstTheInstaller(TestContext t)
        {
            Singularity.Manifests.ProgramManifest hello = ProgramCatalog.Find("hello");
            t.True(hello.ImageHash.StartsWith(ImageIntegrity.Prefix), string.Concat("the system manifest records hello's image hash: ", hello.ImageHash));
            int before = ProcessManager.LiveProcessCount;
            string flipped = hello.ImageHash.Substring(0, hello.ImageHash.Length - 1) + (hello.ImageHash[hello.ImageHash.Length - 1] == '0' ? "1" : "0");
            foreach (string recorded in new[] { flipped, "" })
            {
                ProgramCatalog.Install(new Singularity.Manifests.ProgramManifest { Name = "hello-changed", Kind = "application", Image = "hello", ImageHash = recorded, Content = hello.Content });
                AbiStatus status = ProcessManager.Create("hello-changed", "", null, out KernelProcess p, out string error);
                t.True(status == AbiStatus.BadImage && p == null, string.Concat("refused with BadImage (recorded \"", recorded, "\")"));
                string expected = recorded.Length == 0 ? "records no hash" : string.Concat("hashes to ", hello.ImageHash, " but the installer recorded ", flipped);
                t.True(error != null && error.Contains(expected), string.Concat("the reason: ", error ?? "(none)"));
            }
            t.Equal((ulong)before, (ulong)ProcessManager.LiveProcessCount, "nothing was created");
            AbiStatus ok = ProcessManager.Create("hello", "", null, out KernelProcess real, out string realError);
            t.True(ok == AbiStatus.Ok, string.Concat("the installed hello still starts: ", realError ?? "ok"));
            if (real != null)
            {
                t.Equal(hello.Content, real.Content, "a process's content is its program's");
                ProcessManager.Terminate(real, 0, "image test");
            }
        }

        /// <summary>Registers <paramref name="path"/> (null <paramref name="requests"/> when it cannot), starts channelprobe
        /// with "<paramref name="verb"/> PATH" and takes its bind: the service's end of the channel, or null.</summary>
        private static Endpoint* ProbeBinds(TestContext t, string path, string verb, out Endpoint* requests, out KernelProcess client)
        {
            client = null;
            if (NameService.Register(null, path, null, out requests) != AbiStatus.Ok)
            {
                t.Fail("cannot register " + path);
                requests = null;
                return null;
            }
            client = ChannelTests.Start(t, string.Concat(verb, " ", path));
            ChannelMessage m = default;
            AbiStatus status = Channel.Receive(Scheduler.Current, requests, 30_000, &m);
            bool arrived = status == AbiStatus.Ok && m.Tag == NameService.ConnectRequestTag && m.Endpoint != null;
            t.True(arrived, "the bind arrived");
            return arrived ? (Endpoint*)m.Endpoint : null;
        }

        /// <summary>Delegation (001 §3.6): an endpoint passed plainly keeps speaking for its binder; one its holder
        /// delegated gains its receiver's link in the principal its peer records (the far side sees the chain), once per
        /// delegation; a stale handle or a closed channel cannot be delegated; the numbers are given back.</summary>
        public static void DelegationAddsTheReceiver(TestContext t)
        {
            ulong flags = Scheduler.DisableInterrupts();
            int before = PrincipalTable.Live;
            Scheduler.RestoreInterrupts(flags);

            // In the kernel: a receiver in another role appears as the chain's last link.
            KernelProcess bob = Create(t, null, "bob");
            if (bob != null && Channel.Create(null, 2, out Endpoint* imp, out Endpoint* exp) == AbiStatus.Ok)
            {
                flags = Scheduler.DisableInterrupts();
                int unchanged = exp->PrincipalChanges;
                Delegation.Mark(imp);
                Delegation.Received(imp, bob);
                string seen = PrincipalTable.TextOf(exp->Principal);
                string seenContent = PrincipalTable.ContentOf(exp->Principal);
                int changed = exp->PrincipalChanges;
                Delegation.Received(imp, bob);   // not marked again: no second link
                string again = PrincipalTable.TextOf(exp->Principal);
                int still = exp->PrincipalChanges;
                Scheduler.RestoreInterrupts(flags);
                t.Equal(PrincipalTable.KernelPrincipal + "+" + Hello + "@bob", seen, "the peer's end names the holder's chain, then the receiver");
                t.Equal(seen, again, "one delegation adds one link");
                t.Equal(bob.Content, seenContent, "the content is the receiver's code, the chain's last link");
                t.Equal(0, (ulong)unchanged, "a new channel's record has not changed");
                t.Equal(1, (ulong)changed, "a delegation counts one change (ChannelPrincipalChanges)");
                t.Equal(1, (ulong)still, "a receive that adds no link counts none");
                Channel.CloseEndpoint(imp, null);
                Channel.CloseEndpoint(exp, null);
            }
            if (bob != null) ProcessManager.Terminate(bob, 0, "principal test");

            // Through the ABI: channelprobe passes its end of a bound channel to itself, plainly, then delegated.
            Endpoint* serviceEnd = ProbeBinds(t, "/test/delegation", "delegate", out Endpoint* requests, out KernelProcess client);
            if (requests == null) return;
            if (serviceEnd != null)
            {
                const string Probe = "singularity-project/channelprobe@system";
                for (int round = 1; round <= 2; round++)
                {
                    ChannelMessage data = default;
                    AbiStatus status = Channel.Receive(Scheduler.Current, serviceEnd, 30_000, &data);
                    t.True(status == AbiStatus.Ok && *(long*)data.Inline == round, string.Concat("message ", round.ToString(), " arrived (", status.ToString(), ")"));
                    flags = Scheduler.DisableInterrupts();
                    string heard = PrincipalTable.TextOf(serviceEnd->Principal);
                    Scheduler.RestoreInterrupts(flags);
                    t.Equal(round == 1 ? Probe : Probe + "+" + Probe, heard, round == 1 ? "passed plainly: the binder alone" : "delegated: the binder, then the receiver");
                    ChannelMessage answer = default;
                    answer.Tag = 2;
                    answer.InlineLength = 8;
                    *(long*)answer.Inline = round;
                    t.True(Channel.Send(null, serviceEnd, &answer) == AbiStatus.Ok, "the answer was sent");
                }
            }
            if (client != null)
            {
                t.True(client.Exited.WaitOne(30_000), "channelprobe ended");
                t.Equal(0, (ulong)client.ExitCode, "channelprobe's delegation checks (80-87 name the failed step)");
            }
            if (serviceEnd != null) Channel.CloseEndpoint(serviceEnd, null);
            Channel.CloseEndpoint(requests, null);
            NameService.RemoveDeadRegistrations();
            flags = Scheduler.DisableInterrupts();
            int after = PrincipalTable.Live;
            Scheduler.RestoreInterrupts(flags);
            t.Equal((ulong)before, (ulong)after, "principal numbers in use before and after");
        }

        /// <summary>A namespace rule's register= and bind= patterns (the policy's) decide by principal: a program whose
        /// principal matches none is refused (NotPermitted) and nothing is registered.</summary>
        public static unsafe void NamespacePatternsDecideByPrincipal(TestContext t)
        {
            var rules = ProgramCatalog.Manifest.Namespaces;
            var rule = new Singularity.Manifests.NamespaceRule
            {
                Prefix = "/test/guarded/", Kinds = new[] { "application" }, Register = "@alice @carol", Bind = "^*/hello@alice",
            };
            rules.Add(rule);
            KernelProcess bob = Create(t, null, "bob");
            KernelProcess alice = Create(t, null, "alice");
            if (bob != null && alice != null)
            {
                t.True(NameService.Register(bob, "/test/guarded/x", out Endpoint* refused) == AbiStatus.NotPermitted && refused == null, "bob may not register");
                t.True(!NameService.IsRegistered("/test/guarded/x"), "nothing was registered");
                t.True(NameService.Register(alice, "/test/guarded/x", out Endpoint* requests) == AbiStatus.Ok, "alice may register");
                t.True(NameService.Bind(bob, "/test/guarded/x", out Endpoint* none) == AbiStatus.NotPermitted && none == null, "bob may not bind");
                AbiStatus bound = NameService.Bind(alice, "/test/guarded/x", out Endpoint* client);
                t.True(bound == AbiStatus.Ok, string.Concat("alice may bind: ", bound.ToString()));
                if (client != null) Channel.CloseEndpoint(client, alice);
                if (requests != null) Channel.CloseEndpoint(requests, alice);
                NameService.RemoveDeadRegistrations();
            }
            rules.Remove(rule);
            t.True(NameService.Bind(bob, "/test/guarded/x", out _) == AbiStatus.NotFound, "without the rule bob's bind reaches the lookup");
            if (alice != null) ProcessManager.Terminate(alice, 0, "principal test");
            if (bob != null) ProcessManager.Terminate(bob, 0, "principal test");
        }

        /// <summary>Every principal number a run took is given back when its processes and endpoints are gone: a program
        /// that creates channels and children in a loop cannot fill the table.</summary>
        public static void NumbersAreGivenBack(TestContext t)
        {
            ulong flags = Scheduler.DisableInterrupts();
            int before = PrincipalTable.Live;
            Scheduler.RestoreInterrupts(flags);
            for (int round = 0; round < 3; round++)
            {
                KernelProcess root = Create(t, null, "bob");
                KernelProcess child = root == null ? null : Create(t, root, "carol");
                if (child == null) return;
                flags = Scheduler.DisableInterrupts();
                int number = PrincipalTable.Of(child);
                Scheduler.RestoreInterrupts(flags);
                t.Equal(child.Principal, PrincipalTable.TextOf(number), "the number names the child's principal");
                ProcessManager.Terminate(child, 0, "principal test");
                ProcessManager.Terminate(root, 0, "principal test");
            }
            // A SIP that makes channels, sends endpoints and closes them, then exits.
            int code = ProcessTests.Run(t, "channelprobe", "call-checks");
            t.Equal(0, (ulong)code, "channelprobe's call checks");
            flags = Scheduler.DisableInterrupts();
            int after = PrincipalTable.Live;
            Scheduler.RestoreInterrupts(flags);
            t.Equal((ulong)before, (ulong)after, "principal numbers in use before and after");
        }
    }
}
