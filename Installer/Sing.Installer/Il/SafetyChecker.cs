using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using Sing.Installer.Diagnostics;
using Sing.Installer.Model;

namespace Sing.Installer.Il
{
    /// <summary>The type-safety rules for untrusted programs (our own verifier: ILVerify is not available to the build):
    /// no unsafe module, no pointers in any signature, no unverifiable opcodes, function pointers only to build
    /// delegates, no raw-memory or runtime-internal APIs, no extern (privileged) methods, one native entry point,
    /// no explicit layouts. Hardware resource types need the hardware privilege, trusted or not.</summary>
    public static class SafetyChecker
    {
        public const string EntryPoint = "sip_program_main";
        private const string UnmanagedCallersOnly = "System.Runtime.InteropServices.UnmanagedCallersOnlyAttribute";
        private const string ThreadStatic = "System.ThreadStaticAttribute";
        private const string Fix = "untrusted programs may not do this; remove it (or mark the program trusted with a reason in the policy, or place it in a ring-3 domain of its own: domain=\"ring3\" on its <program>)";

        private static readonly HashSet<string> s_hardwareTypes = new()
        {
            "Singularity.Configuration.IoPortRange", "Singularity.Configuration.IrqLine",
            "Singularity.Configuration.IoMemoryRange", "Singularity.Configuration.DmaChannel", "Singularity.Configuration.DmaMemory",
        };

        private static readonly Dictionary<int, string> s_forbiddenOpcodes = new()
        {
            [IlOpCode.Localloc] = "allocates raw stack memory (stackalloc)",
            [IlOpCode.Cpblk] = "copies raw memory",
            [IlOpCode.Initblk] = "fills raw memory",
            [IlOpCode.Calli] = "calls through a function pointer",
            [IlOpCode.Jmp] = "jumps to another method's body",
            [IlOpCode.Arglist] = "reads untyped variable arguments",
            [IlOpCode.Mkrefany] = "makes an untyped reference",
            [IlOpCode.Refanyval] = "reads an untyped reference",
        };

        public static void Check(LoadedAssembly asm, ProgramManifest m, AssemblyResolver resolver, bool trusted, DiagnosticBag bag)
        {
            var at = SourceLocation.OfFile(asm.DisplayName);
            MetadataReader r = asm.Reader;
            if (!m.HasPrivilege("hardware"))
                foreach (TypeReferenceHandle h in r.TypeReferences)
                    if (s_hardwareTypes.Contains(MetadataNames.OfReference(r, h)))
                        bag.Add(ErrorCodes.HardwareWithoutPrivilege, at,
                            $"{asm.Name} uses {MetadataNames.OfReference(r, h)}, but manifest {m.Name} lacks the hardware privilege; add <privilege name=\"hardware\"/> (drivers only) or remove the use");
            if (trusted) return;

            foreach (var attrs in new[] { r.GetModuleDefinition().GetCustomAttributes(), r.GetAssemblyDefinition().GetCustomAttributes() })
                if (AttributeReader.Find(r, attrs, "System.Security.UnverifiableCodeAttribute") is not null)
                {
                    bag.Add(ErrorCodes.UnverifiableModule, at,
                        $"{asm.Name} is marked [UnverifiableCode] (compiled with AllowUnsafeBlocks); {Fix}: build without <AllowUnsafeBlocks>");
                    break;
                }

            var reported = new HashSet<string>();
            foreach (TypeDefinitionHandle th in r.TypeDefinitions) CheckType(asm, th, resolver, reported, bag);

            // Forbidden types named anywhere else (attributes, signatures, unused references).
            foreach (TypeReferenceHandle h in r.TypeReferences)
            {
                string name = MetadataNames.OfReference(r, h);
                if (ForbiddenApis.Find(name) is { } f && reported.Add(f.Type))
                    bag.Add(ErrorCodes.ForbiddenApi, at, $"{asm.Name} references {name}, which {f.Why}; {Fix}");
            }
        }

        private static void CheckType(LoadedAssembly asm, TypeDefinitionHandle th, AssemblyResolver resolver, HashSet<string> reported, DiagnosticBag bag)
        {
            var at = SourceLocation.OfFile(asm.DisplayName);
            MetadataReader r = asm.Reader;
            TypeDefinition t = r.GetTypeDefinition(th);
            string typeName = MetadataNames.OfDefinition(r, th);

            bool instanceFields = t.GetFields().Any(f => (r.GetFieldDefinition(f).Attributes & FieldAttributes.Static) == 0);
            if ((t.Attributes & TypeAttributes.LayoutMask) == TypeAttributes.ExplicitLayout && instanceFields)
                bag.Add(ErrorCodes.ExplicitLayout, at, $"type {typeName} has an explicit layout, which can overlay references and other data; {Fix}: use sequential layout");

            foreach (FieldDefinitionHandle fh in t.GetFields())
            {
                FieldDefinition f = r.GetFieldDefinition(fh);
                string type = f.DecodeSignature(asm.Names, null);
                if (TypeNameProvider.HasPointer(type))
                    bag.Add(ErrorCodes.PointerType, at, $"field {typeName}.{r.GetString(f.Name)} has pointer type {type}; {Fix}");
                // The SIP runtime keeps no per-thread static storage (the compiler's thread statics need it).
                if (AttributeReader.Find(r, f.GetCustomAttributes(), ThreadStatic) is not null)
                    bag.Add(ErrorCodes.UnsupportedRuntimeFeature, at,
                        $"field {typeName}.{r.GetString(f.Name)} is [ThreadStatic], which SIPs do not support (no per-thread static storage); use a System.Threading.ThreadLocal<T> field instead");
            }

            foreach (MethodDefinitionHandle mh in t.GetMethods()) CheckMethod(asm, mh, resolver, reported, bag);
        }

        private static void CheckMethod(LoadedAssembly asm, MethodDefinitionHandle mh, AssemblyResolver resolver, HashSet<string> reported, DiagnosticBag bag)
        {
            var at = SourceLocation.OfFile(asm.DisplayName);
            MetadataReader r = asm.Reader;
            MethodDefinition method = r.GetMethodDefinition(mh);
            string name = MetadataNames.OfMethod(r, mh);

            var sig = method.DecodeSignature(asm.Names, null);
            foreach (string type in sig.ParameterTypes.Prepend(sig.ReturnType).Where(TypeNameProvider.HasPointer).Distinct())
                bag.Add(ErrorCodes.PointerType, at, $"method {name} has pointer type {type} in its signature; {Fix}");

            var codeType = method.ImplAttributes & MethodImplAttributes.CodeTypeMask;
            bool isExtern = (method.Attributes & MethodAttributes.PinvokeImpl) != 0
                || (method.ImplAttributes & MethodImplAttributes.InternalCall) != 0
                || (method.RelativeVirtualAddress == 0 && (method.Attributes & MethodAttributes.Abstract) == 0 && codeType != MethodImplAttributes.Runtime);
            if (isExtern)
                bag.Add(ErrorCodes.PrivilegedCode, at, $"method {name} is extern (PInvoke, InternalCall or RuntimeImport): privileged code that the installer cannot verify; {Fix}");

            if (AttributeReader.Find(r, method.GetCustomAttributes(), UnmanagedCallersOnly) is CustomAttribute uco)
            {
                object? entry = AttributeReader.Named(uco, asm.Names, "EntryPoint");
                if (entry as string != EntryPoint)
                    bag.Add(ErrorCodes.UnmanagedCallersOnly, at,
                        $"method {name} is [UnmanagedCallersOnly] with EntryPoint {(entry is string s ? $"\"{s}\"" : "unset")}: native code may call only the program's entry point; use EntryPoint = \"{EntryPoint}\" on Main alone");
                else if (!reported.Add("entry:" + EntryPoint))
                    bag.Add(ErrorCodes.UnmanagedCallersOnly, at, $"method {name} is a second \"{EntryPoint}\" entry point; keep exactly one");
            }

            if (method.RelativeVirtualAddress == 0) return;
            try
            {
                MethodBodyBlock body = asm.GetMethodBody(method.RelativeVirtualAddress);
                if (!body.LocalSignature.IsNil)
                {
                    var locals = r.GetStandaloneSignature(body.LocalSignature).DecodeLocalSignature(asm.Names, null);
                    foreach (string type in locals.Where(TypeNameProvider.HasPointer).Distinct())
                        bag.Add(ErrorCodes.PointerType, at, $"in method {name}: a local variable has pointer type {type}; {Fix}");
                }
                CheckBody(asm, name, IlDecoder.Decode(body.GetILBytes() ?? Array.Empty<byte>()), resolver, reported, bag);
            }
            catch (BadImageFormatException e)
            {
                bag.Add(ErrorCodes.MalformedIl, at, $"in method {name}: malformed IL or metadata ({e.Message}); rebuild the program with the C# compiler");
            }
        }

        private static void CheckBody(LoadedAssembly asm, string method, IReadOnlyList<IlInstruction> code, AssemblyResolver resolver, HashSet<string> reported, DiagnosticBag bag)
        {
            var at = SourceLocation.OfFile(asm.DisplayName);
            MetadataReader r = asm.Reader;
            var seen = new HashSet<string>();
            for (int i = 0; i < code.Count; i++)
            {
                IlInstruction ins = code[i];
                string where = $"in method {method} (IL offset 0x{ins.Offset:x})";
                // stackalloc into a Span<T> (localloc, the count, newobj Span<T>(void*, int)): the type verifier checks
                // the whole sequence (MethodVerifier.StackAlloc.cs); any other localloc stays forbidden here.
                bool stackAllocSpan = ins.OpCode == IlOpCode.Localloc && i + 2 < code.Count && code[i + 2].OpCode == 0x73
                    && IsSpanConstructor(r, code[i + 2], asm.Names);
                if (!stackAllocSpan && s_forbiddenOpcodes.TryGetValue(ins.OpCode, out string? why))
                    bag.Add(ErrorCodes.ForbiddenOpcode, at, $"{where}: {IlOpCode.Name(ins.OpCode)} {why}; {Fix}");
                if ((ins.OpCode == IlOpCode.Ldftn || ins.OpCode == IlOpCode.Ldvirtftn)
                    && !(i + 1 < code.Count && code[i + 1].OpCode == IlOpCode.Newobj
                         && DelegateConstructors.Is(asm, MetadataTokens.EntityHandle((int)code[i + 1].Operand), resolver)))
                    bag.Add(ErrorCodes.UnpairedFunctionPointer, at,
                        $"{where}: {IlOpCode.Name(ins.OpCode)} takes a raw function pointer that is not immediately turned into a delegate (newobj of a delegate constructor); {Fix}: use a delegate");
                if (ins.Kind != OperandKind.Token) continue;

                int table = (int)((ulong)ins.Operand >> 24);
                if (table == 0x70 || table == 0x11) continue;            // string literal; calli's signature (calli is already rejected)
                EntityHandle h = MetadataTokens.EntityHandle((int)ins.Operand);
                var (owner, member) = MetadataNames.OfMember(r, h, asm.Names);
                string target = member.Length > 0 ? owner + "." + member : owner;
                if (TrustedOnlyMembers.IsMarked(r, h, resolver) && seen.Add("trusted-only:" + target))
                    bag.Add(ErrorCodes.TrustedOnlyMember, at,
                        $"{where}: uses {target}, which lends raw access to memory whose ownership can end while the access lives (an address, or a span or reference into an exchange-heap block); untrusted programs use the checked members beside it (ExchangeBlock.Read/Write, ExVector.Get/Set/CopyTo/CopyFrom, ExRef.Read/Write)");
                if (ForbiddenApis.Find(owner) is { } f && seen.Add("api:" + target))
                {
                    reported.Add(f.Type);
                    bag.Add(ErrorCodes.ForbiddenApi, at, $"{where}: uses {target}; {f.Type} {f.Why}; {Fix}");
                }
                // newobj (or call, on a local) ReadOnlySpan<byte>(void*, int) right after ldsflda; ldc.i4 is a span over the image's
                // read-only data ("..."u8): the type verifier checks the field and the length (IsReadOnlyDataSpan).
                bool readOnlyDataSpan = (ins.OpCode == IlOpCode.Newobj || ins.OpCode == IlOpCode.Call) && i >= 2 && code[i - 2].OpCode == 0x7F
                    && code[i - 1].OpCode is >= 0x15 and <= 0x20 && owner == "System.ReadOnlySpan`1<System.Byte>";
                readOnlyDataSpan |= ins.OpCode == 0x73 && i >= 2 && code[i - 2].OpCode == IlOpCode.Localloc && IsSpanConstructor(r, ins, asm.Names);
                if (!readOnlyDataSpan)
                foreach (string type in ReferencedSignature(r, h, asm.Names).Where(TypeNameProvider.HasPointer).Distinct())
                    if (seen.Add("ptr:" + target + type))
                        bag.Add(ErrorCodes.PointerType, at, $"{where}: uses {target}, whose signature has pointer type {type}; {Fix}");
            }
        }

        private static bool IsSpanConstructor(MetadataReader r, IlInstruction ins, TypeNameProvider names)
        {
            if (ins.Kind != OperandKind.Token || (int)((ulong)ins.Operand >> 24) != 0x0A) return false;
            var (owner, member) = MetadataNames.OfMember(r, MetadataTokens.EntityHandle((int)ins.Operand), names);
            return member == ".ctor" && owner.StartsWith("System.Span`1<", StringComparison.Ordinal);
        }

        /// <summary>The types in the signature of a referenced member or type token (own definitions are checked where defined).</summary>
        private static IEnumerable<string> ReferencedSignature(MetadataReader r, EntityHandle h, TypeNameProvider names)
        {
            switch (h.Kind)
            {
                case HandleKind.MemberReference:
                {
                    MemberReference m = r.GetMemberReference((MemberReferenceHandle)h);
                    if (m.GetKind() == MemberReferenceKind.Field) return new[] { m.DecodeFieldSignature(names, null) };
                    var sig = m.DecodeMethodSignature(names, null);
                    return sig.ParameterTypes.Prepend(sig.ReturnType).Append(MetadataNames.OfMember(r, h, names).Owner);
                }
                case HandleKind.MethodSpecification:
                {
                    MethodSpecification s = r.GetMethodSpecification((MethodSpecificationHandle)h);
                    return s.DecodeSignature(names, null).Concat(ReferencedSignature(r, s.Method, names));
                }
                case HandleKind.TypeSpecification:
                    return new[] { r.GetTypeSpecification((TypeSpecificationHandle)h).DecodeSignature(names, null) };
                default:
                    return Array.Empty<string>();
            }
        }
    }
}
