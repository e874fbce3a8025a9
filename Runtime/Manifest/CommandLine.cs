using System.Collections.Generic;

namespace Singularity.Manifests
{
    /// <summary>A parameter's value after binding: always valid for its declared type.</summary>
    public sealed class ParameterValue
    {
        public ParameterInfo Parameter;
        public string Value;
    }

    /// <summary>Binds a command line to a program's declared parameters: positional words by position (a string
    /// parameter in the last position takes the rest of the line, up to the next --option the program declares),
    /// <c>--name value</c> or <c>--name=value</c>,
    /// and <c>--flag</c> for a bool. Words may be double-quoted. Every value is checked against the parameter's
    /// type; defaults fill what is not given. The shell and the kernel use this same code, so a program can
    /// never receive a value its manifest does not allow.</summary>
    public static class CommandLine
    {
        /// <summary>Returns null and fills <paramref name="values"/> (one per declared parameter that has a value),
        /// or returns what is wrong.</summary>
        public static string Bind(ProgramManifest program, string tail, List<ParameterValue> values)
        {
            values.Clear();
            List<string> words = Split(tail ?? "", out string splitError);
            if (splitError != null) return splitError;
            int nextPosition = 0;
            for (int i = 0; i < words.Count; i++)
            {
                string word = words[i];
                ParameterInfo parameter;
                string value;
                if (word.Length > 2 && word[0] == '-' && word[1] == '-')
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
                    if (parameter == null) return string.Concat("unknown parameter --", name, " for ", program.Name, "; ", Describe(program));
                    if (value == null)
                    {
                        if (parameter.Type == ParameterType.Bool) value = "true";
                        else if (i + 1 < words.Count) value = words[++i];
                        else return string.Concat("parameter --", name, " of ", program.Name, " needs a ", parameter.TypeName, " value");
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
                if (typeError != null) return typeError;
                values.Add(new ParameterValue { Parameter = parameter, Value = Normalize(parameter, value) });
            }
            for (int p = 0; p < program.Parameters.Count; p++)
            {
                ParameterInfo parameter = program.Parameters[p];
                if (Find(values, parameter.Name) != null) continue;
                if (parameter.Required) return string.Concat("missing required parameter ", parameter.Name, " (", parameter.TypeName, ") of ", program.Name);
                if (parameter.Default != null) values.Add(new ParameterValue { Parameter = parameter, Value = Normalize(parameter, parameter.Default) });
            }
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
            if (word.Length < 3 || word[0] != '-' || word[1] != '-') return false;
            int equals = word.IndexOf('=');
            return program.FindParameter(equals < 0 ? word.Substring(2) : word.Substring(2, equals - 2)) != null;
        }

        private static ParameterInfo FindPosition(ProgramManifest program, int position)
        {
            for (int i = 0; i < program.Parameters.Count; i++) if (program.Parameters[i].Position == position) return program.Parameters[i];
            return null;
        }

        private static string CheckType(ProgramManifest program, ParameterInfo parameter, string value)
        {
            bool ok = parameter.Type switch
            {
                ParameterType.Int32 => int.TryParse(value, out _),
                ParameterType.Int64 => long.TryParse(value, out _),
                ParameterType.Bool => value == "true" || value == "false",
                _ => true,
            };
            return ok ? null : string.Concat("parameter ", parameter.Name, " of ", program.Name, " expects ", parameter.TypeName, ", got '", value, "'");
        }

        private static string Normalize(ParameterInfo parameter, string value) => parameter.Type switch
        {
            ParameterType.Int32 => int.Parse(value).ToString(),
            ParameterType.Int64 => long.Parse(value).ToString(),
            _ => value,
        };

        /// <summary>Splits on spaces and tabs; "double quotes" keep spaces inside one word.</summary>
        public static List<string> Split(string text, out string error)
        {
            var words = new List<string>();
            error = null;
            int i = 0;
            while (i < text.Length)
            {
                while (i < text.Length && (text[i] == ' ' || text[i] == '\t')) i++;
                if (i >= text.Length) break;
                if (text[i] == '"')
                {
                    int close = text.IndexOf('"', i + 1);
                    if (close < 0)
                    {
                        error = "unterminated quote in the command line";
                        return words;
                    }
                    words.Add(text.Substring(i + 1, close - i - 1));
                    i = close + 1;
                    continue;
                }
                int start = i;
                while (i < text.Length && text[i] != ' ' && text[i] != '\t') i++;
                words.Add(text.Substring(start, i - start));
            }
            return words;
        }
    }
}
