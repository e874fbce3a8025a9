using Sing.Kernel.Console;

namespace Sing.Kernel.Tests
{
    /// <summary>One in-kernel test: a name the host harness turns into an xunit test, and the code to run.</summary>
    internal readonly unsafe struct KernelTest
    {
        public readonly string Name;
        public readonly delegate*<TestContext, void> Body;

        public KernelTest(string name, delegate*<TestContext, void> body)
        {
            Name = name;
            Body = body;
        }
    }

    /// <summary>Collects a test's failures. Checks do not stop the test, so one run reports every broken expectation.</summary>
    internal sealed class TestContext
    {
        public int Failures { get; private set; }
        private string _firstFailure;

        public string FirstFailure => _firstFailure;

        public void Fail(string message)
        {
            Failures++;
            _firstFailure ??= message;
            Log.Write("  check failed: ");
            Log.Line(message);
        }

        public void True(bool condition, string what)
        {
            if (!condition) Fail(what);
        }

        public void Equal(ulong expected, ulong actual, string what)
        {
            if (expected == actual) return;
            Fail(string.Concat(what, ": expected ", expected.ToString(), ", got ", actual.ToString()));
        }

        public void Equal(string expected, string actual, string what)
        {
            if (expected == actual) return;
            Fail(string.Concat(what, ": expected \"", expected, "\", got \"", actual ?? "null", "\""));
        }
    }
}
