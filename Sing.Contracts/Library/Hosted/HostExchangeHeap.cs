using System;
using System.Collections.Generic;

namespace Sing.Contracts.Hosted
{
    /// <summary>
    /// Exchange heap on the host: pinned managed arrays, so a block has a stable address like a kernel
    /// block, kept alive by a table from address to array until released; the table's size is the live
    /// block count that leak tests read.
    /// </summary>
    internal sealed class HostExchangeHeap : IExchangeHeap
    {
        private readonly Dictionary<nint, byte[]> _blocks = new Dictionary<nint, byte[]>();

        public long LiveBlocks
        {
            get
            {
                lock (_blocks)
                {
                    return _blocks.Count;
                }
            }
        }

        public unsafe nint Allocate(nuint bytes)
        {
            // At least one byte, so every block has its own address.
            byte[] storage = GC.AllocateArray<byte>(checked((int)Math.Max(bytes, 1)), pinned: true);
            nint address;
            fixed (byte* p = storage)
            {
                address = (nint)p;
            }

            lock (_blocks)
            {
                _blocks.Add(address, storage);
            }

            return address;
        }

        public void Release(nint block)
        {
            lock (_blocks)
            {
                if (!_blocks.Remove(block))
                {
                    throw new LinearityViolationException("released a block the exchange heap does not hold");
                }
            }
        }

        public nuint SizeOf(nint block)
        {
            lock (_blocks)
            {
                return _blocks.TryGetValue(block, out byte[]? storage) ? (nuint)storage.Length : 0;
            }
        }
    }
}
