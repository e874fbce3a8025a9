using System.Runtime;
using System.Runtime.CompilerServices;
using Internal.Runtime.TypeLoader;

namespace Internal.Runtime.ExceptionHandling
{
    /// <summary>Stack traces as .NET prints them: one "   at Namespace.Type.Method(ParameterTypes) + 0xoffset" line
    /// per frame, innermost first, lines joined by Environment.NewLine. Frames are code addresses (the faulting
    /// instruction, or the byte before a return address) of the process's own image; names come from its
    /// stack-trace metadata (<see cref="MethodNames"/>), a funclet is named by the method it belongs to, methods marked
    /// [StackTraceHidden] are left out, and a frame without a name prints its address. .NET on a JIT prints
    /// parameter names and source lines where it has them; the image carries neither.</summary>
    internal static unsafe class StackTraceText
    {
        /// <summary>The most frames one trace records (.NET has no limit; a runaway recursion has thousands).</summary>
        public const int MaxFrames = 200;

        /// <summary>Where the method (not the funclet) containing <paramref name="pc"/> starts; 0 outside managed code.</summary>
        public static ulong MethodStart(ulong pc)
        {
            CodeRange* range = UnwindTable.Find(pc);
            if (range == null) return 0;
            if (!EHClauses.IsFunclet(range->Lsda)) return range->Start;
            CodeRange* root = UnwindTable.FindByLsda(EHClauses.RootLsda(range->Lsda));
            return root == null ? 0 : root->Start;
        }

        public static string Format(ulong[] pcs)
        {
            if (pcs == null) return null;
            var text = new System.Text.StringBuilder();
            foreach (ulong pc in pcs)
            {
                ulong start = MethodStart(pc);
                bool hidden = false;
                string name = start == 0 ? null : MethodNames.Describe(start, out hidden);
                if (hidden) continue;
                if (text.Length > 0) text.Append(System.Environment.NewLine);
                text.Append("   at ");
                if (name == null) text.Append("0x").Append(pc.ToString("x"));
                else text.Append(name).Append(" + 0x").Append((pc - start).ToString("x"));
            }
            return text.ToString();
        }

        /// <summary>The calling thread's stack from the caller of this method outward, skipping
        /// <paramref name="skip"/> more frames; the walk stops at the first frame that is not managed code (the
        /// thread's entry, or a handler's funclet call).</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static string Current(int skip)
        {
            RegisterContext context;
            CaptureCallerContext(&context);
            ulong* pcs = stackalloc ulong[MaxFrames];
            int count = 0;
            // The captured frame is this method's own; its caller is the first one shown.
            bool valid = FrameUnwinder.Unwind(ref context);
            while (valid && count < MaxFrames)
            {
                if (skip > 0) skip--;
                else pcs[count++] = context.LookupPc;
                valid = FrameUnwinder.Unwind(ref context);
            }
            var list = new ulong[count];
            for (int i = 0; i < count; i++) list[i] = pcs[i];
            return Format(list);
        }

        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sing_capture_caller_context")]
        private static extern void CaptureCallerContext(RegisterContext* context);
    }
}
