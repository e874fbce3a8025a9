using Sing.Contracts.Model;

namespace Sing.Analyzers.Flow
{
    /// <summary>The facts for every tracked variable at one program point, with the lattice join.</summary>
    internal sealed class FlowState
    {
        public FlowState(int count)
        {
            Vars = new VarState[count];
        }

        public VarState[] Vars { get; }

        public FlowState Clone()
        {
            var copy = new FlowState(Vars.Length);
            System.Array.Copy(Vars, copy.Vars, Vars.Length);
            return copy;
        }

        public bool SameAs(FlowState other)
        {
            for (int i = 0; i < Vars.Length; i++)
            {
                if (!Vars[i].Equals(other.Vars[i]))
                {
                    return false;
                }
            }

            return true;
        }

        /// <summary>Merges <paramref name="other"/> into a copy of this state (paths meeting).</summary>
        public FlowState Join(FlowState other, TrackedVariable[] variables)
        {
            FlowState result = Clone();
            for (int i = 0; i < Vars.Length; i++)
            {
                result.Vars[i] = JoinOne(Vars[i], other.Vars[i], variables[i].Contract);
            }

            return result;
        }

        private static VarState JoinOne(VarState a, VarState b, ContractModel? contract)
        {
            // A variable that is only null on one side contributes no protocol state.
            if (a.Own == VarState.Null && a.States == 0 && a.PendingState < 0)
            {
                b.Own |= a.Own;
                b.ReleasedAt = System.Math.Max(a.ReleasedAt, b.ReleasedAt);
                return b;
            }

            if (b.Own == VarState.Null && b.States == 0 && b.PendingState < 0)
            {
                a.Own |= b.Own;
                a.ReleasedAt = System.Math.Max(a.ReleasedAt, b.ReleasedAt);
                return a;
            }

            var r = a;
            r.Own = (byte)(a.Own | b.Own);
            r.ReleasedAt = System.Math.Max(a.ReleasedAt, b.ReleasedAt);
            r.SeenAt = System.Math.Max(a.SeenAt, b.SeenAt);
            r.Known = a.Known && b.Known;
            if (a.PendingState >= 0 && a.PendingState == b.PendingState && Equals(a.PendingKey, b.PendingKey))
            {
                r.PendingMessages = a.PendingMessages | b.PendingMessages;
                r.States = a.States | b.States;
                return r;
            }

            if (contract is not null)
            {
                Resolve(ref a, contract);
                Resolve(ref b, contract);
            }

            r.PendingState = -1;
            r.PendingMessages = 0;
            r.PendingKey = null;
            r.States = a.States | b.States;
            return r;
        }

        /// <summary>Turns an untested receive into the set of states its possible messages lead to.</summary>
        public static void Resolve(ref VarState v, ContractModel contract)
        {
            if (v.PendingState < 0)
            {
                return;
            }

            ulong states = 0;
            var transitions = contract.States[v.PendingState].Transitions;
            for (int k = 0; k < transitions.Count && k < VarState.ClosedBit; k++)
            {
                if ((v.PendingMessages & (1UL << k)) != 0 && transitions[k].Target < VarState.ClosedBit)
                {
                    states |= 1UL << transitions[k].Target;
                }
            }

            if ((v.PendingMessages & (1UL << VarState.ClosedBit)) != 0)
            {
                states |= 1UL << VarState.ClosedBit;
            }

            v.States = states;
            v.PendingState = -1;
            v.PendingMessages = 0;
            v.PendingKey = null;
        }
    }
}
