namespace System.Collections
{
    /// <summary>A fixed-length array of bits packed into 64-bit words, with bulk logic and searches (for
    /// allocation bitmaps and the like).</summary>
    public sealed class BitArray
    {
        private readonly ulong[] _words;
        private readonly int _length;

        public BitArray(int length, bool defaultValue = false)
        {
            if (length < 0) CollectionThrowHelpers.ArgumentOutOfRange("length");
            _length = length;
            _words = new ulong[(length + 63) >> 6];
            if (defaultValue) SetAll(true);
        }

        public int Length => _length;

        public bool this[int index]
        {
            get => Get(index);
            set => Set(index, value);
        }

        public bool Get(int index)
        {
            if ((uint)index >= (uint)_length) CollectionThrowHelpers.IndexOutOfRange();
            return (_words[index >> 6] & (1UL << index)) != 0;
        }

        public void Set(int index, bool value)
        {
            if ((uint)index >= (uint)_length) CollectionThrowHelpers.IndexOutOfRange();
            if (value) _words[index >> 6] |= 1UL << index;
            else _words[index >> 6] &= ~(1UL << index);
        }

        public void SetAll(bool value)
        {
            ulong fill = value ? ulong.MaxValue : 0;
            for (int i = 0; i < _words.Length; i++) _words[i] = fill;
            ClearTail();
        }

        public BitArray And(BitArray other) => Combine(other, 0);

        public BitArray Or(BitArray other) => Combine(other, 1);

        public BitArray Xor(BitArray other) => Combine(other, 2);

        public BitArray Not()
        {
            for (int i = 0; i < _words.Length; i++) _words[i] = ~_words[i];
            ClearTail();
            return this;
        }

        private BitArray Combine(BitArray other, int operation)
        {
            if (other is null) CollectionThrowHelpers.ArgumentNull("other");
            if (other._length != _length) CollectionThrowHelpers.LengthMismatch();
            for (int i = 0; i < _words.Length; i++)
            {
                ulong a = _words[i], b = other._words[i];
                _words[i] = operation == 0 ? a & b : operation == 1 ? a | b : a ^ b;
            }
            return this;
        }

        /// <summary>Bits past Length stay zero so that counts and searches never see them.</summary>
        private void ClearTail()
        {
            int used = _length & 63;
            if (used != 0) _words[_words.Length - 1] &= (1UL << used) - 1;
        }

        /// <summary>Number of set bits.</summary>
        public int PopCount()
        {
            int count = 0;
            for (int i = 0; i < _words.Length; i++)
            {
                ulong w = _words[i];
                w -= (w >> 1) & 0x5555555555555555UL;
                w = (w & 0x3333333333333333UL) + ((w >> 2) & 0x3333333333333333UL);
                w = (w + (w >> 4)) & 0x0F0F0F0F0F0F0F0FUL;
                count += (int)((w * 0x0101010101010101UL) >> 56);
            }
            return count;
        }

        /// <summary>Index of the first bit equal to <paramref name="value"/> at or after <paramref name="start"/>, or -1.</summary>
        public int IndexOf(bool value, int start = 0)
        {
            if ((uint)start > (uint)_length) CollectionThrowHelpers.ArgumentOutOfRange("start");
            for (int word = start >> 6; word < _words.Length; word++)
            {
                ulong bits = value ? _words[word] : ~_words[word];
                if (word == start >> 6) bits &= ulong.MaxValue << (start & 63);
                if (bits == 0) continue;
                int index = (word << 6) + System.Numerics.BitOperations.TrailingZeroCount(bits);
                return index < _length ? index : -1;
            }
            return -1;
        }
    }
}
