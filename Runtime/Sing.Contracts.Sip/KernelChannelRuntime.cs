using System;
using System.Diagnostics;
using Singularity.V1;

namespace Sing.Contracts.Sip
{
    /// <summary>Contract channels as kernel channels. Each channel is created with the contract's state table, so
    /// the kernel checks every send too (defence in depth behind the analyzers and the library's own check);
    /// select is the kernel's ChannelSelect.</summary>
    internal sealed unsafe class KernelChannelRuntime : IChannelRuntime, INativeSelect
    {
        public void CreateChannel(ContractInfo contract, out IChannelTransport imp, out IChannelTransport exp)
        {
            int capacity = Math.Max(1, Math.Max(contract.ImpQueueCapacity, contract.ExpQueueCapacity));
            AbiStatus status;
            void* i = null, e = null;
            fixed (int* t = contract.DirectedTransitions)
            fixed (char* name = contract.Name)
            {
                ContractTable table = TableOf(contract, t, name);
                status = Abi.Table->ChannelCreateForContract(&table, capacity, &i, &e);
            }

            if (status != AbiStatus.Ok)
            {
                throw new InvalidOperationException("cannot create a " + contract.Name + " channel: status " + ((int)status).ToString());
            }

            imp = KernelTransport.Fresh(i);
            exp = KernelTransport.Fresh(e);
        }

        /// <summary>The kernel's view of a contract: its tables, pinned by the caller for the call.</summary>
        internal static ContractTable TableOf(ContractInfo contract, int* transitions, char* name)
        {
            ContractTable table;
            table.StateCount = contract.StateNames.Length;
            table.MessageCount = contract.MessageNames.Length;
            table.InitialState = contract.InitialState;
            table.TransitionCount = contract.DirectedTransitions.Length / 4;
            table.Transitions = transitions;
            table.Name = name;
            table.NameLength = contract.Name.Length;
            return table;
        }

        /// <summary>The kernel's limit for one ChannelSelect.</summary>
        private const int MaxSelect = 4096;

        public nint HandleOf(IChannelTransport transport) => transport is KernelTransport kernel ? (nint)kernel.Address : 0;

        public int WaitAny(ReadOnlySpan<nint> handles, int timeoutMs)
        {
            int ready = -1;
            AbiStatus status;
            fixed (nint* h = handles)
            {
                status = Abi.Table->ChannelSelect((void**)h, handles.Length, timeoutMs < 0 ? ulong.MaxValue : (ulong)timeoutMs, &ready);
            }

            if (status == AbiStatus.Ok) return ready;
            if (status == AbiStatus.Timeout) return Select.TimedOut;
            // A select the kernel refused must not look like a quiet one (a server would spin, serving nobody).
            throw new InvalidOperationException(handles.Length > MaxSelect
                ? "a select waits on at most " + MaxSelect.ToString() + " endpoints, not " + handles.Length.ToString()
                : "the kernel refused the select: status " + ((int)status).ToString());
        }

        public int WaitAnyOrInterrupt(ReadOnlySpan<nint> handles, ulong interruptHandle, int timeoutMs)
        {
            int ready = -1;
            AbiStatus status;
            fixed (nint* h = handles)
            {
                status = Abi.Table->IrqSelect(interruptHandle, (void**)h, handles.Length, timeoutMs < 0 ? ulong.MaxValue : (ulong)timeoutMs, &ready);
            }

            if (status == AbiStatus.Ok) return ready;
            if (status == AbiStatus.Timeout) return Select.TimedOut;
            throw new InvalidOperationException("the kernel refused the interrupt select: status " + ((int)status).ToString());
        }

        public IWaiter CurrentWaiter => throw new NotSupportedException("kernel channels select in the kernel");

        public long NowMilliseconds => Timestamps.ToMilliseconds(Stopwatch.GetTimestamp(), Stopwatch.Frequency);

        public void Sleep(int milliseconds) => Threads.Sleep(milliseconds < 0 ? 0UL : (ulong)milliseconds);
    }
}
