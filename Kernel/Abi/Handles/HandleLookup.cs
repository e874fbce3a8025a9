namespace Sing.Kernel.Abi
{
    internal enum HandleLookupKind
    {
        Table,
        Mmu,
        Hash,
    }

    /// <summary>Which structure finds a handle's object, chosen once at boot by the kernel option
    /// <c>handles=table|mmu|hash</c> (default table) before any process exists: every process's table is of that
    /// kind. A value the kernel does not know stops the boot with the list of the known ones.</summary>
    internal static class HandleLookup
    {
        public static HandleLookupKind Kind { get; private set; }

        public static string Name => Kind switch
        {
            HandleLookupKind.Mmu => "mmu",
            HandleLookupKind.Hash => "hash",
            _ => "table",
        };

        /// <summary>For the boot banner.</summary>
        public static string Description => Kind switch
        {
            HandleLookupKind.Mmu => "each process's entries in a 2 MiB window the MMU maps (seed 003)",
            HandleLookupKind.Hash => "one hash table of 1021 buckets for all processes (seed 003's comparison)",
            _ => "an array per process indexed by slot",
        };

        public static void Select()
        {
            string option = Boot.KernelOptions.Get("handles");
            if (option == null || option == "table") Kind = HandleLookupKind.Table;
            else if (option == "mmu") Kind = HandleLookupKind.Mmu;
            else if (option == "hash") Kind = HandleLookupKind.Hash;
            else Diagnostics.Panic.Halt(string.Concat("kernel option handles=", option, ": unknown handle lookup (known: table, mmu, hash)"));
            if (Kind == HandleLookupKind.Mmu) HandleWindow.Initialize();
            if (Kind == HandleLookupKind.Hash) HashHandleTable.Initialize();
        }
    }
}
