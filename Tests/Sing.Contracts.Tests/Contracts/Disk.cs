using Sing.Contracts;

namespace Sing.Contracts.Tests.Contracts
{
    public struct DiskGeometry
    {
        public ulong SectorCount;
        public int SectorSize;
    }

    /// <summary>A block device: buffers travel to the driver and come back filled, never copied.</summary>
    [Contract]
    [State("Start", "Ready! -> Idle")]
    [State(
        "Idle",
        "Read? -> (ReadDone! | Failed!) -> Idle",
        "Write? -> (WriteDone! | Failed!) -> Idle",
        "GetGeometry? -> Geometry! -> Idle")]
    public sealed partial class Disk
    {
        [OutMessage]
        partial void Ready();

        [InMessage]
        partial void Read(ulong sector, ExVector<byte> buffer);

        [OutMessage]
        partial void ReadDone(ExVector<byte> buffer);

        [InMessage]
        partial void Write(ulong sector, ExVector<byte> buffer);

        [OutMessage]
        partial void WriteDone(ExVector<byte> buffer);

        [OutMessage]
        partial void Failed(ExVector<byte> buffer, int error);

        [InMessage]
        partial void GetGeometry();

        [OutMessage]
        partial void Geometry(DiskGeometry geometry);
    }
}
