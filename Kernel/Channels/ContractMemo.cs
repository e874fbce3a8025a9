using Singularity.V1;

namespace Sing.Kernel.Channels
{
    /// <summary>A process's memory of the contract tables it handed the kernel and what they proved to be: a table
    /// with the same transition and name arrays and the same counts is the same contract again, so a server that makes
    /// a channel per open file, or a client that checks each endpoint it receives, pays for the copy and comparison
    /// once (issue 32: a per-process memo of validated contract tables).
    /// What the memo answers was validated when it was stored and is never read from the SIP's memory again. A program
    /// that rewrites its arrays afterwards still gets the contract it registered first (one its manifest declares) or
    /// the check it passed before, which can only hold it to rules it already follows; it can never name another
    /// program's contract as its own, so the memo does not widen what the kernel allows.
    /// Interrupts off for every use (the process's threads share it).</summary>
    internal unsafe struct ContractMemo
    {
        private const int Entries = 8;

        private fixed ulong _transitions[Entries];
        private fixed ulong _names[Entries];
        private fixed ulong _shapes[Entries];
        private fixed int _contracts[Entries];   // the checker's index + 1 (0: an empty entry)
        private fixed byte _registered[Entries]; // 1: the process registered it (else it matched a received endpoint)
        private int _next;

        // Everything Register validates about the table's header, in one word (each count is checked against its
        // bound before it is stored: states and messages up to 1024, transitions up to 8192, names up to 128).
        private static ulong ShapeOf(ContractTable* table) =>
            (ulong)(uint)table->StateCount | (ulong)(uint)table->MessageCount << 11 | (ulong)(uint)table->InitialState << 22
            | (ulong)(uint)table->TransitionCount << 33 | (ulong)(uint)table->NameLength << 47 | 1UL << 63;

        /// <summary>The contract the process registered for this table before, or -1.</summary>
        public int Registered(ContractTable* table) => Find(table, -1, registered: true);

        /// <summary>Whether this table was found to be checked contract <paramref name="contract"/> before.</summary>
        public bool Matched(ContractTable* table, int contract) => contract >= 0 && Find(table, contract, registered: false) == contract;

        /// <summary>Remembers that the table is <paramref name="contract"/>: registered by the process, or compared
        /// equal to an endpoint's contract.</summary>
        public void Remember(ContractTable* table, int contract, bool registered)
        {
            if (contract < 0 || table->StateCount < 1 || table->StateCount > 1024 || table->MessageCount < 1 || table->MessageCount > 1024
                || table->InitialState < 0 || table->TransitionCount < 0 || table->TransitionCount > 8192 || table->NameLength < 1 || table->NameLength > 128)
                return;
            int i = _next;
            _next = (i + 1) % Entries;
            _transitions[i] = (ulong)table->Transitions;
            _names[i] = (ulong)table->Name;
            _shapes[i] = ShapeOf(table);
            _contracts[i] = contract + 1;
            _registered[i] = registered ? (byte)1 : (byte)0;
        }

        private int Find(ContractTable* table, int contract, bool registered)
        {
            ulong transitions = (ulong)table->Transitions, names = (ulong)table->Name;
            if ((uint)table->StateCount > 1024 || (uint)table->MessageCount > 1024 || (uint)table->InitialState > 1024
                || (uint)table->TransitionCount > 8192 || (uint)table->NameLength > 128)
                return -1;
            ulong shape = ShapeOf(table);
            for (int i = 0; i < Entries; i++)
            {
                if (_contracts[i] == 0 || _transitions[i] != transitions || _names[i] != names || _shapes[i] != shape) continue;
                if (registered ? _registered[i] != 0 : _contracts[i] == contract + 1) return _contracts[i] - 1;
            }
            return -1;
        }
    }
}
