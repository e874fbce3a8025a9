namespace Sing.Kernel.Tests
{
    internal static unsafe partial class KernelTestRegistry
    {
        /// <summary>Manifest-based programs: the catalog, parameter binding, the binder, hardware grants.</summary>
        private static KernelTest[] Manifests() => new[]
        {
            new KernelTest("manifests.catalog_lists_installed_programs", &ManifestTests.CatalogListsInstalledPrograms),
            new KernelTest("manifests.arguments_bound_to_parameters", &ManifestTests.ArgumentsBoundToParameters),
            new KernelTest("manifests.bad_arguments_refused", &ManifestTests.BadArgumentsRefused),
            new KernelTest("manifests.unbound_endpoint_refused", &ManifestTests.UnboundEndpointRefused),
            new KernelTest("manifests.binder_checks_contracts", &ManifestTests.BinderChecksContracts),
            new KernelTest("manifests.namespace_convention_enforced", &ManifestTests.NamespaceConventionEnforced),
            new KernelTest("hardware.grants_are_exclusive", &ManifestTests.HardwareGrantsAreExclusive),
            new KernelTest("hardware.handles_are_typed", &ManifestTests.HardwareHandlesAreTyped),
            new KernelTest("hardware.claims_beyond_the_machine_refused", &ManifestTests.ClaimsBeyondTheMachineRefused),
            new KernelTest("hardware.pci_bus_enumerated", &PciTests.BusEnumerated),
            new KernelTest("hardware.pci_ecam_agrees_with_ports", &PciTests.EcamAgreesWithPorts),
            new KernelTest("hardware.pci_driver_gets_its_device", &PciDriverTests.DriverGetsItsDevice),
            new KernelTest("hardware.pci_unmatched_signature_refused", &PciDriverTests.UnmatchedSignatureRefused),
        };
    }
}
