using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests
{
    /// <summary>Protocol conformance: sends and receives only where the contract allows them.</summary>
    public sealed class ProtocolTests
    {
        [Fact]
        public void Request_reply_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static long Client()
            {
                Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
                imp.SendAdd(1, 2);
                Calculator.Exp.ReadyReceived request = exp.ReceiveReady();
                if (request.Tag == Calculator.Exp.ReadyTag.Add)
                {
                    request.GetAdd(out long a, out long b);
                    exp.SendResult(a + b);
                }

                imp.RecvResult(out long sum);
                imp.SendQuit();
                imp.Free();
                exp.Free();
                return sum;
            }
            """));

        [Fact]
        public void Combined_send_and_receive_advance_the_protocol() => Verify.Diagnostics(Prelude.InClass("""
            static long Client([Claims][InState("Ready")] Calculator.Imp imp)
            {
                imp.SendAddAndRecvResult(1, 2, out long sum);
                imp.SendAddAndRecvResult(sum, 3, out long total);
                Calculator.Imp.ReadyAfterDivideReceived reply = imp.SendDivideAndReceive(total, 2);
                reply.GetResult(out total);
                imp.SendQuit();
                imp.Free();
                return total;
            }
            """));

        [Fact]
        public void Combined_send_in_the_wrong_state() => Verify.Diagnostics(Prelude.InClass("""
            static void Client([Claims][InState("Ready")] Calculator.Imp imp)
            {
                imp.SendAdd(1, 2);
                /*SING0101*/imp.SendAddAndRecvResult(3, 4, out long sum);
                imp.Free();
            }
            """));

        [Fact]
        public void Single_receive_in_a_choice_state() => Verify.Diagnostics(Prelude.InClass("""
            static void Server([InState("Ready")][OutState("ReadyAfterAdd")] Calculator.Exp exp)
            {
                /*SING0104*/exp.RecvAdd(out long a, out long b);
            }
            """));

        [Fact]
        public void Second_request_before_reply() => Verify.Diagnostics(Prelude.InClass("""
            static void Client()
            {
                Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
                imp.SendAdd(1, 2);
                /*SING0101*/imp.SendAdd(3, 4);
                imp.Free();
                exp.Free();
            }
            """));

        [Fact]
        public void Send_after_the_final_state() => Verify.Diagnostics(Prelude.InClass("""
            static void Client([Claims][InState("Ready")] Calculator.Imp imp)
            {
                imp.SendQuit();
                /*SING0101*/imp.SendAdd(3, 4);
                imp.Free();
            }
            """));

        [Fact]
        public void Send_message_name_and_state_in_diagnostic()
        {
            string message = Verify.MessageOf(Prelude.InClass("""
                static void Client([Claims][InState("Ready")] Calculator.Imp imp)
                {
                    imp.SendQuit();
                    imp.SendAdd(3, 4);
                    imp.Free();
                }
                """), "SING0101");
            Assert.Equal("'imp' (Calculator.Imp) cannot send Add in state Done: the conversation has ended there; free the endpoint", message);
        }

        [Fact]
        public void Receive_when_the_endpoint_must_send() => Verify.Diagnostics(Prelude.InClass("""
            static void Client([Claims][InState("Ready")] Calculator.Imp imp)
            {
                /*SING0102*/imp.RecvResult(out long value);
                imp.Free();
            }
            """));

        [Fact]
        public void Typed_receive_in_another_state() => Verify.Diagnostics(Prelude.InClass("""
            static void Client([Claims][InState("Ready")] Calculator.Imp imp)
            {
                imp.SendAdd(1, 1);
                Calculator.Imp.ReadyAfterDivideReceived r = /*SING0102*/imp.ReceiveReadyAfterDivide();
                imp.Free();
            }
            """));

        [Fact]
        public void Single_receive_ignores_other_possible_messages() => Verify.Diagnostics(Prelude.InClass("""
            static long Client([Claims][InState("Ready")] Calculator.Imp imp)
            {
                imp.SendDivide(1, 0);
                /*SING0104*/imp.RecvResult(out long value);
                imp.Free();
                return value;
            }
            """));

        [Fact]
        public void Typed_receive_with_switch_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static long Client([InState("Ready")] Calculator.Imp imp)
            {
                imp.SendDivide(1, 0);
                Calculator.Imp.ReadyAfterDivideReceived r = imp.ReceiveReadyAfterDivide();
                switch (r.Tag)
                {
                    case Calculator.Imp.ReadyAfterDivideTag.Result:
                        r.GetResult(out long value);
                        return value;
                    case Calculator.Imp.ReadyAfterDivideTag.DivideByZero:
                        return 0;
                    case Calculator.Imp.ReadyAfterDivideTag.ChannelClosed:
                        throw new InvalidOperationException("server gone");
                }

                return -1;
            }
            """));

        [Fact]
        public void Switch_missing_a_message() => Verify.Diagnostics(Prelude.InClass("""
            static long Client([InState("Ready")] Calculator.Imp imp)
            {
                imp.SendDivide(1, 0);
                Calculator.Imp.ReadyAfterDivideReceived r = imp.ReceiveReadyAfterDivide();
                /*SING0103*/switch (r.Tag)
                {
                    case Calculator.Imp.ReadyAfterDivideTag.Result:
                        r.GetResult(out long value);
                        return value;
                    case Calculator.Imp.ReadyAfterDivideTag.ChannelClosed:
                        throw new InvalidOperationException("server gone");
                }

                return 0;
            }
            """));

        [Fact]
        public void Switch_missing_message_names_it()
        {
            string message = Verify.MessageOf(Prelude.InClass("""
                static void Client([InState("Ready")] Calculator.Imp imp)
                {
                    imp.SendDivide(1, 0);
                    Calculator.Imp.ReadyAfterDivideReceived r = imp.ReceiveReadyAfterDivide();
                    switch (r.Tag)
                    {
                        case Calculator.Imp.ReadyAfterDivideTag.Result:
                            break;
                    }
                }
                """), "SING0103");
            Assert.Equal("Receive in state ReadyAfterDivide does not handle ChannelClosed, DivideByZero: add a case for each, or a default", message);
        }

        [Fact]
        public void Switch_with_default_covers_the_rest() => Verify.Diagnostics(Prelude.InClass("""
            static void Client([InState("Ready")] Calculator.Imp imp)
            {
                imp.SendDivide(1, 0);
                Calculator.Imp.ReadyAfterDivideReceived r = imp.ReceiveReadyAfterDivide();
                switch (r.Tag)
                {
                    case Calculator.Imp.ReadyAfterDivideTag.Result:
                        break;
                    default:
                        break;
                }
            }
            """));

        [Fact]
        public void Switch_expression_missing_a_message() => Verify.Diagnostics(Prelude.InClass("""
            static int Client([InState("Ready")] Calculator.Imp imp)
            {
                imp.SendDivide(1, 0);
                return imp.ReceiveReadyAfterDivide().Tag /*SING0103*/switch
                {
                    Calculator.Imp.ReadyAfterDivideTag.Result => 1,
                    Calculator.Imp.ReadyAfterDivideTag.DivideByZero => 2,
                };
            }
            """));

        [Fact]
        public void Switch_expression_covering_all_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static int Client([InState("Ready")] Calculator.Imp imp)
            {
                imp.SendDivide(1, 0);
                return imp.ReceiveReadyAfterDivide().Tag switch
                {
                    Calculator.Imp.ReadyAfterDivideTag.Result => 1,
                    Calculator.Imp.ReadyAfterDivideTag.DivideByZero => 2,
                    Calculator.Imp.ReadyAfterDivideTag.ChannelClosed => 3,
                };
            }
            """));

        [Fact]
        public void Tag_switch_refines_the_state_per_case() => Verify.Diagnostics(Prelude.InClass("""
            static void Configure([InState("IoConfigureBegin")][OutState("IoConfigured")] NicDevice.Imp nic)
            {
                while (true)
                {
                    NicEvents.CreateChannel(out NicEvents.Imp events, out NicEvents.Exp driverSide);
                    nic.SendRegisterForEvents(driverSide);
                    events.Free();
                    nic.SendSetParameters(4);
                    NicDevice.Imp.IoConfigureAckReceived ack = nic.ReceiveIoConfigureAck();
                    switch (ack.Tag)
                    {
                        case NicDevice.Imp.IoConfigureAckTag.Success:
                            return;
                        case NicDevice.Imp.IoConfigureAckTag.InvalidParameters:
                            continue;
                        case NicDevice.Imp.IoConfigureAckTag.ChannelClosed:
                            throw new InvalidOperationException("driver gone");
                    }
                }
            }
            """));

        [Fact]
        public void Send_valid_only_after_another_message_is_caught() => Verify.Diagnostics(Prelude.InClass("""
            static void Configure([Claims][InState("IoConfigureAck")] NicDevice.Imp nic)
            {
                NicDevice.Imp.IoConfigureAckReceived ack = nic.ReceiveIoConfigureAck();
                if (ack.Tag == NicDevice.Imp.IoConfigureAckTag.InvalidParameters)
                {
                    /*SING0101*/nic.SendStartIO();
                }

                nic.Free();
            }
            """));

        [Fact]
        public void If_else_on_tag_refines_both_edges() => Verify.Diagnostics(Prelude.InClass("""
            static void Configure([Claims][InState("IoConfigureAck")] NicDevice.Imp nic)
            {
                NicDevice.Imp.IoConfigureAckReceived ack = nic.ReceiveIoConfigureAck();
                if (ack.Tag == NicDevice.Imp.IoConfigureAckTag.Success)
                {
                    nic.SendStartIO();
                }
                else if (ack.Tag != NicDevice.Imp.IoConfigureAckTag.ChannelClosed)
                {
                    NicEvents.CreateChannel(out NicEvents.Imp events, out NicEvents.Exp driverSide);
                    nic.SendRegisterForEvents(driverSide);
                    nic.SendSetParameters(1);
                    events.Free();
                }

                nic.Free();
            }
            """));

        [Fact]
        public void Wrong_reaction_to_invalid_parameters() => Verify.Diagnostics(Prelude.InClass("""
            static void Configure([Claims][InState("IoConfigureAck")] NicDevice.Imp nic)
            {
                NicDevice.Imp.IoConfigureAckReceived ack = nic.ReceiveIoConfigureAck();
                if (ack.Tag == NicDevice.Imp.IoConfigureAckTag.InvalidParameters)
                {
                    /*SING0101*/nic.SendSetParameters(1);
                }

                nic.Free();
            }
            """));

        [Fact]
        public void Is_pattern_on_tag_refines() => Verify.Diagnostics(Prelude.InClass("""
            static void Configure([Claims][InState("IoConfigureAck")] NicDevice.Imp nic)
            {
                NicDevice.Imp.IoConfigureAckReceived ack = nic.ReceiveIoConfigureAck();
                if (ack.Tag is NicDevice.Imp.IoConfigureAckTag.Success)
                {
                    nic.SendStartIO();
                }

                nic.Free();
            }
            """));

        [Fact]
        public void Server_loop_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void Serve([Claims][InState("Ready")] Calculator.Exp exp)
            {
                while (true)
                {
                    Calculator.Exp.ReadyReceived request = exp.ReceiveReady();
                    switch (request.Tag)
                    {
                        case Calculator.Exp.ReadyTag.Add:
                            request.GetAdd(out long a, out long b);
                            exp.SendResult(a + b);
                            break;
                        case Calculator.Exp.ReadyTag.Divide:
                            request.GetDivide(out long x, out long y);
                            if (y == 0)
                            {
                                exp.SendDivideByZero();
                            }
                            else
                            {
                                exp.SendResult(x / y);
                            }

                            break;
                        case Calculator.Exp.ReadyTag.Quit:
                        case Calculator.Exp.ReadyTag.ChannelClosed:
                            exp.Free();
                            return;
                    }
                }
            }
            """));

        [Fact]
        public void Server_loop_forgetting_to_reply() => Verify.Diagnostics(Prelude.InClass("""
            static void Serve([Claims][InState("Ready")] Calculator.Exp exp)
            {
                while (true)
                {
                    Calculator.Exp.ReadyReceived request = /*SING0102*/exp.ReceiveReady();
                    switch (request.Tag)
                    {
                        case Calculator.Exp.ReadyTag.Add:
                            request.GetAdd(out long a, out long b);
                            break;
                        default:
                            exp.Free();
                            return;
                    }
                }
            }
            """));

        [Fact]
        public void Exit_state_must_match_declaration() => Verify.Diagnostics(Prelude.InClass("""
            static void Step([InState("Ready")] Calculator.Imp /*SING0105*/imp)
            {
                imp.SendAdd(1, 2);
            }
            """));

        [Fact]
        public void Exit_state_with_OutState_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void Step([InState("Ready")][OutState("ReadyAfterAdd")] Calculator.Imp imp)
            {
                imp.SendAdd(1, 2);
            }
            """));

        [Fact]
        public void Round_trip_helper_keeps_state() => Verify.Diagnostics(Prelude.InClass("""
            static long Add([InState("Ready")] Calculator.Imp imp, long a, long b)
            {
                imp.SendAdd(a, b);
                imp.RecvResult(out long sum);
                return sum;
            }

            static long Twice()
            {
                Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
                long s = Add(imp, 1, 2);
                imp.Free();
                exp.Free();
                return s;
            }
            """));

        [Fact]
        public void Passing_endpoint_in_the_wrong_state_to_a_method() => Verify.Diagnostics(Prelude.InClass("""
            static long Add([InState("Ready")] Calculator.Imp imp, long a, long b)
            {
                imp.SendAdd(a, b);
                imp.RecvResult(out long sum);
                return sum;
            }

            static void Caller()
            {
                Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
                imp.SendQuit();
                Add(/*SING0107*/imp, 1, 2);
                imp.Free();
                exp.Free();
            }
            """));

        [Fact]
        public void Endpoint_argument_in_the_declared_state_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void Register([InState("IoConfigureBegin")][OutState("IoConfigureBeginAfterRegisterForEvents")] NicDevice.Imp nic)
            {
                NicEvents.CreateChannel(out NicEvents.Imp events, out NicEvents.Exp driverSide);
                nic.SendRegisterForEvents(driverSide);
                events.Free();
            }
            """));

        [Fact]
        public void Endpoint_argument_in_the_wrong_state() => Verify.Diagnostics(Prelude.InClass("""
            static void Register([InState("IoConfigureBegin")][OutState("IoConfigureBeginAfterRegisterForEvents")] NicDevice.Imp nic)
            {
                NicEvents.CreateChannel(out NicEvents.Imp events, out NicEvents.Exp driverSide);
                driverSide.SendNicEvent(1);
                nic.SendRegisterForEvents(/*SING0106*/driverSide);
                events.Free();
            }
            """));

        [Fact]
        public void Endpoint_used_after_being_sent() => Verify.Diagnostics(Prelude.InClass("""
            static void Register([InState("IoConfigureBegin")][OutState("IoConfigureBeginAfterRegisterForEvents")] NicDevice.Imp nic)
            {
                NicEvents.CreateChannel(out NicEvents.Imp events, out NicEvents.Exp driverSide);
                nic.SendRegisterForEvents(driverSide);
                /*SING0201*/driverSide.SendNicEvent(1);
                events.Free();
            }
            """));

        [Fact]
        public void Channel_end_not_freed_leaks() => Verify.Diagnostics(Prelude.InClass("""
            static void M()
            {
                Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp /*SING0203*/exp);
                imp.Free();
            }
            """));

        [Fact]
        public void Received_endpoint_starts_in_its_declared_state() => Verify.Diagnostics(Prelude.InClass("""
            static void Driver([Claims][InState("IoConfigureBegin")] NicDevice.Exp nic)
            {
                nic.RecvRegisterForEvents(out NicEvents.Exp events);
                events.SendNicEvent(2);
                /*SING0101*/events.SendNicEvent(3);
                events.Free();
                nic.Free();
            }
            """));

        [Fact]
        public void Received_buffer_must_be_released() => Verify.Diagnostics(Prelude.InClass("""
            static void Driver([Claims][InState("IoRunning")] NicDevice.Exp nic)
            {
                NicDevice.Exp.IoRunningReceived r = nic.ReceiveIoRunning();
                if (r.Tag == NicDevice.Exp.IoRunningTag.PacketForReceive)
                {
                    r.GetPacketForReceive(out ExVector<byte> /*SING0203*/buffer);
                    nic.SendSuccess();
                }

                nic.Free();
            }
            """));

        [Fact]
        public void Received_buffer_sent_back_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void Driver([Claims][InState("IoRunning")] NicDevice.Exp nic)
            {
                NicDevice.Exp.IoRunningReceived r = nic.ReceiveIoRunning();
                if (r.Tag == NicDevice.Exp.IoRunningTag.PacketForReceive)
                {
                    r.GetPacketForReceive(out ExVector<byte> buffer);
                    nic.SendBadPacketSize(buffer, 1514);
                }

                nic.Free();
            }
            """));

        [Fact]
        public void Closed_channel_branch_then_free_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void Client([Claims][InState("Ready")] Calculator.Imp imp)
            {
                imp.SendAdd(2, 2);
                Calculator.Imp.ReadyAfterAddReceived r = imp.ReceiveReadyAfterAdd();
                if (r.Tag == Calculator.Imp.ReadyAfterAddTag.ChannelClosed)
                {
                    imp.Free();
                    return;
                }

                imp.SendQuit();
                imp.Free();
            }
            """));

        [Fact]
        public void Send_on_closed_channel_path_is_caught() => Verify.Diagnostics(Prelude.InClass("""
            static void Client([Claims][InState("Ready")] Calculator.Imp imp)
            {
                imp.SendAdd(2, 2);
                Calculator.Imp.ReadyAfterAddReceived r = imp.ReceiveReadyAfterAdd();
                if (r.Tag == Calculator.Imp.ReadyAfterAddTag.ChannelClosed)
                {
                    /*SING0101*/imp.SendQuit();
                }

                imp.Free();
            }
            """));

        [Fact]
        public void Second_loop_iteration_in_wrong_state() => Verify.Diagnostics(Prelude.InClass("""
            static void Client([Claims][InState("Ready")] Calculator.Imp imp, int n)
            {
                for (int i = 0; i < n; i++)
                {
                    /*SING0101*/imp.SendAdd(i, i);
                }

                imp.Free();
            }
            """));

        [Fact]
        public void Entering_a_view_in_the_wrong_state() => Verify.Diagnostics(Prelude.InClass("""
            static void Client([Claims][InState("Ready")] Calculator.Imp imp)
            {
                imp.SendQuit();
                /*SING0102*/imp.InReady().SendAdd(1, 2);
                imp.Free();
            }
            """));

        [Fact]
        public void View_chain_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static long Client([Claims][InState("Ready")] Calculator.Imp imp)
            {
                imp.InReady().SendAdd(1, 2).RecvResult(out long sum).SendQuit();
                imp.Free();
                return sum;
            }
            """));

        [Fact]
        public void GetM_proves_which_message_arrived() => Verify.Diagnostics(Prelude.InClass("""
            static void Serve([Claims][InState("Ready")] Calculator.Exp exp)
            {
                exp.ReceiveReady().GetAdd(out long a, out long b);
                exp.SendResult(a + b);
                exp.Free();
            }
            """));

        [Fact]
        public void AfterM_proves_which_message_arrived() => Verify.Diagnostics(Prelude.InClass("""
            static void Configure([Claims][InState("IoConfigureAck")] NicDevice.Imp nic)
            {
                nic.ReceiveIoConfigureAck().AfterSuccess();
                nic.SendStartIO();
                nic.Free();
            }
            """));

        [Fact]
        public void Unexamined_receive_leaves_every_outcome_open() => Verify.Diagnostics(Prelude.InClass("""
            static void Configure([Claims][InState("IoConfigureAck")] NicDevice.Imp nic)
            {
                nic.ReceiveIoConfigureAck();
                /*SING0101*/nic.SendStartIO();
                nic.Free();
            }
            """));

        [Fact]
        public void Tag_test_on_a_chained_receive_refines() => Verify.Diagnostics(Prelude.InClass("""
            static void Driver([Claims][InState("IoConfigured")] NicDevice.Exp nic)
            {
                if (nic.ReceiveIoConfigured().Tag != NicDevice.Exp.IoConfiguredTag.StartIO)
                {
                    nic.Free();
                    return;
                }

                NicDevice.Exp.IoRunningReceived r = nic.ReceiveIoRunning();
                nic.Free();
            }
            """));

        [Fact]
        public void Select_then_typed_receive_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static void Serve([Claims][InState("Ready")] Calculator.Exp a, [Claims][InState("Ready")] Calculator.Exp b)
            {
                int which = Select.Wait(100, a, b);
                if (which == 0)
                {
                    Calculator.Exp.ReadyReceived r = a.ReceiveReady();
                    if (r.Tag == Calculator.Exp.ReadyTag.Add)
                    {
                        a.SendResult(0);
                    }
                }

                a.Free();
                b.Free();
            }
            """));
    }
}
