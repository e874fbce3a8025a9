namespace System.Buffers
{
    /// <summary>How far a span-to-span operation (Base64, transcoding) got.</summary>
    public enum OperationStatus
    {
        Done = 0,
        DestinationTooSmall = 1,
        NeedMoreData = 2,
        InvalidData = 3,
    }
}
