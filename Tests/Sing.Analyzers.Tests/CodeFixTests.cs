using Sing.Analyzers.CodeFixes;
using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests
{
    /// <summary>Code fixes: the fixed program has the expected text and no longer has the diagnostic.</summary>
    public sealed class CodeFixTests
    {
        [Fact]
        public void Adds_Claims_to_a_freed_parameter()
        {
            string program = Prelude.InClass("""
                static void M(ExVector<byte> v)
                {
                    v.Free();
                }
                """);
            string fixedProgram = CodeFixHarness.Apply(program, "SING0208", new AddClaimsCodeFix());
            Assert.Contains("static void M([Claims] ExVector<byte> v)", fixedProgram, System.StringComparison.Ordinal);
            Verify.Diagnostics(fixedProgram);
        }

        [Fact]
        public void Flips_a_wrong_direction_sign()
        {
            string program = """
                using Sing.Contracts;
                namespace Demo
                {
                    [Contract]
                    [State("Idle", "Ping! -> Pong! -> Idle")]
                    public sealed partial class Probe
                    {
                        [InMessage] partial void Ping();
                        [OutMessage] partial void Pong();
                    }
                }
                """;
            string fixedProgram = CodeFixHarness.Apply(program, "SING0004", new FixDirectionSignCodeFix());
            Assert.Contains("[State(\"Idle\", \"Ping? -> Pong! -> Idle\")]", fixedProgram, System.StringComparison.Ordinal);
            Verify.Diagnostics(fixedProgram);
        }

        [Fact]
        public void Adds_missing_receive_cases()
        {
            string program = Prelude.InClass("""
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
                """);
            string fixedProgram = CodeFixHarness.Apply(program, "SING0103", new AddMissingReceiveCasesCodeFix());
            Assert.Contains("case Calculator.Imp.ReadyAfterDivideTag.DivideByZero:", fixedProgram, System.StringComparison.Ordinal);
            Assert.Contains("case Calculator.Imp.ReadyAfterDivideTag.ChannelClosed:", fixedProgram, System.StringComparison.Ordinal);
            Verify.Diagnostics(fixedProgram);
        }

        [Fact]
        public void Adds_only_the_messages_an_or_pattern_does_not_handle()
        {
            string program = Prelude.InClass("""
                static void Serve([Claims][InState("Ready")] Calculator.Exp exp)
                {
                    Calculator.Exp.ReadyReceived r = exp.ReceiveReady();
                    switch (r.Tag)
                    {
                        case Calculator.Exp.ReadyTag.Add or Calculator.Exp.ReadyTag.Divide:
                            exp.SendResult(0);
                            break;
                    }

                    exp.Free();
                }
                """);
            string fixedProgram = CodeFixHarness.Apply(program, "SING0103", new AddMissingReceiveCasesCodeFix());
            Assert.DoesNotContain("case Calculator.Exp.ReadyTag.Add:", fixedProgram, System.StringComparison.Ordinal);
            Assert.Contains("case Calculator.Exp.ReadyTag.Quit:", fixedProgram, System.StringComparison.Ordinal);
            Assert.Contains("case Calculator.Exp.ReadyTag.ChannelClosed:", fixedProgram, System.StringComparison.Ordinal);
            Verify.Diagnostics(fixedProgram);
        }

        [Fact]
        public void Adds_arms_to_a_switch_expression_on_the_result()
        {
            string program = Prelude.InClass("""
                static int Kind([Claims][InState("Ready")] Calculator.Exp exp)
                {
                    Calculator.Exp.ReadyReceived r = exp.ReceiveReady();
                    int kind = r switch
                    {
                        { Tag: Calculator.Exp.ReadyTag.Quit or Calculator.Exp.ReadyTag.ChannelClosed } => 0,
                    };
                    exp.Free();
                    return kind;
                }
                """);
            string fixedProgram = CodeFixHarness.Apply(program, "SING0103", new AddMissingReceiveCasesCodeFix());
            Assert.True(fixedProgram.Contains("{ Tag: Calculator.Exp.ReadyTag.Add } => throw new System.NotImplementedException(\"Add\")", System.StringComparison.Ordinal), fixedProgram);
            Assert.Contains("{ Tag: Calculator.Exp.ReadyTag.Divide } =>", fixedProgram, System.StringComparison.Ordinal);
            Assert.DoesNotContain("{ Tag: Calculator.Exp.ReadyTag.Quit } =>", fixedProgram, System.StringComparison.Ordinal);
            Verify.Diagnostics(fixedProgram);
        }

        [Fact]
        public void Frees_a_leaked_block_before_the_return_that_leaks_it()
        {
            string program = Prelude.InClass("""
                static int M(bool early)
                {
                    ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                    if (early)
                    {
                        v[0] = 1;
                        return 1;
                    }

                    v.Free();
                    return 0;
                }
                """);
            string fixedProgram = CodeFixHarness.Apply(program, "SING0203", new ReleaseOnLeakingPathCodeFix());
            Assert.True(System.Text.RegularExpressions.Regex.IsMatch(fixedProgram, @"v\[0\] = 1;\s*v\.Free\(\);\s*return 1;"), fixedProgram);
            Verify.Diagnostics(fixedProgram);
        }

        [Fact]
        public void Closes_a_leaked_endpoint_at_the_end_of_its_scope()
        {
            string program = Prelude.InClass("""
                static void M(bool c)
                {
                    Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
                    exp.Free();
                    if (c)
                    {
                        imp.SendQuit();
                        imp.Free();
                    }
                    else
                    {
                        imp.SendAdd(1, 2);
                    }
                }
                """);
            string fixedProgram = CodeFixHarness.Apply(program, "SING0203", new ReleaseOnLeakingPathCodeFix());
            Assert.True(System.Text.RegularExpressions.Regex.IsMatch(fixedProgram, @"imp\.SendAdd\(1, 2\);\s*imp\.Free\(\);"), fixedProgram);
            Verify.Diagnostics(fixedProgram);
        }

        [Fact]
        public void Frees_a_maybe_null_value_conditionally()
        {
            string program = Prelude.InClass("""
                static void M(bool c)
                {
                    ExVector<byte>? v = c ? ExchangeHeap.NewVector<byte>(8) : null;
                    Console.WriteLine(c);
                }
                """);
            string fixedProgram = CodeFixHarness.Apply(program, "SING0203", new ReleaseOnLeakingPathCodeFix());
            Assert.Contains("v?.Free();", fixedProgram, System.StringComparison.Ordinal);
            Verify.Diagnostics(fixedProgram);
        }

        [Fact]
        public void Close_of_a_leaked_endpoint_is_titled_as_a_close()
        {
            string program = Prelude.InClass("""
                static void M()
                {
                    Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);
                    exp.Free();
                }
                """);
            Assert.Equal(new[] { "Close 'imp' (Free) on the leaking path" }, CodeFixHarness.Titles(program, "SING0203", new ReleaseOnLeakingPathCodeFix()));
            string fixedProgram = CodeFixHarness.Apply(program, "SING0203", new ReleaseOnLeakingPathCodeFix());
            Assert.True(System.Text.RegularExpressions.Regex.IsMatch(fixedProgram, @"exp\.Free\(\);\s*imp\.Free\(\);"), fixedProgram);
            Verify.Diagnostics(fixedProgram);
        }

        [Fact]
        public void Changes_a_send_to_the_message_the_state_allows()
        {
            // After Add the exporter must send Result; DivideByZero is allowed only after Divide.
            string program = Prelude.InClass("""
                static void Serve([Claims][InState("Ready")] Calculator.Exp exp)
                {
                    Calculator.Exp.ReadyReceived r = exp.ReceiveReady();
                    switch (r.Tag)
                    {
                        case Calculator.Exp.ReadyTag.Add:
                            exp.SendDivideByZero();
                            break;
                        case Calculator.Exp.ReadyTag.Divide:
                            exp.SendDivideByZero();
                            break;
                        default:
                            break;
                    }

                    exp.Free();
                }
                """);
            Assert.Equal(new[] { "Send Result instead" }, CodeFixHarness.Titles(program, "SING0101", new ChangeSendToAllowedMessageCodeFix()));
            string fixedProgram = CodeFixHarness.Apply(program, "SING0101", new ChangeSendToAllowedMessageCodeFix());
            Assert.True(System.Text.RegularExpressions.Regex.IsMatch(fixedProgram, @"ReadyTag\.Add:\s*exp\.SendResult\(default\);"), fixedProgram);
            Assert.Contains("exp.SendDivideByZero();", fixedProgram, System.StringComparison.Ordinal);
            Verify.Diagnostics(fixedProgram);
        }

        [Fact]
        public void Offers_each_allowed_message_and_keeps_arguments_by_name()
        {
            // Write is allowed only in Body: the fix offers Begin (keeping 'count') and Skip, one action each.
            string program = """
                using Sing.Contracts;
                namespace Demo
                {
                    [Contract]
                    [State("Start", "Begin? -> Body", "Skip? -> Ack! -> Start")]
                    [State("Body", "Write? -> Ack! -> Body", "End? -> Ack! -> Start")]
                    public sealed partial class Log
                    {
                        [InMessage] partial void Begin(long position, int count);
                        [InMessage] partial void Skip();
                        [InMessage] partial void Write(int count);
                        [InMessage] partial void End();
                        [OutMessage] partial void Ack();
                    }

                    public static class Client
                    {
                        public static void Run([InState("Start")] Log.Imp log)
                        {
                            log.SendWrite(3);
                            log.RecvAck();
                        }
                    }
                }
                """;
            var fix = new ChangeSendToAllowedMessageCodeFix();
            Assert.Equal(new[] { "Send Begin instead", "Send Skip instead" }, CodeFixHarness.Titles(program, "SING0101", fix));
            string skip = CodeFixHarness.Apply(program, "SING0101", fix, "Send Skip instead");
            Assert.Contains("log.SendSkip();", skip, System.StringComparison.Ordinal);
            Verify.Diagnostics(skip);
            string begin = CodeFixHarness.Apply(program, "SING0101", fix, "Send Begin instead");
            Assert.Contains("log.SendBegin(default, 3);", begin, System.StringComparison.Ordinal);
        }

        [Fact]
        public void Does_not_offer_a_message_that_needs_a_block_the_call_lacks()
        {
            // In IoRunning the importer may send PacketForReceive (needs a buffer) or GetReceivedPacket.
            string program = Prelude.InClass("""
                static void M([InState("IoRunning")] NicDevice.Imp nic)
                {
                    nic.SendStartIO();
                }
                """);
            Assert.Contains(": send PacketForReceive or GetReceivedPacket instead", Verify.MessageOf(program, "SING0101"), System.StringComparison.Ordinal);
            Assert.Equal(new[] { "Send GetReceivedPacket instead" }, CodeFixHarness.Titles(program, "SING0101", new ChangeSendToAllowedMessageCodeFix()));
        }

        [Fact]
        public void Offers_nothing_when_the_endpoint_must_receive_first()
        {
            string program = Prelude.InClass("""
                static void M([Claims][InState("Ready")] Calculator.Imp imp)
                {
                    imp.SendAdd(1, 2);
                    imp.SendAdd(3, 4);
                    imp.Free();
                }
                """);
            Assert.Contains("cannot send Add in state ReadyAfterAdd: it must first receive Result", Verify.MessageOf(program, "SING0101"), System.StringComparison.Ordinal);
            Assert.Empty(CodeFixHarness.Titles(program, "SING0101", new ChangeSendToAllowedMessageCodeFix()));
        }
    }
}
