namespace System
{
    /// <summary>Integer to text conversions used by the primitives' ToString.</summary>
    internal static unsafe class Number
    {
        internal static string UInt64ToDecimal(ulong value)
        {
            char* buffer = stackalloc char[20];
            int start = 20;
            do
            {
                buffer[--start] = (char)('0' + (int)(value % 10));
                value /= 10;
            } while (value != 0);
            return new string(buffer, start, 20 - start);
        }

        internal static string Int64ToDecimal(long value)
        {
            if (value >= 0) return UInt64ToDecimal((ulong)value);
            return string.Concat("-", UInt64ToDecimal((ulong)(-(value + 1)) + 1));
        }
    }
}
