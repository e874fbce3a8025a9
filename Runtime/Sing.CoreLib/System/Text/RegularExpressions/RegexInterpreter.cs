using System.Diagnostics;

namespace System.Text.RegularExpressions
{
    /// <summary>Runs a <see cref="RegexProgram"/> against a text by backtracking. Every choice point and every state
    /// change to undo is an entry on an explicit stack (four ints each), so no pattern or input recurses on the
    /// machine stack; a timeout bounds the work. One interpreter serves one scan on one thread.</summary>
    internal sealed class RegexInterpreter
    {
        // Backtracking entries: kind, then up to three operands.
        private const int Branch = 1;        // pc, pos
        private const int RestoreOpen = 2;   // slot, old open position
        private const int PopCapture = 3;    // (the newest capture record)
        private const int RestoreLoop = 4;   // register, old count, old start
        private const int LazyLoop = 5;      // head pc, pos
        private const int RepeatGreedy = 6;  // instruction pc, lowest (or highest) position to give back to, current pos
        private const int RepeatLazy = 7;    // instruction pc, pos, count so far
        private const int Mark = 8;          // pos: start of an atomic group or positive lookaround
        private const int NegativeMark = 9;  // continuation pc, pos

        private readonly RegexProgram _program;
        private readonly int[] _code;
        private string _text;
        private int _begin, _end, _scanStart;

        private int[] _stack = new int[256];
        private int _top;

        private int[] _open;
        private int[] _loopCount, _loopStart;

        // The capture records made so far, oldest first: slot, start, end.
        internal int[] Captures = new int[48];
        internal int CaptureCount;

        private readonly long _deadline;     // Stopwatch timestamp, or 0 with no timeout
        private long _budget;                // steps left when the clock is not calibrated
        private readonly Regex _regex;
        private int _steps;

        internal RegexInterpreter(Regex regex, RegexProgram program)
        {
            _regex = regex;
            _program = program;
            _code = program.Code;
            _open = new int[program.SlotCount];
            _loopCount = new int[program.LoopCount];
            _loopStart = new int[program.LoopCount];
            TimeSpan timeout = regex.MatchTimeout;
            if (timeout.Ticks > 0)
            {
                long frequency = Stopwatch.Frequency;
                if (frequency > 0)
                    _deadline = Stopwatch.GetTimestamp() + (long)(timeout.TotalMilliseconds * frequency / 1000.0) + 1;
                else
                    _budget = Math.Max(1, (long)timeout.TotalMilliseconds) * 20_000; // no clock yet: bound the steps instead
            }
        }

        /// <summary>Looks for a match starting at or after <paramref name="start"/> (at or before it, right to left);
        /// the match's end (its start, right to left) is in <paramref name="matchEnd"/>.</summary>
        internal bool Scan(string text, int begin, int end, int start, bool rightToLeft, out int matchStart, out int matchEnd)
        {
            _text = text;
            _begin = begin;
            _end = end;
            _scanStart = start;
            if (!rightToLeft)
            {
                int last = _program.AnchoredAtBeginning ? Math.Min(start, end) : end;
                if (_program.AnchoredAtBeginning && start != begin) last = -1;
                for (int pos = start; pos <= last; pos++)
                    if (Run(pos, out matchStart, out matchEnd)) return true;
            }
            else
            {
                for (int pos = start; pos >= begin; pos--)
                    if (Run(pos, out matchStart, out matchEnd)) return true;
            }
            matchStart = matchEnd = 0;
            return false;
        }

        private void Push(int kind, int a, int b, int c)
        {
            if (_top + 4 > _stack.Length) Array.Resize(ref _stack, _stack.Length * 2);
            _stack[_top] = kind;
            _stack[_top + 1] = a;
            _stack[_top + 2] = b;
            _stack[_top + 3] = c;
            _top += 4;
        }

        private void AddCapture(int slot, int start, int end)
        {
            if (CaptureCount * 3 + 3 > Captures.Length) Array.Resize(ref Captures, Captures.Length * 2);
            Captures[CaptureCount * 3] = slot;
            Captures[CaptureCount * 3 + 1] = start;
            Captures[CaptureCount * 3 + 2] = end;
            CaptureCount++;
            Push(PopCapture, 0, 0, 0);
        }

        /// <summary>The newest capture of a slot (its record index), or -1.</summary>
        private int LastCapture(int slot)
        {
            for (int i = CaptureCount - 1; i >= 0; i--)
                if (Captures[i * 3] == slot) return i;
            return -1;
        }

        private void CheckTimeout()
        {
            if (_deadline != 0)
            {
                if (Stopwatch.GetTimestamp() > _deadline) throw new RegexMatchTimeoutException(_text, _regex.ToString(), _regex.MatchTimeout);
            }
            else if (_budget > 0 && (_budget -= 1024) <= 0)
            {
                throw new RegexMatchTimeoutException(_text, _regex.ToString(), _regex.MatchTimeout);
            }
        }

        private bool Matches(int atom, int operand, char c)
        {
            switch (atom & RegexOp.Mask)
            {
                case RegexOp.Char:
                    return (atom & RegexOp.IgnoreCase) != 0 ? char.ToLowerInvariant(c) == operand : c == operand;
                case RegexOp.Set:
                    return _program.Sets[operand].Contains(c);
                default:
                    return c != '\n' || (atom & RegexOp.Singleline) != 0;
            }
        }

        /// <summary>Reads one character in the instruction's direction; false at the edge of the text.</summary>
        private bool Step(int op, int operand, ref int pos)
        {
            if ((op & RegexOp.RightToLeft) != 0)
            {
                if (pos <= _begin || !Matches(op, operand, _text[pos - 1])) return false;
                pos--;
            }
            else
            {
                if (pos >= _end || !Matches(op, operand, _text[pos])) return false;
                pos++;
            }
            return true;
        }

        private bool IsWordAt(int index) => index >= _begin && index < _end && RegexCharClass.IsBoundaryWordChar(_text[index]);

        private bool Run(int startPos, out int matchStart, out int matchEnd)
        {
            _top = 0;
            CaptureCount = 0;
            int pc = 0, pos = startPos;
            int[] code = _code;
            while (true)
            {
                if (++_steps >= 1024)
                {
                    _steps = 0;
                    CheckTimeout();
                }
                int op = code[pc];
                bool ok = true;
                switch (op & RegexOp.Mask)
                {
                    case RegexOp.Char:
                    case RegexOp.Set:
                        ok = Step(op, code[pc + 1], ref pos);
                        pc += 2;
                        break;
                    case RegexOp.Any:
                        ok = Step(op, 0, ref pos);
                        pc += 1;
                        break;
                    case RegexOp.Repeat:
                    {
                        int atom = code[pc + 1], operand = code[pc + 2], min = code[pc + 3], max = code[pc + 4];
                        int count = 0;
                        while (count < min && Step(atom, operand, ref pos)) count++;
                        if (count < min)
                        {
                            ok = false;
                            break;
                        }
                        if (code[pc + 5] != 0)
                        {
                            if (count < max) Push(RepeatLazy, pc, pos, count);
                        }
                        else
                        {
                            int least = pos;
                            while (count < max && Step(atom, operand, ref pos)) count++;
                            if (pos != least) Push(RepeatGreedy, pc, least, pos);
                        }
                        pc += 6;
                        break;
                    }
                    case RegexOp.Split:
                        Push(Branch, code[pc + 1], pos, 0);
                        pc += 2;
                        break;
                    case RegexOp.Jump:
                        pc = code[pc + 1];
                        break;
                    case RegexOp.Open:
                        Push(RestoreOpen, code[pc + 1], _open[code[pc + 1]], 0);
                        _open[code[pc + 1]] = pos;
                        pc += 2;
                        break;
                    case RegexOp.Close:
                    {
                        int slot = code[pc + 1], open = _open[slot];
                        AddCapture(slot, Math.Min(open, pos), Math.Max(open, pos));
                        pc += 2;
                        break;
                    }
                    case RegexOp.BackReference:
                        ok = MatchBackReference(op, code[pc + 1], ref pos);
                        pc += 2;
                        break;
                    case RegexOp.Bol: ok = pos == _begin || _text[pos - 1] == '\n'; pc++; break;
                    case RegexOp.Eol: ok = pos == _end || _text[pos] == '\n'; pc++; break;
                    case RegexOp.Beginning: ok = pos == _begin; pc++; break;
                    case RegexOp.Start: ok = pos == _scanStart; pc++; break;
                    case RegexOp.EndZ: ok = pos == _end || (pos == _end - 1 && _text[pos] == '\n'); pc++; break;
                    case RegexOp.End: ok = pos == _end; pc++; break;
                    case RegexOp.Boundary: ok = IsWordAt(pos - 1) != IsWordAt(pos); pc++; break;
                    case RegexOp.NonBoundary: ok = IsWordAt(pos - 1) == IsWordAt(pos); pc++; break;
                    case RegexOp.LoopInit:
                    {
                        int register = code[pc + 1];
                        Push(RestoreLoop, register, _loopCount[register], _loopStart[register]);
                        _loopCount[register] = 0;
                        pc += 2;
                        break;
                    }
                    case RegexOp.LoopHead:
                    {
                        int register = code[pc + 1], count = _loopCount[register];
                        if (count < code[pc + 2])
                        {
                            EnterLoopBody(register, pos);
                            pc += 6;
                        }
                        else if (count >= code[pc + 3])
                        {
                            pc = code[pc + 5];
                        }
                        else if (code[pc + 4] == 0)
                        {
                            Push(Branch, code[pc + 5], pos, 0);
                            EnterLoopBody(register, pos);
                            pc += 6;
                        }
                        else
                        {
                            Push(LazyLoop, pc, pos, 0);
                            pc = code[pc + 5];
                        }
                        break;
                    }
                    case RegexOp.LoopTail:
                    {
                        int register = code[pc + 1], head = code[pc + 2];
                        // An empty iteration that reached the minimum ends the loop (as .NET's does): another would
                        // match nothing again, forever.
                        pc = pos == _loopStart[register] && _loopCount[register] >= code[head + 2] ? code[head + 5] : head;
                        break;
                    }
                    case RegexOp.AtomicStart:
                    case RegexOp.LookStart:
                        Push(Mark, pos, 0, 0);
                        pc++;
                        break;
                    case RegexOp.AtomicEnd:
                        DiscardChoicesToMark();
                        pc++;
                        break;
                    case RegexOp.LookEnd:
                        pos = DiscardChoicesToMark();
                        pc++;
                        break;
                    case RegexOp.NegativeLookStart:
                        Push(NegativeMark, code[pc + 1], pos, 0);
                        pc += 2;
                        break;
                    case RegexOp.NegativeLookEnd:
                        // The assertion's body matched, so the assertion fails: undo everything back to its mark.
                        UnwindToNegativeMark();
                        ok = false;
                        break;
                    case RegexOp.IfGroup:
                        pc = LastCapture(code[pc + 1]) >= 0 ? pc + 3 : code[pc + 2];
                        break;
                    case RegexOp.Match:
                        int record = LastCapture(0);
                        matchStart = Captures[record * 3 + 1];
                        matchEnd = Captures[record * 3 + 2];
                        return true;
                }
                if (ok) continue;
                if (!Backtrack(ref pc, ref pos))
                {
                    matchStart = matchEnd = 0;
                    return false;
                }
            }
        }

        private void EnterLoopBody(int register, int pos)
        {
            Push(RestoreLoop, register, _loopCount[register], _loopStart[register]);
            _loopCount[register]++;
            _loopStart[register] = pos;
        }

        private bool MatchBackReference(int op, int slot, ref int pos)
        {
            int record = LastCapture(slot);
            if (record < 0) return false; // .NET: a reference to a group that has not captured fails
            int start = Captures[record * 3 + 1], length = Captures[record * 3 + 2] - start;
            bool ignoreCase = (op & RegexOp.IgnoreCase) != 0;
            int from;
            if ((op & RegexOp.RightToLeft) != 0)
            {
                if (pos - _begin < length) return false;
                from = pos - length;
            }
            else
            {
                if (_end - pos < length) return false;
                from = pos;
            }
            for (int i = 0; i < length; i++)
            {
                char a = _text[start + i], b = _text[from + i];
                if (a != b && !(ignoreCase && char.ToLowerInvariant(a) == char.ToLowerInvariant(b))) return false;
            }
            pos = (op & RegexOp.RightToLeft) != 0 ? from : from + length;
            return true;
        }

        /// <summary>Ends an atomic group or positive lookaround: drops the choice points made inside it (keeping the
        /// entries that undo captures and loop counters) and its mark; returns the position the mark saved.</summary>
        private int DiscardChoicesToMark()
        {
            int mark = _top - 4;
            while (_stack[mark] != Mark) mark -= 4;
            int saved = _stack[mark + 1];
            int write = mark;
            for (int read = mark + 4; read < _top; read += 4)
            {
                int kind = _stack[read];
                if (kind != RestoreOpen && kind != PopCapture && kind != RestoreLoop) continue;
                for (int k = 0; k < 4; k++) _stack[write + k] = _stack[read + k];
                write += 4;
            }
            _top = write;
            return saved;
        }

        private void UnwindToNegativeMark()
        {
            while (true)
            {
                _top -= 4;
                int kind = _stack[_top];
                if (kind == NegativeMark) return;
                Undo(kind);
            }
        }

        /// <summary>Reverts a state change recorded on the stack (no-op for choice points).</summary>
        private void Undo(int kind)
        {
            switch (kind)
            {
                case RestoreOpen: _open[_stack[_top + 1]] = _stack[_top + 2]; break;
                case PopCapture: CaptureCount--; break;
                case RestoreLoop:
                    _loopCount[_stack[_top + 1]] = _stack[_top + 2];
                    _loopStart[_stack[_top + 1]] = _stack[_top + 3];
                    break;
            }
        }

        /// <summary>Pops entries, undoing state, until a choice point can resume; false when none is left.</summary>
        private bool Backtrack(ref int pc, ref int pos)
        {
            while (_top > 0)
            {
                _top -= 4;
                int kind = _stack[_top], a = _stack[_top + 1], b = _stack[_top + 2], c = _stack[_top + 3];
                switch (kind)
                {
                    case Branch:
                        pc = a;
                        pos = b;
                        return true;
                    case LazyLoop:
                        pos = b;
                        EnterLoopBody(_code[a + 1], pos);
                        pc = a + 6;
                        return true;
                    case RepeatGreedy:
                    {
                        // Give back one character; keep the entry while there is more to give back.
                        bool rightToLeft = (_code[a + 1] & RegexOp.RightToLeft) != 0;
                        pos = rightToLeft ? c + 1 : c - 1;
                        if (pos != b) Push(RepeatGreedy, a, b, pos);
                        pc = a + 6;
                        return true;
                    }
                    case RepeatLazy:
                    {
                        int p = b;
                        if (!Step(_code[a + 1], _code[a + 2], ref p)) continue;
                        pos = p;
                        if (c + 1 < _code[a + 4]) Push(RepeatLazy, a, p, c + 1);
                        pc = a + 6;
                        return true;
                    }
                    case NegativeMark:
                        // The negative assertion's body failed everywhere: the assertion holds.
                        pc = a;
                        pos = b;
                        return true;
                    case Mark:
                        continue;
                    default:
                        Undo(kind);
                        continue;
                }
            }
            return false;
        }
    }
}
