namespace Sing.Contracts
{
    /// <summary>
    /// A contract's state machine as tables (generated), used to check every send and receive at run
    /// time. Transitions are (from, message, to) triples grouped by source state.
    /// </summary>
    public sealed class ContractInfo
    {
        private readonly int[] _transitions;
        private readonly int[] _firstTransition;
        // Every send and receive asks for the next state: a dense table (next state + 1, 0 = not allowed) answers in
        // one load where the scan walks the state's transitions. Null for very large contracts.
        private readonly short[]? _next;
        private const int MaxTableEntries = 1 << 16;
        private int[]? _directed;

        public ContractInfo(
            string name,
            string[] stateNames,
            string[] messageNames,
            bool[] messageIsIn,
            int[] transitions,
            int initialState,
            int impQueueCapacity,
            int expQueueCapacity)
        {
            Name = name;
            StateNames = stateNames;
            MessageNames = messageNames;
            MessageIsIn = messageIsIn;
            InitialState = initialState;
            ImpQueueCapacity = impQueueCapacity;
            ExpQueueCapacity = expQueueCapacity;
            _transitions = transitions;
            _firstTransition = new int[stateNames.Length + 1];
            int count = transitions.Length / 3;
            for (int s = 0, t = 0; s <= stateNames.Length; s++)
            {
                while (t < count && transitions[t * 3] < s)
                {
                    t++;
                }

                _firstTransition[s] = t;
            }

            if ((long)stateNames.Length * messageNames.Length <= MaxTableEntries)
            {
                _next = new short[stateNames.Length * messageNames.Length];
                for (int i = count - 1; i >= 0; i--)   // backwards: the first listed transition wins, as in the scan
                {
                    _next[transitions[i * 3] * messageNames.Length + transitions[i * 3 + 1]] = (short)(transitions[i * 3 + 2] + 1);
                }

                ImpSends = new short[_next.Length];
                ExpSends = new short[_next.Length];
                for (int i = 0; i < _next.Length; i++)
                {
                    int message = i % messageNames.Length;
                    if ((uint)message < (uint)messageIsIn.Length)
                    {
                        (messageIsIn[message] ? ImpSends : ExpSends)[i] = _next[i];
                    }
                }
            }
        }

        public string Name { get; }

        /// <summary>The dense table of the importer's sends: entry state * messages + message holds the next state + 1
        /// when the importer may send that message in that state, else 0 (an endpoint's send and receive checks are
        /// then one load). Null for very large contracts, as the shared table.</summary>
        internal short[]? ImpSends { get; }

        /// <summary>As <see cref="ImpSends"/>, for the exporter's sends.</summary>
        internal short[]? ExpSends { get; }

        public string[] StateNames { get; }

        public string[] MessageNames { get; }

        /// <summary>True for messages the importer sends (Imp to Exp).</summary>
        public bool[] MessageIsIn { get; }

        public int InitialState { get; }

        /// <summary>Slots in the importer's receive queue: the longest run of out-messages.</summary>
        public int ImpQueueCapacity { get; }

        /// <summary>Slots in the exporter's receive queue: the longest run of in-messages.</summary>
        public int ExpQueueCapacity { get; }

        /// <summary>
        /// The transitions as (from, message, to, direction) quadruples, direction 0 for a message the
        /// importer sends: the kernel's contract-table format, built once per contract.
        /// </summary>
        internal int[] DirectedTransitions
        {
            get
            {
                if (_directed is null)
                {
                    int count = _transitions.Length / 3;
                    var directed = new int[count * 4];
                    for (int t = 0; t < count; t++)
                    {
                        int message = _transitions[t * 3 + 1];
                        directed[t * 4] = _transitions[t * 3];
                        directed[t * 4 + 1] = message;
                        directed[t * 4 + 2] = _transitions[t * 3 + 2];
                        directed[t * 4 + 3] = MessageIsIn[message] ? 0 : 1;
                    }

                    _directed = directed;
                }

                return _directed;
            }
        }

        /// <summary>True when the side opposite <paramref name="isImp"/> may send some message in <paramref name="state"/>.</summary>
        public bool PeerMaySend(int state, bool isImp)
        {
            for (int m = 0; m < MessageNames.Length; m++)
            {
                if (MessageIsIn[m] != isImp && Next(state, m) >= 0)
                {
                    return true;
                }
            }

            return false;
        }

        /// <summary>The state after <paramref name="message"/> in <paramref name="state"/>, or -1.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public int Next(int state, int message)
        {
            if ((uint)state >= (uint)StateNames.Length)
            {
                return -1;
            }

            if (_next is not null)
            {
                return (uint)message < (uint)MessageNames.Length ? _next[state * MessageNames.Length + message] - 1 : -1;
            }

            for (int t = _firstTransition[state]; t < _firstTransition[state + 1]; t++)
            {
                if (_transitions[t * 3 + 1] == message)
                {
                    return _transitions[t * 3 + 2];
                }
            }

            return -1;
        }
    }
}
