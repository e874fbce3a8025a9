using Sing.Kernel.Channels;
using Sing.Kernel.Hardware;
using Sing.Kernel.Memory;
using Sing.Kernel.Processes;
using Singularity.Manifests;
using Singularity.V1;

namespace Sing.Kernel.Tests
{
    /// <summary>The kernel's half of manifest-based programs: what the installer composed is what the kernel runs;
    /// arguments, endpoints and hardware are checked against the manifest before a process exists, and a refusal
    /// leaves nothing behind.</summary>
    internal static unsafe class ManifestTests
    {
        /// <summary>Pages and exchange-heap bytes, to prove a refusal or a teardown returns everything.</summary>
        private struct Usage
        {
            public ulong Pages, Exchange;

            public static Usage Now() => new Usage { Pages = ProcessTests.SettledUsedPages(), Exchange = ExchangeHeap.BytesLive };
        }

        private static void ExpectUnchanged(TestContext t, Usage before, string what)
        {
            t.Equal(before.Pages, ProcessTests.UsedPagesBackTo(before.Pages), string.Concat(what, ": pages back"));
            t.Equal(before.Exchange, ExchangeHeap.BytesLive, string.Concat(what, ": exchange heap back"));
        }

        private static void Refused(TestContext t, string program, string arguments, AbiStatus expected, string reason)
        {
            Usage before = Usage.Now();
            AbiStatus status = ProcessManager.Create(program, arguments, null, out KernelProcess p, out string error);
            t.Equal((ulong)expected, (ulong)status, string.Concat(program, " ", arguments, ": status"));
            t.True(p == null, string.Concat(program, " ", arguments, " is refused"));
            t.True(error != null && BootTests.Contains(error, reason), string.Concat(program, ": the reason says '", reason, "' (got: ", error ?? "null", ")"));
            ExpectUnchanged(t, before, program);
        }

        private static KernelProcess Created(TestContext t, string program, string arguments)
        {
            AbiStatus status = ProcessManager.Create(program, arguments, null, out KernelProcess p, out string error);
            if (status != AbiStatus.Ok) t.Fail(string.Concat("cannot create ", program, ": ", error));
            return p;
        }

        /// <summary>A test program: hello's image under another manifest.</summary>
        private static ProgramManifest Install(string name, string kind)
        {
            var manifest = new ProgramManifest { Name = name, Kind = kind, Image = "hello" };
            ProgramCatalog.Install(manifest);
            return manifest;
        }

        public static void CatalogListsInstalledPrograms(TestContext t)
        {
            t.True(ProgramCatalog.Manifest.Programs.Count >= 6, "the system manifest lists the image's programs");
            ProgramManifest hello = ProgramCatalog.Find("hello");
            t.True(hello != null && hello.Kind == "application" && hello.FindParameter("count") != null, "hello: an application with a count parameter");
            ProgramManifest rtc = ProgramCatalog.Find("rtc");
            HardwareResource ports = rtc?.FindResource("registers");
            t.True(rtc != null && rtc.Kind == "driver" && rtc.HasPrivilege("hardware"), "rtc: a driver with the hardware privilege");
            t.True(ports != null && ports.Kind == ResourceKind.IoPorts && ports.Base == 0x70 && ports.Length == 2, "rtc: ports 0x70-0x71");
            t.True(ProgramCatalog.Find("shell")?.HasPrivilege("console") == true, "the shell may use the console");
            t.True(ProgramCatalog.Manifest.RuleFor("/dev/rtc")?.Allows("driver") == true, "/dev/ is for drivers");
        }

        public static void ArgumentsBoundToParameters(TestContext t)
        {
            Usage before = Usage.Now();
            KernelProcess p = Created(t, "hello", "\"Ann Lee\" --count 3");
            if (p == null) return;
            t.Equal("Ann Lee", CommandLine.Find(p.Parameters, "name")?.Value, "positional string, quoted");
            t.Equal("3", CommandLine.Find(p.Parameters, "count")?.Value, "--count 3");
            ProcessManager.Terminate(p, 0, null);
            KernelProcess q = Created(t, "hello", "");
            if (q == null) return;
            t.Equal("1", CommandLine.Find(q.Parameters, "count")?.Value, "the manifest's default fills an absent parameter");
            ProcessManager.Terminate(q, 0, null);
            ExpectUnchanged(t, before, "created and ended unstarted");
        }

        public static void BadArgumentsRefused(TestContext t)
        {
            Refused(t, "hello", "--count x", AbiStatus.InvalidArgument, "expects int32, got 'x'");
            Refused(t, "hello", "--count 99999999999", AbiStatus.InvalidArgument, "expects int32");
            Refused(t, "hello", "--bogus 1", AbiStatus.InvalidArgument, "unknown parameter --bogus");
            Refused(t, "hello", "--count 1 --count 2", AbiStatus.InvalidArgument, "given twice");
            Refused(t, "hello", "\"unterminated", AbiStatus.InvalidArgument, "unterminated quote");
            Refused(t, "no-such-program", "", AbiStatus.NotFound, "no code runs without a manifest");
        }

        public static void UnboundEndpointRefused(TestContext t)
        {
            ProgramManifest client = Install("test-lonely-client", "application");
            client.Endpoints.Add(new EndpointInfo { Name = "echo", Contract = "Test.Echo", Side = "Imp", State = "Start", Bind = "/service/test-nobody" });
            Refused(t, "test-lonely-client", "", AbiStatus.NotFound, "binds /service/test-nobody, where no service is registered");
        }

        public static void BinderChecksContracts(TestContext t)
        {
            Usage before = Usage.Now();
            ProgramManifest server = Install("test-echo-server", "service");
            server.Endpoints.Add(new EndpointInfo { Name = "requests", Contract = "Test.Echo", Side = "Exp", State = "Start", Register = "/service/test-echo" });
            ProgramManifest wrong = Install("test-wrong-client", "application");
            wrong.Endpoints.Add(new EndpointInfo { Name = "echo", Contract = "Test.Other", Side = "Imp", State = "Start", Bind = "/service/test-echo" });
            ProgramManifest right = Install("test-right-client", "application");
            right.Endpoints.Add(new EndpointInfo { Name = "echo", Contract = "Test.Echo", Side = "Imp", State = "Start", Bind = "/service/test-echo" });

            KernelProcess service = Created(t, "test-echo-server", "");
            if (service == null) return;
            t.True(NameService.IsRegistered("/service/test-echo") && service.StartupEndpoints.ContainsKey("requests"), "the binder registered the service's path");
            Refused(t, "test-echo-server", "", AbiStatus.NameInUse, "already registered");
            Refused(t, "test-wrong-client", "", AbiStatus.InvalidArgument, "expects contract Test.Other but the service at /service/test-echo speaks Test.Echo");
            KernelProcess client = Created(t, "test-right-client", "");
            t.True(client != null && client.StartupEndpoints.ContainsKey("echo"), "a client of the right contract gets its endpoint");
            if (client != null) ProcessManager.Terminate(client, 0, null);
            ProcessManager.Terminate(service, 0, null);
            t.True(!NameService.IsRegistered("/service/test-echo"), "the name goes with the service");
            ExpectUnchanged(t, before, "server and client ended");
        }

        public static void NamespaceConventionEnforced(TestContext t)
        {
            ProgramManifest app = Install("test-fake-device", "application");
            app.Endpoints.Add(new EndpointInfo { Name = "dev", Contract = "Test.Dev", Side = "Exp", State = "Start", Register = "/dev/test-fake" });
            Refused(t, "test-fake-device", "", AbiStatus.NotPermitted, "names under /dev/ are for driver programs, not application");
        }

        private static ProgramManifest Driver(string name, ResourceKind kind, ulong first, ulong length, bool shared = false, bool privileged = true)
        {
            ProgramManifest driver = Install(name, "driver");
            if (privileged) driver.Privileges.Add("hardware");
            driver.Resources.Add(new HardwareResource { Kind = kind, Name = "r", Base = first, Length = length, Shared = shared });
            return driver;
        }

        public static void HardwareGrantsAreExclusive(TestContext t)
        {
            Usage before = Usage.Now();
            int granted = ResourceGrants.Count;
            Driver("test-ports-a", ResourceKind.IoPorts, 0x300, 8);
            Driver("test-ports-b", ResourceKind.IoPorts, 0x304, 2);
            Driver("test-com1", ResourceKind.IoPorts, 0x3F8, 1);
            Driver("test-unprivileged", ResourceKind.IoPorts, 0x310, 1, privileged: false);
            Driver("test-irq-a", ResourceKind.Irq, 11, 1, shared: true);
            Driver("test-irq-b", ResourceKind.Irq, 11, 1, shared: true);

            KernelProcess a = Created(t, "test-ports-a", "");
            Refused(t, "test-ports-b", "", AbiStatus.NotPermitted, "I/O ports 0x304-0x305 is held by test-ports-a");
            Refused(t, "test-com1", "", AbiStatus.NotPermitted, "which the kernel keeps (com1)");
            Refused(t, "test-unprivileged", "", AbiStatus.NotPermitted, "not the hardware privilege");
            if (a != null) ProcessManager.Terminate(a, 0, null);
            KernelProcess b = Created(t, "test-ports-b", "");
            t.True(b != null, "ports come free when their holder ends");
            if (b != null) ProcessManager.Terminate(b, 0, null);
            KernelProcess irqA = Created(t, "test-irq-a", "");
            KernelProcess irqB = Created(t, "test-irq-b", "");
            t.True(irqA != null && irqB != null, "a line both declare shareable is granted to both");
            if (irqA != null) ProcessManager.Terminate(irqA, 0, null);
            if (irqB != null) ProcessManager.Terminate(irqB, 0, null);
            t.Equal((ulong)granted, (ulong)ResourceGrants.Count, "every grant returned");
            ExpectUnchanged(t, before, "drivers ended");
        }

        /// <summary>Claims the installer refuses (Runtime/Manifest/MachineResources.cs) are refused again at grant
        /// time, with the reason, and no table is indexed with an unchecked line or vector.</summary>
        public static void ClaimsBeyondTheMachineRefused(TestContext t)
        {
            Usage before = Usage.Now();
            int granted = ResourceGrants.Count;
            Driver("test-irq-16", ResourceKind.Irq, 16, 1);
            Driver("test-irq-huge", ResourceKind.Irq, 0xFFFF_FFFF_0000_0020, 1);
            Driver("test-irq-timer", ResourceKind.Irq, 0, 1, shared: true);
            Driver("test-pit-ports", ResourceKind.IoPorts, 0x43, 1);
            Driver("test-ports-wrap", ResourceKind.IoPorts, 0xFFFF, 2);
            Driver("test-dma-cascade", ResourceKind.Dma, 4, 1);
            Driver("test-dma-9", ResourceKind.Dma, 9, 1);
            Driver("test-kernel-image", ResourceKind.Memory, 0x100000, 0x1000);
            Driver("test-all-memory", ResourceKind.Memory, 0, ulong.MaxValue);
            Driver("test-io-apic", ResourceKind.Memory, 0xFEC0_0000, 0x10);
            Driver("test-vga", ResourceKind.Memory, 0xB8000, 0x1000);
            Refused(t, "test-irq-16", "", AbiStatus.NotPermitted, "IRQ 16 is not an interrupt line of this machine");
            Refused(t, "test-irq-huge", "", AbiStatus.NotPermitted, "is not an interrupt line of this machine");
            Refused(t, "test-irq-timer", "", AbiStatus.NotPermitted, "which the kernel keeps (timer)");
            Refused(t, "test-pit-ports", "", AbiStatus.NotPermitted, "which the kernel keeps (pit)");
            Refused(t, "test-ports-wrap", "", AbiStatus.NotPermitted, "outside the I/O port space");
            Refused(t, "test-dma-cascade", "", AbiStatus.NotPermitted, "which the kernel keeps (dma-cascade)");
            Refused(t, "test-dma-9", "", AbiStatus.NotPermitted, "is not a DMA channel of this machine");
            Refused(t, "test-kernel-image", "", AbiStatus.NotPermitted, "is not device memory");
            Refused(t, "test-all-memory", "", AbiStatus.NotPermitted, "outside the first 4 GiB");
            Refused(t, "test-io-apic", "", AbiStatus.NotPermitted, "which the kernel keeps (io-apic)");
            t.True(PageAllocator.OverlapsRam(0x100000, 1) && !PageAllocator.OverlapsRam(0xB8000, 0x1000), "the boot map's RAM is RAM, the VGA window is not");
            KernelProcess vga = Created(t, "test-vga", "");
            t.True(vga != null, "device memory in the legacy window is granted");
            if (vga != null) ProcessManager.Terminate(vga, 0, null);
            t.Equal((ulong)granted, (ulong)ResourceGrants.Count, "every grant returned");
            t.True(!Sing.Kernel.Arch.InterruptController.Mask(Sing.Kernel.Arch.InterruptController.Lines) && !Sing.Kernel.Arch.InterruptController.Unmask(ulong.MaxValue), "the controller refuses lines it does not have");
            t.True(!Sing.Kernel.Arch.Interrupts.SetIrqHandler((ulong)Sing.Kernel.Arch.InterruptController.Lines, null) && !Sing.Kernel.Arch.Interrupts.SetHandler(256, null)
                && !Sing.Kernel.Arch.Interrupts.SetHandler(-1, null), "the handler table refuses numbers outside it");
            ExpectUnchanged(t, before, "refused drivers");
        }

        public static void HardwareHandlesAreTyped(TestContext t)
        {
            Driver("test-typed", ResourceKind.IoPorts, 0x320, 4);
            KernelProcess p = Created(t, "test-typed", "");
            if (p == null) return;
            ulong handle = p.Grants[0].Handle;
            t.Equal((ulong)AbiStatus.Ok, (ulong)p.Handles.Resolve(handle, HandleType.IoPorts, out GrantedResource g), "the port handle resolves as ports");
            t.True(g != null && g.Resource.Base == 0x320, "to the granted range");
            t.Equal((ulong)AbiStatus.WrongHandleType, (ulong)p.Handles.Resolve(handle, HandleType.Irq, out GrantedResource _), "not as an interrupt line");
            t.Equal((ulong)AbiStatus.WrongHandleType, (ulong)p.Handles.Resolve(handle ^ (1UL << 56), HandleType.Irq, out GrantedResource _), "a forged type byte is refused");
            ProcessManager.Terminate(p, 0, null);
            t.Equal(0, (ulong)p.Handles.Count, "handles go with the process");
        }
    }
}
