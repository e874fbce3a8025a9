using Sing.Kernel.Channels;
using Singularity.V1;

namespace Sing.Kernel.Tests
{
    /// <summary>The per-process memo of contract tables (Channels/ContractMemo.cs): it answers only for the same arrays
    /// and the same header, keeps what a process registered apart from what it matched, and forgets the oldest.</summary>
    internal static unsafe class ContractMemoTests
    {
        public static void AnswersOnlyForTheSameTable(TestContext t)
        {
            int* transitions = stackalloc int[8] { 0, 0, 1, 0, 1, 1, 0, 1 };
            char* name = stackalloc char[4] { 'E', 'c', 'h', 'o' };
            ContractTable table = Table(transitions, name);
            var memo = new ContractMemo();
            t.Equal(ulong.MaxValue, (ulong)(long)memo.Registered(&table), "an empty memo knows nothing");
            memo.Remember(&table, 5, registered: true);
            t.Equal(5UL, (ulong)memo.Registered(&table), "the table registered before answers with its contract");
            t.True(memo.Matched(&table, 5), "an endpoint of the contract it registered follows the same table");
            t.True(!memo.Matched(&table, 6), "an endpoint of another contract does not");

            ContractTable other = table;
            other.TransitionCount = 1;
            t.Equal(ulong.MaxValue, (ulong)(long)memo.Registered(&other), "another transition count is another table");
            other = table;
            other.Transitions = transitions + 4;
            t.Equal(ulong.MaxValue, (ulong)(long)memo.Registered(&other), "other transition memory is another table");
            other = table;
            other.Name = name + 1;
            other.NameLength = 3;
            t.Equal(ulong.MaxValue, (ulong)(long)memo.Registered(&other), "another name is another table");
            other = table;
            other.InitialState = 1;
            t.Equal(ulong.MaxValue, (ulong)(long)memo.Registered(&other), "another initial state is another table");
            other = table;
            other.StateCount = int.MaxValue;
            t.Equal(ulong.MaxValue, (ulong)(long)memo.Registered(&other), "a header out of bounds is never found");

            memo.Remember(&table, 9, registered: false);
            t.True(memo.Matched(&table, 9), "a table compared equal to contract 9 matches it again");
            t.Equal(5UL, (ulong)memo.Registered(&table), "a match is not a registration: the registered contract still answers");
            t.True(!memo.Matched(&table, 8), "but no other contract");
            t.True(!memo.Matched(&table, -1), "nor an unchecked channel");

            // Eight more entries push the first ones out.
            for (int i = 0; i < 8; i++)
            {
                ContractTable filler = Table(transitions, name);
                filler.NameLength = 1 + (i % 3);
                filler.InitialState = 0;
                filler.MessageCount = 2 + i;
                memo.Remember(&filler, 100 + i, registered: true);
            }
            t.Equal(ulong.MaxValue, (ulong)(long)memo.Registered(&table), "the oldest entries are forgotten");
            t.True(!memo.Matched(&table, 9), "both of them");
        }

        private static ContractTable Table(int* transitions, char* name)
        {
            ContractTable table;
            table.StateCount = 2;
            table.MessageCount = 2;
            table.InitialState = 0;
            table.TransitionCount = 2;
            table.Transitions = transitions;
            table.Name = name;
            table.NameLength = 4;
            return table;
        }
    }
}
