using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;

namespace Sing.GvmRoots
{
    /// <summary>Walks a method body's instructions and yields each metadata token operand with its opcode.</summary>
    internal static class IlTokens
    {
        private static readonly Dictionary<short, OperandType> s_operands = BuildOperandTable();

        private static Dictionary<short, OperandType> BuildOperandTable()
        {
            var table = new Dictionary<short, OperandType>();
            foreach (FieldInfo field in typeof(OpCodes).GetFields(BindingFlags.Public | BindingFlags.Static))
            {
                if (field.GetValue(null) is OpCode op)
                    table[op.Value] = op.OperandType;
            }
            return table;
        }

        public static IEnumerable<(ILOpCode OpCode, EntityHandle Token)> Read(MethodBodyBlock body)
        {
            BlobReader il = body.GetILReader();
            var found = new List<(ILOpCode, EntityHandle)>();
            while (il.RemainingBytes > 0)
            {
                short value = il.ReadByte();
                if (value == 0xFE)
                    value = unchecked((short)(0xFE00 | il.ReadByte()));
                if (!s_operands.TryGetValue(value, out OperandType operand))
                    break; // Not an opcode: stop rather than misread the rest.
                switch (operand)
                {
                    case OperandType.InlineField:
                    case OperandType.InlineMethod:
                    case OperandType.InlineTok:
                    case OperandType.InlineType:
                        found.Add(((ILOpCode)(ushort)value, MetadataTokens.EntityHandle(il.ReadInt32())));
                        break;
                    case OperandType.InlineSwitch:
                        int targets = il.ReadInt32(); // read first: `Offset +=` would take Offset before the read
                        il.Offset += 4 * targets;
                        break;
                    case OperandType.InlineI8:
                    case OperandType.InlineR:
                        il.Offset += 8;
                        break;
                    case OperandType.InlineBrTarget:
                    case OperandType.InlineI:
                    case OperandType.InlineSig:
                    case OperandType.InlineString:
                    case OperandType.ShortInlineR:
                        il.Offset += 4;
                        break;
                    case OperandType.InlineVar:
                        il.Offset += 2;
                        break;
                    case OperandType.ShortInlineBrTarget:
                    case OperandType.ShortInlineI:
                    case OperandType.ShortInlineVar:
                        il.Offset += 1;
                        break;
                }
            }
            return found;
        }
    }
}
