using System;
using System.Collections.Generic;

namespace Sing.Conformance
{
    /// <summary>The conformance suite: groups of checks, each printing "name: value" lines, and small whole
    /// programs whose output is compared entirely. This file and the rest of Checks/ compile twice: as a SIP
    /// against our corelib (Apps/Conformance) and for stock .NET (Tests/Sing.Conformance.Host); the boot tests
    /// compare the two outputs line by line. Only ordinary public .NET API may appear here.</summary>
    public static class Suite
    {
        private static readonly (string Name, Action Run)[] Groups =
        {
            ("strings", StringChecks.Run),
            ("normalization", NormalizationChecks.Run),
            ("chars", CharChecks.Run),
            ("collections", CollectionChecks.Run),
            ("linq", LinqChecks.Run),
            ("records", RecordChecks.Run),
            ("generics", GenericChecks.Run),
            ("exceptions", ExceptionChecks.Run),
            ("stacktraces", StackTraceChecks.Run),
            ("delegates", DelegateChecks.Run),
            ("math", MathChecks.Run),
            ("decimal", DecimalChecks.Run),
            ("text", TextChecks.Run),
            ("dates", DateChecks.Run),
            ("formats", FormatChecks.Run),
            ("parsing", ParseChecks.Run),
            ("spans", SpanChecks.Run),
            ("base64", Base64Checks.Run),
            ("surface", SurfaceChecks.Run),
            ("types", TypeChecks.Run),
            ("misc", MiscChecks.Run),
            ("regex", RegexChecks.Run),
            ("json", JsonChecks.Run),
            ("jsonserializer", JsonSerializerChecks.Run),
            ("biginteger", BigIntegerChecks.Run),
            ("everyday", EverydayChecks.Run),
            ("threading", ThreadingChecks.Run),
            ("concurrent", ConcurrentChecks.Run),
            ("crypto", CryptoChecks.Run),
            ("runtime", RuntimeChecks.Run),
            ("program.wordcount", WordCountProgram.Run),
            ("program.calculator", CalculatorProgram.Run),
            ("program.inventory", InventoryProgram.Run),
            ("program.gradebook", GradebookProgram.Run),
            ("program.bank", BankProgram.Run),
            ("program.logparser", LogParserProgram.Run),
            ("program.pipeline", PipelineProgram.Run),
            ("program.modern", () => ModernProgram.Run().GetAwaiter().GetResult()),
            ("program.toolbox", ToolboxProgram.Run),
            ("program.basics", BasicsProgram.Run),
            ("program.rules", RulesProgram.Run),
            ("program.text", TextProgram.Run),
            ("program.features", FeaturesProgram.Run),
            ("program.streams", StreamsProgram.Run),
            ("program.json", JsonProgram.Run),
        };

        /// <summary>Runs every group whose name starts with <paramref name="only"/> (all when empty); returns 0.</summary>
        public static int Run(string only)
        {
            foreach ((string name, Action run) in Groups)
            {
                if (!string.IsNullOrEmpty(only) && !name.StartsWith(only, StringComparison.Ordinal)) continue;
                Console.WriteLine("== " + name);
                try
                {
                    run();
                }
                catch (Exception e)
                {
                    Console.WriteLine("group " + name + " threw " + e.GetType().Name + ": " + e.Message);
                }
            }
            Console.WriteLine("== end");
            return 0;
        }
    }

    /// <summary>How the whole-program checks run each line on its own: a line that throws prints "!! Type: message"
    /// and the program goes on, so one divergence from .NET shows as one line.</summary>
    internal static class EachLine
    {
        /// <summary>Prints what <paramref name="line"/> gives.</summary>
        public static void P(Func<object> line)
        {
            try
            {
                Console.WriteLine(line());
            }
            catch (Exception e)
            {
                Console.WriteLine("!! " + e.GetType().Name + ": " + e.Message);
            }
        }

        /// <summary>Runs <paramref name="lines"/>, which print for themselves.</summary>
        public static void A(Action lines)
        {
            try
            {
                lines();
            }
            catch (Exception e)
            {
                Console.WriteLine("!! " + e.GetType().Name + ": " + e.Message);
            }
        }
    }

    /// <summary>Prints one check as "name: value".</summary>
    internal static class Check
    {
        public static void Line(string name, object value) => Console.WriteLine(name + ": " + Show(value));

        public static string Show(object value) => value switch
        {
            null => "null",
            string s => s,
            System.Collections.IEnumerable sequence => Seq(sequence),
            _ => value.ToString(),
        };

        private static string Seq(System.Collections.IEnumerable sequence)
        {
            var parts = new List<string>();
            foreach (object item in sequence) parts.Add(Show(item));
            return "[" + string.Join(", ", parts) + "]";
        }

        /// <summary>What an action throws: "TypeName: message", or "no exception".</summary>
        public static string Throws(Action action)
        {
            try
            {
                action();
                return "no exception";
            }
            catch (Exception e)
            {
                return e.GetType().Name + ": " + e.Message;
            }
        }
    }
}
