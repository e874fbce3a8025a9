using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests.Rules
{
    /// <summary>
    /// Rule R (SING0103): a switch receive handles every message of the state and ChannelClosed, in
    /// every pattern shape; and the arms refine the endpoint's state by what they match.
    /// </summary>
    public sealed class ReceiveCoverageShapeTests
    {
        private const string T = "Calculator.Exp.ReadyTag";

        private static string Server(string body) => Prelude.InClass("""
            static void Serve([Claims][InState("Ready")] Calculator.Exp exp, bool flag)
            {
                Calculator.Exp.ReadyReceived r = exp.ReceiveReady();
            """ + body + """

                exp.Free();
            }
            """).Replace("T.", T + ".");

        // ---- legal ----

        [Fact]
        public void Or_patterns_count_for_every_alternative() => Verify.Diagnostics(Server("""
                switch (r.Tag)
                {
                    case T.Add or T.Divide:
                        exp.SendResult(0);
                        break;
                    case T.Quit:
                    case T.ChannelClosed:
                        break;
                }
            """));

        [Fact]
        public void Switch_expression_with_or_arms() => Verify.Diagnostics(Server("""
                int kind = r.Tag switch
                {
                    T.Add or T.Divide => 1,
                    T.Quit => 2,
                    T.ChannelClosed => 3,
                };
                Console.WriteLine(kind);
            """));

        [Fact]
        public void Property_patterns_on_the_result() => Verify.Diagnostics(Server("""
                switch (r)
                {
                    case { Tag: T.Add }:
                        exp.SendResult(1);
                        break;
                    case { Tag: T.Divide }:
                        exp.SendDivideByZero();
                        break;
                    case { Tag: T.Quit or T.ChannelClosed }:
                        break;
                }
            """));

        [Fact]
        public void Not_pattern_and_its_complement() => Verify.Diagnostics(Server("""
                switch (r.Tag)
                {
                    case not (T.Quit or T.ChannelClosed):
                        exp.SendResult(2);
                        break;
                    case T.Quit:
                        break;
                    case T.ChannelClosed:
                        break;
                }
            """));

        [Fact]
        public void Var_pattern_catches_the_rest() => Verify.Diagnostics(Server("""
                switch (r.Tag)
                {
                    case T.Add:
                        exp.SendResult(3);
                        break;
                    case var other:
                        Console.WriteLine(other);
                        if (other != T.Quit && other != T.ChannelClosed)
                        {
                            exp.SendResult(4);
                        }

                        break;
                }
            """));

        [Fact]
        public void Switch_expression_on_the_result_with_property_patterns() => Verify.Diagnostics(Server("""
                string name = r switch
                {
                    { Tag: T.Add } => "add",
                    { Tag: T.Divide } => "divide",
                    { Tag: T.Quit } => "quit",
                    { Tag: T.ChannelClosed } => "closed",
                };
                Console.WriteLine(name);
                if (r.Tag is T.Add or T.Divide)
                {
                    exp.SendResult(5);
                }
            """));

        [Fact]
        public void Relational_patterns_that_cover_every_value() => Verify.Diagnostics(Server("""
                int k = r.Tag switch
                {
                    < T.Quit => 1,
                    >= T.Quit => 2,
                };
                Console.WriteLine(k);
            """));

        // ---- illegal ----

        [Fact]
        public void Or_patterns_missing_ChannelClosed() => Verify.Diagnostics(Server("""
                /*SING0103*/switch (r.Tag)
                {
                    case T.Add or T.Divide:
                        exp.SendResult(0);
                        break;
                    case T.Quit:
                        break;
                }
            """));

        [Fact]
        public void Switch_expression_on_the_result_missing_a_message() => Verify.Diagnostics(Server("""
                int n = r /*SING0103*/switch
                {
                    { Tag: T.Add } => 1,
                    { Tag: T.Quit or T.ChannelClosed } => 2,
                };
                Console.WriteLine(n);
            """));

        [Fact]
        public void Guarded_arm_does_not_count() => Verify.Diagnostics(Server("""
                /*SING0103*/switch (r.Tag)
                {
                    case T.Add or T.Divide:
                        exp.SendResult(0);
                        break;
                    case T.Quit when flag:
                        break;
                    case T.ChannelClosed:
                        break;
                }
            """));

        [Fact]
        public void Not_pattern_that_leaves_a_gap() => Verify.Diagnostics(Server("""
                /*SING0103*/switch (r.Tag)
                {
                    case not (T.Add or T.Divide):
                        break;
                    case T.Add:
                        exp.SendResult(0);
                        break;
                }
            """));

        [Fact]
        public void Property_pattern_statement_missing_messages() => Verify.Diagnostics(Server("""
                /*SING0103*/switch (r)
                {
                    case { Tag: T.Add }:
                        exp.SendResult(1);
                        break;
                    case { Tag: T.ChannelClosed }:
                        break;
                }
            """));

        [Fact]
        public void Relational_pattern_misses_the_rest() => Verify.Diagnostics(Server("""
                int k = r.Tag /*SING0103*/switch
                {
                    < T.Quit => 1,
                };
                Console.WriteLine(k);
            """));

        [Fact]
        public void Or_arm_sending_a_reply_not_allowed_for_one_alternative() => Verify.Diagnostics(Server("""
                switch (r.Tag)
                {
                    case T.Add or T.Quit:
                        /*SING0101*/exp.SendResult(0);
                        break;
                    case T.Divide:
                        exp.SendDivideByZero();
                        break;
                    case T.ChannelClosed:
                        break;
                }
            """));

        [Fact]
        public void Property_pattern_arm_refines_the_state() => Verify.Diagnostics(Server("""
                if (r is { Tag: T.Quit })
                {
                    /*SING0101*/exp.SendResult(0);
                }
                else if (r is { Tag: T.Add or T.Divide })
                {
                    exp.SendResult(1);
                }
            """));
    }
}
