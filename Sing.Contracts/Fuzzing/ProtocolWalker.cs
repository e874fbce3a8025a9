namespace Sing.Contracts.Fuzzing
{
    /// <summary>How a planned conversation breaks its contract (or does not).</summary>
    public enum Violation
    {
        /// <summary>Every message is one the contract allows.</summary>
        None,

        /// <summary>At the chosen step this side sends one of its own messages that the current state does not allow.</summary>
        WrongState,

        /// <summary>At the chosen step this side sends a message the contract gives to the other side.</summary>
        WrongDirection,

        /// <summary>At the chosen step this side sends a tag the contract does not have.</summary>
        UnknownTag,

        /// <summary>At the chosen step this side closes its end before the conversation reached a terminal state
        /// (allowed by every contract: the peer must see ChannelClosed and go on).</summary>
        CloseEarly,
    }

    /// <summary>Walks one side of a contract's state machine from its generated tables (<see cref="ContractInfo"/>):
    /// in each state it says whether this side sends or receives, picks a random message the state allows, or one
    /// that breaks the protocol in a chosen way. Seeded and deterministic, so a failing walk is reproduced by its
    /// seed. Shared as source by the host tests (hosted runtime) and the in-system fuzzing client (kernel
    /// channels): one generator, both runtimes.</summary>
    public sealed class ProtocolWalker
    {
        private readonly ContractInfo _contract;
        private readonly bool _isImp;
        private ulong _random;

        public ProtocolWalker(ContractInfo contract, bool isImp, ulong seed, int state = -1)
        {
            _contract = contract;
            _isImp = isImp;
            _random = seed * 0x9E3779B97F4A7C15UL + 0x2545F4914F6CDD1DUL;
            State = state < 0 ? contract.InitialState : state;
        }

        public ContractInfo Contract => _contract;

        /// <summary>The state both ends are in after every message so far.</summary>
        public int State { get; private set; }

        public string StateName => _contract.StateNames[State];

        /// <summary>True when this side may send something in the current state.</summary>
        public bool CanSend => CountAllowed(State, mine: true) > 0;

        /// <summary>True when the other side may send something in the current state.</summary>
        public bool CanReceive => CountAllowed(State, mine: false) > 0;

        /// <summary>True in a state with no transitions: the conversation is over.</summary>
        public bool IsTerminal => !CanSend && !CanReceive;

        /// <summary>A uniformly random 64-bit value (xorshift64*): payloads come from the same seed as the walk.</summary>
        public ulong NextRandom()
        {
            _random ^= _random >> 12;
            _random ^= _random << 25;
            _random ^= _random >> 27;
            return _random * 0x2545F4914F6CDD1DUL;
        }

        /// <summary>A random number in [0, bound) (0 when bound is not positive).</summary>
        public int Below(int bound) => bound <= 0 ? 0 : (int)(NextRandom() % (ulong)bound);

        /// <summary>A random message this side may send now, or -1 when it may send none.</summary>
        public int PickLegal()
        {
            int count = CountAllowed(State, mine: true);
            return count == 0 ? -1 : NthAllowed(State, mine: true, Below(count));
        }

        /// <summary>True when <paramref name="message"/> is one the other side may send now.</summary>
        public bool IsLegalReceive(int message) =>
            (uint)message < (uint)_contract.MessageNames.Length && IsMine(message) == false && _contract.Next(State, message) >= 0;

        /// <summary>Moves past a message this side sent; false (and no move) when the contract does not allow it.</summary>
        public bool Sent(int message) => Move(message, mine: true);

        /// <summary>Moves past a message the other side sent; false (and no move) when the contract does not allow it.</summary>
        public bool Received(int message) => Move(message, mine: false);

        /// <summary>The violations this side can commit in the current state (CloseEarly always, unless terminal).</summary>
        public bool CanCommit(Violation violation)
        {
            switch (violation)
            {
                case Violation.WrongState: return PickWrongState() >= 0;
                case Violation.WrongDirection: return PickWrongDirection() >= 0;
                case Violation.UnknownTag: return true;
                case Violation.CloseEarly: return !IsTerminal;
                default: return false;
            }
        }

        /// <summary>The tag to send for <paramref name="violation"/> in the current state (-1 for CloseEarly or when
        /// none exists): the message is chosen at random among those that break the protocol that way.</summary>
        public int PickViolating(Violation violation)
        {
            switch (violation)
            {
                case Violation.WrongState: return PickWrongState();
                case Violation.WrongDirection: return PickWrongDirection();
                case Violation.UnknownTag: return _contract.MessageNames.Length + Below(1000);
                default: return -1;
            }
        }

        /// <summary>A message name for diagnostics (a number for a tag the contract does not have).</summary>
        public string NameOf(int message) =>
            (uint)message < (uint)_contract.MessageNames.Length ? _contract.MessageNames[message] : "#" + message.ToString();

        private bool IsMine(int message) => _contract.MessageIsIn[message] == _isImp;

        private bool Move(int message, bool mine)
        {
            if ((uint)message >= (uint)_contract.MessageNames.Length || IsMine(message) != mine)
            {
                return false;
            }

            int next = _contract.Next(State, message);
            if (next < 0)
            {
                return false;
            }

            State = next;
            return true;
        }

        private int CountAllowed(int state, bool mine)
        {
            int count = 0;
            for (int m = 0; m < _contract.MessageNames.Length; m++)
            {
                if (IsMine(m) == mine && _contract.Next(state, m) >= 0)
                {
                    count++;
                }
            }

            return count;
        }

        private int NthAllowed(int state, bool mine, int n)
        {
            for (int m = 0; m < _contract.MessageNames.Length; m++)
            {
                if (IsMine(m) == mine && _contract.Next(state, m) >= 0 && n-- == 0)
                {
                    return m;
                }
            }

            return -1;
        }

        // One of this side's own messages that the state does not allow.
        private int PickWrongState() => PickWhere(mine: true, allowed: false);

        // One of the other side's messages: never allowed from this side.
        private int PickWrongDirection() => PickWhere(mine: false, allowed: null);

        private int PickWhere(bool mine, bool? allowed)
        {
            int count = 0;
            for (int m = 0; m < _contract.MessageNames.Length; m++)
            {
                if (Matches(m, mine, allowed))
                {
                    count++;
                }
            }

            if (count == 0)
            {
                return -1;
            }

            int n = Below(count);
            for (int m = 0; m < _contract.MessageNames.Length; m++)
            {
                if (Matches(m, mine, allowed) && n-- == 0)
                {
                    return m;
                }
            }

            return -1;
        }

        private bool Matches(int message, bool mine, bool? allowed) =>
            IsMine(message) == mine && (allowed is null || (_contract.Next(State, message) >= 0) == allowed.Value);
    }
}
