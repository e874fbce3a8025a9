namespace Sing.Installer.Il
{
    /// <summary>One decoded instruction: its offset, opcode (see <see cref="IlOpCode"/>) and operand (token or value).</summary>
    public readonly record struct IlInstruction(int Offset, int OpCode, OperandKind Kind, long Operand);
}
