using System;
using System.Collections.Generic;

namespace Sing.Install
{
    /// <summary>"verb --option value ..." parsed into the verb and a dictionary of options.</summary>
    internal sealed class CommandLine
    {
        private readonly Dictionary<string, string> _options = new(StringComparer.Ordinal);

        public string Verb { get; }

        private CommandLine(string verb) { Verb = verb; }

        public static CommandLine? Parse(string[] args, out string? error)
        {
            error = null;
            if (args.Length == 0) { error = "missing command"; return null; }
            var line = new CommandLine(args[0]);
            for (int i = 1; i < args.Length; i++)
            {
                if (!args[i].StartsWith("--", StringComparison.Ordinal) || i + 1 >= args.Length)
                {
                    error = $"unexpected argument '{args[i]}' (options are --name value)";
                    return null;
                }
                line._options[args[i][2..]] = args[++i];
            }
            return line;
        }

        public string? Option(string name) => _options.TryGetValue(name, out string? v) ? v : null;

        public IEnumerable<string> Unknown(params string[] known)
        {
            foreach (string k in _options.Keys)
                if (Array.IndexOf(known, k) < 0) yield return k;
        }

        /// <summary>"a;b;c" (MSBuild item lists) as a list; empty entries dropped.</summary>
        public static IReadOnlyList<string> List(string? value) =>
            value is null ? Array.Empty<string>() : value.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
    }
}
