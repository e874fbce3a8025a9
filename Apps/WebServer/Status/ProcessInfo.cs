#nullable enable
namespace Sing.Web.Status
{
    /// <summary>One live process as the kernel describes it. Numbers the kernel does not report are -1.</summary>
    public sealed class ProcessInfo
    {
        public int Pid { get; set; }
        /// <summary>0 for a process the kernel started itself.</summary>
        public int ParentPid { get; set; }
        /// <summary>"created", "running" or "exited" (the kernel's words).</summary>
        public string State { get; set; } = "";
        public int Threads { get; set; }
        /// <summary>Pages the process owns, its image included.</summary>
        public long Pages { get; set; }
        /// <summary>The manifest (program) name.</summary>
        public string Program { get; set; } = "";
        public string Arguments { get; set; } = "";
        /// <summary>How often the supervisor restarted this program.</summary>
        public int Restarts { get; set; }
        /// <summary>The security principal the process runs as; empty when not reported.</summary>
        public string Principal { get; set; } = "";

        /// <summary>The content hash of its code ("sha256:..."); empty when not reported.</summary>
        public string Content { get; set; } = "";
        /// <summary>CPU time consumed, in milliseconds; -1 when not reported.</summary>
        public long CpuMilliseconds { get; set; } = -1;
    }
}
