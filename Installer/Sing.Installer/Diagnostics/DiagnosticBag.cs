using System;
using System.Collections.Generic;

namespace Sing.Installer.Diagnostics
{
    /// <summary>Collects rejections; every check adds to one bag so the user sees all problems in one run. Hostile input
    /// can produce thousands of findings and huge values: the bag keeps the first <see cref="MaxKept"/> and counts the
    /// rest, and shortens any message longer than <see cref="MaxMessageLength"/> characters in the middle, so one huge
    /// attribute is never echoed whole.</summary>
    public sealed class DiagnosticBag
    {
        public const int MaxKept = 100;
        public const int MaxMessageLength = 400;

        private readonly List<Diagnostic> _items = new();

        /// <summary>The kept diagnostics (at most <see cref="MaxKept"/>).</summary>
        public IReadOnlyList<Diagnostic> Items => _items;

        /// <summary>Every diagnostic reported, kept or not: the number to compare before and after a check.</summary>
        public int Count { get; private set; }

        /// <summary>Reported but not kept.</summary>
        public int Omitted => Count - _items.Count;

        public bool HasErrors => Count > 0;

        public void Add(string code, SourceLocation location, string message)
        {
            Count++;
            if (_items.Count < MaxKept) _items.Add(new Diagnostic(code, location, Clip(message)));
        }

        public void AddRange(IEnumerable<Diagnostic> diagnostics)
        {
            foreach (var d in diagnostics) Add(d.Code, d.Location, d.Message);
        }

        /// <summary>The start (what and where) and the end (how to fix) of a long message, with the cut said in words.</summary>
        public static string Clip(string message)
        {
            if (message.Length <= MaxMessageLength) return message;
            const int tail = 120;
            int head = MaxMessageLength - tail;
            return string.Concat(message.AsSpan(0, head), $" ...({message.Length - head - tail} characters not shown)... ", message.AsSpan(message.Length - tail));
        }
    }
}
