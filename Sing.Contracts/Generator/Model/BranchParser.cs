using System.Collections.Generic;

namespace Sing.Contracts.Model
{
    /// <summary>One message in a branch step: its name and direction sign (<c>?</c> or <c>!</c>).</summary>
    internal readonly struct MessageRef
    {
        public MessageRef(string name, char sign)
        {
            Name = name;
            Sign = sign;
        }

        public string Name { get; }

        public char Sign { get; }
    }

    /// <summary>A parsed branch: steps (each a choice of messages) and the state it ends in.</summary>
    internal sealed class ParsedBranch
    {
        public List<List<MessageRef>> Steps { get; } = new List<List<MessageRef>>();

        public string Target { get; set; } = "";
    }

    /// <summary>
    /// Parses the branch mini-language: <c>Msg? -> (A! | B!) -> Target</c>. <c>→</c> may replace
    /// <c>-></c> and <c>or</c> may replace <c>|</c>, as in the Sing# papers.
    /// </summary>
    internal static class BranchParser
    {
        public static ParsedBranch? Parse(string text, out string error)
        {
            error = "";
            var tokens = Tokenize(text);
            var branch = new ParsedBranch();
            int i = 0;
            while (true)
            {
                if (i >= tokens.Count)
                {
                    error = "expected a message or a target state";
                    return null;
                }

                var step = new List<MessageRef>();
                if (tokens[i] == "(")
                {
                    i++;
                    while (true)
                    {
                        if (!ReadMessage(tokens, ref i, step, out error))
                        {
                            return null;
                        }

                        if (i < tokens.Count && (tokens[i] == "|" || tokens[i] == "or"))
                        {
                            i++;
                            continue;
                        }

                        if (i < tokens.Count && tokens[i] == ")")
                        {
                            i++;
                            break;
                        }

                        error = "expected '|' or ')'";
                        return null;
                    }
                }
                else if (IsIdentifier(tokens[i]) && (i + 1 >= tokens.Count || (tokens[i + 1] != "?" && tokens[i + 1] != "!")))
                {
                    // A bare name is the target state and must be last.
                    branch.Target = tokens[i];
                    if (i + 1 != tokens.Count)
                    {
                        error = "unexpected '" + tokens[i + 1] + "' after target state";
                        return null;
                    }

                    if (branch.Steps.Count == 0)
                    {
                        error = "a branch needs at least one message before its target state";
                        return null;
                    }

                    return branch;
                }
                else if (!ReadMessage(tokens, ref i, step, out error))
                {
                    return null;
                }

                branch.Steps.Add(step);
                if (i >= tokens.Count)
                {
                    error = "missing '-> TargetState' at the end";
                    return null;
                }

                if (tokens[i] != "->")
                {
                    error = "expected '->' but found '" + tokens[i] + "'";
                    return null;
                }

                i++;
            }
        }

        private static bool ReadMessage(List<string> tokens, ref int i, List<MessageRef> step, out string error)
        {
            error = "";
            if (i >= tokens.Count || !IsIdentifier(tokens[i]))
            {
                error = "expected a message name";
                return false;
            }

            string name = tokens[i++];
            if (i >= tokens.Count || (tokens[i] != "?" && tokens[i] != "!"))
            {
                error = "message '" + name + "' needs a direction sign: '?' (importer sends) or '!' (exporter sends)";
                return false;
            }

            step.Add(new MessageRef(name, tokens[i++][0]));
            return true;
        }

        private static bool IsIdentifier(string token)
        {
            return token.Length > 0 && (char.IsLetter(token[0]) || token[0] == '_') && token != "or";
        }

        private static List<string> Tokenize(string text)
        {
            var tokens = new List<string>();
            int i = 0;
            while (i < text.Length)
            {
                char c = text[i];
                if (char.IsWhiteSpace(c))
                {
                    i++;
                }
                else if (char.IsLetterOrDigit(c) || c == '_')
                {
                    int start = i;
                    while (i < text.Length && (char.IsLetterOrDigit(text[i]) || text[i] == '_'))
                    {
                        i++;
                    }

                    tokens.Add(text.Substring(start, i - start));
                }
                else if (c == '-' && i + 1 < text.Length && text[i + 1] == '>')
                {
                    tokens.Add("->");
                    i += 2;
                }
                else if (c == '\u2192')
                {
                    tokens.Add("->");
                    i++;
                }
                else
                {
                    tokens.Add(c.ToString());
                    i++;
                }
            }

            return tokens;
        }
    }
}
