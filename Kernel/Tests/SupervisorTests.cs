using Sing.Kernel.Processes;
using Sing.Kernel.Threading;
using Singularity.Manifests;

namespace Sing.Kernel.Tests
{
    /// <summary>The kernel's supervisor (Kernel/Processes/Supervisor.cs) with the probe program, whose "exit N" ends
    /// with code N: on-failure restarts a failing program until its limit and leaves one that exited with 0 alone,
    /// always restarts either, never restarts nothing; restarts are spaced by the doubling back-off; every instance's
    /// pages come back.</summary>
    internal static class SupervisorTests
    {
        public static void RestartPolicies(TestContext t)
        {
            ulong pagesBefore = ProcessTests.UsedPages;
            int restartsBefore = Supervisor.TotalRestarts;

            Supervisor.Supervised failing = Supervisor.Supervise(Entry("exit 3", "on-failure", 3));
            Supervisor.Supervised clean = Supervisor.Supervise(Entry("exit 0", "on-failure", 3));
            Supervisor.Supervised always = Supervisor.Supervise(Entry("exit 0", "always", 2));
            Supervisor.Supervised never = Supervisor.Supervise(Entry("exit 3", "never", 3));
            Settle(failing);
            Settle(clean);
            Settle(always);
            never.Current.Exited.WaitOne();

            t.Equal(2UL, (ulong)failing.Restarts, "on-failure: a program ending with 3 is restarted until it has ended 3 times");
            t.True(failing.State.StartsWith("given up: ended 3 times within 60 s"), string.Concat("then the supervisor gives up (", failing.State, ")"));
            t.Equal(0UL, (ulong)clean.Restarts, "on-failure: a program that exited with 0 is not restarted");
            t.Equal("stopped: exited with code 0", clean.State, "and says why");
            t.Equal(1UL, (ulong)always.Restarts, "always: restarted after exiting with 0, up to its limit of 2 ends");
            t.Equal(0UL, (ulong)never.Restarts, "never: not restarted");
            t.Equal((ulong)(restartsBefore + 3), (ulong)Supervisor.TotalRestarts, "three restarts in all");
            ulong ms = Arch.Timer.Hz / 1000;
            t.True(failing.Ends.Count == 3 && failing.Ends[1] - failing.Ends[0] >= 50 * ms && failing.Ends[2] - failing.Ends[1] >= 100 * ms,
                "restarts wait 50 ms, then 100 ms (the back-off doubles)");
            t.True(failing.Current.Restarts == 2, "the last instance knows it is the third (ps shows it)");
            string listed = Supervisor.Describe();
            t.True(BootTests.Contains(listed, "probe\ton-failure (3 in 60 s)\tgiven up: ended 3 times within 60 s\t0\t2\n"), string.Concat("services lists it: ", listed));
            // Seven instances of about 30 pages each ran: a leaked instance, or a page per instance, shows. One page is
            // allowed for the kernel heap's rounding and the watcher threads' last stack, reaped when a thread starts.
            ulong after = ProcessTests.UsedPages;
            t.True(after <= pagesBefore + 1, string.Concat("every instance's pages came back (", pagesBefore.ToString(), " before, ", after.ToString(), " after)"));
        }

        private static BootEntry Entry(string arguments, string restart, int limit) =>
            new BootEntry { Program = "probe", Arguments = arguments, Restart = restart, RestartLimit = limit, RestartWindowSeconds = 60 };

        /// <summary>Waits (at most 10 s) until the supervisor has stopped watching <paramref name="s"/>.</summary>
        private static void Settle(Supervisor.Supervised s)
        {
            for (int i = 0; i < 1000 && (s.State == "running" || s.State.StartsWith("restarting")); i++) WaitHandle.Sleep(10);
        }
    }
}
