namespace Sing.Kernel.Tests
{
    internal static unsafe partial class KernelTestRegistry
    {
        /// <summary>The file system SIP over the block contract (RAM disk) and the /fs contract.</summary>
        private static KernelTest[] Storage() => new[]
        {
            new KernelTest("storage.file_operations_over_the_contract", &StorageTests.FileOperationsOverTheContract),
            new KernelTest("storage.applications_cannot_change_the_readonly_directory", &StorageTests.ApplicationsCannotChangeTheReadOnlyDirectory),
            new KernelTest("storage.hoarding_clients_stop_only_themselves", &StorageTests.HoardingClientsStopOnlyThemselves),
            new KernelTest("storage.killing_the_file_system_mid_io_closes_its_channels", &StorageTests.KillingTheFileSystemMidIoClosesItsChannels),
            new KernelTest("storage.no_device_means_a_clean_exit", &StorageTests.NoDeviceMeansACleanExit),
            new KernelTest("storage.connect_request_names_the_client", &StorageTests.ConnectRequestNamesTheClient),
            new KernelTest("storage.rebind_fails_the_request_in_flight", &ReconnectTests.FileSystemFailsTheRequestInFlight),
        };
    }
}
