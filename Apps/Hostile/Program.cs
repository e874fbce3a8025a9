using System;
using Singularity.Configuration;
using Singularity.V1;

namespace Sing.Apps.Hostile
{
    [ProgramStartup]
    internal sealed partial class HostileStartup
    {
        [Parameter("verb")] public string Verb;
    }

    /// <summary>Attacks the isolation boundary through the safe API alone (this program is untrusted: the installer
    /// verified it has no unsafe code). Each verb exits 0 when every attempt was refused as it should be, else with
    /// the number of the first check that let the attack through; the kernel tests (isolation.*) run the verbs.</summary>
    internal static class Program
    {
        internal static int Main(HostileStartup startup)
        {
            int failed = startup.Verb switch
            {
                "alloc-refused" => Attacks.RefusedAllocationSpansNothing(),
                "stale-block" => Attacks.StaleBlockCopiesFail(),
                "inline-bounds" => Attacks.InlineReadsStayInTheMessage(),
                "select-huge" => Attacks.HugeSelectIsRefused(),
                "names" => Attacks.NamingRulesAndNameQuota(),
                "checked-binds" => Attacks.CheckedBindsRefuseForgery(),
                "start-system" => Attacks.CannotStartSystemPrograms(),
                "close-retyped" => Attacks.RetypedHandleClosesNothing(),
                "children-quota" => Attacks.ChildrenQuota(),
                "exchange-quota" => Attacks.ExchangeQuota(),
                "deep-abi" => StackAttacks.DeepAbiCalls(0),
                "deep-spin" => StackAttacks.DeepSpin(0),
                "stackalloc-huge" => StackAttacks.HugeStackAlloc(),
                "stackalloc-negative" => StackAttacks.NegativeStackAlloc(),
                "large-frames" => StackAttacks.LargeFrames(0),
                "span-covariance" => Attacks.SpanOverCovariantArray(),
                "endpoint-cycle" => Attacks.EndpointCycleRefused(),
                "fork-bomb" => Attacks.ForkBomb(),
                "principals" => PrincipalAttacks.Run(),
                "accounts" => AccountAttacks.Run(),
                "hand-packed" => LibraryAttacks.HandPackedMessages(),
                "message-copies" => LibraryAttacks.MessageCopies(),
                "inline-messages" => LibraryAttacks.InlineMessages(),
                "kept-messages" => LibraryAttacks.KeptReceivedMessages(),
                "wrapped-endpoints" => LibraryAttacks.WrappedEndpoints(),
                "access-race" => LibraryAttacks.RacingAccessAndFree(),
                "interrupt-forged" => LibraryAttacks.ForgedInterruptHandles(),
                "contract-tables" => LibraryAttacks.ContractTables(),
                "churn-exchange" => Churn.Run("exchange"),
                "churn-heap" => Churn.Run("heap"),
                "churn-children" => Churn.Run("children"),
                "churn-names" => Churn.Run("names"),
                "churn-pair" => Churn.Run("pair"),
                _ when startup.Verb != null && startup.Verb.StartsWith("churn-peer-") => Churn.Peer(startup.Verb.Substring(11)),
                _ => -1,
            };
            if (failed == -1) Debug.WriteLine($"hostile: unknown verb '{startup.Verb}'");
            else if (failed != 0) Debug.WriteLine($"hostile {startup.Verb}: check {failed} let the attack through");
            else Debug.WriteLine($"hostile {startup.Verb}: every attempt was refused");
            return failed;
        }
    }
}
