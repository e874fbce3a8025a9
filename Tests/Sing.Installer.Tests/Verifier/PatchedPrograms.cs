using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Mono.Cecil;
using Mono.Cecil.Cil;
using Sing.Installer.Diagnostics;

namespace Sing.Installer.Tests.Verifier
{
    /// <summary>A test program compiled from C# with Roslyn, then patched with Mono.Cecil to break exactly one
    /// verification rule (what a hostile program would ship: the C# compiler refuses to emit these).</summary>
    internal sealed record PatchedCase(string Name, string Code, string Fragment, Action<ModuleDefinition> Patch, string? Source = null, string? Method = null);

    internal static class PatchedPrograms
    {
        /// <summary>The program every IL case starts from; its methods are the ones the patches rewrite.</summary>
        public const string BaseSource = """
            using System;
            using System.Collections.Generic;
            using System.Runtime.InteropServices;

            namespace Test.App
            {
                internal static class Program
                {
                    [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
                    private static int Main() => Targets.Len("x") + Targets.Scratch(null, null, null, null, null, null);
                }

                public abstract class Animal
                {
                    public abstract string Name { get; }
                    public virtual int Legs => 4;
                }

                public sealed class Bird : Animal { public override string Name => "bird"; }

                public class Cat : Animal
                {
                    public int Lives = 9;
                    public readonly int Whiskers = 12;
                    public override string Name => "cat";
                    public int Describe(string s) => s.Length + Lives;
                    public static int Make() => 0;
                }

                public class Holder
                {
                    public int[] Data = new int[1];
                    public int Describe(string s) => s.Length;
                }

                public class Vault { public int Code = 7; }

                public interface IMeasure { int Measure(string s); }

                public sealed class Ruler : IMeasure
                {
                    int IMeasure.Measure(string s) => s.Length;
                    public static int Sum(int[] a) => a.Length;
                    private int Count(int[] a) => a.Length;
                }

                public struct Pair
                {
                    public long First, Second;
                    public long Sum() => First + Second;
                    public static long Boxed(object o) => o is Pair p ? p.Sum() : 0;
                }

                public static class Targets
                {
                    public static int Len(string s) => s.Length;
                    public static int Sum(int[] a) => a.Length;
                    public static Func<string, int> MakeDelegate() => Len;
                    public static Func<string, int> MakeInstanceDelegate(Cat c) => c.Describe;
                    public static Func<int> MakeVirtualDelegate(Animal a, Animal b) => a.GetHashCode;
                    public static int Scratch(object o, int[] a, string s, Cat c, Animal an, Holder h) => 0;
                    public static ref int RefScratch(int[] a) => ref a[0];
                    public static ref int RefArg(int x, int[] a) => ref a[0];
                    public static string StrScratch(object o) => o as string;
                    public static long LongScratch(int[] a) => a[0];
                    public static object BoxSpan(ReadOnlySpan<char> s) => null;
                    public static int Peek(Vault v) => v.Code;
                    public static string Show<T>(T x) => x.ToString();
                    public static T Pick<T>(T a, T b) where T : IComparable<T> => a.CompareTo(b) >= 0 ? a : b;
                    public static int Spans(Span<int> s, List<int> l) => s.Length + l.Count;
                    public static int Guarded(int x)
                    {
                        int r = 0;
                        try { r = x * 2; r++; }
                        finally { r++; }
                        return r;
                    }
                    public static int Caught(int x)
                    {
                        try { return 10 / x; }
                        catch (DivideByZeroException) { return -1; }
                    }
                }
            }
            """;

        /// <summary>A "..."u8 literal: a read-only span over the image's static data, which the installer accepts only
        /// in exactly the shape C# emits (ldsflda of an RVA field; ldc.i4 within its size; the span constructor).</summary>
        public const string DataSpanSource = """
            using System;
            using System.Runtime.InteropServices;
            namespace Test.App
            {
                internal static class Program
                {
                    [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
                    private static int Main() => Data.Hello().Length + Data.Writable;
                }
                public static class Data
                {
                    public static int Writable;
                    public static ReadOnlySpan<byte> Hello() => "hello"u8;
                }
            }
            """;

        /// <summary>Generic math: `constrained. T call` of static abstract interface members (T.Zero, +).</summary>
        public const string GenericMathSource = """
            using System.Numerics;
            using System.Runtime.InteropServices;
            namespace Test.App
            {
                internal static class Program
                {
                    [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
                    private static int Main() => Maths.Sum(new[] { 1, 2, 3 });
                }
                public static class Maths
                {
                    public static T Sum<T>(T[] items) where T : INumber<T>
                    {
                        T total = T.Zero;
                        foreach (T item in items) total += item;
                        return total;
                    }
                }
            }
            """;

        /// <summary>`Span&lt;T&gt; s = stackalloc T[n]` with a constant and with a variable count (the shapes the installer
        /// accepts), and a span over an array for the patches that swap one in.</summary>
        public const string StackAllocSource = """
            using System;
            using System.Runtime.InteropServices;
            namespace Test.App
            {
                internal static class Program
                {
                    [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
                    private static int Main() => Stack.Fixed() + Stack.Counted(5) + Stack.Bytes(3) + Stack.Words(2).Length;
                }
                public static class Stack
                {
                    public static int Fixed() { Span<int> s = stackalloc int[4]; s[3] = 7; return s[3]; }
                    public static int Counted(int n) { Span<long> s = stackalloc long[n]; s.Fill(2); return (int)s[n - 1]; }
                    public static int Bytes(int n) { Span<byte> s = stackalloc byte[n]; return s.Length; }
                    public static Span<char> Words(int n) { Span<char> s = new char[n]; return s; }
                }
            }
            """;

        /// <summary>A fixed-size buffer indexed in place: C# compiles `p.Bytes[i]` to ldflda + add on a managed pointer.</summary>
        public const string FixedBufferSource = """
            using System.Runtime.InteropServices;
            namespace Test.App
            {
                internal static class Program
                {
                    [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
                    private static int Main() { var p = new Packet(); return Fixed.At(ref p, 20); }
                }
                public unsafe struct Packet { public fixed byte Bytes[16]; }
                public static unsafe class Fixed { public static byte At(ref Packet p, int i) => p.Bytes[i]; }
            }
            """;

        public static MethodDefinition Method(ModuleDefinition m, string type, string name) =>
            m.GetType("Test.App." + type).Methods.First(x => x.Name == name);

        /// <summary>Replaces a method's body by the given instructions (locals and handlers cleared unless the emitter adds them).</summary>
        public static void Rewrite(ModuleDefinition m, string type, string name, Action<ILProcessor, MethodDefinition> emit)
        {
            MethodDefinition method = Method(m, type, name);
            method.Body.Instructions.Clear();
            method.Body.ExceptionHandlers.Clear();
            method.Body.Variables.Clear();
            emit(method.Body.GetILProcessor(), method);
        }

        public static MethodReference CalledIn(ModuleDefinition m, string type, string name, string callee) =>
            (MethodReference)Method(m, type, name).Body.Instructions.First(i => i.Operand is MethodReference r && r.Name == callee).Operand;

        public static FieldReference Field(ModuleDefinition m, string type, string name) => m.GetType("Test.App." + type).Fields.First(f => f.Name == name);

        public static TypeReference CoreType(ModuleDefinition m, string fullName) =>
            m.GetTypeReferences().First(t => t.FullName == fullName);

        /// <summary>Compiles the case's source, applies its patch, writes it as App.dll into <paramref name="dir"/>.</summary>
        public static string Build(PatchedCase c, string dir)
        {
            string dll = ProgramCompiler.Compile("App", c.Source ?? BaseSource, dir);
            byte[] bytes = File.ReadAllBytes(dll);
            using (var module = ModuleDefinition.ReadModule(new MemoryStream(bytes)))
            {
                c.Patch(module);
                module.Write(dll);
            }
            return dll;
        }

        public static IReadOnlyList<Diagnostic> Verify(string dll, string dir, string manifest = "app.xml")
        {
            string manifestPath = Path.Combine(TestPaths.Corpus, "Shared", manifest);
            string policy = Path.Combine(dir, "test.policy.xml");
            File.WriteAllText(policy, $"""
                <policy xmlns="urn:singularity:policy:v1" configuration="SIP-Phys">
                  <programs>
                    <program name="app" manifest="{manifestPath}" project="none.csproj"/>
                  </programs>
                </policy>
                """);
            var bag = new DiagnosticBag();
            InstallerPipeline.Verify(policy, "app", dll, new[] { dir }, TestPaths.TrustedAssemblies, bag);
            return bag.Items;
        }
    }
}
