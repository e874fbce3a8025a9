namespace System.Runtime.InteropServices
{
    /// <summary>Marshalling kinds. C# needs the type itself: it encodes the <c>unmanaged</c> generic constraint as a
    /// modreq of it, so any <c>where T : unmanaged</c> fails to compile without it.</summary>
    public enum UnmanagedType
    {
        Bool = 2,
        I1 = 3,
        U1 = 4,
        I2 = 5,
        U2 = 6,
        I4 = 7,
        U4 = 8,
        I8 = 9,
        U8 = 10,
        R4 = 11,
        R8 = 12,
        SysInt = 31,
        SysUInt = 32,
        FunctionPtr = 38,
        Struct = 27,
    }
}
