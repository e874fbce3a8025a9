using System.Collections.Generic;
using System.Linq;
using Mono.Cecil;
using Mono.Cecil.Cil;

namespace Sing.Installer.Tests.Verifier
{
    /// <summary>Class constructors patched to let `this` escape or stay uninitialised (ECMA-335 III.1.8.1.4): each
    /// rewrites Widget(int)'s body and states the message. The unpatched <see cref="Source"/> passes.</summary>
    internal static class ConstructorCorpus
    {
        public const string Source = """
            using System.Runtime.InteropServices;
            namespace Test.App
            {
                internal static class Program
                {
                    [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
                    private static int Main() => new Widget(2).Size + new Widget().Size;
                }
                public class Base { public int B; public Getter Tag; public Base() { } public Base(int x) { B = x; } }
                public class Widget : Base
                {
                    public int Size = 3;
                    public object Tag;
                    public static Widget Last;
                    public static Getter Leak;
                    public Getter Later;
                    public int Twice() => Size * 2;
                    public Widget(int s) : base(s) { Size = s; }
                    public Widget() : this(1) { }
                }
                public delegate int Getter();
                public static class Sink { public static void Keep(object o) { } }
            }
            """;

        private static MethodDefinition Ctor(ModuleDefinition m, string type, int parameters) =>
            m.GetType("Test.App." + type).Methods.First(x => x.Name == ".ctor" && x.Parameters.Count == parameters);

        private static FieldDefinition Field(ModuleDefinition m, string type, string name) => m.GetType("Test.App." + type).Fields.First(f => f.Name == name);

        /// <summary>Replaces Widget(int)'s body.</summary>
        private static PatchedCase Case(string name, string fragment, System.Action<ModuleDefinition, ILProcessor> emit) =>
            new(name, "SINGI060", fragment, m =>
            {
                MethodDefinition ctor = Ctor(m, "Widget", 1);
                ctor.Body.Instructions.Clear();
                ctor.Body.ExceptionHandlers.Clear();
                ctor.Body.Variables.Clear();
                emit(m, ctor.Body.GetILProcessor());
            }, Source, ".ctor");

        private static void BaseCall(ModuleDefinition m, ILProcessor il)
        {
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldarg_1);
            il.Emit(OpCodes.Call, Ctor(m, "Base", 1));
        }

        /// <summary>ldarg.0; ldftn Widget::Twice; newobj Getter: a delegate bound to the uninitialised this.</summary>
        private static void DelegateOverThis(ModuleDefinition m, ILProcessor il)
        {
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldftn, m.GetType("Test.App.Widget").Methods.First(x => x.Name == "Twice"));
            il.Emit(OpCodes.Newobj, Ctor(m, "Getter", 2));
        }

        public static IReadOnlyList<PatchedCase> Cases { get; } = new List<PatchedCase>
        {
            Case("ctor-reads-back-a-delegate-over-this", "call uses this (or a delegate bound to it) before", (m, il) =>
            {
                il.Emit(OpCodes.Ldarg_0);
                DelegateOverThis(m, il);
                il.Emit(OpCodes.Stfld, Field(m, "Widget", "Later"));
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldfld, Field(m, "Widget", "Later"));
                il.Emit(OpCodes.Call, m.GetType("Test.App.Sink").Methods.First(x => x.Name == "Keep"));
                BaseCall(m, il);
                il.Emit(OpCodes.Ret);
            }),
            Case("ctor-reads-a-field-that-later-gets-a-delegate-over-this", "field Later receives a delegate bound to the uninitialised this and is also read before", (m, il) =>
            {
                // The read is met first (on the path that skips the store) and again after the store (a backward
                // branch): refused when the store is met rather than tracked per path.
                Instruction store = il.Create(OpCodes.Ldarg_0);
                Instruction read = il.Create(OpCodes.Ldarg_0);
                Instruction after = il.Create(OpCodes.Nop);
                il.Emit(OpCodes.Ldarg_1);
                il.Emit(OpCodes.Brtrue, store);
                il.Append(read);
                il.Emit(OpCodes.Ldfld, Field(m, "Widget", "Later"));
                il.Emit(OpCodes.Call, m.GetType("Test.App.Sink").Methods.First(x => x.Name == "Keep"));
                il.Emit(OpCodes.Br, after);
                il.Append(store);
                DelegateOverThis(m, il);
                il.Emit(OpCodes.Stfld, Field(m, "Widget", "Later"));
                il.Emit(OpCodes.Br, read);
                il.Append(after);
                BaseCall(m, il);
                il.Emit(OpCodes.Ret);
            }),
            Case("ctor-delegate-over-this-passed-on", "call uses this (or a delegate bound to it) before", (m, il) =>
            {
                DelegateOverThis(m, il);
                il.Emit(OpCodes.Call, m.GetType("Test.App.Sink").Methods.First(x => x.Name == "Keep"));
                BaseCall(m, il);
                il.Emit(OpCodes.Ret);
            }),
            Case("ctor-delegate-over-this-published", "stsfld uses this (or a delegate bound to it) before", (m, il) =>
            {
                DelegateOverThis(m, il);
                il.Emit(OpCodes.Stsfld, Field(m, "Widget", "Leak"));
                BaseCall(m, il);
                il.Emit(OpCodes.Ret);
            }),
            Case("ctor-delegate-over-this-into-base-field", "stfld uses this (or a delegate bound to it) before", (m, il) =>
            {
                il.Emit(OpCodes.Ldarg_0);
                DelegateOverThis(m, il);
                il.Emit(OpCodes.Stfld, Field(m, "Base", "Tag"));
                BaseCall(m, il);
                il.Emit(OpCodes.Ret);
            }),
            Case("ctor-never-calls-base", "the constructor returns without having called a constructor of its base type", (m, il) =>
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldarg_1);
                il.Emit(OpCodes.Stfld, Field(m, "Widget", "Size"));
                il.Emit(OpCodes.Ret);
            }),
            Case("ctor-passes-this-before-base", "call uses this (or a delegate bound to it) before a constructor of the base type or of its own type has been called", (m, il) =>
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Call, m.GetType("Test.App.Sink").Methods.First(x => x.Name == "Keep"));
                BaseCall(m, il);
                il.Emit(OpCodes.Ret);
            }),
            Case("ctor-publishes-this-before-base", "stsfld uses this (or a delegate bound to it) before", (m, il) =>
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Stsfld, Field(m, "Widget", "Last"));
                BaseCall(m, il);
                il.Emit(OpCodes.Ret);
            }),
            Case("ctor-stores-this-as-a-field-value", "stfld uses this (or a delegate bound to it) before", (m, il) =>
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Stfld, Field(m, "Widget", "Tag"));
                BaseCall(m, il);
                il.Emit(OpCodes.Ret);
            }),
            Case("ctor-stores-base-field-before-base", "stfld uses this (or a delegate bound to it) before", (m, il) =>
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldarg_1);
                il.Emit(OpCodes.Stfld, Field(m, "Base", "B"));
                BaseCall(m, il);
                il.Emit(OpCodes.Ret);
            }),
            Case("ctor-keeps-this-in-a-local", "stloc.0 uses this (or a delegate bound to it) before", (m, il) =>
            {
                il.Body.Variables.Add(new VariableDefinition(m.TypeSystem.Object));
                il.Body.InitLocals = true;
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Stloc_0);
                BaseCall(m, il);
                il.Emit(OpCodes.Ret);
            }),
            Case("ctor-calls-base-on-one-path", "has called its base or this constructor on one path to this point and not on another", (m, il) =>
            {
                Instruction end = il.Create(OpCodes.Ret);
                il.Emit(OpCodes.Ldarg_1);
                il.Emit(OpCodes.Brfalse, end);
                BaseCall(m, il);
                il.Append(end);
            }),
            Case("ctor-calls-base-twice", "which a constructor has already initialised", (m, il) =>
            {
                BaseCall(m, il);
                BaseCall(m, il);
                il.Emit(OpCodes.Ret);
            }),
            Case("ctor-merges-this-with-other-object", "is the uninitialised this (or a delegate bound to it) on one path and", (m, il) =>
            {
                Instruction useThis = il.Create(OpCodes.Ldarg_0);
                Instruction join = il.Create(OpCodes.Call, m.GetType("Test.App.Sink").Methods.First(x => x.Name == "Keep"));
                il.Emit(OpCodes.Ldarg_1);
                il.Emit(OpCodes.Brtrue, useThis);
                il.Emit(OpCodes.Ldnull);
                il.Emit(OpCodes.Br, join);
                il.Append(useThis);
                il.Append(join);
                BaseCall(m, il);
                il.Emit(OpCodes.Ret);
            }),
            Case("ctor-replaces-this", "stores to or takes the address of its this argument", (m, il) =>
            {
                il.Emit(OpCodes.Ldnull);
                il.Emit(OpCodes.Starg, il.Body.ThisParameter);
                BaseCall(m, il);
                il.Emit(OpCodes.Ret);
            }),
            Case("ctor-boxes-this-before-base", "isinst uses this (or a delegate bound to it) before", (m, il) =>
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Isinst, m.TypeSystem.String);
                il.Emit(OpCodes.Pop);
                BaseCall(m, il);
                il.Emit(OpCodes.Ret);
            }),
        };
    }
}
