using System.Globalization;
using Sing.Installer.Diagnostics;

namespace Sing.Installer.Il.Verification
{
    /// <summary>The verifier's bound on the work it does for one assembly, counted in units rather than timed, so the
    /// same input gets the same verdict on every machine however busy it is. A unit is roughly one constant-time step:
    /// decoding an instruction, interpreting it once (plus one per exception region it is checked against), merging one
    /// stack or local slot at a join point, comparing two exception blocks. The bound keeps inputs built to make the
    /// fixed point slow (huge methods, thousands of exception regions, long chains of re-merged states) from holding the
    /// build; going over it is SINGI069 with the count.</summary>
    public sealed class VerifierWork
    {
        /// <summary>About 100 times the largest legitimate program's count (the conformance program, sip-conformance,
        /// counts about 1 million units; VerifierWorkTests prints the current figure and fails below a 20x margin),
        /// and about two seconds of verification on a busy two-core machine.</summary>
        public const long DefaultLimit = 100_000_000;

        public VerifierWork(long limit = DefaultLimit)
        {
            Limit = limit;
        }

        /// <summary>The units this assembly may use.</summary>
        public long Limit { get; }

        /// <summary>The units counted so far (it stops growing at the first unit over the limit).</summary>
        public long Spent { get; private set; }

        public bool Exhausted => Spent > Limit;

        /// <summary>Counts <paramref name="units"/> of work about to be done; over the limit it throws the SINGI069
        /// error instead, before the work is done.</summary>
        public void Spend(long units)
        {
            if (Exhausted) throw Exceeded();
            Spent += units;
            if (Exhausted) throw Exceeded();
        }

        public VerifyError Exceeded() =>
            new(ErrorCodes.VerifierLimit, string.Create(CultureInfo.InvariantCulture,
                $"verification of this assembly exceeded its work budget of {Limit:N0} units (instructions decoded and interpreted, exception regions checked, stack and local slots merged) with {Spent:N0} counted; the program is refused (split very large methods or methods with very many try blocks)"));
    }
}
