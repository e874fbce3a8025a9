using System;
using System.Collections.Generic;
using System.Buffers.Binary;

namespace Sing.Installer.Il
{
    /// <summary>Decodes a method body's IL byte stream into instructions, checking that every opcode exists, every
    /// operand is complete and every branch lands inside the body.</summary>
    public static class IlDecoder
    {
        public static IReadOnlyList<IlInstruction> Decode(byte[] il)
        {
            var result = new List<IlInstruction>();
            int offset = 0;
            while (offset < il.Length)
            {
                int start = offset;
                int code = il[offset++];
                OperandKind kind;
                if (code == 0xFE)
                {
                    if (offset >= il.Length) throw new BadImageFormatException($"IL offset 0x{start:x}: two-byte opcode cut off");
                    byte second = il[offset++];
                    kind = OpCodeTable.TwoByte(second);
                    code = 0xFE00 | second;
                }
                else kind = OpCodeTable.OneByte((byte)code);
                if (kind == OperandKind.Invalid) throw new BadImageFormatException($"IL offset 0x{start:x}: no such opcode {IlOpCode.Name(code)}");

                long operand = 0;
                int size = kind switch
                {
                    OperandKind.None => 0,
                    OperandKind.Int8 => 1,
                    OperandKind.UInt16 => 2,
                    OperandKind.Int32 or OperandKind.Token or OperandKind.Float32 => 4,
                    OperandKind.Int64 or OperandKind.Float64 => 8,
                    _ => 4,
                };
                Need(il, offset, size, start);
                ReadOnlySpan<byte> at = il.AsSpan(offset);
                switch (kind)
                {
                    case OperandKind.Int8: operand = (sbyte)at[0]; break;
                    case OperandKind.UInt16: operand = BinaryPrimitives.ReadUInt16LittleEndian(at); break;
                    case OperandKind.Int32: case OperandKind.Token: case OperandKind.Float32: operand = BinaryPrimitives.ReadInt32LittleEndian(at); break;
                    case OperandKind.Int64: case OperandKind.Float64: operand = BinaryPrimitives.ReadInt64LittleEndian(at); break;
                    case OperandKind.Switch:
                        uint count = BinaryPrimitives.ReadUInt32LittleEndian(at);
                        if (count > (uint)(il.Length - offset - 4) / 4) throw new BadImageFormatException($"IL offset 0x{start:x}: switch table of {count} targets runs past the body");
                        size = 4 + (int)count * 4;
                        int end = offset + size;
                        for (int i = 0; i < count; i++) Target(end + BinaryPrimitives.ReadInt32LittleEndian(at[(4 + 4 * i)..]), il.Length, start);
                        operand = count;
                        break;
                }
                offset += size;
                if (IsBranch(code)) Target(offset + (int)operand, il.Length, start);
                result.Add(new IlInstruction(start, code, kind, operand));
            }
            return result;
        }

        private static bool IsBranch(int code) => (code >= 0x2B && code <= 0x44) || code == 0xDD || code == 0xDE;

        private static void Need(byte[] il, int offset, int size, int start)
        {
            if (offset + size > il.Length) throw new BadImageFormatException($"IL offset 0x{start:x}: operand cut off at the end of the body");
        }

        private static void Target(int target, int length, int start)
        {
            if (target < 0 || target >= length) throw new BadImageFormatException($"IL offset 0x{start:x}: branch target 0x{target:x} is outside the body");
        }
    }
}
