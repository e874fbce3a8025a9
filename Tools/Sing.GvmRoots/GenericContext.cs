using System;
using System.Collections.Generic;
using System.Linq;

namespace Sing.GvmRoots
{
    /// <summary>The closed type arguments a body is walked with: its declaring type's (!n) and its own (!!n).
    /// <see cref="Shared"/> marks a shared GVM target (or a method it calls), whose needs are rooted; otherwise the
    /// body is a generic caller ILC instantiates itself, walked only for the GVM calls it makes over its parameters.</summary>
    internal sealed record GenericContext(IReadOnlyList<TypeSig> TypeArguments, IReadOnlyList<TypeSig> MethodArguments, bool Shared)
    {
        public TypeSig Close(TypeSig type) => type.Substitute(MethodArguments, TypeArguments);

        public string Key => (Shared ? "S" : "C") + "<" + string.Join(",", TypeArguments.Select(a => a.Key)) + "><"
            + string.Join(",", MethodArguments.Select(a => a.Key)) + ">";

        public static IReadOnlyList<TypeSig> TypeArgumentsOf(TypeSig declaringType) =>
            declaringType is GenericInstSig inst ? inst.Arguments : Array.Empty<TypeSig>();
    }
}
