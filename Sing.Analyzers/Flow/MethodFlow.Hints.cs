using System.Collections.Generic;
using Sing.Contracts.Model;

namespace Sing.Analyzers.Flow
{
    /// <summary>What a protocol diagnostic tells the programmer to do instead, and what its code fix may offer.</summary>
    internal sealed partial class MethodFlow
    {
        /// <summary>
        /// The messages one side may send in every one of <paramref name="states"/> (so replacing a send by one of
        /// them is right whichever state the endpoint is in), in declaration order.
        /// </summary>
        private static List<string> SendableInAll(ContractModel contract, ulong states, bool imp)
        {
            return MessagesInAll(contract, states, sends: true, imp);
        }

        /// <summary>
        /// The advice after "cannot ... in state S": the messages the side may send there, or that it must receive first,
        /// or that the conversation has ended. Empty when the states disagree (the advice would be wrong in one of them).
        /// </summary>
        private static string ProtocolHint(ContractModel contract, ulong states, bool imp)
        {
            bool anyState = false;
            bool allEnded = true;
            for (int s = 0; s < contract.States.Count && s < VarState.ClosedBit; s++)
            {
                if ((states & (1UL << s)) != 0)
                {
                    anyState = true;
                    allEnded &= contract.States[s].Transitions.Count == 0;
                }
            }

            if (!anyState)
            {
                return string.Empty;
            }

            if (allEnded)
            {
                return ": the conversation has ended there; free the endpoint";
            }

            List<string> send = MessagesInAll(contract, states, sends: true, imp);
            if (send.Count > 0)
            {
                return ": it may send " + string.Join(" or ", send) + " there";
            }

            List<string> receive = MessagesInAll(contract, states, sends: false, imp);
            return receive.Count > 0 ? ": it must first receive " + string.Join(" or ", receive) : string.Empty;
        }

        private static List<string> MessagesInAll(ContractModel contract, ulong states, bool sends, bool imp)
        {
            var result = new List<string>();
            for (int m = 0; m < contract.Messages.Count; m++)
            {
                // The importer sends [InMessage]s, the exporter [OutMessage]s.
                if ((contract.Messages[m].IsIn == imp) != sends)
                {
                    continue;
                }

                bool inAll = false;
                for (int s = 0; s < contract.States.Count && s < VarState.ClosedBit; s++)
                {
                    if ((states & (1UL << s)) == 0)
                    {
                        continue;
                    }

                    if (contract.Next(s, m) < 0)
                    {
                        inAll = false;
                        break;
                    }

                    inAll = true;
                }

                if (inAll)
                {
                    result.Add(contract.Messages[m].Name);
                }
            }

            return result;
        }
    }
}
