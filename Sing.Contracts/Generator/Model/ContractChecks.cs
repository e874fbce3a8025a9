using System.Collections.Generic;

namespace Sing.Contracts.Model
{
    /// <summary>
    /// Whole-machine checks: no state lets both sides send, every cycle has a send and a receive
    /// (the finite-queue rule), every state is reachable. Also sizes the two receive queues.
    /// </summary>
    internal static class ContractChecks
    {
        public static void Run(ContractModel model)
        {
            if (model.States.Count == 0)
            {
                return;
            }

            foreach (StateModel state in model.States)
            {
                bool hasIn = false;
                bool hasOut = false;
                foreach (TransitionModel t in state.Transitions)
                {
                    hasIn |= model.Messages[t.Message].IsIn;
                    hasOut |= !model.Messages[t.Message].IsIn;
                }

                if (hasIn && hasOut)
                {
                    model.Problems.Add(new ContractProblem(ProblemIds.MixedState, state.Location ?? model.Location, state.Name));
                }
            }

            model.ExpQueueCapacity = LongestRun(model, inMessages: true);
            model.ImpQueueCapacity = LongestRun(model, inMessages: false);
            CheckReachability(model);
        }

        /// <summary>
        /// Longest chain of messages in one direction: the most one side can send before it must
        /// receive. A cycle in one direction makes it unbounded and breaks the finite-queue rule.
        /// </summary>
        private static int LongestRun(ContractModel model, bool inMessages)
        {
            int n = model.States.Count;
            var longest = new int[n];
            var mark = new byte[n];
            int best = 1;
            bool reported = false;
            for (int s = 0; s < n; s++)
            {
                int run = Visit(model, s, inMessages, longest, mark, ref reported);
                if (run > best)
                {
                    best = run;
                }
            }

            return best;
        }

        private static int Visit(ContractModel model, int state, bool inMessages, int[] longest, byte[] mark, ref bool reported)
        {
            if (mark[state] == 2)
            {
                return longest[state];
            }

            if (mark[state] == 1)
            {
                if (!reported)
                {
                    reported = true;
                    StateModel s = model.States[state];
                    model.Problems.Add(new ContractProblem(
                        ProblemIds.UnboundedQueue,
                        s.Location ?? model.Location,
                        s.Name,
                        inMessages ? "importer" : "exporter"));
                }

                return 0;
            }

            mark[state] = 1;
            int best = 0;
            foreach (TransitionModel t in model.States[state].Transitions)
            {
                if (model.Messages[t.Message].IsIn == inMessages)
                {
                    int run = 1 + Visit(model, t.Target, inMessages, longest, mark, ref reported);
                    if (run > best)
                    {
                        best = run;
                    }
                }
            }

            mark[state] = 2;
            longest[state] = best;
            return best;
        }

        private static void CheckReachability(ContractModel model)
        {
            var seen = new bool[model.States.Count];
            var work = new Stack<int>();
            work.Push(model.Initial);
            seen[model.Initial] = true;
            while (work.Count > 0)
            {
                foreach (TransitionModel t in model.States[work.Pop()].Transitions)
                {
                    if (!seen[t.Target])
                    {
                        seen[t.Target] = true;
                        work.Push(t.Target);
                    }
                }
            }

            for (int s = 0; s < model.States.Count; s++)
            {
                if (!seen[s] && model.States[s].IsDeclared)
                {
                    model.Problems.Add(new ContractProblem(ProblemIds.UnreachableState, model.States[s].Location ?? model.Location, model.States[s].Name, model.States[model.Initial].Name));
                }
            }
        }
    }
}
