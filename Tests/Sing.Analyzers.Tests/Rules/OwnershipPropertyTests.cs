using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Text;
using CsCheck;
using Microsoft.CodeAnalysis;
using Sing.Analyzers.Tests.Harness;
using Xunit;
using Xunit.Abstractions;

namespace Sing.Analyzers.Tests.Rules
{
    /// <summary>
    /// Property test: random programs over three blocks, one span and the client end of the Calculator
    /// contract (allocate, free, use, move, null, take a view, use the view, send, receive, close;
    /// branches, loops, try/finally, returns) are checked by the analyzer and by an interpreter of the
    /// ownership and protocol rules (L1, L2, V, P) that explores every path; the two must
    /// report the same (rule, line) pairs. Conditions are independent calls, so "on some path" means
    /// the same for both. CsCheck shrinks a failing program to a small one.
    /// </summary>
    public sealed class OwnershipPropertyTests
    {
        private const int Vars = 3;
        private readonly ITestOutputHelper _output;

        public OwnershipPropertyTests(ITestOutputHelper output)
        {
            _output = output;
        }

        // ---- the language ----

        private abstract record Stmt;

        private sealed record New(int K) : Stmt;

        private sealed record Free(int K) : Stmt;

        private sealed record Use(int K) : Stmt;

        private sealed record Move(int J, int K) : Stmt;

        private sealed record Clear(int K) : Stmt;

        private sealed record View(int K) : Stmt;

        private sealed record UseView : Stmt;

        private sealed record Return : Stmt;

        /// <summary>An operation of the client end of the Calculator contract (Send Add/Divide/Quit, Recv Result/DivideByZero, Free).</summary>
        private sealed record Endpoint(int Op) : Stmt;

        private sealed record If(List<Stmt> Then, List<Stmt> Else) : Stmt;

        private sealed record While(List<Stmt> Body) : Stmt;

        private sealed record TryFinally(List<Stmt> Body, List<Stmt> Finally) : Stmt;

        /// <summary>Decodes a list of numbers into a program (so CsCheck shrinks numbers, and programs with them).</summary>
        private static List<Stmt> Decode(int[] code)
        {
            int pos = 0;
            return DecodeBlock(code, ref pos, 0, inFinally: false);
        }

        private static List<Stmt> DecodeBlock(int[] code, ref int pos, int depth, bool inFinally)
        {
            var block = new List<Stmt>();
            while (pos < code.Length && block.Count < 8)
            {
                int x = code[pos++];
                int k = x / 16 % Vars;
                int j = x / 48 % Vars;
                switch (x % 20)
                {
                    case 16:
                    case 17:
                    case 18:
                    case 19:
                        block.Add(new Endpoint(((x % 20) - 16) * 2 + (x / 20 % 2)));
                        break;
                    case 0:
                    case 1:
                        block.Add(new New(k));
                        break;
                    case 2:
                    case 3:
                        block.Add(new Free(k));
                        break;
                    case 4:
                        block.Add(new Use(k));
                        break;
                    case 5:
                        block.Add(j == k ? new Use(k) : new Move(j, k));
                        break;
                    case 6:
                        block.Add(new Clear(k));
                        break;
                    case 7:
                        block.Add(new View(k));
                        break;
                    case 8:
                        block.Add(new UseView());
                        break;
                    case 9 when depth < 2:
                        block.Add(new If(DecodeBlock(code, ref pos, depth + 1, inFinally), DecodeBlock(code, ref pos, depth + 1, inFinally)));
                        break;
                    case 10 when depth < 2:
                        block.Add(new While(DecodeBlock(code, ref pos, depth + 1, inFinally)));
                        break;
                    case 11 when depth < 2:
                        block.Add(new TryFinally(DecodeBlock(code, ref pos, depth + 1, inFinally), DecodeBlock(code, ref pos, depth + 1, inFinally: true)));
                        break;
                    case 12 when depth > 0 && !inFinally:
                        block.Add(new Return());
                        return block;
                    case 13:
                    case 14:
                    case 15:
                        if (depth > 0)
                        {
                            return block;
                        }

                        break;
                }
            }

            return block;
        }

        // ---- rendering: one statement per line, so (rule, line) pairs can be compared ----

        private sealed class Renderer
        {
            public readonly StringBuilder Text = new StringBuilder();
            public readonly Dictionary<Stmt, int> Lines = new Dictionary<Stmt, int>(ReferenceEqualityComparer.Instance);
            public int Line = 1;
            public int[] Declarations = new int[Vars];
            public int EndpointLine;

            public void Emit(string text, int indent)
            {
                Text.Append(' ', indent * 4).Append(text).Append('\n');
                Line++;
            }
        }

        private static string Render(List<Stmt> program, out Renderer r)
        {
            r = new Renderer();
            r.Emit("using System;", 0);
            r.Emit("using Sing.Contracts;", 0);
            r.Emit("namespace Demo {", 0);
            r.Emit("public static class Program {", 0);
            r.Emit("static bool Flag() => Environment.TickCount % 2 == 0;", 1);
            r.Emit("static void M() {", 1);
            for (int k = 0; k < Vars; k++)
            {
                r.Declarations[k] = r.Line;
                r.Emit("ExVector<byte>? v" + k + " = null;", 2);
            }

            r.Emit("Span<byte> s = default;", 2);
            r.EndpointLine = r.Line;
            r.Emit("Calculator.CreateChannel(out Calculator.Imp imp, out Calculator.Exp exp);", 2);
            r.Emit("exp.Free();", 2);
            RenderBlock(program, r, 2);
            r.Emit("}", 1);
            r.Emit("}", 0);
            r.Emit("}", 0);
            return r.Text.ToString();
        }

        private static void RenderBlock(List<Stmt> block, Renderer r, int indent)
        {
            foreach (Stmt statement in block)
            {
                r.Lines[statement] = r.Line;
                switch (statement)
                {
                    case New n:
                        r.Emit("v" + n.K + " = ExchangeHeap.NewVector<byte>(4);", indent);
                        break;
                    case Free f:
                        r.Emit("v" + f.K + "!.Free();", indent);
                        break;
                    case Use u:
                        r.Emit("v" + u.K + "![0] = 1;", indent);
                        break;
                    case Move m:
                        r.Emit("v" + m.J + " = v" + m.K + ";", indent);
                        break;
                    case Clear c:
                        r.Emit("v" + c.K + " = null;", indent);
                        break;
                    case View v:
                        r.Emit("s = v" + v.K + "!.AsSpan();", indent);
                        break;
                    case UseView:
                        r.Emit("s[0] = 2;", indent);
                        break;
                    case Return:
                        r.Emit("return;", indent);
                        break;
                    case Endpoint e:
                        r.Emit(EndpointCalls[e.Op], indent);
                        break;
                    case If i:
                        r.Emit("if (Flag()) {", indent);
                        RenderBlock(i.Then, r, indent + 1);
                        r.Emit("} else {", indent);
                        RenderBlock(i.Else, r, indent + 1);
                        r.Emit("}", indent);
                        break;
                    case While w:
                        r.Emit("while (Flag()) {", indent);
                        RenderBlock(w.Body, r, indent + 1);
                        r.Emit("}", indent);
                        break;
                    case TryFinally t:
                        r.Emit("try {", indent);
                        RenderBlock(t.Body, r, indent + 1);
                        r.Emit("} finally {", indent);
                        RenderBlock(t.Finally, r, indent + 1);
                        r.Emit("}", indent);
                        break;
                }
            }
        }

        private static readonly string[] EndpointCalls =
        {
            "imp.SendAdd(1, 2);", "imp.SendDivide(1, 0);", "imp.SendQuit();", "imp.RecvResult(out _);",
            "imp.RecvDivideByZero();", "imp.Free();", "imp.SendAdd(3, 4);", "imp.Free();",
        };

        // The client's view of Calculator: Ready -Add-> AfterAdd -Result-> Ready; Ready -Divide-> AfterDivide
        // -(Result|DivideByZero)-> Ready; Ready -Quit-> Done. Stuck: a state after a wrong operation (the
        // analyzer drops it from the endpoint's possible states and reports nothing more for it).
        private const byte Ready = 0;
        private const byte AfterAdd = 1;
        private const byte AfterDivide = 2;
        private const byte Done = 3;
        private const byte Stuck = 4;

        // ---- the interpreter: sets of concrete states, every path ----

        private const byte Null = 0;
        private const byte Owned = 1;
        private const byte Gone = 2;

        /// <summary>One program state: each block variable's status; the span's owner (-1: none) and validity.</summary>
        private readonly record struct State(byte V0, byte V1, byte V2, int ViewOwner, bool ViewValid, byte Ep, byte Proto)
        {
            public byte Get(int k) => k switch { 0 => V0, 1 => V1, _ => V2 };

            public State With(int k, byte value) => k switch { 0 => this with { V0 = value }, 1 => this with { V1 = value }, _ => this with { V2 = value } };

            public State Invalidate(int k) => ViewOwner == k ? this with { ViewValid = false } : this;
        }

        private sealed class Interpreter
        {
            public readonly HashSet<(string Id, int Line)> Found = new HashSet<(string, int)>();
            private readonly Renderer _r;

            public Interpreter(Renderer r)
            {
                _r = r;
            }

            public (HashSet<State> Normal, HashSet<State> Returned) Exec(List<Stmt> block, HashSet<State> input)
            {
                // Never alias the caller's set (a loop compares its head before and after).
                var states = new HashSet<State>(input);
                var returned = new HashSet<State>();
                foreach (Stmt statement in block)
                {
                    int line = _r.Lines[statement];
                    switch (statement)
                    {
                        case Return:
                            returned.UnionWith(states);
                            return (new HashSet<State>(), returned);
                        case If i:
                        {
                            (HashSet<State> n1, HashSet<State> r1) = Exec(i.Then, states);
                            (HashSet<State> n2, HashSet<State> r2) = Exec(i.Else, states);
                            n1.UnionWith(n2);
                            returned.UnionWith(r1);
                            returned.UnionWith(r2);
                            states = n1;
                            break;
                        }

                        case While w:
                        {
                            var head = new HashSet<State>(states);
                            while (true)
                            {
                                (HashSet<State> n, HashSet<State> r) = Exec(w.Body, head);
                                returned.UnionWith(r);
                                int before = head.Count;
                                head.UnionWith(n);
                                if (head.Count == before)
                                {
                                    break;
                                }
                            }

                            states = head;
                            break;
                        }

                        case TryFinally t:
                        {
                            // The finally runs on each path that leaves the try, and each goes on its own way.
                            (HashSet<State> n, HashSet<State> r) = Exec(t.Body, states);
                            (HashSet<State> afterNormal, _) = Exec(t.Finally, n);
                            (HashSet<State> afterReturn, _) = Exec(t.Finally, r);
                            returned.UnionWith(afterReturn);
                            states = afterNormal;
                            break;
                        }

                        default:
                        {
                            var next = new HashSet<State>();
                            foreach (State s in states)
                            {
                                next.Add(Step(statement, s, line));
                            }

                            states = next;
                            break;
                        }
                    }
                }

                return (states, returned);
            }

            private State Step(Stmt statement, State s, int line)
            {
                switch (statement)
                {
                    case New n:
                        Overwrite(s, n.K, line);
                        return s.Invalidate(n.K).With(n.K, Owned);
                    case Clear c:
                        Overwrite(s, c.K, line);
                        return s.Invalidate(c.K).With(c.K, Null);
                    case Free f:
                        if (s.Get(f.K) == Gone)
                        {
                            Found.Add(("SING0202", line));
                        }

                        return s.Invalidate(f.K).With(f.K, Gone);
                    case Use u:
                        if (s.Get(u.K) == Gone)
                        {
                            Found.Add(("SING0201", line));
                        }

                        return s;
                    case Move m:
                    {
                        if (s.Get(m.K) == Gone)
                        {
                            Found.Add(("SING0201", line));
                        }

                        Overwrite(s, m.J, line);
                        State moved = s.Invalidate(m.J).With(m.J, s.Get(m.K)).With(m.K, Gone);
                        return moved.ViewOwner == m.K ? moved with { ViewOwner = m.J } : moved;
                    }

                    case View v:
                        if (s.Get(v.K) == Gone)
                        {
                            Found.Add(("SING0201", line));
                        }

                        return s with { ViewOwner = v.K, ViewValid = true };
                    case UseView:
                        if (!s.ViewValid)
                        {
                            Found.Add(("SING0209", line));
                        }

                        return s;
                    case Endpoint e:
                        return EndpointStep(e.Op, s, line);
                }

                throw new InvalidOperationException(statement.ToString());
            }

            private State EndpointStep(int op, State s, int line)
            {
                if (op == 5 || op == 7)
                {
                    if (s.Ep == Gone)
                    {
                        Found.Add(("SING0202", line));
                    }

                    return s with { Ep = Gone };
                }

                if (s.Ep == Gone)
                {
                    Found.Add(("SING0201", line));
                }

                bool sending = op is 0 or 1 or 2 or 6;
                byte next = (op, s.Proto) switch
                {
                    (0 or 6, Ready) => AfterAdd,
                    (1, Ready) => AfterDivide,
                    (2, Ready) => Done,
                    (3, AfterAdd) => Ready,
                    (3, AfterDivide) => Ready,
                    (4, AfterDivide) => Ready,
                    _ => Stuck,
                };
                if (s.Proto == Stuck)
                {
                    return s;
                }

                if (next == Stuck)
                {
                    Found.Add((sending ? "SING0101" : "SING0102", line));
                }
                else if (!sending && s.Proto == AfterDivide)
                {
                    // RecvResult/RecvDivideByZero where the other may arrive.
                    Found.Add(("SING0104", line));
                }

                return s with { Proto = next };
            }

            private void Overwrite(State s, int k, int line)
            {
                if (s.Get(k) == Owned)
                {
                    Found.Add(("SING0203", line));
                }
            }

            public void AtExit(HashSet<State> final)
            {
                foreach (State s in final)
                {
                    for (int k = 0; k < Vars; k++)
                    {
                        if (s.Get(k) == Owned)
                        {
                            Found.Add(("SING0203", _r.Declarations[k]));
                        }
                    }

                    if (s.Ep == Owned)
                    {
                        Found.Add(("SING0203", _r.EndpointLine));
                    }
                }
            }
        }

        private static HashSet<(string Id, int Line)> Expected(List<Stmt> program, Renderer r)
        {
            var interpreter = new Interpreter(r);
            var start = new HashSet<State> { new State(Null, Null, Null, -1, true, Owned, Ready) };
            (HashSet<State> normal, HashSet<State> returned) = interpreter.Exec(program, start);
            normal.UnionWith(returned);
            interpreter.AtExit(normal);
            return interpreter.Found;
        }

        private static HashSet<(string Id, int Line)> Actual(string source)
        {
            ImmutableArray<Diagnostic> diagnostics = Verify.Run(source, withPrelude: true, out string path);
            Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001" || (d.Severity == DiagnosticSeverity.Error && d.Id.StartsWith("CS", StringComparison.Ordinal)));
            return diagnostics
                .Where(d => d.Id.StartsWith("SING", StringComparison.Ordinal) && d.Location.SourceTree?.FilePath == path)
                .Select(d => (d.Id, d.Location.GetLineSpan().StartLinePosition.Line + 1))
                .ToHashSet();
        }

        private static void Agree(int[] code)
        {
            List<Stmt> program = Decode(code);
            string source = Render(program, out Renderer r);
            HashSet<(string Id, int Line)> expected = Expected(program, r);
            HashSet<(string Id, int Line)> actual = Actual(source);
            if (!expected.SetEquals(actual))
            {
                throw new InvalidOperationException(
                    "analyzer and interpreter disagree\nexpected: " + string.Join(", ", expected.OrderBy(e => e.Line)) +
                    "\nactual:   " + string.Join(", ", actual.OrderBy(e => e.Line)) + "\n" + source);
            }
        }

        [Fact]
        public void Analyzer_agrees_with_the_ownership_interpreter_on_random_programs()
        {
            // SING_PROPERTY_ITER=5000 for a longer search; the default keeps the suite under a minute.
            int iterations = int.TryParse(Environment.GetEnvironmentVariable("SING_PROPERTY_ITER"), out int n) ? n : 300;
            var stats = new int[2];
            Gen.Int[0, 20 * 48].Array[1, 30].Sample(
                code =>
                {
                    Agree(code);
                    lock (stats)
                    {
                        stats[0]++;
                        stats[1] += Decode(code).Count;
                    }
                },
                iter: iterations,
                threads: 1);
            _output.WriteLine("programs checked: " + stats[0] + ", statements (top level): " + stats[1]);
            Assert.Equal(iterations, stats[0]);
        }

        [Fact]
        public void Interpreter_finds_the_violations_it_models()
        {
            // The oracle itself: a program with one of each violation.
            var program = new List<Stmt>
            {
                new New(0), new View(0), new Free(0), new UseView(), new Use(0), new Free(0), new New(1), new New(1),
                new Endpoint(0), new Endpoint(6), new Endpoint(5),
            };
            string source = Render(program, out Renderer r);
            HashSet<(string Id, int Line)> expected = Expected(program, r);
            Assert.Equal(new[] { "SING0101", "SING0201", "SING0202", "SING0203", "SING0203", "SING0209" }, expected.Select(e => e.Id).OrderBy(i => i, StringComparer.Ordinal).ToArray());
            Assert.True(expected.SetEquals(Actual(source)));
        }
    }
}
