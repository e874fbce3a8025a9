using System.Collections.Generic;
using System.Linq;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;

namespace Sing.Installer.Arguments
{
    /// <summary>Binds a command-line tail to a manifest's parameters; the shell, boot services, the startup script and
    /// the tests use these same rules. Forms: positional values (by position), "--name value", "name=value",
    /// "--name=value", bare "--flag" for bools. When the last positional parameter is a string, it takes the rest of
    /// the line verbatim (so programs that parse their own arguments get them whole).</summary>
    public static class ArgumentBinder
    {
        public static BindResult Bind(ProgramManifest manifest, string commandLineTail)
        {
            var errors = new List<ArgumentError>();
            var given = new Dictionary<string, string>();
            var byName = manifest.Parameters.ToDictionary(p => p.Name);
            var positional = manifest.Parameters.Where(p => p.Position is not null).OrderBy(p => p.Position).ToList();
            ParameterDecl? rest = positional.Count > 0 && positional[^1].Type == "string" ? positional[^1] : null;
            var tokens = CommandLineTokenizer.Split(commandLineTail);
            int nextPosition = 0;

            for (int t = 0; t < tokens.Count; t++)
            {
                string tok = tokens[t].Text;
                ParameterDecl? target;
                string? value = null;
                if (tok.StartsWith("--", System.StringComparison.Ordinal) && tok.Length > 2)
                {
                    string name = tok[2..];
                    int eq = name.IndexOf('=');
                    if (eq >= 0) { value = name[(eq + 1)..]; name = name[..eq]; }
                    if (!byName.TryGetValue(name, out target))
                    {
                        errors.Add(new ArgumentError(ErrorCodes.UnknownParameter, $"unknown parameter --{name} for {manifest.Name}; {Usage(manifest)}"));
                        continue;
                    }
                    if (value is null)
                    {
                        if (target.Type == "bool") value = "true";
                        else if (t + 1 < tokens.Count) value = tokens[++t].Text;
                        else
                        {
                            errors.Add(new ArgumentError(ErrorCodes.MissingRequired, $"parameter {name} of {manifest.Name} needs a value after --{name}"));
                            continue;
                        }
                    }
                }
                else if (tok.IndexOf('=') is int eq && eq > 0 && byName.TryGetValue(tok[..eq], out target))
                {
                    value = tok[(eq + 1)..];
                }
                else
                {
                    if (nextPosition >= positional.Count)
                    {
                        errors.Add(new ArgumentError(ErrorCodes.ExtraArgument,
                            $"unexpected argument '{tok}' for {manifest.Name}: it takes {positional.Count} positional value(s); {Usage(manifest)}"));
                        continue;
                    }
                    target = positional[nextPosition++];
                    if (target == rest)
                    {
                        Assign(manifest, target, commandLineTail[tokens[t].Start..].Trim(), given, errors);
                        break;
                    }
                    value = tok;
                }
                Assign(manifest, target, value, given, errors);
            }

            var values = new List<KeyValuePair<string, string>>();
            foreach (var p in manifest.Parameters)
            {
                if (given.TryGetValue(p.Name, out string? v)) values.Add(new(p.Name, v));
                else if (p.Required)
                    errors.Add(new ArgumentError(ErrorCodes.MissingRequired,
                        $"missing required parameter {p.Name} ({p.Type}) of {manifest.Name}; give {(p.Position is int pos ? $"it as positional value {pos} or " : "")}--{p.Name} VALUE"));
                else if (p.Default is not null && ParameterValues.TryParse(p.Type, p.Default, out string d)) values.Add(new(p.Name, d));
            }
            return new BindResult(errors.Count == 0 ? values : new List<KeyValuePair<string, string>>(), errors);
        }

        private static void Assign(ProgramManifest manifest, ParameterDecl p, string value, Dictionary<string, string> given, List<ArgumentError> errors)
        {
            if (given.ContainsKey(p.Name))
            {
                errors.Add(new ArgumentError(ErrorCodes.ExtraArgument, $"parameter {p.Name} of {manifest.Name} is given twice; give it once"));
                return;
            }
            if (!ParameterValues.TryParse(p.Type, value, out string canonical))
            {
                errors.Add(new ArgumentError(ErrorCodes.WrongArgumentType,
                    $"parameter {p.Name} of {manifest.Name} expects {p.Type}, got '{value}'; give {ParameterValues.Describe(p.Type)}"));
                return;
            }
            given[p.Name] = canonical;
        }

        /// <summary>"parameters: count (int32, position 0), --verbose (bool)" for error messages and the shell's help.</summary>
        public static string Usage(ProgramManifest manifest)
        {
            if (manifest.Parameters.Count == 0) return "it takes no parameters";
            return "parameters: " + string.Join(", ", manifest.Parameters.Select(p =>
                $"--{p.Name} ({p.Type}{(p.Position is int pos ? $", position {pos}" : "")}{(p.Required ? ", required" : "")})"));
        }
    }
}
