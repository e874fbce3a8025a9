namespace Sing.Kernel.Tests
{
    internal static unsafe partial class KernelTestRegistry
    {
        /// <summary>The garbage collector of the kernel's object space.</summary>
        private static KernelTest[] Collector() => new[]
        {
            new KernelTest("gc.unreachable_objects_are_reclaimed", &GCTests.UnreachableObjectsAreReclaimed),
            new KernelTest("gc.roots_keep_objects_alive", &GCTests.RootsKeepObjectsAlive),
            new KernelTest("gc.large_objects_are_returned", &GCTests.LargeObjectsAreReturned),
            new KernelTest("gc.value_type_arrays_with_references", &GCTests.ValueTypeArraysWithReferences),
            new KernelTest("gc.interior_pointers_keep_objects_alive", &GCTests.InteriorPointersKeepObjectsAlive),
            new KernelTest("gc.header_addresses_keep_objects_alive", &GCTests.HeaderAddressesKeepObjectsAlive),
            new KernelTest("gc.stress_random_graphs", &GCTests.StressRandomGraphs),
            new KernelTest("gc.collection_in_a_fault_handler", &GCTests.CollectionInAFaultHandler),
        };
    }
}
