using Sing.Kernel.Threading;
using System.Collections.Generic;
using Singularity.V1;

namespace Sing.Kernel.Channels
{
    /// <summary>The kernel's copy of a contract's state machine, for checking every send and receive on channels
    /// created for that contract. Code that slipped past the analyzers and sends a message its endpoint's state does
    /// not allow is stopped here.</summary>
    internal sealed unsafe class ContractChecker
    {
        public const int ImporterSends = 0, ExporterSends = 1;
        private const int MaxStates = 1024, MaxMessages = 1024, MaxTransitions = 8192;

        public readonly string Program;   // the program whose manifest declares it
        public readonly string Name;
        public readonly int InitialState;
        private readonly int _stateCount;
        private readonly int _messageCount;
        private readonly int[] _transitions; // (from, message, to, direction)
        // Every send and receive on a contract channel asks for the next state: a dense table answers in one load
        // (next state + 1, 0 = not allowed) where the scan walked the transitions. Null for very large contracts.
        private readonly short[] _next;
        private const int MaxTableEntries = 1 << 16;

        private static readonly List<ContractChecker> s_contracts = new List<ContractChecker>();

        private ContractChecker(string program, string name, int states, int messages, int initial, int[] transitions)
        {
            Program = program;
            Name = name;
            _stateCount = states;
            _messageCount = messages;
            InitialState = initial;
            _transitions = transitions;
            if ((long)states * messages * 2 > MaxTableEntries) return;
            _next = new short[states * messages * 2];
            for (int t = transitions.Length / 4 - 1; t >= 0; t--) // backwards: the first listed transition wins, as in the scan
                _next[(transitions[t * 4] * messages + transitions[t * 4 + 1]) * 2 + transitions[t * 4 + 3]] = (short)(transitions[t * 4 + 2] + 1);
        }

        /// <summary>Most contracts the kernel keeps. Each is a (program, contract) pair of a contract the program's
        /// manifest declares, so the installed programs bound the count; this is the backstop.</summary>
        public const int MaxContracts = 4096;

        /// <summary>The name of checked contract <paramref name="index"/> ("" for an unchecked channel's -1).</summary>
        public static string NameOf(int index)
        {
            ulong flags = Scheduler.DisableInterrupts();
            string name = index >= 0 && index < s_contracts.Count ? s_contracts[index].Name : "";
            Scheduler.RestoreInterrupts(flags);
            return name;
        }

        /// <summary>Copies and validates a SIP's table for <paramref name="program"/>; returns its index, or -1 with a
        /// reason. The contract must be one the program's manifest declares, and a program's contract keeps the state
        /// machine it was first registered with: its code is sealed, so a different table under the same name is forged.</summary>
        public static int Register(ContractTable* table, Singularity.Manifests.ProgramManifest program, out string error)
        {
            error = null;
            if (table->StateCount < 1 || table->StateCount > MaxStates || table->MessageCount < 1 || table->MessageCount > MaxMessages
                || table->TransitionCount < 0 || table->TransitionCount > MaxTransitions || table->Transitions == null
                || table->InitialState < 0 || table->InitialState >= table->StateCount || table->Name == null
                || table->NameLength < 1 || table->NameLength > 128)
            {
                error = "malformed contract table";
                return -1;
            }
            string name = new string(table->Name, 0, table->NameLength);
            string owner = program == null ? "" : program.Name;
            if (program != null && !program.DeclaresContract(name))
            {
                error = string.Concat("contract ", name, " is not declared in the manifest of ", owner, " (add it under <contracts>)");
                return -1;
            }
            var transitions = new int[table->TransitionCount * 4];
            for (int i = 0; i < transitions.Length; i++) transitions[i] = table->Transitions[i];
            for (int t = 0; t < table->TransitionCount; t++)
            {
                int from = transitions[t * 4], message = transitions[t * 4 + 1], to = transitions[t * 4 + 2], direction = transitions[t * 4 + 3];
                if (from < 0 || from >= table->StateCount || to < 0 || to >= table->StateCount || message < 0 || message >= table->MessageCount
                    || (direction != ImporterSends && direction != ExporterSends))
                {
                    error = "contract table transition out of range";
                    return -1;
                }
            }
            int index = Find(owner, name, table->StateCount, table->MessageCount, table->InitialState, transitions, out error);
            if (index != -1 || error != null) return index;
            // Built with interrupts on (it allocates), published with them off; another SIP may have won meanwhile.
            var candidate = new ContractChecker(owner, name, table->StateCount, table->MessageCount, table->InitialState, transitions);
            ulong flags = Threading.Scheduler.DisableInterrupts();
            index = Find(owner, name, table->StateCount, table->MessageCount, table->InitialState, transitions, out error);
            if (index == -1 && error == null)
            {
                if (s_contracts.Count >= MaxContracts) error = "the kernel's contract table is full";
                else
                {
                    s_contracts.Add(candidate);
                    index = s_contracts.Count - 1;
                }
            }
            Threading.Scheduler.RestoreInterrupts(flags);
            return index;
        }

        /// <summary>The index of the program's contract of that name if its table is the same; -1 with an error if it
        /// differs; -1 without one if there is none yet. Interrupts off, or a read racing only with appends.</summary>
        private static int Find(string program, string name, int states, int messages, int initial, int[] transitions, out string error)
        {
            error = null;
            ulong flags = Threading.Scheduler.DisableInterrupts();
            int found = -1;
            for (int i = 0; i < s_contracts.Count && found == -1; i++)
            {
                ContractChecker c = s_contracts[i];
                if (c.Program != program || c.Name != name) continue;
                if (c.Matches(states, messages, initial, transitions)) found = i;
                else
                {
                    error = string.Concat("contract ", name, " of ", program, " was registered before with another state machine");
                    found = -2;
                }
            }
            Threading.Scheduler.RestoreInterrupts(flags);
            return found == -2 ? -1 : found;
        }

        /// <summary>True when the SIP's <paramref name="table"/> (memory already checked to be the caller's) is this
        /// contract: the same name and the same state machine, so the caller's own checks and the kernel's agree on
        /// every message. Read in place, nothing copied.</summary>
        public bool IsTable(ContractTable* table)
        {
            if (table->StateCount != _stateCount || table->MessageCount != _messageCount || table->InitialState != InitialState
                || (long)table->TransitionCount * 4 != _transitions.Length || table->NameLength != Name.Length)
                return false;
            for (int i = 0; i < Name.Length; i++)
                if (table->Name[i] != Name[i]) return false;
            for (int i = 0; i < _transitions.Length; i++)
                if (table->Transitions[i] != _transitions[i]) return false;
            return true;
        }

        private bool Matches(int states, int messages, int initial, int[] transitions)
        {
            if (_stateCount != states || _messageCount != messages || InitialState != initial || _transitions.Length != transitions.Length) return false;
            for (int i = 0; i < transitions.Length; i++)
                if (_transitions[i] != transitions[i]) return false;
            return true;
        }

        /// <summary>The dense next-state table (entry (state * MessageCount + message) * 2 + direction holds the next
        /// state + 1, 0 = not allowed), or null for a contract too large for one. Endpoints keep this address so a
        /// send looks its state up inline; the kernel's collector never moves objects and the checker lives as long
        /// as the kernel (s_contracts), so the address stays valid.</summary>
        public short* NextTable => _next == null ? null : (short*)System.Runtime.CompilerServices.Unsafe.AsPointer(ref _next[0]);

        public int MessageCount => _messageCount;

        public static ContractChecker Get(int index)
        {
            ulong flags = Threading.Scheduler.DisableInterrupts();
            ContractChecker c = index >= 0 && index < s_contracts.Count ? s_contracts[index] : null;
            Threading.Scheduler.RestoreInterrupts(flags);
            return c;
        }

        public static int Count => s_contracts.Count;

        /// <summary>The state after a side sends (or receives) <paramref name="message"/> in <paramref name="state"/>, or -1.</summary>
        public int Next(int state, int message, int direction)
        {
            if (_next != null)
            {
                if ((uint)state >= (uint)_stateCount || (uint)message >= (uint)_messageCount || (uint)direction > 1) return -1;
                return _next[(state * _messageCount + message) * 2 + direction] - 1;
            }
            for (int t = 0; t < _transitions.Length / 4; t++)
                if (_transitions[t * 4] == state && _transitions[t * 4 + 1] == message && _transitions[t * 4 + 3] == direction)
                    return _transitions[t * 4 + 2];
            return -1;
        }
    }
}
