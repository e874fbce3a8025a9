namespace Sing.Analyzers.Tests.Harness
{
    /// <summary>Contracts every test program can use (from the papers), compiled as a second file.</summary>
    public static class Prelude
    {
        public const string Contracts = """
            using Sing.Contracts;

            namespace Demo
            {
                public struct Packet
                {
                    public int Length;
                }

                [Contract]
                [State("Ready", "Add? -> Result! -> Ready", "Divide? -> (Result! | DivideByZero!) -> Ready", "Quit? -> Done")]
                [State("Done")]
                public sealed partial class Calculator
                {
                    [InMessage] partial void Add(long left, long right);
                    [InMessage] partial void Divide(long dividend, long divisor);
                    [OutMessage] partial void Result(long value);
                    [OutMessage] partial void DivideByZero();
                    [InMessage] partial void Quit();
                }

                [Contract]
                [State("Ready", "NicEvent! -> AckEvent? -> Ready")]
                public sealed partial class NicEvents
                {
                    [OutMessage] partial void NicEvent(int kind);
                    [InMessage] partial void AckEvent();
                }

                [Contract]
                [State("Start", "DeviceInfo! -> IoConfigureBegin")]
                [State("IoConfigureBegin", "RegisterForEvents? -> SetParameters? -> IoConfigureAck")]
                [State("IoConfigureAck", "InvalidParameters! -> IoConfigureBegin", "Success! -> IoConfigured")]
                [State("IoConfigured", "StartIO? -> IoRunning", "ConfigureIO? -> IoConfigureBegin")]
                [State("IoRunning", "PacketForReceive? -> (Success! | BadPacketSize!) -> IoRunning", "GetReceivedPacket? -> (ReceivedPacket! | NoPacket!) -> IoRunning")]
                public sealed partial class NicDevice
                {
                    [OutMessage] partial void DeviceInfo(int mtu);
                    [InMessage] partial void RegisterForEvents([InState("Ready")] NicEvents.Exp events);
                    [InMessage] partial void SetParameters(int buffers);
                    [OutMessage] partial void InvalidParameters(int error);
                    [OutMessage] partial void Success();
                    [InMessage] partial void StartIO();
                    [InMessage] partial void ConfigureIO();
                    [InMessage] partial void PacketForReceive(ExVector<byte> buffer);
                    [OutMessage] partial void BadPacketSize(ExVector<byte> buffer, int expected);
                    [InMessage] partial void GetReceivedPacket();
                    [OutMessage] partial void ReceivedPacket(ExVector<byte> data, ExRef<Packet> info);
                    [OutMessage] partial void NoPacket();
                }
            }
            """;

        /// <summary>Wraps class members in a file with the usual usings.</summary>
        public static string InClass(string members, string header = "")
        {
            return "using System;\nusing Sing.Contracts;\n" + header + "\nnamespace Demo\n{\n    public class Program\n    {\n" + members + "\n    }\n}\n";
        }
    }
}
