using System.Collections.Generic;
using System.Linq;
using Mono.Cecil;
using Mono.Cecil.Cil;
using Mono.Cecil.Rocks;
using static Sing.Installer.Tests.Verifier.PatchedPrograms;

namespace Sing.Installer.Tests.Verifier
{
    /// <summary>The verifier's bad corpus: each case breaks one ECMA-335 III.1.8 rule in an otherwise valid program
    /// and states the diagnostic it must produce. <see cref="PatchedCase.Method"/> names the method whose body
    /// carries the defect (the fuzz test uses it to tell a mutation that repairs the defect from one that slips past).</summary>
    internal static class VerifierCorpus
    {
        private const string I4 = "System.Int32";

        public static IReadOnlyList<PatchedCase> Cases { get; } = Build().Concat(MetadataCorpus.Cases).Concat(ConstructorCorpus.Cases).ToList();

        private static List<PatchedCase> Build() => new()
        {
            // ---- delegates (III.4.21 newobj, II.14.6) ----
            new("delegate-signature-confusion", "SINGI061", "cannot be bound to", m =>
            {
                var ldftn = Method(m, "Targets", "MakeDelegate").Body.Instructions.First(i => i.OpCode == OpCodes.Ldftn);
                ldftn.Operand = Method(m, "Targets", "Sum");           // Func<string, int> calling int Sum(int[]): a string used as an int[]
            }, Method: "MakeDelegate"),
            new("delegate-target-object-of-other-type", "SINGI061", "the target object is a ref Test.App.Cat", m =>
            {
                var ldftn = Method(m, "Targets", "MakeInstanceDelegate").Body.Instructions.First(i => i.OpCode == OpCodes.Ldftn);
                ldftn.Operand = Method(m, "Holder", "Describe");      // a Cat's delegate running Holder's code with a Cat as this
            }, Method: "MakeInstanceDelegate"),
            new("ldvirtftn-object-swapped", "SINGI061", "ldvirtftn must directly follow dup", m =>
            {
                // C# emits `ldarg.0; dup; ldvirtftn; newobj`: the method looked up on a is bound to a. The patch looks it
                // up on a and binds it to b, whose type need not have that override.
                var body = Method(m, "Targets", "MakeVirtualDelegate").Body;
                var ldvirtftn = body.Instructions.First(i => i.OpCode == OpCodes.Ldvirtftn);
                var ctor = (MethodReference)ldvirtftn.Next.Operand;
                var target = (MethodReference)ldvirtftn.Operand;
                Rewrite(m, "Targets", "MakeVirtualDelegate", (il, _) =>
                {
                    il.Emit(OpCodes.Ldarg_1);
                    il.Emit(OpCodes.Ldarg_0);
                    il.Emit(OpCodes.Ldvirtftn, target);
                    il.Emit(OpCodes.Newobj, ctor);
                    il.Emit(OpCodes.Ret);
                });
            }, Method: "MakeVirtualDelegate"),
            new("delegate-static-with-object", "SINGI061", "needs a null target object", m =>
            {
                var ldnull = Method(m, "Targets", "MakeDelegate").Body.Instructions.First(i => i.OpCode == OpCodes.Ldnull);
                ldnull.OpCode = OpCodes.Ldstr;
                ldnull.Operand = "not null";
            }, Method: "MakeDelegate"),
            new("ldftn-stored-in-local", "SINGI053", "must be followed at once by newobj", m =>
                Rewrite(m, "Targets", "Scratch", (il, md) =>
                {
                    md.Body.Variables.Add(new VariableDefinition(m.TypeSystem.IntPtr));
                    md.Body.InitLocals = true;
                    il.Emit(OpCodes.Ldftn, Method(m, "Targets", "Len"));
                    il.Emit(OpCodes.Stloc_0);
                    il.Emit(OpCodes.Ldc_I4_0);
                    il.Emit(OpCodes.Ret);
                }), Method: "Scratch"),

            // ---- pointer arithmetic ----
            // ---- generic math ----
            new("static-virtual-call-constrained-to-unrelated-type", "SINGI060", "does not implement", m =>
            {
                // T.Zero resolved on string, which has no INumberBase<T>.Zero: the compiler would bind nothing there.
                var prefix = Method(m, "Maths", "Sum").Body.Instructions.First(i => i.OpCode == OpCodes.Constrained);
                prefix.Operand = m.TypeSystem.String;
            }, Source: GenericMathSource, Method: "Sum"),
            // ---- spans over static data ("..."u8) ----
            new("data-span-longer-than-its-data", "SINGI051", "pointer type", m =>
            {
                // "hello"u8 is 6 bytes of image data (C# adds a NUL after the 5); a span of 7 would read past them.
                var ctor = Method(m, "Data", "Hello").Body.Instructions.First(i => i.OpCode == OpCodes.Newobj || i.OpCode == OpCodes.Call);
                ctor.Previous.OpCode = OpCodes.Ldc_I4;
                ctor.Previous.Operand = 7;
            }, Source: DataSpanSource, Method: "Hello"),
            new("data-span-over-a-writable-static", "SINGI051", "pointer type", m =>
            {
                // The same shape over an ordinary static field (no image data) is a raw pointer made into a span.
                var ldsflda = Method(m, "Data", "Hello").Body.Instructions.First(i => i.OpCode == OpCodes.Ldsflda);
                ldsflda.Operand = m.GetType("Test.App.Data").Fields.First(f => f.Name == "Writable");
            }, Source: DataSpanSource, Method: "Hello"),
            // ---- stackalloc into a span (MethodVerifier.StackAlloc.cs) ----
            new("stackalloc-span-longer-than-allocation", "SINGI052", "localloc is verifiable only", m =>
            {
                // 16 bytes allocated, a span of 1000 ints: writes through it would run over the frames above.
                var ctor = Method(m, "Stack", "Fixed").Body.Instructions.First(i => i.OpCode == OpCodes.Newobj);
                ctor.Previous.OpCode = OpCodes.Ldc_I4;
                ctor.Previous.Operand = 1000;
            }, Source: StackAllocSource, Method: "Fixed"),
            new("stackalloc-size-from-another-count", "SINGI052", "localloc is verifiable only", m =>
            {
                // The byte size from one value, the span's length from another (the argument, not the spilled count).
                var ctor = Method(m, "Stack", "Counted").Body.Instructions.First(i => i.OpCode == OpCodes.Newobj);
                ctor.Previous.OpCode = OpCodes.Ldarg_0;
                ctor.Previous.Operand = null;
            }, Source: StackAllocSource, Method: "Counted"),
            new("stackalloc-elements-larger-than-allocated", "SINGI052", "localloc is verifiable only", m =>
            {
                // count * 1 bytes for a span of longs (8 bytes each).
                var mul = Method(m, "Stack", "Counted").Body.Instructions.First(i => i.OpCode == OpCodes.Mul_Ovf_Un);
                mul.Previous.OpCode = OpCodes.Ldc_I4_1;
                mul.Previous.Operand = null;
            }, Source: StackAllocSource, Method: "Counted"),
            new("stackalloc-span-of-references", "SINGI052", "localloc is verifiable only", m =>
            {
                // A span of strings over raw stack memory would let the program forge object references.
                var ctor = Method(m, "Stack", "Bytes").Body.Instructions.First(i => i.OpCode == OpCodes.Newobj);
                var original = (MethodReference)ctor.Operand;
                var spanOfString = ((GenericInstanceType)original.DeclaringType).ElementType.MakeGenericInstanceType(m.TypeSystem.String);
                var reference = new MethodReference(".ctor", m.TypeSystem.Void, spanOfString) { HasThis = true };
                foreach (var p in original.Parameters) reference.Parameters.Add(new ParameterDefinition(p.ParameterType));
                ctor.Operand = m.ImportReference(reference);
            }, Source: StackAllocSource, Method: "Bytes"),
            new("localloc-as-raw-pointer", "SINGI052", "localloc", m => Rewrite(m, "Stack", "Bytes", (il, _) =>
            {
                // The address itself, as a number the program can compute with.
                il.Emit(OpCodes.Ldc_I4, 64);
                il.Emit(OpCodes.Conv_U);
                il.Emit(OpCodes.Localloc);
                il.Emit(OpCodes.Conv_I4);
                il.Emit(OpCodes.Ret);
            }), Source: StackAllocSource, Method: "Bytes"),
            new("stackalloc-without-zeroed-locals", "SINGI052", "does not zero its locals", m =>
            {
                // A method without locals (so the localsinit rule for locals does not apply) reading stale stack memory.
                var ctor = (MethodReference)Method(m, "Stack", "Bytes").Body.Instructions.First(i => i.OpCode == OpCodes.Newobj).Operand;
                Rewrite(m, "Stack", "Bytes", (il, method) =>
                {
                    il.Emit(OpCodes.Ldc_I4_8);
                    il.Emit(OpCodes.Conv_U);
                    il.Emit(OpCodes.Localloc);
                    il.Emit(OpCodes.Ldc_I4_8);
                    il.Emit(OpCodes.Newobj, ctor);
                    il.Emit(OpCodes.Pop);
                    il.Emit(OpCodes.Ldc_I4_0);
                    il.Emit(OpCodes.Ret);
                    method.Body.InitLocals = false;
                });
            }, Source: StackAllocSource, Method: "Bytes"),
            new("stackalloc-span-returned", "SINGI063", "may refer to its own frame", m =>
            {
                // Words returns a span over an array; made over its own frame instead, the caller would get freed stack.
                MethodDefinition words = Method(m, "Stack", "Words");
                var ctor = (MethodReference)Method(m, "Stack", "Bytes").Body.Instructions.First(i => i.OpCode == OpCodes.Newobj).Operand;
                var spanOfChar = ((GenericInstanceType)ctor.DeclaringType).ElementType.MakeGenericInstanceType(m.TypeSystem.Char);
                var charCtor = new MethodReference(".ctor", m.TypeSystem.Void, spanOfChar) { HasThis = true };
                foreach (var p in ctor.Parameters) charCtor.Parameters.Add(new ParameterDefinition(p.ParameterType));
                Rewrite(m, "Stack", "Words", (il, _) =>
                {
                    il.Emit(OpCodes.Ldc_I4_8);
                    il.Emit(OpCodes.Conv_U);
                    il.Emit(OpCodes.Localloc);
                    il.Emit(OpCodes.Ldc_I4_4);
                    il.Emit(OpCodes.Newobj, m.ImportReference(charCtor));
                    il.Emit(OpCodes.Ret);
                });
                words.Body.InitLocals = true;
            }, Source: StackAllocSource, Method: "Words"),
            new("fixed-buffer-indexing", "SINGI066", "pointer arithmetic is unverifiable", m =>
            {
                // A hostile program drops the [UnverifiableCode] marker the compiler put on its module.
                foreach (var attrs in new[] { m.CustomAttributes, m.Assembly.CustomAttributes })
                    foreach (var a in attrs.Where(a => a.AttributeType.Name is "UnverifiableCodeAttribute").ToList()) attrs.Remove(a);
            }, FixedBufferSource, "At"),
            new("byref-arithmetic", "SINGI066", "add on a managed pointer", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                il.Emit(OpCodes.Ldarg_1);
                il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Ldelema, m.TypeSystem.Int32);
                il.Emit(OpCodes.Ldc_I4_8);
                il.Emit(OpCodes.Add);
                il.Emit(OpCodes.Ldind_I4);
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),
            new("byref-to-integer", "SINGI066", "conv.u converts a & int32", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                il.Emit(OpCodes.Ldarg_1);
                il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Ldelema, m.TypeSystem.Int32);
                il.Emit(OpCodes.Conv_U);
                il.Emit(OpCodes.Conv_I4);
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),
            new("reference-to-integer", "SINGI060", "conv.i8 converts a ref object", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Conv_I8);
                il.Emit(OpCodes.Conv_I4);
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),
            new("ordered-compare-of-references", "SINGI060", "clt compares ref object with ref string", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldarg_2);
                il.Emit(OpCodes.Clt);
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),

            // ---- stack typing (III.1.8.1.2, III.1.8.1.3) ----
            new("stack-underflow", "SINGI060", "stack underflow", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                il.Emit(OpCodes.Pop);
                il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),
            new("argument-of-wrong-type", "SINGI060", "argument 1 of call Test.App.Targets::Len is a ref object", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Call, Method(m, "Targets", "Len"));
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),
            new("int-as-object-reference", "SINGI060", "is a int32, which is not assignable to string", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                il.Emit(OpCodes.Ldc_I4, 0x1000);
                il.Emit(OpCodes.Call, Method(m, "Targets", "Len"));
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),
            new("this-of-wrong-type", "SINGI060", "on a ref string, which is not a Test.App.Animal", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                il.Emit(OpCodes.Ldarg_2);
                il.Emit(OpCodes.Callvirt, m.GetType("Test.App.Animal").Methods.First(x => x.Name == "get_Legs"));
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),
            new("stack-height-at-join", "SINGI060", "stack holds", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                var join = il.Create(OpCodes.Ldc_I4_2);
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Brfalse, join);
                il.Emit(OpCodes.Ldc_I4_1);
                il.Append(join);
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),
            new("incompatible-types-at-join", "SINGI060", "incompatible at a join point", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                var other = il.Create(OpCodes.Ldc_I4_1);
                var join = il.Create(OpCodes.Pop);
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Brtrue, other);
                il.Emit(OpCodes.Ldarg_2);
                il.Emit(OpCodes.Br, join);
                il.Append(other);
                il.Append(join);
                il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),
            new("return-of-wrong-type", "SINGI060", "the returned value is a int32", m => Rewrite(m, "Targets", "StrScratch", (il, _) =>
            {
                il.Emit(OpCodes.Ldc_I4_1);
                il.Emit(OpCodes.Ret);
            }), Method: "StrScratch"),
            new("missing-castclass", "SINGI060", "the returned value is a ref object, which is not assignable to string", m =>
            {
                var body = Method(m, "Targets", "StrScratch").Body;
                foreach (var i in body.Instructions.Where(i => i.OpCode == OpCodes.Isinst).ToList()) body.GetILProcessor().Remove(i);
            }, Method: "StrScratch"),
            new("ldfld-on-wrong-object", "SINGI060", "ldfld of Test.App.Cat::Lives on a ref string", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                il.Emit(OpCodes.Ldarg_2);
                il.Emit(OpCodes.Ldfld, Field(m, "Cat", "Lives"));
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),
            new("ldfld-through-byref-to-reference", "SINGI060", "ldfld of Test.App.Cat::Lives on a & Test.App.Cat", m => Rewrite(m, "Targets", "Scratch", (il, md) =>
            {
                // The address of the argument slot holding the Cat, not the Cat: the field would be read from the stack frame.
                il.Emit(OpCodes.Ldarga_S, md.Parameters[3]);
                il.Emit(OpCodes.Ldfld, Field(m, "Cat", "Lives"));
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),
            new("ldelem-of-wrong-width", "SINGI060", "ldelem.i8 reads a int64 from an array of int32", m => Rewrite(m, "Targets", "LongScratch", (il, _) =>
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Ldelem_I8);
                il.Emit(OpCodes.Ret);
            }), Method: "LongScratch"),
            new("stelem-ref-of-wrong-type", "SINGI060", "the value stelem.ref stores is a ref object", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                il.Emit(OpCodes.Ldc_I4_1);
                il.Emit(OpCodes.Newarr, m.TypeSystem.String);
                il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Stelem_Ref);
                il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),
            new("no-localsinit", "SINGI060", "no localsinit flag", m =>
            {
                var method = Method(m, "Targets", "Guarded");
                method.Body.InitLocals = false;
            }, Method: "Guarded"),
            new("struct-method-on-boxed-value", "SINGI060", "needs a byref to Test.App.Pair as this, found ref Test.App.Pair", m => Rewrite(m, "Pair", "Boxed", (il, _) =>
            {
                // callvirt of a non-virtual struct method on the box: `this` would point at the object header, not the data.
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Unbox_Any, m.GetType("Test.App.Pair"));
                il.Emit(OpCodes.Box, m.GetType("Test.App.Pair"));
                il.Emit(OpCodes.Callvirt, m.GetType("Test.App.Pair").Methods.First(x => x.Name == "Sum"));
                il.Emit(OpCodes.Ret);
            }), Method: "Boxed"),
            new("nonvirtual-call-of-overridable", "SINGI060", "skips its overrides", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                il.Emit(OpCodes.Ldarg_S, (byte)4);
                il.Emit(OpCodes.Call, m.GetType("Test.App.Animal").Methods.First(x => x.Name == "get_Legs"));
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),
            new("constructor-rerun", "SINGI060", "re-running a constructor", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                il.Emit(OpCodes.Ldarg_3);
                il.Emit(OpCodes.Call, m.GetType("Test.App.Cat").Methods.First(x => x.Name == ".ctor"));
                il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),
            new("newobj-of-abstract-class", "SINGI060", "which is abstract", m => Rewrite(m, "Cat", "Make", (il, _) =>
            {
                il.Emit(OpCodes.Newobj, m.GetType("Test.App.Animal").Methods.First(x => x.Name == ".ctor"));
                il.Emit(OpCodes.Pop);
                il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Ret);
            }), Method: "Make"),

            // ---- byrefs and byref-like types (III.1.8.1.2.2, II.14.4.2) ----
            new("byref-return-of-local", "SINGI063", "byref escape", m => Rewrite(m, "Targets", "RefScratch", (il, md) =>
            {
                md.Body.Variables.Add(new VariableDefinition(m.TypeSystem.Int32));
                md.Body.InitLocals = true;
                il.Emit(OpCodes.Ldloca_S, md.Body.Variables[0]);
                il.Emit(OpCodes.Ret);
            }), Method: "RefScratch"),
            new("byref-return-of-argument", "SINGI063", "may refer to its own frame", m => Rewrite(m, "Targets", "RefArg", (il, md) =>
            {
                il.Emit(OpCodes.Ldarga_S, md.Parameters[0]);
                il.Emit(OpCodes.Ret);
            }), Method: "RefArg"),
            new("box-of-byref-like", "SINGI063", "box of System.ReadOnlySpan`1<char>", m =>
            {
                var method = Method(m, "Targets", "BoxSpan");
                var spanType = method.Parameters[0].ParameterType;
                Rewrite(m, "Targets", "BoxSpan", (il, _) =>
                {
                    il.Emit(OpCodes.Ldarg_0);
                    il.Emit(OpCodes.Box, spanType);
                    il.Emit(OpCodes.Ret);
                });
            }, Method: "BoxSpan"),
            new("byref-like-field-in-class", "SINGI063", "field Test.App.Holder.Data has byref-like type", m =>
            {
                var spanType = Method(m, "Targets", "Spans").Parameters[0].ParameterType;
                m.GetType("Test.App.Holder").Fields.First(f => f.Name == "Data").FieldType = spanType;
            }),
            new("ref-field", "SINGI063", "is a ref field", m =>
                m.GetType("Test.App.Holder").Fields.First(f => f.Name == "Data").FieldType = new ByReferenceType(m.TypeSystem.Int32)),
            new("generic-over-byref-like", "SINGI063", "may not be generic arguments", m =>
            {
                var spans = Method(m, "Targets", "Spans");
                var spanType = spans.Parameters[0].ParameterType;
                var listOfInt = (GenericInstanceType)spans.Parameters[1].ParameterType;
                var listOfSpan = listOfInt.ElementType.MakeGenericInstanceType(spanType);
                var ctor = new MethodReference(".ctor", m.TypeSystem.Void, listOfSpan) { HasThis = true };
                Rewrite(m, "Targets", "Scratch", (il, _) =>
                {
                    il.Emit(OpCodes.Newobj, ctor);
                    il.Emit(OpCodes.Pop);
                    il.Emit(OpCodes.Ldc_I4_0);
                    il.Emit(OpCodes.Ret);
                });
            }, Method: "Scratch"),

            // ---- read-only locations (III.1.8.1.2.2 controlled mutability, II.16.1.2 initonly) ----
            new("stfld-initonly-outside-constructor", "SINGI064", "initonly field", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                il.Emit(OpCodes.Ldarg_3);
                il.Emit(OpCodes.Ldc_I4_1);
                il.Emit(OpCodes.Stfld, Field(m, "Cat", "Whiskers"));
                il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),
            new("write-through-readonly-byref", "SINGI064", "read-only byref", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                il.Emit(OpCodes.Ldarg_1);
                il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Readonly);
                il.Emit(OpCodes.Ldelema, m.TypeSystem.Int32);
                il.Emit(OpCodes.Ldc_I4_1);
                il.Emit(OpCodes.Stind_I4);
                il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),

            // ---- control flow and exception regions (III.1.7.5, I.12.4.2.8) ----
            new("branch-into-try", "SINGI065", "into the middle of the try block", m =>
            {
                var body = Method(m, "Targets", "Guarded").Body;
                var inside = body.ExceptionHandlers[0].TryStart.Next;
                var il = body.GetILProcessor();
                var first = body.Instructions[0];
                il.InsertBefore(first, il.Create(OpCodes.Ldarg_0));
                il.InsertBefore(first, il.Create(OpCodes.Brtrue, inside));
            }, Method: "Guarded"),
            new("br-out-of-try", "SINGI065", "without leave", m =>
            {
                var body = Method(m, "Targets", "Guarded").Body;
                var h = body.ExceptionHandlers[0];
                var leave = body.Instructions.First(i => (i.OpCode == OpCodes.Leave || i.OpCode == OpCodes.Leave_S) && i.Offset < h.TryEnd.Offset);
                leave.OpCode = leave.OpCode == OpCodes.Leave ? OpCodes.Br : OpCodes.Br_S;
            }, Method: "Guarded"),
            new("ret-inside-try", "SINGI065", "ret inside a try block", m =>
            {
                var body = Method(m, "Targets", "Guarded").Body;
                var h = body.ExceptionHandlers[0];
                var il = body.GetILProcessor();
                il.InsertBefore(h.TryStart, il.Create(OpCodes.Nop));
                var second = h.TryStart.Next;
                il.InsertBefore(second, il.Create(OpCodes.Ldc_I4_0));
                il.InsertBefore(second, il.Create(OpCodes.Ret));
            }, Method: "Guarded"),
            new("handler-entered-by-branch", "SINGI065", "into the handler", m =>
            {
                var body = Method(m, "Targets", "Caught").Body;
                var handler = body.ExceptionHandlers[0].HandlerStart;
                var il = body.GetILProcessor();
                var first = body.Instructions[0];
                il.InsertBefore(first, il.Create(OpCodes.Ldnull));
                il.InsertBefore(first, il.Create(OpCodes.Br, handler));
            }, Method: "Caught"),
            new("overlapping-try-blocks", "SINGI065", "overlap without one lying inside the other", m =>
            {
                var body = Method(m, "Targets", "Guarded").Body;
                var h = body.ExceptionHandlers[0];
                body.ExceptionHandlers.Add(new ExceptionHandler(ExceptionHandlerType.Finally)
                {
                    TryStart = body.Instructions[0], TryEnd = h.TryStart.Next,            // starts before the try, ends inside it
                    HandlerStart = h.HandlerStart, HandlerEnd = h.HandlerEnd,
                });
            }, Method: "Guarded"),
            new("falls-off-the-end", "SINGI065", "falls off the end", m =>
            {
                var body = Method(m, "Targets", "Len").Body;
                body.GetILProcessor().Remove(body.Instructions.Last());
            }, Method: "Len"),
            new("branch-past-constrained-prefix", "SINGI065", "follows the prefix constrained.", m =>
            {
                var body = Method(m, "Targets", "Show").Body;
                var call = body.Instructions.First(i => i.OpCode == OpCodes.Callvirt);
                var il = body.GetILProcessor();
                il.InsertBefore(body.Instructions[0], il.Create(OpCodes.Ldarg_0));
                il.InsertBefore(body.Instructions[1], il.Create(OpCodes.Box, body.Method.GenericParameters[0]));
                il.InsertBefore(body.Instructions[2], il.Create(OpCodes.Br, call));   // callvirt without its constrained. prefix
            }, Method: "Show"),
            new("endfinally-outside-finally", "SINGI065", "endfinally outside", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                il.Emit(OpCodes.Endfinally);
            }), Method: "Scratch"),
            new("rethrow-outside-catch", "SINGI065", "rethrow outside", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                il.Emit(OpCodes.Rethrow);
            }), Method: "Scratch"),

            // ---- accessibility and resolution (II.8.5.3) ----
            new("private-field-of-other-class", "SINGI062", "field Test.App.Vault::Code is private", m =>
            {
                var f = m.GetType("Test.App.Vault").Fields.First(x => x.Name == "Code");
                f.Attributes = (f.Attributes & ~FieldAttributes.FieldAccessMask) | FieldAttributes.Private;
            }, Method: "Peek"),
            new("internal-corelib-method", "SINGI062", "string::FastAllocate is internal in System.Private.CoreLib", m =>
            {
                var fast = new MethodReference("FastAllocate", m.TypeSystem.String, m.TypeSystem.String) { HasThis = false };
                fast.Parameters.Add(new ParameterDefinition(m.TypeSystem.Int32));
                Rewrite(m, "Targets", "Scratch", (il, _) =>
                {
                    il.Emit(OpCodes.Ldc_I4, 64);
                    il.Emit(OpCodes.Call, fast);
                    il.Emit(OpCodes.Call, Method(m, "Targets", "Len"));
                    il.Emit(OpCodes.Ret);
                });
            }, Method: "Scratch"),
            new("method-that-does-not-exist", "SINGI068", "does not exist in System.Private.CoreLib", m =>
            {
                var missing = new MethodReference("NoSuchMethod", m.TypeSystem.Int32, m.TypeSystem.String) { HasThis = false };
                Rewrite(m, "Targets", "Scratch", (il, _) =>
                {
                    il.Emit(OpCodes.Call, missing);
                    il.Emit(OpCodes.Ret);
                });
            }, Method: "Scratch"),
            new("generic-constraint-not-met", "SINGI060", "type argument object does not derive from or implement System.IComparable`1<object>", m =>
            {
                var pick = new GenericInstanceMethod(Method(m, "Targets", "Pick"));
                pick.GenericArguments.Add(m.TypeSystem.Object);    // Pick<object>: its body calls IComparable<object>.CompareTo on an object
                Rewrite(m, "Targets", "Scratch", (il, _) =>
                {
                    il.Emit(OpCodes.Ldarg_0);
                    il.Emit(OpCodes.Ldarg_0);
                    il.Emit(OpCodes.Call, pick);
                    il.Emit(OpCodes.Pop);
                    il.Emit(OpCodes.Ldc_I4_0);
                    il.Emit(OpCodes.Ret);
                });
            }, Method: "Scratch"),
            new("override-with-other-signature", "SINGI060", "whose signature differs", m =>
            {
                // Ruler implements IMeasure.Measure(string) explicitly; the patch points that MethodImpl at Count(int[]):
                // a call through the interface would hand a string to code that reads an int[].
                var ruler = m.GetType("Test.App.Ruler");
                var count = ruler.Methods.First(x => x.Name == "Count");
                count.Attributes |= MethodAttributes.Virtual | MethodAttributes.Final | MethodAttributes.NewSlot;
                var explicitImpl = ruler.Methods.First(x => x.Overrides.Count > 0);
                var overridden = explicitImpl.Overrides[0];
                explicitImpl.Overrides.Clear();
                count.Overrides.Add(overridden);
            }),
            new("tail-call", "SINGI052", "tail. is unverifiable", m => Rewrite(m, "Targets", "Scratch", (il, _) =>
            {
                il.Emit(OpCodes.Ldarg_2);
                il.Emit(OpCodes.Tail);
                il.Emit(OpCodes.Call, Method(m, "Targets", "Len"));
                il.Emit(OpCodes.Ret);
            }), Method: "Scratch"),
        };
    }
}
