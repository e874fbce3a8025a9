using System;
using System.Runtime;
using System.Runtime.CompilerServices;

namespace Internal.Runtime.ExceptionHandling
{
    /// <summary>Two-pass exception dispatch over ILC's funclet-based code.
    /// Pass 1 walks frames from the throw site (CFI unwinding), evaluating typed catches and filters, until a
    /// handler accepts the exception. Pass 2 walks the same frames again running finally/fault funclets, then
    /// calls the catch funclet, which returns the address to resume at, and resumes the catching frame there.
    /// Funclets run on this dispatcher's stack with RBP set to their parent frame's RBP (how ILC's x64 funclets
    /// address the parent's locals). While a funclet runs, its invocation is recorded as an active handler;
    /// an exception escaping it continues in the parent frame, past the clause the funclet belonged to and
    /// its sibling clauses (same try region), as the CLI requires.
    /// Running handlers are recorded per thread (<see cref="ExceptionThreadState"/>, supplied by the host).</summary>
    public static unsafe class ExceptionDispatcher
    {
        internal enum HandlerKind : byte { Catch, Finally, Filter }

        internal struct ActiveHandler
        {
            public RegisterContext ParentFrame;
            public EHClause Clause;
            public int ClauseIndex;
            public HandlerKind Kind;
        }

        internal const int MaxActive = 32;
        private const int MaxTraceFrames = 24;

        private static bool s_initialized;
        private static ExceptionThreadState s_defaultState;

        public static ulong Thrown;
        public static ulong Caught;

        public static void Initialize(byte* ehFrameStart, byte* ehFrameEnd)
        {
            UnwindTable.Initialize(ehFrameStart, ehFrameEnd);
            s_defaultState = new ExceptionThreadState();
            s_initialized = true;
        }

        private static ExceptionThreadState State =>
            RuntimeHost.CurrentExceptionState != null ? RuntimeHost.CurrentExceptionState() ?? s_defaultState : s_defaultState;

        /// <summary>Called by RhpThrowEx (and the fault trampoline) with the thrower's registers. Never returns.</summary>
        [RuntimeExport("sing_dispatch_exception")]
        private static void DispatchExport(object exception, RegisterContext* throwSite) => Dispatch(exception, throwSite, rethrow: false);

        /// <summary>Throws <paramref name="exception"/> from <paramref name="throwSite"/>. A rethrow (`throw;`) keeps
        /// the frames the exception already recorded and adds the new ones, as .NET does.</summary>
        internal static void Dispatch(object exception, RegisterContext* throwSite, bool rethrow = false)
        {
            exception ??= new NullReferenceException();
            Thrown++;
            if (!s_initialized) RuntimeHost.Fail(exception is Exception e0 ? e0.Message : "exception before the runtime was initialized", exception);
            ExceptionThreadState state = State;

            // Pass 1: find the handler.
            var frame = new FrameCursor(*throwSite, state);
            ulong* trace = stackalloc ulong[MaxTraceFrames];
            int traceCount = 0;
            ulong* methods = stackalloc ulong[StackTraceText.MaxFrames];
            int methodCount = 0;
            ulong previousFuncletRoot = 0;
            bool found = false;
            RegisterContext targetFrame = default;
            EHClause targetClause = default;
            int targetClauseIndex = -1;
            while (frame.Valid)
            {
                if (traceCount < MaxTraceFrames) trace[traceCount++] = frame.Context.Rip;
                RecordFrame(frame.Context.LookupPc, methods, ref methodCount, ref previousFuncletRoot);
                if (FindHandler(ref frame, state, exception, out targetClause, out targetClauseIndex))
                {
                    targetFrame = frame.Context;
                    found = true;
                    break;
                }
                frame.MoveNext();
            }
            if (exception is Exception thrown) thrown.RecordStackTrace(methods, methodCount, rethrow);
            if (!found)
            {
                string message = exception is Exception ex ? ex.Message : "a non-Exception object was thrown";
                if (RuntimeHost.UnhandledException != null) RuntimeHost.UnhandledException(message, exception, trace, traceCount);
                RuntimeHost.Fail(message, exception);
            }

            // Pass 2: run finally blocks up to the handler, then the handler.
            var unwind = new FrameCursor(*throwSite, state);
            while (true)
            {
                bool isTarget = unwind.Context.Rsp == targetFrame.Rsp && unwind.Context.Rip == targetFrame.Rip;
                RunFinallies(ref unwind, state, isTarget ? targetClauseIndex : int.MaxValue);
                if (isTarget) break;
                unwind.MoveNext();
                if (!unwind.Valid) RuntimeHost.Fail("exception dispatch lost the handler frame in the second pass", exception);
            }
            // Handlers of frames we have unwound past are finished.
            state.Count = unwind.ActiveLimit;

            CodeRange* range = UnwindTable.Find(targetFrame.LookupPc);
            ulong rootStart = RootStart(range);
            int slot = Push(state, HandlerKind.Catch, targetFrame, targetClause, targetClauseIndex, exception);
            void* resume = CallFunclet((void*)(rootStart + targetClause.HandlerOffset), exception, &targetFrame);
            Pop(state, slot);
            Caught++;
            ResumeAt(&targetFrame, resume);
        }

        /// <summary>Called by RhpRethrow: rethrows the exception of the innermost running catch handler.</summary>
        [RuntimeExport("sing_dispatch_rethrow")]
        private static void DispatchRethrow(RegisterContext* rethrowSite)
        {
            ExceptionThreadState state = State;
            for (int i = state.Count - 1; i >= 0; i--)
            {
                if (state.Handlers[i].Kind != HandlerKind.Catch) continue;
                Dispatch(state.Exceptions[i], rethrowSite, rethrow: true);
            }
            RuntimeHost.Fail("rethrow outside a catch handler", null);
        }

        /// <summary>Adds a frame's code address to the trace the exception will carry. A handler's funclet and the
        /// method it belongs to are one frame of .NET's trace: the parent frame right after its funclet is skipped.</summary>
        private static void RecordFrame(ulong pc, ulong* methods, ref int count, ref ulong previousFuncletRoot)
        {
            CodeRange* range = UnwindTable.Find(pc);
            if (range == null || count == StackTraceText.MaxFrames) return;
            ulong root = RootStart(range);
            bool funclet = EHClauses.IsFunclet(range->Lsda);
            if (previousFuncletRoot == root && !funclet)
            {
                previousFuncletRoot = 0;
                return;
            }
            previousFuncletRoot = funclet ? root : 0;
            methods[count++] = pc;
        }

        /// <summary>Pass-1 search of one frame: the first clause (innermost first) covering the PC whose type
        /// matches or whose filter accepts.</summary>
        private static bool FindHandler(ref FrameCursor frame, ExceptionThreadState state, object exception, out EHClause clause, out int clauseIndex)
        {
            clause = default;
            clauseIndex = -1;
            CodeRange* range = UnwindTable.Find(frame.Context.LookupPc);
            byte* info = EHClauses.EHInfo(EHClauses.RootLsda(range->Lsda));
            if (info == null) return false;
            ulong rootStart = RootStart(range);
            uint offset = (uint)(frame.Context.LookupPc - rootStart);
            uint count = EHClauses.ReadCount(ref info);
            var skip = new ClauseSkipper(frame.SkipIndex);
            for (int i = 0; i < (int)count; i++)
            {
                EHClause c = EHClauses.ReadClause(ref info);
                if (skip.Skips(i, c) || !c.Covers(offset)) continue;
                if (c.Kind == EHClauseKind.Typed)
                {
                    if (!TypeCastForExceptions.IsInstanceOf(c.CatchType, exception)) continue;
                }
                else if (c.Kind == EHClauseKind.Filter)
                {
                    RegisterContext parent = frame.Context;
                    int slot = Push(state, HandlerKind.Filter, parent, c, i, exception);
                    nint accepted = (nint)CallFunclet((void*)(rootStart + c.FilterOffset), exception, &parent);
                    Pop(state, slot);
                    if (accepted == 0) continue;
                }
                else continue;
                clause = c;
                clauseIndex = i;
                return true;
            }
            return false;
        }

        /// <summary>Pass 2 for one frame: finally/fault clauses covering the PC, innermost first, stopping at
        /// <paramref name="limit"/> (the catching clause in the handler's frame).</summary>
        private static void RunFinallies(ref FrameCursor frame, ExceptionThreadState state, int limit)
        {
            CodeRange* range = UnwindTable.Find(frame.Context.LookupPc);
            byte* info = EHClauses.EHInfo(EHClauses.RootLsda(range->Lsda));
            if (info == null) return;
            ulong rootStart = RootStart(range);
            uint offset = (uint)(frame.Context.LookupPc - rootStart);
            uint count = EHClauses.ReadCount(ref info);
            var skip = new ClauseSkipper(frame.SkipIndex);
            for (int i = 0; i < (int)count && i < limit; i++)
            {
                EHClause c = EHClauses.ReadClause(ref info);
                if (skip.Skips(i, c) || c.Kind != EHClauseKind.Fault || !c.Covers(offset)) continue;
                RegisterContext parent = frame.Context;
                // Handlers recorded above this frame's position are finished by now.
                state.Count = frame.ActiveLimit;
                int slot = Push(state, HandlerKind.Finally, parent, c, i, null);
                CallFunclet((void*)(rootStart + c.HandlerOffset), null, &parent);
                Pop(state, slot);
            }
        }

        private static ulong RootStart(CodeRange* range)
        {
            if (!EHClauses.IsFunclet(range->Lsda)) return range->Start;
            CodeRange* root = UnwindTable.FindByLsda(EHClauses.RootLsda(range->Lsda));
            if (root == null) RuntimeHost.Fail("a funclet's root method is missing from the unwind table", null);
            return root->Start;
        }

        private static int Push(ExceptionThreadState state, HandlerKind kind, in RegisterContext parent, in EHClause clause, int clauseIndex, object exception)
        {
            if (state.Count == MaxActive) RuntimeHost.Fail("exception handlers nested too deeply", exception);
            int slot = state.Count++;
            ref ActiveHandler h = ref state.Handlers[slot];
            h.ParentFrame = parent;
            h.Clause = clause;
            h.ClauseIndex = clauseIndex;
            h.Kind = kind;
            state.Exceptions[slot] = exception;
            return slot;
        }

        private static void Pop(ExceptionThreadState state, int slot)
        {
            state.Exceptions[slot] = null;
            state.Count = slot;
        }

        /// <summary>Walks frames outward. Crossing the return address of a funclet call means leaving a handler
        /// that an earlier dispatch started: the walk continues in that handler's parent frame and skips the
        /// handler's clause and its siblings.</summary>
        private struct FrameCursor
        {
            public RegisterContext Context;
            public bool Valid;
            public int ActiveLimit;       // active handlers below this index are still live at this point of the walk
            public int SkipIndex;
            private readonly ExceptionThreadState _state;

            public FrameCursor(RegisterContext start, ExceptionThreadState state)
            {
                Context = start;
                _state = state;
                ActiveLimit = state.Count;
                SkipIndex = -1;
                Valid = UnwindTable.Find(start.LookupPc) != null;
            }

            public void MoveNext()
            {
                SkipIndex = -1;
                if (!FrameUnwinder.Unwind(ref Context))
                {
                    Valid = false;
                    return;
                }
                if (Context.Rip == CallFuncletReturnAddress())
                {
                    if (ActiveLimit == 0)
                    {
                        Valid = false;
                        return;
                    }
                    ref ActiveHandler handler = ref _state.Handlers[ActiveLimit - 1];
                    if (handler.Kind == HandlerKind.Filter)
                        RuntimeHost.Fail("an exception escaped an exception filter (filters that throw are not supported yet)", null);
                    ActiveLimit--;
                    Context = handler.ParentFrame;
                    SkipIndex = handler.ClauseIndex;
                }
                Valid = UnwindTable.Find(Context.LookupPc) != null;
            }
        }

        /// <summary>In a frame that a handler's funclet escaped from, the search resumes after that handler's clause:
        /// clauses up to its index are skipped, then the run of clauses with the very same try range (its sibling
        /// catches). ILC separates runs of different try blocks that share code offsets with an empty fault clause,
        /// which ends the run.</summary>
        private struct ClauseSkipper
        {
            private readonly int _skipIndex;
            private bool _skipping;
            private uint _lastStart, _lastEnd;

            public ClauseSkipper(int skipIndex)
            {
                _skipIndex = skipIndex;
                _skipping = skipIndex >= 0;
                _lastStart = _lastEnd = 0;
            }

            public bool Skips(int index, in EHClause clause)
            {
                if (!_skipping) return false;
                if (index <= _skipIndex)
                {
                    _lastStart = clause.TryStart;
                    _lastEnd = clause.TryEnd;
                    return true;
                }
                if (clause.TryStart == _lastStart && clause.TryEnd == _lastEnd) return true;
                _skipping = false;
                return false;
            }
        }

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_call_funclet")]
        private static extern void* CallFunclet(void* funclet, object argument, RegisterContext* parentFrame);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_resume_at")]
        private static extern void ResumeAt(RegisterContext* frame, void* address);

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_call_funclet_return_address")]
        private static extern ulong CallFuncletReturnAddress();
    }

    /// <summary>One thread's exception-handling state: the handlers (funclets) it is running, innermost last, and
    /// the exception each catch handler is handling (for rethrow). The host keeps one per thread.</summary>
    public sealed class ExceptionThreadState
    {
        internal readonly ExceptionDispatcher.ActiveHandler[] Handlers = new ExceptionDispatcher.ActiveHandler[ExceptionDispatcher.MaxActive];
        internal readonly object[] Exceptions = new object[ExceptionDispatcher.MaxActive];
        internal int Count;
    }

    internal static unsafe class TypeCastForExceptions
    {
        public static bool IsInstanceOf(MethodTable* type, object obj) => obj != null && TypeCast.IsAssignable(obj.m_pMethodTable, type);
    }
}
