using System.Collections.Generic;

namespace System.Text.RegularExpressions
{
    /// <summary>Turns .NET pattern syntax into a tree of <see cref="RegexNode"/>s, numbers the groups as .NET does
    /// (unnamed groups first, left to right, then named ones) and resolves back references.</summary>
    internal sealed class RegexParser
    {
        // Each level of group or class nesting costs up to ~600 bytes of stack in this parser and the compiler, and
        // threads have 64 KiB stacks: deeper patterns are refused (a RegexParseException) rather than allowed to
        // overflow the stack, which would end the process. .NET has no such limit; real patterns rarely nest past 10.
        internal const int MaxDepth = 32;

        private readonly string _pattern;
        private int _pos;
        private RegexOptions _options;
        private int _depth;

        // Groups in order of their opening parenthesis: unnamed ones get an ordinal, named ones a name.
        private readonly List<RegexNode> _captures = new List<RegexNode>();
        private readonly List<string> _captureNames = new List<string>();
        private readonly List<Reference> _references = new List<Reference>();
        private readonly List<(RegexNode Node, string Name, int Offset)> _conditions = new List<(RegexNode, string, int)>();

        internal readonly Dictionary<string, int> GroupNumbers = new Dictionary<string, int>();
        internal readonly List<int> Numbers = new List<int>();
        internal readonly List<string> Names = new List<string>();

        /// <summary>A back reference seen while parsing, resolved once every group is numbered.</summary>
        private sealed class Reference
        {
            internal readonly RegexNode Node;
            internal readonly string Name;    // \k<name>, or null for \N
            internal readonly int Number;
            internal readonly int Offset;
            internal readonly string Digits;  // the digits of \N, read as octal when no group N exists

            internal Reference(RegexNode node, string name, int number, int offset, string digits)
            {
                Node = node;
                Name = name;
                Number = number;
                Offset = offset;
                Digits = digits;
            }
        }

        private RegexParser(string pattern, RegexOptions options)
        {
            _pattern = pattern;
            _options = options;
        }

        internal static RegexNode Parse(string pattern, RegexOptions options, out RegexParser parser)
        {
            parser = new RegexParser(pattern, options);
            RegexNode root = parser.ParseAlternation();
            if (parser._pos < pattern.Length) throw parser.Error(RegexParseError.InsufficientOpeningParentheses, parser._pos + 1, "Too many )'s.");
            parser.NumberGroups();
            parser.ResolveReferences();
            return root;
        }

        /// <summary>Regex.Unescape: each escape as the parser reads it (an error is reported as for a pattern).</summary>
        internal static string Unescape(string text)
        {
            var parser = new RegexParser(text, RegexOptions.None);
            var result = new StringBuilder(text.Length);
            while (!parser.AtEnd)
            {
                char c = text[parser._pos++];
                if (c != '\\')
                {
                    result.Append(c);
                    continue;
                }
                if (parser.AtEnd) throw parser.Error(RegexParseError.UnescapedEndingBackslash, parser._pos, "Illegal \\ at end of pattern.");
                result.Append(parser.ParseCharEscape());
            }
            return result.ToString();
        }

        private RegexParseException Error(RegexParseError error, int offset, string reason) =>
            new RegexParseException(error, offset, _pattern, reason);

        private bool AtEnd => _pos >= _pattern.Length;
        private char Peek => _pattern[_pos];
        private bool IgnoreWhitespace => (_options & RegexOptions.IgnorePatternWhitespace) != 0;

        private RegexNode ParseAlternation()
        {
            if (++_depth > MaxDepth) throw Error(RegexParseError.Unknown, _pos, "The pattern nests groups more than " + MaxDepth + " deep.");
            RegexOptions saved = _options;
            RegexNode first = ParseSequence();
            if (AtEnd || Peek != '|')
            {
                _depth--;
                return first;
            }
            var alternation = new RegexNode(RegexNodeKind.Alternate, _options);
            alternation.Children.Add(first);
            while (!AtEnd && Peek == '|')
            {
                _pos++;
                alternation.Children.Add(ParseSequence());
            }
            _options = saved;
            _depth--;
            return alternation;
        }

        private RegexNode ParseSequence()
        {
            var sequence = new RegexNode(RegexNodeKind.Concat, _options);
            while (true)
            {
                SkipIgnoredWhitespace();
                if (AtEnd || Peek == '|' || Peek == ')') break;
                int atomStart = _pos;
                RegexNode atom = ParseAtom();
                if (atom == null) continue; // an inline option change or a comment
                SkipIgnoredWhitespace();
                if (!AtEnd && IsQuantifierStart())
                {
                    atom = ParseQuantifier(atom);
                    SkipIgnoredWhitespace();
                    if (!AtEnd && IsQuantifierStart())
                        throw Error(RegexParseError.NestedQuantifiersNotParenthesized, _pos + 1, "Nested quantifier '" + Peek + "'.");
                }
                sequence.Children.Add(atom);
            }
            return sequence.Children.Count == 1 ? sequence.Children[0] : sequence;
        }

        private void SkipIgnoredWhitespace()
        {
            if (!IgnoreWhitespace) return;
            while (!AtEnd)
            {
                char c = Peek;
                if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') _pos++;
                else if (c == '#')
                {
                    while (!AtEnd && Peek != '\n') _pos++;
                }
                else break;
            }
        }

        /// <summary>Whether the text at the position is a quantifier: * + ? or a well-formed {n}, {n,} or {n,m}.</summary>
        private bool IsQuantifierStart()
        {
            char c = Peek;
            if (c == '*' || c == '+' || c == '?') return true;
            if (c != '{') return false;
            int i = _pos + 1;
            int digits = 0;
            while (i < _pattern.Length && char.IsAsciiDigit(_pattern[i])) { i++; digits++; }
            if (digits == 0 || i >= _pattern.Length) return false;
            if (_pattern[i] == '}') return true;
            if (_pattern[i] != ',') return false;
            i++;
            while (i < _pattern.Length && char.IsAsciiDigit(_pattern[i])) i++;
            return i < _pattern.Length && _pattern[i] == '}';
        }

        private RegexNode ParseQuantifier(RegexNode atom)
        {
            char c = _pattern[_pos++];
            int min, max;
            switch (c)
            {
                case '*': min = 0; max = -1; break;
                case '+': min = 1; max = -1; break;
                case '?': min = 0; max = 1; break;
                default:
                    min = ScanNumber();
                    max = min;
                    if (Peek == ',')
                    {
                        _pos++;
                        max = char.IsAsciiDigit(Peek) ? ScanNumber() : -1;
                    }
                    _pos++; // '}'
                    if (max != -1 && max < min) throw Error(RegexParseError.ReversedQuantifierRange, _pos, "Illegal {x,y} with x > y.");
                    break;
            }
            var loop = new RegexNode(RegexNodeKind.Loop, _options) { Min = min, Max = max };
            if (!AtEnd && Peek == '?')
            {
                loop.Lazy = true;
                _pos++;
            }
            loop.Children.Add(atom);
            return loop;
        }

        private int ScanNumber()
        {
            long value = 0;
            while (!AtEnd && char.IsAsciiDigit(Peek))
            {
                value = value * 10 + (Peek - '0');
                _pos++;
                if (value > int.MaxValue)
                {
                    throw Error(RegexParseError.QuantifierOrCaptureGroupOutOfRange, _pos,
                        "Quantifier and capture group numbers must be less than or equal to Int32.MaxValue.");
                }
            }
            return (int)value;
        }

        private RegexNode ParseAtom()
        {
            char c = _pattern[_pos++];
            switch (c)
            {
                case '(':
                    return ParseGroup();
                case '[':
                    return new RegexNode(RegexNodeKind.Set, _options) { Set = ParseClass() };
                case '\\':
                    return ParseEscape();
                case '.':
                    return new RegexNode(RegexNodeKind.Any, _options);
                case '^':
                    return new RegexNode((_options & RegexOptions.Multiline) != 0 ? RegexNodeKind.Bol : RegexNodeKind.Beginning, _options);
                case '$':
                    return new RegexNode((_options & RegexOptions.Multiline) != 0 ? RegexNodeKind.Eol : RegexNodeKind.EndZ, _options);
                case '*':
                case '+':
                case '?':
                    throw Error(RegexParseError.QuantifierAfterNothing, _pos, "Quantifier '" + c + "' following nothing.");
                case '{':
                    _pos--;
                    if (IsQuantifierStart()) throw Error(RegexParseError.QuantifierAfterNothing, _pos + 1, "Quantifier '{' following nothing.");
                    _pos++;
                    return Literal(c);
                default:
                    return Literal(c);
            }
        }

        private RegexNode Literal(char c) => new RegexNode(RegexNodeKind.Char, _options) { Ch = c };

        private RegexNode ParseGroup()
        {
            int open = _pos - 1;
            RegexOptions saved = _options;
            RegexNode node;
            if (AtEnd || Peek != '?')
            {
                node = (_options & RegexOptions.ExplicitCapture) != 0 ? new RegexNode(RegexNodeKind.Group, _options) : NewCapture(null);
            }
            else
            {
                _pos++;
                if (AtEnd) throw Error(RegexParseError.InvalidGroupingConstruct, _pos, "Unrecognized grouping construct.");
                char kind = _pattern[_pos++];
                switch (kind)
                {
                    case ':': node = new RegexNode(RegexNodeKind.Group, _options); break;
                    case '=': node = new RegexNode(RegexNodeKind.PositiveLookahead, _options); break;
                    case '!': node = new RegexNode(RegexNodeKind.NegativeLookahead, _options); break;
                    case '>': node = new RegexNode(RegexNodeKind.Atomic, _options); break;
                    case '#':
                        while (!AtEnd && Peek != ')') _pos++;
                        if (AtEnd) throw Error(RegexParseError.UnterminatedComment, _pos, "Unterminated (?#...) comment.");
                        _pos++;
                        return null;
                    case '(':
                        return ParseConditional(saved);
                    case '\'':
                        node = ParseNamedGroup('\'');
                        break;
                    case '<':
                        if (!AtEnd && Peek == '=') { _pos++; node = new RegexNode(RegexNodeKind.PositiveLookbehind, _options); break; }
                        if (!AtEnd && Peek == '!') { _pos++; node = new RegexNode(RegexNodeKind.NegativeLookbehind, _options); break; }
                        node = ParseNamedGroup('>');
                        break;
                    default:
                        _pos--;
                        if (ParseInlineOptions(out bool scoped))
                        {
                            if (!scoped) return null; // (?i): applies to the rest of the enclosing group
                            node = new RegexNode(RegexNodeKind.Group, _options);
                            break;
                        }
                        throw Error(RegexParseError.InvalidGroupingConstruct, _pos + 1, "Unrecognized grouping construct.");
                }
            }
            node.Children.Add(ParseAlternation());
            if (AtEnd) throw Error(RegexParseError.InsufficientClosingParentheses, _pos, "Not enough )'s.");
            _pos++;
            _options = saved;
            return node;
        }

        /// <summary>(?imnsx-imnsx) or (?imnsx-imnsx: ...); false when the text is not an option group.</summary>
        private bool ParseInlineOptions(out bool scoped)
        {
            scoped = false;
            int start = _pos;
            RegexOptions options = _options;
            bool off = false;
            while (!AtEnd)
            {
                char c = _pattern[_pos++];
                RegexOptions flag = c switch
                {
                    'i' => RegexOptions.IgnoreCase,
                    'm' => RegexOptions.Multiline,
                    'n' => RegexOptions.ExplicitCapture,
                    's' => RegexOptions.Singleline,
                    'x' => RegexOptions.IgnorePatternWhitespace,
                    _ => RegexOptions.None,
                };
                if (flag != RegexOptions.None) options = off ? options & ~flag : options | flag;
                else if (c == '-' && !off) off = true;
                else if (c == ')' || c == ':')
                {
                    _options = options;
                    scoped = c == ':';
                    return true;
                }
                else break;
            }
            _pos = start;
            return false;
        }

        private RegexNode ParseNamedGroup(char close)
        {
            int nameStart = _pos;
            if (AtEnd || !(RegexCharClass.IsWordChar(Peek)))
            {
                if (!AtEnd && Peek == '-') throw new NotSupportedException("Balancing groups (?<name1-name2>...) are not supported.");
                throw Error(RegexParseError.CaptureGroupNameInvalid, _pos + 1, "Invalid group name: Group names must begin with a word character.");
            }
            string name;
            if (char.IsAsciiDigit(Peek))
            {
                int number = ScanNumber();
                if (number == 0) throw Error(RegexParseError.CaptureGroupOfZero, _pos, "Capture number cannot be zero.");
                name = number.ToString();
            }
            else
            {
                while (!AtEnd && RegexCharClass.IsWordChar(Peek)) _pos++;
                name = _pattern.Substring(nameStart, _pos - nameStart);
            }
            if (!AtEnd && Peek == '-') throw new NotSupportedException("Balancing groups (?<name1-name2>...) are not supported.");
            if (AtEnd) throw Error(RegexParseError.InvalidGroupingConstruct, _pos, "Unrecognized grouping construct.");
            if (Peek != close) throw Error(RegexParseError.CaptureGroupNameInvalid, _pos, "Invalid group name: Group names must begin with a word character.");
            _pos++;
            return NewCapture(name);
        }

        private RegexNode NewCapture(string name)
        {
            var node = new RegexNode(RegexNodeKind.Capture, _options);
            _captures.Add(node);
            _captureNames.Add(name);
            return node;
        }

        /// <summary>(?(name)yes|no) or (?(expression)yes|no): which one is decided once the groups are known.</summary>
        private RegexNode ParseConditional(RegexOptions saved)
        {
            int conditionStart = _pos;
            RegexNode expression;
            if (!AtEnd && (Peek == '?' && _pos + 1 < _pattern.Length && "=!<".IndexOf(_pattern[_pos + 1]) >= 0))
            {
                _pos--; // parse "(?=...)" and friends as the assertion they are
                expression = ParseAtom();
            }
            else
            {
                expression = new RegexNode(RegexNodeKind.PositiveLookahead, _options);
                expression.Children.Add(ParseAlternation());
                if (AtEnd) throw Error(RegexParseError.InsufficientClosingParentheses, _pos, "Not enough )'s.");
                _pos++;
            }
            string name = _pattern.Substring(conditionStart, Math.Max(0, _pos - 1 - conditionStart));
            int conditionEnd = _pos;
            var node = new RegexNode(RegexNodeKind.ConditionExpression, _options);
            node.Children.Add(expression);
            RegexNode branches = ParseAlternation();
            if (AtEnd) throw Error(RegexParseError.InsufficientClosingParentheses, _pos, "Not enough )'s.");
            _pos++;
            if (branches.Kind == RegexNodeKind.Alternate)
            {
                if (branches.Children.Count > 2) throw Error(RegexParseError.AlternationHasTooManyConditions, _pos, "Too many | in (?()|).");
                node.Children.AddRange(branches.Children);
            }
            else
            {
                node.Children.Add(branches);
            }
            _conditions.Add((node, name, conditionEnd));
            _options = saved;
            return node;
        }

        private RegexNode ParseEscape()
        {
            if (AtEnd) throw Error(RegexParseError.UnescapedEndingBackslash, _pos, "Illegal \\ at end of pattern.");
            char c = Peek;
            switch (c)
            {
                case 'b': _pos++; return new RegexNode(RegexNodeKind.Boundary, _options);
                case 'B': _pos++; return new RegexNode(RegexNodeKind.NonBoundary, _options);
                case 'A': _pos++; return new RegexNode(RegexNodeKind.Beginning, _options);
                case 'G': _pos++; return new RegexNode(RegexNodeKind.Start, _options);
                case 'Z': _pos++; return new RegexNode(RegexNodeKind.EndZ, _options);
                case 'z': _pos++; return new RegexNode(RegexNodeKind.End, _options);
                case 'w': case 'W': case 's': case 'S': case 'd': case 'D': case 'p': case 'P':
                {
                    var set = new RegexCharClass();
                    ParseClassEscape(set);
                    return new RegexNode(RegexNodeKind.Set, _options) { Set = set };
                }
                case 'k':
                {
                    _pos++;
                    if (AtEnd || (Peek != '<' && Peek != '\'')) throw Error(RegexParseError.MalformedNamedReference, _pos, "Malformed \\k<...> named back reference.");
                    char close = Peek == '<' ? '>' : '\'';
                    int start = ++_pos;
                    while (!AtEnd && Peek != close) _pos++;
                    if (AtEnd || _pos == start) throw Error(RegexParseError.MalformedNamedReference, _pos, "Malformed \\k<...> named back reference.");
                    string name = _pattern.Substring(start, _pos - start);
                    _pos++;
                    var reference = new RegexNode(RegexNodeKind.BackReference, _options);
                    _references.Add(new Reference(reference, name, 0, _pos, null));
                    return reference;
                }
            }
            if (c >= '1' && c <= '9')
            {
                int start = _pos;
                int number = ScanNumber();
                var reference = new RegexNode(RegexNodeKind.BackReference, _options);
                _references.Add(new Reference(reference, null, number, _pos, _pattern.Substring(start, _pos - start)));
                return reference;
            }
            return Literal(ParseCharEscape());
        }

        /// <summary>\w \W \s \S \d \D \p{..} \P{..} into a class (the backslash already read).</summary>
        private void ParseClassEscape(RegexCharClass set)
        {
            char c = _pattern[_pos++];
            if ((_options & RegexOptions.ECMAScript) != 0 && "wWdDsS".IndexOf(c) >= 0)
            {
                AddEcmaClass(set, c);
                return;
            }
            switch (c)
            {
                case 'w': set.AddCategories(RegexCharClass.WordClass, false); return;
                case 'W': set.AddCategories(RegexCharClass.WordClass, true); return;
                case 'd': set.AddCategories(RegexCharClass.DigitClass, false); return;
                case 'D': set.AddCategories(RegexCharClass.DigitClass, true); return;
                case 's': set.AddCategories(RegexCharClass.SpaceClass, false); return;
                case 'S': set.AddCategories(RegexCharClass.SpaceClass, true); return;
            }
            // \p{Name} / \P{Name}
            if (AtEnd || Peek != '{') throw Error(RegexParseError.InvalidUnicodePropertyEscape, _pos, "Incomplete \\p{X} character escape.");
            int start = ++_pos;
            while (!AtEnd && Peek != '}') _pos++;
            if (AtEnd) throw Error(RegexParseError.InvalidUnicodePropertyEscape, start - 1, "Incomplete \\p{X} character escape.");
            string name = _pattern.Substring(start, _pos - start);
            _pos++;
            long bits = RegexCharClass.CategoryFromName(name);
            if (bits >= 0)
            {
                set.AddCategories(bits, c == 'P');
                return;
            }
            if (!RegexCharClass.BlockFromName(name, out char first, out char last))
                throw Error(RegexParseError.UnrecognizedUnicodeProperty, _pos, "Unknown property '" + name + "'.");
            if (c == 'p')
            {
                set.AddRange(first, last);
                return;
            }
            if (first > 0) set.AddRange('\0', (char)(first - 1));
            if (last < '\uFFFF') set.AddRange((char)(last + 1), '\uFFFF');
        }

        /// <summary>ECMAScript's ASCII classes: \w = [a-zA-Z_0-9], \d = [0-9], \s = [ \f\n\r\t\v]; upper case negates.</summary>
        private static void AddEcmaClass(RegexCharClass set, char c)
        {
            var ascii = new RegexCharClass();
            switch (char.ToLowerInvariant(c))
            {
                case 'w':
                    ascii.AddRange('a', 'z');
                    ascii.AddRange('A', 'Z');
                    ascii.AddChar('_');
                    ascii.AddRange('0', '9');
                    break;
                case 'd':
                    ascii.AddRange('0', '9');
                    break;
                default:
                    ascii.AddChar(' ');
                    ascii.AddRange('\t', '\r');
                    break;
            }
            if (char.IsUpper(c))
            {
                // The complement of a few ASCII ranges, as ranges.
                int next = 0;
                foreach ((char first, char last) in ascii.Ranges())
                {
                    if (first > next) set.AddRange((char)next, (char)(first - 1));
                    next = last + 1;
                }
                set.AddRange((char)next, '\uFFFF');
            }
            else
            {
                set.AddClass(ascii);
            }
        }

        /// <summary>A single-character escape (the backslash already read): \t \n \xHH \uHHHH \cX \0oo, or a non-word
        /// character standing for itself.</summary>
        private char ParseCharEscape()
        {
            char c = _pattern[_pos++];
            switch (c)
            {
                case 'a': return '\a';
                case 'b': return '\b';
                case 'e': return '\u001B';
                case 'f': return '\f';
                case 'n': return '\n';
                case 'r': return '\r';
                case 't': return '\t';
                case 'v': return '\v';
                case 'x': return (char)ScanHex(2);
                case 'u': return (char)ScanHex(4);
                case 'c':
                {
                    if (AtEnd) throw Error(RegexParseError.MissingControlCharacter, _pos, "Missing control character.");
                    char control = _pattern[_pos++];
                    if (control >= 'a' && control <= 'z') control = (char)(control - 32);
                    if (control >= '@' && control <= '_') return (char)(control - '@');
                    throw Error(RegexParseError.UnrecognizedControlCharacter, _pos, "Unrecognized control character.");
                }
                case '0':
                {
                    int value = 0, count = 0;
                    while (count < 2 && !AtEnd && Peek >= '0' && Peek <= '7')
                    {
                        value = value * 8 + (_pattern[_pos++] - '0');
                        count++;
                    }
                    return (char)value;
                }
            }
            if (RegexCharClass.IsWordChar(c)) throw Error(RegexParseError.UnrecognizedEscape, _pos, "Unrecognized escape sequence \\" + c + ".");
            return c;
        }

        private int ScanHex(int digits)
        {
            int value = 0;
            if (_pattern.Length - _pos < digits) throw Error(RegexParseError.InsufficientOrInvalidHexDigits, _pos, "Insufficient or invalid hexadecimal digits.");
            for (int i = 0; i < digits; i++)
            {
                int digit = HexValue(Peek);
                if (digit < 0) throw Error(RegexParseError.InsufficientOrInvalidHexDigits, _pos + 1, "Insufficient or invalid hexadecimal digits.");
                value = value * 16 + digit;
                _pos++;
            }
            return value;
        }

        private static int HexValue(char c) =>
            c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;

        /// <summary>A [...] class (the '[' already read), with ranges, escapes, negation and a final subtraction.</summary>
        private RegexCharClass ParseClass()
        {
            var set = new RegexCharClass();
            if (!AtEnd && Peek == '^')
            {
                set.Negated = true;
                _pos++;
            }
            bool first = true;
            while (true)
            {
                if (AtEnd) throw Error(RegexParseError.UnterminatedBracket, _pos, "Unterminated [] set.");
                char c = _pattern[_pos++];
                if (c == ']' && !first) break;
                first = false;
                if (c == '-' && !AtEnd && Peek == '[')
                {
                    _pos++;
                    if (++_depth > MaxDepth) throw Error(RegexParseError.Unknown, _pos, "The pattern nests groups more than " + MaxDepth + " deep.");
                    set.Subtraction = ParseClass();
                    _depth--;
                    if (AtEnd || Peek != ']') throw Error(RegexParseError.ExclusionGroupNotLast, _pos, "A subtraction must be the last element in a character class.");
                    _pos++;
                    break;
                }
                char low;
                if (c == '\\')
                {
                    if (AtEnd) throw Error(RegexParseError.UnterminatedBracket, _pos, "Unterminated [] set.");
                    if ("wWsSdDpP".IndexOf(Peek) >= 0)
                    {
                        ParseClassEscape(set);
                        if (!AtEnd && Peek == '-' && _pos + 1 < _pattern.Length && _pattern[_pos + 1] != ']' && _pattern[_pos + 1] != '[')
                            throw Error(RegexParseError.ShorthandClassInCharacterRange, _pos + 1, "Cannot include class \\" + _pattern[_pos - 1] + " in character range.");
                        continue;
                    }
                    low = ParseCharEscape();
                }
                else
                {
                    low = c;
                }
                // A range "low-high", unless the '-' is the last character or starts a subtraction.
                if (!AtEnd && Peek == '-' && _pos + 1 < _pattern.Length && _pattern[_pos + 1] != ']' && _pattern[_pos + 1] != '[')
                {
                    _pos++;
                    char high = _pattern[_pos++];
                    if (high == '\\')
                    {
                        if (AtEnd) throw Error(RegexParseError.UnescapedEndingBackslash, _pos, "Illegal \\ at end of pattern.");
                        if ("wWsSdDpP".IndexOf(Peek) >= 0)
                            throw Error(RegexParseError.ShorthandClassInCharacterRange, _pos + 1, "Cannot include class \\" + Peek + " in character range.");
                        high = ParseCharEscape();
                    }
                    if (high < low) throw Error(RegexParseError.ReversedCharacterRange, _pos, "[x-y] range in reverse order.");
                    set.AddRange(low, high);
                }
                else
                {
                    set.AddChar(low);
                }
            }
            if ((_options & RegexOptions.IgnoreCase) != 0) set.AddCaseVariants();
            return set;
        }

        /// <summary>.NET's numbering: unnamed groups 1..n in order, then named groups (by first appearance) take the
        /// next numbers not claimed by an explicitly numbered group.</summary>
        private void NumberGroups()
        {
            var used = new HashSet<int> { 0 };
            int unnamed = 0;
            for (int i = 0; i < _captures.Count; i++)
            {
                if (_captureNames[i] == null) _captures[i].Group = ++unnamed;
                else if (char.IsAsciiDigit(_captureNames[i][0])) used.Add(int.Parse(_captureNames[i]));
            }
            for (int i = 1; i <= unnamed; i++) used.Add(i);
            int next = unnamed + 1;
            var named = new Dictionary<string, int>();
            for (int i = 0; i < _captures.Count; i++)
            {
                string name = _captureNames[i];
                if (name == null) continue;
                if (!named.TryGetValue(name, out int number))
                {
                    if (char.IsAsciiDigit(name[0])) number = int.Parse(name);
                    else
                    {
                        while (used.Contains(next)) next++;
                        number = next;
                        used.Add(number);
                    }
                    named.Add(name, number);
                }
                _captures[i].Group = number;
            }
            var numbers = new List<int>(used);
            numbers.Sort();
            foreach (int number in numbers)
            {
                string name = number.ToString();
                foreach (KeyValuePair<string, int> entry in named)
                    if (entry.Value == number) name = entry.Key;
                Numbers.Add(number);
                Names.Add(name);
                GroupNumbers[name] = number;
            }
        }

        private void ResolveReferences()
        {
            foreach (Reference reference in _references)
            {
                RegexNode node = reference.Node;
                string name = reference.Name, digits = reference.Digits;
                int number = reference.Number, offset = reference.Offset;
                if (name != null)
                {
                    if (GroupNumbers.TryGetValue(name, out int group)) node.Group = group;
                    else if (char.IsAsciiDigit(name[0]) && int.TryParse(name, out int numbered) && Numbers.Contains(numbered)) node.Group = numbered;
                    else throw Error(RegexParseError.UndefinedNamedReference, offset, "Reference to undefined group name '" + name + "'.");
                }
                else if (Numbers.Contains(number))
                {
                    node.Group = number;
                }
                else if (number <= 9)
                {
                    throw Error(RegexParseError.UndefinedNumberedReference, offset, "Reference to undefined group number " + number + ".");
                }
                else
                {
                    // \NN naming no group is an octal escape (up to three octal digits) followed by literal digits.
                    int value = 0, used = 0;
                    while (used < 3 && used < digits.Length && digits[used] <= '7')
                        value = value * 8 + (digits[used++] - '0');
                    if (used == 0) throw Error(RegexParseError.UndefinedNumberedReference, offset, "Reference to undefined group number " + number + ".");
                    node.Group = -1;
                    node.Ch = (char)(value & 0xFF);
                    node.Children.Add(new RegexNode(RegexNodeKind.Char, node.Options) { Ch = (char)(value & 0xFF) });
                    for (int i = used; i < digits.Length; i++) node.Children.Add(new RegexNode(RegexNodeKind.Char, node.Options) { Ch = digits[i] });
                }
            }
            foreach ((RegexNode node, string name, int offset) in _conditions)
            {
                int group = -1;
                if (GroupNumbers.TryGetValue(name, out int named)) group = named;
                else if (name.Length > 0 && char.IsAsciiDigit(name[0]) && int.TryParse(name, out int numbered))
                {
                    if (!Numbers.Contains(numbered)) throw Error(RegexParseError.AlternationHasUndefinedReference, offset, "Conditional alternation refers to an undefined group number " + numbered + ".");
                    group = numbered;
                }
                if (group >= 0)
                {
                    node.Group = group;
                    node.Children.RemoveAt(0); // the condition names a group: its text is not an expression
                }
                else
                {
                    node.Group = -1;
                }
            }
        }
    }
}
