using Sing.Contracts;
using Sing.Contracts.Fuzzing;
using Sing.Contracts.Sip;
using Singularity.Configuration;
using Singularity.V1;

namespace Sing.Apps.ContractFuzz
{
    [ProgramStartup]
    internal sealed partial class ContractFuzzStartup
    {
        [Parameter("target")] public string Target;
        [Parameter("path")] public string Path;
        [Parameter("walks")] public long Walks;
        [Parameter("steps")] public long Steps;
        [Parameter("violators")] public long Violators;
        [Parameter("seed")] public long Seed;
        [Parameter("violate")] public string Violate;
    }

    /// <summary>Without --violate: legal walks against the server, then for each violation kind child processes of
    /// this program that each commit one (which the kernel must end, CloseEarly aside: the child just leaves), each
    /// followed by a legal walk that the server must still serve; exit 0 and a summary line when all went so.
    /// With --violate KIND: one walk that commits it (a child's part).</summary>
    internal static class Program
    {
        private const int Failed = 10, NotEnded = 70, NoServer = 71, BadArguments = 72;

        private static readonly string[] s_kinds = { "wrong-state", "wrong-direction", "unknown-tag", "close-early" };

        internal static int Main(ContractFuzzStartup startup)
        {
            FuzzTarget target = FuzzTarget.Named(startup.Target);
            if (target == null)
            {
                Debug.WriteLine("contractfuzz: unknown target '" + startup.Target + "' (known: " + FuzzTarget.Known + ")");
                return BadArguments;
            }

            int steps = startup.Steps < 1 ? 1 : (int)startup.Steps;
            if (!string.IsNullOrEmpty(startup.Violate) && startup.Violate != "none")
            {
                Violation kind = KindOf(startup.Violate);
                if (kind == Violation.None)
                {
                    Debug.WriteLine("contractfuzz: unknown violation '" + startup.Violate + "'");
                    return BadArguments;
                }

                string problem = target.Walk(startup.Path, (ulong)startup.Seed, steps, kind);
                return problem == null ? (kind == Violation.CloseEarly ? 0 : NotEnded) : Report(problem, NoServer);
            }

            long walks = 0, ended = 0, closed = 0;
            for (long w = 0; w < startup.Walks; w++, walks++)
            {
                string problem = target.Walk(startup.Path, (ulong)(startup.Seed + w), steps, Violation.None);
                if (problem != null) return Report("legal walk " + w.ToString() + ": " + problem, Failed);
            }

            for (long v = 0; v < startup.Violators; v++)
            {
                string kind = s_kinds[v % s_kinds.Length];
                ulong seed = (ulong)(startup.Seed + v);
                string args = "--target " + startup.Target + " --path " + startup.Path + " --steps " + (steps < 16 ? steps : 16).ToString()
                    + " --seed " + seed.ToString() + " --violate " + kind;
                int code = RunChild(args, out string why);
                if (why != null) return Report(why, Failed);
                bool expected = kind == "close-early" ? code == 0 : code == ExitCodes.KernelTerminated;
                if (!expected) return Report("violator '" + args + "' exited with " + code.ToString(), Failed);
                if (kind == "close-early") closed++; else ended++;
                string problem = target.Walk(startup.Path, seed ^ 0x5A5A, steps, Violation.None);
                if (problem != null) return Report("after violator " + v.ToString() + " (" + kind + "): " + problem, Failed);
                walks++;
            }

            Debug.WriteLine("contractfuzz: " + target.Contract.Name + " at " + startup.Path + ": " + walks.ToString() + " legal walks, "
                + Conversation.Messages.ToString() + " messages served; " + ended.ToString() + " violators ended by the kernel, "
                + closed.ToString() + " early closes; the server still serves");
            return 0;
        }

        private static int RunChild(string args, out string problem)
        {
            problem = null;
            AbiStatus status = Processes.Create("contractfuzz", args, out ProcessHandle child);
            if (status != AbiStatus.Ok)
            {
                problem = "cannot create a violator: " + status.ToString();
                return 0;
            }

            int code = 0;
            status = Processes.Start(child);
            if (status == AbiStatus.Ok) status = Processes.Join(child, 60_000, out code);
            Processes.Close(child);
            if (status != AbiStatus.Ok) problem = "violator '" + args + "': " + status.ToString();
            return code;
        }

        private static Violation KindOf(string name)
        {
            switch (name)
            {
                case "wrong-state": return Violation.WrongState;
                case "wrong-direction": return Violation.WrongDirection;
                case "unknown-tag": return Violation.UnknownTag;
                case "close-early": return Violation.CloseEarly;
                default: return Violation.None;
            }
        }

        private static int Report(string problem, int code)
        {
            Debug.WriteLine("contractfuzz: " + problem);
            return code;
        }
    }
}
