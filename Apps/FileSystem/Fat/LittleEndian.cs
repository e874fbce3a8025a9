#nullable enable
namespace Sing.Storage.Fat
{
    /// <summary>Little-endian fields in on-disk structures (the corelib has no BinaryPrimitives).</summary>
    internal static class LittleEndian
    {
        public static ushort U16(byte[] b, int at) => (ushort)(b[at] | (b[at + 1] << 8));

        public static uint U32(byte[] b, int at) => (uint)(b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24));

        public static void Put16(byte[] b, int at, int v)
        {
            b[at] = (byte)v;
            b[at + 1] = (byte)(v >> 8);
        }

        public static void Put32(byte[] b, int at, uint v)
        {
            b[at] = (byte)v;
            b[at + 1] = (byte)(v >> 8);
            b[at + 2] = (byte)(v >> 16);
            b[at + 3] = (byte)(v >> 24);
        }
    }
}
