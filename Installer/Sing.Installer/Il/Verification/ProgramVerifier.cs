using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;
using Sing.Installer.Diagnostics;

namespace Sing.Installer.Il.Verification
{
    /// <summary>Runs the ECMA-335 III §1.8 verifier over every method body of an untrusted assembly, plus the
    /// type-level rules it depends on (byref-like types only in byref-like types, no ref fields). One diagnostic per
    /// failing method ("in method Ns.Type.Method (IL offset 0x1a): ..."); a work budget per assembly
    /// (<see cref="VerifierWork"/>, counted, never timed) guards against inputs built to make the fixed point slow.</summary>
    public static class ProgramVerifier
    {
        private const int MaxReports = 25;
        private const string Fix = "untrusted programs must be verifiable IL as the C# compiler emits it for safe code; remove the construct (or mark the program trusted with a reason in the policy)";

        /// <param name="work">the assembly's own work budget (a new one per assembly); afterwards it holds the work counted</param>
        public static void Check(LoadedAssembly asm, TypeSystem types, DiagnosticBag bag, VerifierWork work)
        {
            var at = SourceLocation.OfFile(asm.DisplayName);
            MetadataReader r = asm.Reader;
            int reports = 0;
            void Report(string code, string message)
            {
                if (reports++ < MaxReports) bag.Add(code, at, message);
            }

            try { CheckMethodImpls(asm, types, Report); }
            catch (Exception e) when (MalformedInput.Is(e))
            {
                Report(ErrorCodes.UnresolvedToken, $"a method override (MethodImpl) of {asm.Name} cannot be resolved ({e.Message}); rebuild the program with the C# compiler");
            }

            foreach (TypeDefinitionHandle th in r.TypeDefinitions)
            {
                if (work.Exhausted) return;
                string typeName = "?";
                try
                {
                    TypeDef t = types.Def(asm, th);
                    typeName = t.FullName;
                    CheckFields(t, types, Report);
                    TypeRules.Check(t, types, Report);
                    CheckSupertypes(t, types, Report);
                }
                catch (Exception e) when (MalformedInput.Is(e))
                {
                    Report(ErrorCodes.MalformedIl, $"type {typeName}: its metadata cannot be read ({e.Message}); rebuild the program with the C# compiler");
                    continue;
                }

                foreach (MethodDefinitionHandle mh in r.GetTypeDefinition(th).GetMethods())
                {
                    // The method that went over the budget has been reported (with the count); the rest is not verified.
                    if (work.Exhausted) return;
                    string name = typeName + ".?";
                    int offset = 0;
                    try
                    {
                        MethodDefinition m = r.GetMethodDefinition(mh);
                        name = MetadataNames.OfMethod(r, mh);
                        if (m.RelativeVirtualAddress == 0) continue;
                        MethodBodyBlock body = asm.GetMethodBody(m.RelativeVirtualAddress);
                        byte[] il = body.GetILBytes() ?? Array.Empty<byte>();
                        work.Spend(il.Length + body.ExceptionRegions.Length);
                        var code = IlDecoder.Decode(il);
                        var verifier = new MethodVerifier(types, asm, mh, body, code, work);
                        if (verifier.Verify() is { } failure)
                        {
                            offset = failure.Offset;
                            string code1 = failure.Error.Code.Length > 0 ? failure.Error.Code : ErrorCodes.UnverifiableIl;
                            Report(code1, $"in method {name} (IL offset 0x{offset:x}): {failure.Error.Message}; {FixFor(code1)}");
                        }
                    }
                    catch (VerifyError e)
                    {
                        string code1 = e.Code.Length > 0 ? e.Code : ErrorCodes.UnverifiableIl;
                        Report(code1, $"in method {name}: {e.Message}; {FixFor(code1)}");
                    }
                    catch (VerificationException e)
                    {
                        Report(ErrorCodes.UnresolvedToken, $"in method {name}: {e.Message}; {Fix}");
                    }
                    catch (Exception e) when (MalformedInput.Is(e))
                    {
                        Report(ErrorCodes.MalformedIl, $"in method {name}: malformed IL or metadata ({e.Message}); rebuild the program with the C# compiler");
                    }
                }
            }
        }

        /// <summary>What to do about a failure: a limit asks for smaller methods (its message says so); anything else
        /// for verifiable IL.</summary>
        private static string FixFor(string code) =>
            code == ErrorCodes.VerifierLimit ? "the verifier's bounds are counts, so the same input is refused on every machine" : Fix;

        /// <summary>II.22.27: an explicit override (MethodImpl: explicit interface implementations, covariant returns)
        /// must have the signature of what it overrides, else a call through the overridden slot would pass arguments
        /// of one type to parameters of another.</summary>
        private static void CheckMethodImpls(LoadedAssembly asm, TypeSystem types, Action<string, string> report)
        {
            MetadataReader r = asm.Reader;
            foreach (MethodImplementationHandle h in r.TypeDefinitions.SelectMany(td => r.GetTypeDefinition(td).GetMethodImplementations()))
            {
                MethodImplementation impl = r.GetMethodImplementation(h);
                TypeDef type = types.Def(asm, impl.Type);
                MethodDesc body = types.ResolveMethodImplMember(asm, impl.MethodBody);
                MethodDesc decl = types.ResolveMethodImplMember(asm, impl.MethodDeclaration);
                var ctx = new GenericContext(type, body.Definition ?? default);
                bool sameShape = body.HasThis == decl.HasThis && body.GenericArity == decl.GenericArity && body.Parameters.Length == decl.Parameters.Length
                                 && body.Parameters.SequenceEqual(decl.Parameters);
                bool returns = body.ReturnType.Equals(decl.ReturnType)
                               || (types.IsReferenceType(body.ReturnType, ctx) && types.IsReferenceType(decl.ReturnType, ctx) && types.IsAssignable(body.ReturnType, decl.ReturnType, ctx));
                if (!ReferenceEquals(body.OwnerDef, type) || !sameShape || !returns || !decl.IsVirtual)
                    report(ErrorCodes.UnverifiableIl, $"type {type.FullName}: method {body} is declared to override {decl}, whose signature differs (or which is not virtual, or the body is not the type's own); a call through the overridden slot would confuse types; rebuild the program with the C# compiler");
            }
        }

        /// <summary>Base types and interfaces: no byref-like type arguments, constraints satisfied.</summary>
        private static void CheckSupertypes(TypeDef t, TypeSystem types, Action<string, string> report)
        {
            var ctx = new GenericContext(t, default);
            foreach (TypeSig s in t.Interfaces.Prepend(t.BaseType ?? TypeSystem.Object))
            {
                if (s is NamedSig n && n.Args.Any(a => a is ByRefSig or PointerSig || types.IsByRefLike(a)))
                    report(ErrorCodes.ByRefEscape, $"type {t.FullName} derives from or implements {s}: byrefs, pointers and byref-like types may not be generic arguments");
                else if (types.ConstraintViolation(s, ctx) is string why)
                    report(ErrorCodes.UnverifiableIl, $"type {t.FullName} derives from or implements {why} (ECMA-335 II.10.1.7)");
            }
        }

        /// <summary>II.10.7 / C# ref struct rules: a field of byref-like type only in a byref-like type and never static;
        /// no ref fields in untrusted code; no pointer-typed fields (also SINGI051).</summary>
        private static void CheckFields(TypeDef t, TypeSystem types, Action<string, string> report)
        {
            MetadataReader r = t.Assembly.Reader;
            foreach (FieldDefinitionHandle fh in t.Fields)
            {
                FieldDefinition f = r.GetFieldDefinition(fh);
                string name = t.FullName + "." + r.GetString(f.Name);
                TypeSig type = types.DecodeField(t.Assembly, f.Signature);
                bool isStatic = (f.Attributes & FieldAttributes.Static) != 0;
                if (type is ByRefSig)
                    report(ErrorCodes.ByRefEscape, $"field {name} is a ref field ({type}); ref fields are not accepted in untrusted code (their lifetime rules are not verified); use a Span or an index");
                else if (types.IsByRefLike(type) && (isStatic || !t.IsByRefLike))
                    report(ErrorCodes.ByRefEscape, $"field {name} has byref-like type {type} but {(isStatic ? "is static" : $"{t.FullName} is not a ref struct")}: it could outlive the stack frame it points into; make the field a ref struct's instance field or use an array");
            }
        }
    }
}
