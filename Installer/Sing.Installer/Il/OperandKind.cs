namespace Sing.Installer.Il
{
    /// <summary>The operand that follows an IL opcode (ECMA-335 III); the decoder needs it to find the next instruction.</summary>
    public enum OperandKind : byte
    {
        Invalid,       // not an opcode
        None,
        Int8,          // ShortInlineI, ShortInlineVar, ShortInlineBrTarget, unaligned., no.
        UInt16,        // InlineVar (2-byte opcodes: ldarg, ldloc, ...)
        Int32,         // InlineI, InlineBrTarget
        Int64,         // InlineI8
        Float32,       // ShortInlineR
        Float64,       // InlineR
        Token,         // InlineMethod/Field/Type/Tok/String/Sig
        Switch,        // uint32 count, then count int32 targets
    }
}
