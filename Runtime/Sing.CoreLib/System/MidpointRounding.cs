namespace System
{
    /// <summary>How Math.Round treats a value halfway between two results (and the directed modes).</summary>
    public enum MidpointRounding
    {
        ToEven = 0,
        AwayFromZero = 1,
        ToZero = 2,
        ToNegativeInfinity = 3,
        ToPositiveInfinity = 4,
    }
}
