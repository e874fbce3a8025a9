using System.Collections.Generic;
using Microsoft.CodeAnalysis;

namespace Sing.Contracts.Model
{
    /// <summary>How a message argument travels: copied scalars/structs, or owned exchange-heap values.</summary>
    internal enum ArgumentKind
    {
        Scalar,
        Struct,
        Block,
        Vector,
        Endpoint,
        Invalid,
    }

    internal sealed class ArgumentModel
    {
        public ArgumentModel(string name, string typeText, ArgumentKind kind, string? endpointState, Location? location)
        {
            Name = name;
            TypeText = typeText;
            Kind = kind;
            EndpointState = endpointState;
            Location = location;
        }

        public string Name { get; }

        /// <summary>The type as C# text usable in generated code.</summary>
        public string TypeText { get; }

        public ArgumentKind Kind { get; }

        /// <summary>For endpoint arguments: the [InState] the endpoint travels in.</summary>
        public string? EndpointState { get; }

        public Location? Location { get; }

        public bool IsTracked => Kind == ArgumentKind.Block || Kind == ArgumentKind.Vector || Kind == ArgumentKind.Endpoint;
    }

    internal sealed class MessageModel
    {
        public MessageModel(string name, bool isIn, List<ArgumentModel> arguments, Location? location, bool fromBase)
        {
            Name = name;
            IsIn = isIn;
            Arguments = arguments;
            Location = location;
            FromBase = fromBase;
        }

        public string Name { get; }

        /// <summary>True: the importer sends it (<c>?</c>); false: the exporter sends it (<c>!</c>).</summary>
        public bool IsIn { get; }

        public List<ArgumentModel> Arguments { get; }

        public Location? Location { get; }

        public bool FromBase { get; }
    }

    internal sealed class TransitionModel
    {
        public TransitionModel(int message, int target)
        {
            Message = message;
            Target = target;
        }

        public int Message { get; }

        public int Target { get; set; }
    }

    internal sealed class StateModel
    {
        public StateModel(string name, bool isDeclared, Location? location)
        {
            Name = name;
            IsDeclared = isDeclared;
            Location = location;
        }

        public string Name { get; }

        /// <summary>False for states made from the middle of a message sequence.</summary>
        public bool IsDeclared { get; }

        public Location? Location { get; set; }

        public List<TransitionModel> Transitions { get; } = new List<TransitionModel>();
    }

    /// <summary>A contract as a deterministic state machine, with the problems found while building it.</summary>
    internal sealed class ContractModel
    {
        public ContractModel(string name, string? ns, Location? location)
        {
            Name = name;
            Namespace = ns;
            Location = location;
        }

        public string Name { get; }

        public string? Namespace { get; }

        public Location? Location { get; }

        public List<MessageModel> Messages { get; } = new List<MessageModel>();

        public List<StateModel> States { get; } = new List<StateModel>();

        public int Initial { get; set; } = -1;

        public int ImpQueueCapacity { get; set; } = 1;

        public int ExpQueueCapacity { get; set; } = 1;

        public List<ContractProblem> Problems { get; } = new List<ContractProblem>();

        public int FindMessage(string name)
        {
            for (int i = 0; i < Messages.Count; i++)
            {
                if (Messages[i].Name == name)
                {
                    return i;
                }
            }

            return -1;
        }

        public int FindState(string name)
        {
            for (int i = 0; i < States.Count; i++)
            {
                if (States[i].Name == name)
                {
                    return i;
                }
            }

            return -1;
        }

        /// <summary>The state after <paramref name="message"/> in <paramref name="state"/>, or -1.</summary>
        /// <summary>The one state every transition of <paramref name="message"/> leads to, or -1 (none, or several):
        /// where a combined send-and-receive may be generated (and checked).</summary>
        public int UniqueTarget(int message)
        {
            int target = -1;
            foreach (StateModel state in States)
            {
                foreach (TransitionModel t in state.Transitions)
                {
                    if (t.Message != message)
                    {
                        continue;
                    }

                    if (target >= 0 && t.Target != target)
                    {
                        return -1;
                    }

                    target = t.Target;
                }
            }

            return target;
        }

        public int Next(int state, int message)
        {
            if (state < 0 || state >= States.Count)
            {
                return -1;
            }

            foreach (TransitionModel t in States[state].Transitions)
            {
                if (t.Message == message)
                {
                    return t.Target;
                }
            }

            return -1;
        }

        /// <summary>True when the given side receives (rather than sends) in <paramref name="state"/>.</summary>
        public bool SideReceivesIn(int state, bool imp)
        {
            foreach (TransitionModel t in States[state].Transitions)
            {
                if (Messages[t.Message].IsIn != imp)
                {
                    return true;
                }
            }

            return false;
        }

        /// <summary>True when the given side may send something in <paramref name="state"/>.</summary>
        public bool SideSendsIn(int state, bool imp)
        {
            foreach (TransitionModel t in States[state].Transitions)
            {
                if (Messages[t.Message].IsIn == imp)
                {
                    return true;
                }
            }

            return false;
        }
    }
}
