using System.Collections.Generic;

namespace System.Text.RegularExpressions
{
    /// <summary>Instructions of the backtracking interpreter. Low byte: operation; the flag bits say which way the
    /// instruction reads (right to left inside lookbehinds and under RegexOptions.RightToLeft) and how it compares.</summary>
    internal static class RegexOp
    {
        internal const int Char = 1, Set = 2, Any = 3, Repeat = 4, Split = 5, Jump = 6, Open = 7, Close = 8, BackReference = 9,
            Bol = 10, Eol = 11, Beginning = 12, Start = 13, EndZ = 14, End = 15, Boundary = 16, NonBoundary = 17,
            LoopInit = 18, LoopHead = 19, LoopTail = 20, AtomicStart = 21, AtomicEnd = 22, LookStart = 23, LookEnd = 24,
            NegativeLookStart = 25, NegativeLookEnd = 26, IfGroup = 27, Match = 28;

        internal const int RightToLeft = 0x100, IgnoreCase = 0x200, Singleline = 0x400;
        internal const int Mask = 0xFF;
    }

    /// <summary>A compiled pattern: instructions, the character classes they name, and how many group slots and loop
    /// registers a run needs. Immutable, shared by every match of one Regex.</summary>
    internal sealed class RegexProgram
    {
        internal int[] Code;
        internal RegexCharClass[] Sets;
        internal int SlotCount;
        internal int LoopCount;
        internal bool AnchoredAtBeginning;
    }

    /// <summary>Lowers a parse tree to <see cref="RegexOp"/> instructions. Group numbers become dense slots (the
    /// index of the number in the sorted list of group numbers).</summary>
    internal sealed class RegexCompiler
    {
        private readonly List<int> _code = new List<int>();
        private readonly List<RegexCharClass> _sets = new List<RegexCharClass>();
        private readonly List<int> _numbers;
        private int _loops;

        private RegexCompiler(List<int> numbers) => _numbers = numbers;

        internal static RegexProgram Compile(RegexNode root, List<int> numbers, bool rightToLeft)
        {
            var compiler = new RegexCompiler(numbers);
            compiler.Emit(RegexOp.Open, compiler.Slot(0));
            compiler.Emit(root, rightToLeft);
            compiler.Emit(RegexOp.Close, compiler.Slot(0));
            compiler.Emit(RegexOp.Match);
            return new RegexProgram
            {
                Code = compiler._code.ToArray(),
                Sets = compiler._sets.ToArray(),
                SlotCount = numbers.Count,
                LoopCount = compiler._loops,
                AnchoredAtBeginning = !rightToLeft && StartsWithBeginning(root),
            };
        }

        private static bool StartsWithBeginning(RegexNode node)
        {
            while (true)
            {
                switch (node.Kind)
                {
                    case RegexNodeKind.Beginning: return true;
                    case RegexNodeKind.Concat: if (node.Children.Count == 0) return false; node = node.Children[0]; break;
                    case RegexNodeKind.Capture:
                    case RegexNodeKind.Group:
                    case RegexNodeKind.Atomic: node = node.Children[0]; break;
                    default: return false;
                }
            }
        }

        private int Slot(int number) => _numbers.BinarySearch(number);

        private int Here => _code.Count;

        private void Emit(int op) => _code.Add(op);

        private void Emit(int op, int operand)
        {
            _code.Add(op);
            _code.Add(operand);
        }

        private void Patch(int at, int value) => _code[at] = value;

        private int Flags(RegexNode node, bool rightToLeft) =>
            (rightToLeft ? RegexOp.RightToLeft : 0) | (node.IgnoreCase ? RegexOp.IgnoreCase : 0)
            | ((node.Options & RegexOptions.Singleline) != 0 ? RegexOp.Singleline : 0);

        private int AddSet(RegexCharClass set)
        {
            _sets.Add(set);
            return _sets.Count - 1;
        }

        private void Emit(RegexNode node, bool rtl)
        {
            switch (node.Kind)
            {
                case RegexNodeKind.Empty:
                    return;
                case RegexNodeKind.Char:
                    Emit(RegexOp.Char | Flags(node, rtl), node.IgnoreCase ? char.ToLowerInvariant(node.Ch) : node.Ch);
                    return;
                case RegexNodeKind.Set:
                    Emit(RegexOp.Set | Flags(node, rtl) & ~RegexOp.IgnoreCase, AddSet(node.Set));
                    return;
                case RegexNodeKind.Any:
                    Emit(RegexOp.Any | Flags(node, rtl));
                    return;
                case RegexNodeKind.Concat:
                    if (rtl) for (int i = node.Children.Count - 1; i >= 0; i--) Emit(node.Children[i], rtl);
                    else foreach (RegexNode child in node.Children) Emit(child, rtl);
                    return;
                case RegexNodeKind.Alternate:
                    EmitAlternation(node.Children, rtl);
                    return;
                case RegexNodeKind.Loop:
                    EmitLoop(node, rtl);
                    return;
                case RegexNodeKind.Capture:
                    Emit(RegexOp.Open, Slot(node.Group));
                    Emit(node.Children[0], rtl);
                    Emit(RegexOp.Close, Slot(node.Group));
                    return;
                case RegexNodeKind.Group:
                    Emit(node.Children[0], rtl);
                    return;
                case RegexNodeKind.Atomic:
                    Emit(RegexOp.AtomicStart);
                    Emit(node.Children[0], rtl);
                    Emit(RegexOp.AtomicEnd);
                    return;
                case RegexNodeKind.PositiveLookahead:
                case RegexNodeKind.PositiveLookbehind:
                    Emit(RegexOp.LookStart);
                    Emit(node.Children[0], node.Kind == RegexNodeKind.PositiveLookbehind);
                    Emit(RegexOp.LookEnd);
                    return;
                case RegexNodeKind.NegativeLookahead:
                case RegexNodeKind.NegativeLookbehind:
                {
                    Emit(RegexOp.NegativeLookStart, 0);
                    int continuation = Here - 1;
                    Emit(node.Children[0], node.Kind == RegexNodeKind.NegativeLookbehind);
                    Emit(RegexOp.NegativeLookEnd);
                    Patch(continuation, Here);
                    return;
                }
                case RegexNodeKind.BackReference:
                    if (node.Group < 0) foreach (RegexNode child in node.Children) Emit(child, rtl); // an octal escape
                    else Emit(RegexOp.BackReference | Flags(node, rtl), Slot(node.Group));
                    return;
                case RegexNodeKind.Bol: Emit(RegexOp.Bol); return;
                case RegexNodeKind.Eol: Emit(RegexOp.Eol); return;
                case RegexNodeKind.Beginning: Emit(RegexOp.Beginning); return;
                case RegexNodeKind.Start: Emit(RegexOp.Start); return;
                case RegexNodeKind.EndZ: Emit(RegexOp.EndZ); return;
                case RegexNodeKind.End: Emit(RegexOp.End); return;
                case RegexNodeKind.Boundary: Emit(RegexOp.Boundary); return;
                case RegexNodeKind.NonBoundary: Emit(RegexOp.NonBoundary); return;
                case RegexNodeKind.ConditionExpression:
                    EmitConditional(node, rtl);
                    return;
            }
        }

        /// <summary>Split next-alternative; first; Jump end; next: Split ...; last; end.</summary>
        private void EmitAlternation(List<RegexNode> alternatives, bool rtl)
        {
            var jumps = new List<int>();
            for (int i = 0; i < alternatives.Count; i++)
            {
                int split = -1;
                if (i < alternatives.Count - 1)
                {
                    Emit(RegexOp.Split, 0);
                    split = Here - 1;
                }
                Emit(alternatives[i], rtl);
                if (split >= 0)
                {
                    Emit(RegexOp.Jump, 0);
                    jumps.Add(Here - 1);
                    Patch(split, Here);
                }
            }
            foreach (int jump in jumps) Patch(jump, Here);
        }

        private void EmitLoop(RegexNode node, bool rtl)
        {
            RegexNode body = node.Children[0];
            if (node.Min == 1 && node.Max == 1)
            {
                Emit(body, rtl);
                return;
            }
            if (body.Kind == RegexNodeKind.Char || body.Kind == RegexNodeKind.Set || body.Kind == RegexNodeKind.Any)
            {
                // One character at a time: a single instruction and a single backtracking entry however many repeat.
                int atom = body.Kind == RegexNodeKind.Char ? RegexOp.Char : body.Kind == RegexNodeKind.Set ? RegexOp.Set : RegexOp.Any;
                int flags = Flags(body, rtl);
                if (body.Kind == RegexNodeKind.Set) flags &= ~RegexOp.IgnoreCase;
                int operand = body.Kind == RegexNodeKind.Char ? (body.IgnoreCase ? char.ToLowerInvariant(body.Ch) : body.Ch)
                    : body.Kind == RegexNodeKind.Set ? AddSet(body.Set) : 0;
                _code.Add(RegexOp.Repeat);
                _code.Add(atom | flags);
                _code.Add(operand);
                _code.Add(node.Min);
                _code.Add(node.Max < 0 ? int.MaxValue : node.Max);
                _code.Add(node.Lazy ? 1 : 0);
                return;
            }
            int register = _loops++;
            Emit(RegexOp.LoopInit, register);
            int head = Here;
            _code.Add(RegexOp.LoopHead);
            _code.Add(register);
            _code.Add(node.Min);
            _code.Add(node.Max < 0 ? int.MaxValue : node.Max);
            _code.Add(node.Lazy ? 1 : 0);
            _code.Add(0); // exit, patched below
            Emit(body, rtl);
            _code.Add(RegexOp.LoopTail);
            _code.Add(register);
            _code.Add(head);
            Patch(head + 5, Here);
        }

        /// <summary>(?(n)yes|no): IfGroup slot no; yes; Jump end; no: ...; end. (?(expr)yes|no): the expression as an
        /// assertion before yes, its negation before no.</summary>
        private void EmitConditional(RegexNode node, bool rtl)
        {
            if (node.Group >= 0)
            {
                Emit(RegexOp.IfGroup, Slot(node.Group));
                _code.Add(0);
                int noTarget = Here - 1;
                Emit(node.Children[0], rtl);
                Emit(RegexOp.Jump, 0);
                int endJump = Here - 1;
                Patch(noTarget, Here);
                if (node.Children.Count > 1) Emit(node.Children[1], rtl);
                Patch(endJump, Here);
                return;
            }
            RegexNode condition = node.Children[0];
            var negated = new RegexNode(Negate(condition.Kind), condition.Options);
            negated.Children.AddRange(condition.Children);
            var yes = new RegexNode(RegexNodeKind.Concat, node.Options);
            yes.Children.Add(condition);
            yes.Children.Add(node.Children[1]);
            var no = new RegexNode(RegexNodeKind.Concat, node.Options);
            no.Children.Add(negated);
            if (node.Children.Count > 2) no.Children.Add(node.Children[2]);
            EmitAlternation(new List<RegexNode> { yes, no }, rtl);
        }

        private static RegexNodeKind Negate(RegexNodeKind kind) => kind switch
        {
            RegexNodeKind.PositiveLookahead => RegexNodeKind.NegativeLookahead,
            RegexNodeKind.NegativeLookahead => RegexNodeKind.PositiveLookahead,
            RegexNodeKind.PositiveLookbehind => RegexNodeKind.NegativeLookbehind,
            _ => RegexNodeKind.PositiveLookbehind,
        };
    }
}
