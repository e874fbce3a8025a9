using System.Reflection.Metadata;

namespace Sing.Installer.Il.Verification
{
    /// <summary>The verification types of the evaluation stack (ECMA-335 III.1.8.1.2.1 and I.12.3.2.1).</summary>
    public enum StackKind : byte
    {
        I32,
        I64,
        NInt,
        Flt,
        /// <summary>An object reference of <see cref="StackValue.Type"/>, or null when the type is null.</summary>
        ObjRef,
        /// <summary>A managed pointer to a location of <see cref="StackValue.Type"/>.</summary>
        ByRef,
        /// <summary>A value of value type <see cref="StackValue.Type"/> (or of a generic parameter).</summary>
        Value,
        /// <summary>A method pointer from ldftn/ldvirtftn: only a delegate constructor may consume it.</summary>
        MethodPtr,
    }

    /// <summary>One stack slot's verification type, plus what the byref rules need: whether a byref (or a value of a
    /// byref-like type) may refer to this method's frame (<see cref="Local"/>), whether the value a byref points to may
    /// (<see cref="ValueLocal"/>), which argument/local a byref is the address of (<see cref="Slot"/>), and whether it is
    /// read-only (III.1.8.1.2.2 controlled-mutability). <see cref="BoundToUninitialisedThis"/> marks a delegate made over
    /// a constructor's not yet initialised `this` (MethodVerifier.Constructors.cs).</summary>
    public readonly record struct StackValue(StackKind Kind, TypeSig? Type = null, bool ReadOnly = false, bool Local = false, bool ValueLocal = false,
        int Slot = -1, bool IsThis = false, MethodDesc? Method = null, bool BoundToUninitialisedThis = false)
    {
        public static readonly StackValue I4 = new(StackKind.I32), I8 = new(StackKind.I64), I = new(StackKind.NInt), F = new(StackKind.Flt);

        public static readonly StackValue Null = new(StackKind.ObjRef);

        public bool IsNull => Kind == StackKind.ObjRef && Type is null;

        public static StackValue Ref(TypeSig type) => new(StackKind.ObjRef, type);

        public override string ToString() => Kind switch
        {
            StackKind.I32 => "int32",
            StackKind.I64 => "int64",
            StackKind.NInt => "native int",
            StackKind.Flt => "F",
            StackKind.ObjRef => Type is null ? "null" : "ref " + Type,
            StackKind.ByRef => (ReadOnly ? "readonly " : "") + "& " + Type,
            StackKind.Value => "value " + Type,
            StackKind.MethodPtr => "method pointer to " + Method,
            _ => Kind.ToString(),
        };
    }

    /// <summary>A verification failure: the rule's diagnostic code and the message; the method verifier reports it with
    /// the method and IL offset.</summary>
    public sealed class VerifyError : System.Exception
    {
        public VerifyError(string code, string message) : base(message) { Code = code; }

        public VerifyError() { Code = ""; }

        public VerifyError(string message) : base(message) { Code = ""; }

        public VerifyError(string message, System.Exception inner) : base(message, inner) { Code = ""; }

        public string Code { get; }
    }

    internal static class PrimitiveCodes
    {
        public static bool IsSmallInt(PrimitiveTypeCode c) => c is PrimitiveTypeCode.Boolean or PrimitiveTypeCode.Char or PrimitiveTypeCode.SByte
            or PrimitiveTypeCode.Byte or PrimitiveTypeCode.Int16 or PrimitiveTypeCode.UInt16 or PrimitiveTypeCode.Int32 or PrimitiveTypeCode.UInt32;
    }
}
