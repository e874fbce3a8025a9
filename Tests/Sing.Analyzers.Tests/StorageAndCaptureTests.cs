using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests
{
    /// <summary>Where tracked values may not live: fields, closures, async state machines; and aliasing in one call.</summary>
    public sealed class StorageAndCaptureTests
    {
        [Fact]
        public void Tracked_field_needs_TRef() => Verify.Diagnostics(Prelude.InClass("""
            private ExVector<byte>? /*SING0204*/_buffer;

            public void Set()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                _buffer = v;
            }
            """));

        [Fact]
        public void Endpoint_auto_property_needs_TRef() => Verify.Diagnostics(Prelude.InClass("""
            public Calculator.Imp? /*SING0204*/Client { get; set; }
            """));

        [Fact]
        public void Array_of_tracked_values_in_field() => Verify.Diagnostics(Prelude.InClass("""
            private readonly ExVector<byte>[] /*SING0204*/_buffers = new ExVector<byte>[4];
            """));

        [Fact]
        public void Collection_of_tracked_values_in_field() => Verify.Diagnostics(Prelude.InClass("""
            private readonly System.Collections.Generic.List<ExRef<Packet>> /*SING0204*/_packets = new System.Collections.Generic.List<ExRef<Packet>>();
            """));

        [Fact]
        public void EndpointSet_field_is_clean_and_its_members_are_tracked() => Verify.Diagnostics(Prelude.InClass("""
            private readonly EndpointSet<Calculator.Imp> _clients = new EndpointSet<Calculator.Imp>();

            public void Keep([Claims] Calculator.Imp imp)
            {
                _clients.Add(imp);
            }

            public void Serve()
            {
                Calculator.Imp? /*SING0203*/ready = _clients.Take(0);
                if (ready is null)
                {
                    return;
                }

                ready.SendQuit();
            }
            """));

        [Fact]
        public void ReconnectingEndpoint_field_is_clean_and_what_it_hands_out_is_tracked() => Verify.Diagnostics(Prelude.InClass("""
            private readonly ReconnectingEndpoint<Calculator.Imp> _service = new ReconnectingEndpoint<Calculator.Imp>("/service/calc", name => null, null, 1000);

            public void Ask()
            {
                Calculator.Imp /*SING0203*/calculator = _service.Acquire();
                calculator.SendQuit();
            }

            public void AskAndGiveBack()
            {
                Calculator.Imp calculator = _service.Acquire();
                _service.Release(calculator);
            }
            """));

        [Fact]
        public void TRef_field_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            private TRef<Calculator.Imp>? _client;

            public void Keep([Claims] Calculator.Imp imp)
            {
                _client = new TRef<Calculator.Imp>(imp);
            }
            """));

        [Fact]
        public void Lambda_capture() => Verify.Diagnostics(Prelude.InClass("""
            static Func<int> M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Func<int> f = () => /*SING0205*/v.Length;
                v.Free();
                return f;
            }
            """));

        [Fact]
        public void Local_function_capture() => Verify.Diagnostics(Prelude.InClass("""
            static int M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                int n = Length();
                v.Free();
                return n;

                int Length() => /*SING0205*/v.Length;
            }
            """));

        [Fact]
        public void Static_local_function_with_parameter_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static int M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                int n = Length(v);
                v.Free();
                return n;

                static int Length(ExVector<byte> vector) => vector.Length;
            }
            """));

        [Fact]
        public void Tracked_local_in_async_method() => Verify.Diagnostics(Prelude.InClass("""
            static async System.Threading.Tasks.Task M()
            {
                ExVector<byte> /*SING0206*/v = ExchangeHeap.NewVector<byte>(8);
                await System.Threading.Tasks.Task.Yield();
                v.Free();
            }
            """));

        [Fact]
        public void Tracked_parameter_in_iterator() => Verify.Diagnostics(Prelude.InClass("""
            static System.Collections.Generic.IEnumerable<byte> Bytes(ExVector<byte> /*SING0206*/v)
            {
                for (int i = 0; i < v.Length; i++)
                {
                    yield return v[i];
                }
            }
            """));

        [Fact]
        public void Same_block_passed_twice() => Verify.Diagnostics(Prelude.InClass("""
            static void Copy(ExVector<byte> from, ExVector<byte> to)
            {
                from.AsSpan().CopyTo(to.AsSpan());
            }

            static void M()
            {
                ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                Copy(v, /*SING0207*/v);
                v.Free();
            }
            """));

        [Fact]
        public void Different_blocks_in_one_call_are_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void Copy(ExVector<byte> from, ExVector<byte> to)
            {
                from.AsSpan().CopyTo(to.AsSpan());
            }

            static void M()
            {
                ExVector<byte> a = ExchangeHeap.NewVector<byte>(8);
                ExVector<byte> b = ExchangeHeap.NewVector<byte>(8);
                Copy(a, b);
                a.Free();
                b.Free();
            }
            """));

        [Fact]
        public void Same_block_sent_twice_in_one_message() => Verify.Diagnostics(Prelude.InClass("""
            static void M([Claims][InState("IoRunningAfterGetReceivedPacket")] NicDevice.Exp nic)
            {
                ExVector<byte> data = ExchangeHeap.NewVector<byte>(8);
                ExRef<Packet> info = ExchangeHeap.New(new Packet { Length = 8 });
                nic.SendReceivedPacket(data, info);
                nic.Free();
            }
            """));
    }
}
