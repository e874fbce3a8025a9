using System;
using System.Linq;
using System.Reflection;
using System.Reflection.Emit;
using Sing.Installer.Il;
using Xunit;

namespace Sing.Installer.Tests
{
    /// <summary>The hand-written opcode table agrees with the framework's list of opcodes, and the decoder walks
    /// variable-length instructions (switch) and rejects broken bodies.</summary>
    public sealed class IlDecoderTests
    {
        [Fact]
        public void OpCodeTableMatchesReflectionEmit()
        {
            // Reflection.Emit also lists the reserved prefix1-7 and prefixref pseudo-opcodes (0xF8-0xFF), which are not IL.
            var all = typeof(OpCodes).GetFields(BindingFlags.Public | BindingFlags.Static).Select(f => (OpCode)f.GetValue(null)!)
                .Where(o => o.OpCodeType != OpCodeType.Nternal).ToList();
            Assert.True(all.Count > 200);
            foreach (OpCode op in all)
            {
                int value = (ushort)op.Value;
                OperandKind kind = op.Size == 1 ? OpCodeTable.OneByte((byte)value) : OpCodeTable.TwoByte((byte)value);
                Assert.True(Expected(op.OperandType) == kind, $"{op.Name}: table says {kind}, ECMA says {op.OperandType}");
            }
            // Every byte not named by Reflection.Emit (except the 0xFE prefix) must be invalid.
            for (int b = 0; b < 256; b++)
                if (b != 0xFE && all.All(o => o.Size != 1 || (ushort)o.Value != b))
                    Assert.Equal(OperandKind.Invalid, OpCodeTable.OneByte((byte)b));
        }

        private static OperandKind Expected(OperandType t) => t switch
        {
            OperandType.InlineNone => OperandKind.None,
            OperandType.ShortInlineI or OperandType.ShortInlineVar or OperandType.ShortInlineBrTarget => OperandKind.Int8,
            OperandType.InlineVar => OperandKind.UInt16,
            OperandType.InlineI or OperandType.InlineBrTarget => OperandKind.Int32,
            OperandType.InlineI8 => OperandKind.Int64,
            OperandType.ShortInlineR => OperandKind.Float32,
            OperandType.InlineR => OperandKind.Float64,
            OperandType.InlineSwitch => OperandKind.Switch,
            _ => OperandKind.Token,
        };

        [Fact]
        public void DecodesSwitchAndTwoByteOpcodes()
        {
            byte[] il =
            {
                0x02,                                   // ldarg.0
                0x45, 0x02, 0, 0, 0, 0x01, 0, 0, 0, 0x02, 0, 0, 0,  // switch (2 targets)
                0x00,                                   // nop
                0xFE, 0x0F,                             // localloc
                0x2A,                                   // ret
            };
            var code = IlDecoder.Decode(il);
            Assert.Equal(new[] { 0, 1, 14, 15, 17 }, code.Select(i => i.Offset));
            Assert.Equal(2, code[1].Operand);
            Assert.Equal(IlOpCode.Localloc, code[3].OpCode);
        }

        [Theory]
        [InlineData(new byte[] { 0x24 })]                    // unused opcode
        [InlineData(new byte[] { 0x20, 0x01, 0x00 })]        // ldc.i4 cut off
        [InlineData(new byte[] { 0x2B, 0x10, 0x2A })]        // br.s outside the body
        [InlineData(new byte[] { 0x45, 0xFF, 0xFF, 0, 0 })]  // switch table larger than the body
        [InlineData(new byte[] { 0xFE })]                    // two-byte prefix alone
        public void RejectsBrokenBodies(byte[] il) => Assert.Throws<BadImageFormatException>(() => IlDecoder.Decode(il));
    }
}
