using System.Linq;
using System.Reflection.Metadata;
using Sing.Installer.Diagnostics;
using static Sing.Installer.Il.Verification.StackKind;

namespace Sing.Installer.Il.Verification
{
    /// <summary>`Span&lt;T&gt; s = stackalloc T[n]` in exactly the shapes C# emits, the only localloc a verified program may
    /// contain. With a constant count: `ldc bytes; conv.u; localloc; ldc n; newobj Span&lt;T&gt;::.ctor(void*, int32)` with
    /// bytes = n * sizeof(T). With a count in an int32 local: `ldloc c; conv.u; [ldc sizeof(T) | sizeof T; mul.ovf.un;]
    /// localloc; ldloc c; newobj ...`. T must be a primitive value type (no references, so the memory cannot forge
    /// one), the count and the byte size are the same value (so the span covers exactly the allocation), nothing
    /// branches into the sequence, the method zeroes its locals (localsinit, so the memory holds no stale data), the
    /// localloc is not in a handler or filter and is the only value on the stack (III.3.47). The span refers to this
    /// frame: the byref rules keep it from escaping (returned, stored in the heap or a static) like a span over a
    /// local. A count too large for the stack meets the thread's guard page, which ends the program (the compiled code
    /// touches each page it allocates); a negative count fails in mul.ovf.un or the span constructor.</summary>
    public sealed partial class MethodVerifier
    {
        /// <summary>Whether the newobj at <paramref name="ins"/> ends a stackalloc sequence (its localloc is two before).</summary>
        private bool IsStackAllocSpan(IlInstruction ins, MethodDesc m) =>
            ins.OpCode == 0x73 && _indexOf.TryGetValue(ins.Offset, out int k) && StackAllocStart(k, m) >= 0;

        /// <summary>The index of the first instruction of the stackalloc sequence ending at newobj <paramref name="k"/>, or -1.</summary>
        private int StackAllocStart(int k, MethodDesc m)
        {
            if (m.Owner is not NamedSig { Def: var span } owner || !ReferenceEquals(span.Assembly, _types.CoreLib) || span.Namespace != "System"
                || span.Name != "Span`1" || owner.Args.Length != 1 || !m.IsConstructor || m.IsStatic
                || m.Parameters.Length != 2 || m.Parameters[0] is not PointerSig || m.Parameters[1] is not PrimSig { Code: PrimitiveTypeCode.Int32 })
                return -1;
            int size = ElementSize(owner.Args[0]);
            if (size <= 0 || k < 4 || _code[k - 2].OpCode != 0xFE0F) return -1;
            IlInstruction length = _code[k - 1];
            int start;
            if (TryConstantInt(length, out int n))
            {
                if (n < 0 || _code[k - 3].OpCode != 0xE0 || !TryConstantInt(_code[k - 4], out int bytes) || (long)n * size != bytes) return -1;
                start = k - 4;
            }
            else if (LoadedLocal(length) is int local && local < _locals.Length && _locals[local] is PrimSig { Code: PrimitiveTypeCode.Int32 })
            {
                if (size == 1)
                {
                    if (_code[k - 3].OpCode != 0xE0 || LoadedLocal(_code[k - 4]) != local) return -1;
                    start = k - 4;
                }
                else
                {
                    if (k < 6 || _code[k - 3].OpCode != 0xD9 || !IsElementSize(_code[k - 4], size, owner.Args[0])
                        || _code[k - 5].OpCode != 0xE0 || LoadedLocal(_code[k - 6]) != local)
                        return -1;
                    start = k - 6;
                }
            }
            else return -1;
            for (int i = start + 1; i <= k; i++)
                if (_blockStarts.Contains(_code[i].Offset)) return -1;
            return start;
        }

        /// <summary>localloc at <paramref name="index"/>: allowed only inside a stackalloc sequence (the span's newobj two
        /// instructions on), with the method's locals zeroed, outside handlers, and the size alone on the stack.</summary>
        private void StackAlloc(int index, int stackDepth)
        {
            const string Why = "localloc is verifiable only as C# emits `Span<T> s = stackalloc T[n]` for a primitive T (count and size from one constant or int32 local, straight into the span constructor)";
            IlInstruction ins = _code[index];
            if (index + 2 >= _code.Count || _code[index + 2].OpCode != 0x73) throw Err(ErrorCodes.ForbiddenOpcode, Why);
            MethodDesc m = _types.ResolveMethod(_asm, Token(_code[index + 2]));
            if (StackAllocStart(index + 2, m) < 0) throw Err(ErrorCodes.ForbiddenOpcode, Why);
            if (!_body.LocalVariablesInitialized)
                throw Err(ErrorCodes.ForbiddenOpcode, "stackalloc in a method that does not zero its locals (SkipLocalsInit): the memory would hold stale data");
            if (_regions.Any(r => In(ins.Offset, r.HandlerOffset, r.HandlerLength)
                                  || (r.Kind == ExceptionRegionKind.Filter && In(ins.Offset, r.FilterOffset, r.HandlerOffset - r.FilterOffset))))
                throw Err(ErrorCodes.ForbiddenOpcode, "stackalloc inside an exception handler or filter (ECMA-335 III.3.47)");
            if (stackDepth != 1) throw Bad("localloc with other values on the stack than its size (ECMA-335 III.3.47)");
        }

        private int? LoadedLocal(IlInstruction ins) => ins.OpCode switch
        {
            >= 0x06 and <= 0x09 => ins.OpCode - 0x06,
            0x11 or 0xFE0C => VarIndex(ins),
            _ => null,
        };

        private bool IsElementSize(IlInstruction ins, int size, TypeSig element)
        {
            if (TryConstantInt(ins, out int value)) return value == size;
            return ins.OpCode == 0xFE1C && TypeToken(ins).Equals(element);
        }

        /// <summary>Bytes of a primitive value type that holds no reference; 0 for anything else.</summary>
        private static int ElementSize(TypeSig t) => t switch
        {
            PrimSig { Code: PrimitiveTypeCode.Byte or PrimitiveTypeCode.SByte or PrimitiveTypeCode.Boolean } => 1,
            PrimSig { Code: PrimitiveTypeCode.Int16 or PrimitiveTypeCode.UInt16 or PrimitiveTypeCode.Char } => 2,
            PrimSig { Code: PrimitiveTypeCode.Int32 or PrimitiveTypeCode.UInt32 or PrimitiveTypeCode.Single } => 4,
            PrimSig { Code: PrimitiveTypeCode.Int64 or PrimitiveTypeCode.UInt64 or PrimitiveTypeCode.Double
                or PrimitiveTypeCode.IntPtr or PrimitiveTypeCode.UIntPtr } => 8,
            _ => 0,
        };
    }
}
