using Singularity.Manifests;

namespace Singularity.V1
{
    /// <summary>The installed programs (the system manifest) and the running processes, for tools such as the
    /// shell. Killing by id and shutting down need the process-control and system privileges.</summary>
    public static unsafe class SystemControl
    {
        /// <summary>The system manifest as composed by the installer, parsed.</summary>
        public static SystemManifest ReadManifest(out string error)
        {
            int length = Abi.Table->GetSystemManifest(null, 0);
            char[] text = new char[length];
            fixed (char* p = text) Abi.Table->GetSystemManifest(p, length);
            return SystemManifest.Parse(new string(text), out error);
        }

        /// <summary>One line per live process, tab-separated: pid, parent pid, state, threads, pages, name, arguments,
        /// restarts, principal (publisher/program), CPU milliseconds (sampled at each timer tick), exchange-heap pages,
        /// manifest kind (application, service, driver).</summary>
        public static string DescribeProcesses()
        {
            int length = Abi.Table->EnumerateProcesses(null, 0);
            char[] text = new char[length + 256];   // a process may start in between: the second call copies what fits
            fixed (char* p = text) length = Abi.Table->EnumerateProcesses(p, text.Length);
            return new string(new System.ReadOnlySpan<char>(text).Slice(0, length < text.Length ? length : text.Length));
        }

        /// <summary>One line per PCI function the kernel found: location, vendor:device, class, interrupt, BARs.</summary>
        public static string DescribeDevices()
        {
            int length = Abi.Table->EnumerateDevices(null, 0);
            if (length <= 0) return "";
            char[] text = new char[length];
            fixed (char* p = text) length = Abi.Table->EnumerateDevices(p, text.Length);
            return new string(new System.ReadOnlySpan<char>(text, 0, length < text.Length ? length : text.Length));
        }

        /// <summary>One line per boot service the kernel supervises, tab-separated: program, restart policy, state,
        /// current pid (0: none), restarts.</summary>
        public static string DescribeServices()
        {
            int length = Abi.Table->EnumerateServices(null, 0);
            if (length <= 0) return "";
            char[] text = new char[length + 256];
            fixed (char* p = text) length = Abi.Table->EnumerateServices(p, text.Length);
            return new string(new System.ReadOnlySpan<char>(text, 0, length < text.Length ? length : text.Length));
        }

        /// <summary>One line per pair of live processes and contract with channels between them, tab-separated: pid,
        /// peer pid (the lower first; equal for a channel inside one process), channels, contract ("" unchecked).</summary>
        public static string DescribeChannels() => Enumerate(Abi.Table->EnumerateChannels);

        /// <summary>System-wide figures, one "name TAB value" line each: uptime.ms, idle.ms, pages.total, pages.free,
        /// pages.used, exchange.blocks, exchange.bytes, exchange.pages, gc.collections and gc.heap_bytes (the kernel's
        /// own collector), scheduler.switches.</summary>
        public static string DescribeMemory() => Enumerate(Abi.Table->EnumerateMemory);

        private static string Enumerate(delegate* unmanaged<char*, int, int> entry)
        {
            int length = entry(null, 0);
            if (length <= 0) return "";
            char[] text = new char[length + 1024];   // more may come between the two calls: the second copies what fits
            fixed (char* p = text) length = entry(p, text.Length);
            return new string(new System.ReadOnlySpan<char>(text, 0, length < text.Length ? length : text.Length));
        }

        public static AbiStatus Kill(int processId) => Abi.Table->KillProcessById(processId);

        public static AbiStatus Shutdown(int exitCode) => Abi.Table->Shutdown(exitCode);
    }
}
