using System;

namespace Sing.Bench.Installer
{
    /// <summary>A precondition or a measured step failed; Main prints the message and exits 1.</summary>
    internal sealed class BenchException : Exception
    {
        public BenchException(string message) : base(message) { }
        public BenchException() { }
        public BenchException(string message, Exception inner) : base(message, inner) { }
    }
}
