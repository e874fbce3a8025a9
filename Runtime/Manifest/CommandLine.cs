// Shared with the host installer (Installer/Sing.Installer links this file): only the ordinal string APIs our corelib
// has, and no nullable annotations (the kernel and SIP runtime compile without them).
#nullable disable
#pragma warning disable CA1305, CA1307, CA1309, CA1310, CA1865, CA1866, CA1847, CA1845, CA1846, CA1062, CA1510, CA1805, CA1051, CA1720, CA1711
using System.Collections.Generic;

namespace Singularity.Manifests
{
    /// <summary>What kind of mistake a command line made (the installer reports each kind with its own code).</summary>
    public enum CommandLineError
    {
        None,
        UnknownParameter,
        WrongType,
        MissingValue,
        ExtraArgument,
    }

    /// <summary>A parameter's value after binding: always valid for its declared type.</summary>
    public sealed class ParameterValue
    {
        public ParameterInfo Parameter;
        public string Value;
    }

    /// <summary>Binds a command line to a program's declared parameters: positional words by position (a string
    /// parameter in the last position takes the rest of the line, up to the next option the program declares),
    /// <c>--name value</c> or <c>--name=value</c>,
    /// <c>name=value</c> for a declared name, and <c>--flag</c> for a bool. Words may be double-quoted. Every value is checked against the parameter's
    /// type; defaults fill what is not given. The shell and the kernel use this same code, so a program can
    /// never receive a value its manifest does not allow.</summary>
    public static class CommandLine
    {
        /// <summary>Returns null and fills <paramref name="values"/> (one per declared parameter that has a value),
        /// or returns what is wrong.</summary>
        public static string Bind(ProgramManifest program, string tail, List<ParameterValue> values) => Bind(program, tail, values, out _);

        /// <summary>As <see cref="Bind(ProgramManifest, string, List{ParameterValue})"/>, also saying what kind of
        /// mistake the line made.</summary>
        public static string Bind(ProgramManifest program, string tail, List<ParameterValue> values, out CommandLineError kind)
        {
            values.Clear();
            string error = BindCore(program, tail, values, out kind);
            if (error != null) values.Clear();
            return error;
        }

        private static string BindCore(ProgramManifest program, string tail, List<ParameterValue> values, out CommandLineError kind)
        {
            kind = CommandLineError.ExtraArgument;
            List<string> words = Split(tail ?? "", out string splitError);
            if (splitError != null) return splitError;
            int nextPosition = 0;
            for (int i = 0; i < words.Count; i++)
            {
                string word = words[i];
                ParameterInfo parameter;
                string value;
                int assign = word.IndexOf('=');
                if (!(word.Length > 2 && word[0] == '-' && word[1] == '-') && assign > 0 && program.FindParameter(word.Substring(0, assign)) != null)
                {
                    parameter = program.FindParameter(word.Substring(0, assign));
                    value = word.Substring(assign + 1);
                }
                else if (word.Length > 2 && word[0] == '-' && word[1] == '-')
                {
                    string name = word.Substring(2);
                    int equals = name.IndexOf('=');
                    value = null;
                    if (equals >= 0)
                    {
                        value = name.Substring(equals + 1);
                        name = name.Substring(0, equals);
                    }
                    parameter = program.FindParameter(name);
                    if (parameter == null)
                    {
                        kind = CommandLineError.UnknownParameter;
                        return string.Concat("unknown parameter --", name, " for ", program.Name, "; ", Describe(program));
                    }
                    if (value == null)
                    {
                        if (parameter.Type == ParameterType.Bool) value = "true";
                        else if (i + 1 < words.Count) value = words[++i];
                        else
                        {
                            kind = CommandLineError.MissingValue;
                            return string.Concat("parameter --", name, " of ", program.Name, " needs a value (", parameter.TypeName, ")");
                        }
                    }
                }
                else
                {
                    parameter = FindPosition(program, nextPosition++);
                    if (parameter == null) return string.Concat("too many arguments for ", program.Name, " at '", word, "'; ", Describe(program));
                    value = word;
                    if (parameter.Type == ParameterType.String && FindPosition(program, nextPosition) == null)
                        while (i + 1 < words.Count && !IsOption(program, words[i + 1])) value = string.Concat(value, " ", words[++i]);
                }
                if (Find(values, parameter.Name) != null) return string.Concat("parameter ", parameter.Name, " of ", program.Name, " is given twice");
                string typeError = CheckType(program, parameter, value);
                if (typeError != null)
                {
                    kind = CommandLineError.WrongType;
                    return typeError;
                }
                values.Add(new ParameterValue { Parameter = parameter, Value = Normalize(parameter, value) });
            }
            for (int p = 0; p < program.Parameters.Count; p++)
            {
                ParameterInfo parameter = program.Parameters[p];
                if (Find(values, parameter.Name) != null) continue;
                if (parameter.Required)
                {
                    kind = CommandLineError.MissingValue;
                    return string.Concat("missing required parameter ", parameter.Name, " (", parameter.TypeName, ") of ", program.Name);
                }
                if (parameter.Default != null) values.Add(new ParameterValue { Parameter = parameter, Value = Normalize(parameter, parameter.Default) });
            }
            kind = CommandLineError.None;
            return null;
        }

        public static ParameterValue Find(List<ParameterValue> values, string name)
        {
            for (int i = 0; i < values.Count; i++) if (values[i].Parameter.Name == name) return values[i];
            return null;
        }

        /// <summary>"parameters: [count:int32] --verbose:bool" — what the program accepts, for error messages.</summary>
        public static string Describe(ProgramManifest program)
        {
            if (program.Parameters.Count == 0) return "it takes no parameters";
            string text = "parameters:";
            for (int i = 0; i < program.Parameters.Count; i++)
            {
                ParameterInfo p = program.Parameters[i];
                string item = p.Position >= 0 ? string.Concat("[", p.Name, "]") : string.Concat("--", p.Name);
                text = string.Concat(text, " ", item, ":", p.TypeName);
            }
            return text;
        }

        /// <summary>A word that names a declared parameter (--name or --name=value) ends a rest-of-line value.</summary>
        private static bool IsOption(ProgramManifest program, string word)
        {
            int equals = word.IndexOf('=');
            if (word.Length < 3 || word[0] != '-' || word[1] != '-') return equals > 0 && program.FindParameter(word.Substring(0, equals)) != null;
            return program.FindParameter(equals < 0 ? word.Substring(2) : word.Substring(2, equals - 2)) != null;
        }

        private static ParameterInfo FindPosition(ProgramManifest program, int position)
        {
            for (int i = 0; i < program.Parameters.Count; i++) if (program.Parameters[i].Position == position) return program.Parameters[i];
            return null;
        }

        /// <summary>Whether <paramref name="value"/> is a valid <paramref name="type"/> (the installer checks manifest
        /// defaults with this too).</summary>
        public static bool IsValid(ParameterType type, string value) => type switch
        {
            ParameterType.Int32 => int.TryParse(value, out _),
            ParameterType.Int64 => long.TryParse(value, out _),
            ParameterType.Bool => value == "true" || value == "false",
            _ => true,
        };

        private static string CheckType(ProgramManifest program, ParameterInfo parameter, string value)
        {
            bool ok = IsValid(parameter.Type, value);
            return ok ? null : string.Concat("parameter ", parameter.Name, " of ", program.Name, " expects ", parameter.TypeName, ", got '", value, "'");
        }

        private static string Normalize(ParameterInfo parameter, string value) => parameter.Type switch
        {
            ParameterType.Int32 => int.Parse(value).ToString(),
            ParameterType.Int64 => long.Parse(value).ToString(),
            _ => value,
        };

        /// <summary>Splits on spaces and tabs outside double quotes; quotes group text (anywhere in a word, as in
        /// name="two words") and are removed. Inside quotes, \" is a quote and \\ a backslash (any other backslash is
        /// itself), so <see cref="Quote"/> can carry any text as one word.</summary>
        public static List<string> Split(string text, out string error)
        {
            var words = new List<string>();
            error = null;
            var word = new System.Text.StringBuilder();
            bool inWord = false, quoted = false;
            for (int i = 0; i < text.Length; i++)
            {
                char c = text[i];
                if (quoted && c == '\\' && i + 1 < text.Length && (text[i + 1] == '"' || text[i + 1] == '\\'))
                {
                    word.Append(text[++i]);
                    continue;
                }
                if (c == '"')
                {
                    quoted = !quoted;
                    inWord = true;
                }
                else if (!quoted && (c == ' ' || c == '\t'))
                {
                    if (inWord) words.Add(word.ToString());
                    word.Clear();
                    inWord = false;
                }
                else
                {
                    word.Append(c);
                    inWord = true;
                }
            }
            if (quoted)
            {
                error = "unterminated quote in the command line";
                return words;
            }
            if (inWord) words.Add(word.ToString());
            return words;
        }

        /// <summary><paramref name="value"/> as one command-line word that <see cref="Split"/> gives back unchanged.</summary>
        public static string Quote(string value)
        {
            var quoted = new System.Text.StringBuilder("\"");
            for (int i = 0; i < value.Length; i++)
            {
                if (value[i] == '"' || value[i] == '\\') quoted.Append('\\');
                quoted.Append(value[i]);
            }
            return quoted.Append('"').ToString();
        }
    }
}
