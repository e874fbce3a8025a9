#nullable enable
namespace Sing.Web.Status
{
    /// <summary>One boot service the kernel's supervisor keeps running.</summary>
    public sealed class ServiceInfo
    {
        public string Program { get; set; } = "";
        /// <summary>The restart policy as the kernel words it ("always (5 in 60 s)", "never", ...).</summary>
        public string RestartPolicy { get; set; } = "";
        public string State { get; set; } = "";
        /// <summary>The current instance's pid; 0 when none runs.</summary>
        public int Pid { get; set; }
        public int Restarts { get; set; }
    }
}
