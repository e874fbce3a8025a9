using Sing.Contracts;

namespace Sing.Apps.SingBench
{
    /// <summary>32 bytes of payload, the PSR-32 size, as one contract argument.</summary>
    public struct Payload32
    {
        public long A, B, C, D;
    }

    /// <summary>The PSR rows' ping-pong as a generated contract: each size has its own message and its echo.</summary>
    [Contract]
    [State("Ready", "Small? -> SmallBack! -> Ready", "Medium? -> MediumBack! -> Ready", "Large? -> LargeBack! -> Ready")]
    public sealed partial class BenchEcho
    {
        [InMessage] partial void Small(byte value);
        [OutMessage] partial void SmallBack(byte value);
        [InMessage] partial void Medium(Payload32 value);
        [OutMessage] partial void MediumBack(Payload32 value);
        [InMessage] partial void Large(ExVector<byte> buffer);
        [OutMessage] partial void LargeBack(ExVector<byte> buffer);
    }
}
