using System.Collections.Generic;
using System.Linq;
using Mono.Cecil;
using Mono.Cecil.Rocks;

namespace Sing.Installer.Tests.Verifier
{
    /// <summary>Programs whose type metadata (not their IL) is patched into a shape the C# compiler never emits and the
    /// verifier would otherwise take on trust (Il/Verification/TypeRules.cs, SINGI099): runtime-implemented methods
    /// outside delegates, declared variance in the wrong positions (II.9.7), and the II.22 validity rules of types,
    /// fields and methods. The unpatched <see cref="Source"/> passes (MetadataCorpusBaseTests).</summary>
    internal static class MetadataCorpus
    {
        public const string Source = """
            using System;
            using System.Runtime.InteropServices;
            namespace Test.App
            {
                internal static class Program
                {
                    [UnmanagedCallersOnly(EntryPoint = "sip_program_main")]
                    private static int Main() => Shapes.Use(new Box(), new Producer(), Color.Red, new Cell(), s => s.Length);
                }
                public interface IProducer<out T> { T Make(); }
                public interface IConsumer<in T> { void Take(T value); }
                public interface IPlain<T> { T Get(); void Put(T value); }
                public interface INested<T> { void Fill(Func<T> source); Action<T> Sink(); }
                public interface IFeed<T> { Func<T> Source(); }
                public interface IDerived<T> : IConsumer<T> { }
                public interface IOut<T> { bool TryGet(out T value); }
                public interface IConstrained<T> { void Pick<U>() where U : T; }
                public delegate void Sink<T>(T value);
                public delegate int Measure(string s);
                public sealed class Producer : IProducer<string> { public string Make() => "x"; }
                public class Holder<T> { public T Value; }
                public enum Color { Red, Green }
                public class Box
                {
                    public object Item;
                    public const int Limit = 3;
                    public static int Count() => 1;
                    public virtual int Size() => Item is null ? 0 : 1;
                }
                public struct Cell { public int V; }
                public abstract class Shape { public abstract int Area(); }
                public sealed class Square : Shape { public override int Area() => 4; }
                public class Keeper { public virtual int Peek<T>(T item) => 0; }
                public sealed class CatKeeper : Keeper { public override int Peek<T>(T item) => 1; }
                public interface IPeek { int Look<T>(T item); }
                public sealed class Looker : IPeek { public int Look<T>(T item) => 2; }
                public sealed class ExplicitLooker : IPeek { int IPeek.Look<T>(T item) => 3; }
                public abstract class Bound<T> { public abstract int Take<U>(U u) where U : T; }
                public sealed class StringBound : Bound<string> { public override int Take<U>(U u) => 4; }
                public static class Shapes
                {
                    public static int Use(Box b, IProducer<object> p, Color c, Cell cell, Measure m) =>
                        b.Size() + Box.Count() + p.Make().GetHashCode() + (int)c + cell.V + m("ab") + new Square().Area();
                }
            }
            """;

        private static TypeDefinition T(ModuleDefinition m, string name) => m.GetType("Test.App." + name);

        private static MethodDefinition M(ModuleDefinition m, string type, string name) => T(m, type).Methods.First(x => x.Name == name);

        private static void Vary(ModuleDefinition m, string type, GenericParameterAttributes variance) =>
            T(m, type).GenericParameters[0].Attributes = variance;

        private static PatchedCase Case(string name, string fragment, System.Action<ModuleDefinition> patch) =>
            new(name, "SINGI099", fragment, patch, Source);

        public static IReadOnlyList<PatchedCase> Cases { get; } = new List<PatchedCase>
        {
            // ---- runtime-implemented methods only on delegates (II.14.6) ----
            Case("runtime-method-on-class", "type Test.App.Box: method Size is marked runtime-implemented", m => M(m, "Box", "Size").IsRuntime = true),
            Case("runtime-static-method-on-class", "type Test.App.Box: method Count is marked runtime-implemented", m => M(m, "Box", "Count").IsRuntime = true),
            Case("runtime-method-on-struct", "type Test.App.Square: method Area is marked runtime-implemented", m => M(m, "Square", "Area").IsRuntime = true),
            Case("delegate-extra-runtime-method", "method Extra of a delegate type must be one of .ctor, Invoke", m =>
            {
                var d = T(m, "Measure");
                d.Methods.Add(new MethodDefinition("Extra", MethodAttributes.Public, m.TypeSystem.Int32) { IsRuntime = true, HasThis = true });
            }),
            Case("delegate-invoke-static", "method Invoke of a delegate type must be one of", m =>
            {
                var invoke = M(m, "Measure", "Invoke");
                invoke.IsStatic = true;
                invoke.IsVirtual = false;
                invoke.HasThis = false;
            }),
            Case("delegate-generic-invoke", "method Invoke of a delegate type must be one of .ctor, Invoke, BeginInvoke, EndInvoke, a non-generic", m =>
            {
                var invoke = M(m, "Measure", "Invoke");
                invoke.GenericParameters.Add(new GenericParameter("T", invoke));
            }),
            Case("delegate-not-sealed", "a delegate type is not sealed", m => T(m, "Measure").IsSealed = false),
            Case("delegate-ctor-other-signature", "a delegate's constructor must take (object, native int)", m =>
                M(m, "Measure", ".ctor").Parameters[1].ParameterType = m.TypeSystem.Int32),

            // ---- declared variance (II.9.7) ----
            Case("covariant-parameter-as-input", "parameter 1 (!0) of method Put: covariant (out) type parameter !0 stands in an input position",
                m => Vary(m, "IPlain`1", GenericParameterAttributes.Covariant)),
            Case("contravariant-parameter-as-output", "the return type !0 of method Get: contravariant (in) type parameter !0 stands in an output position",
                m => Vary(m, "IPlain`1", GenericParameterAttributes.Contravariant)),
            Case("covariant-through-nested-generic", "parameter 1 (System.Func`1<!0>) of method Fill: covariant (out) type parameter !0 stands in an input position",
                m => Vary(m, "INested`1", GenericParameterAttributes.Covariant)),
            Case("contravariant-through-nested-generic", "the return type System.Func`1<!0> of method Source: contravariant (in) type parameter !0 stands in an output position",
                m => Vary(m, "IFeed`1", GenericParameterAttributes.Contravariant)),
            Case("covariant-through-contravariant-return", "the return type System.Action`1<!0> of method Sink: covariant (out) type parameter !0 stands in an input position", m =>
            {
                Vary(m, "INested`1", GenericParameterAttributes.Covariant);
                T(m, "INested`1").Methods.Remove(M(m, "INested`1", "Fill"));
            }),
            Case("covariant-through-base-interface", "base interface Test.App.IConsumer`1<!0>: covariant (out) type parameter !0 stands in an input position",
                m => Vary(m, "IDerived`1", GenericParameterAttributes.Covariant)),
            Case("covariant-by-reference", "parameter 1 (!0&) of method TryGet: covariant (out) type parameter !0 stands in an input or by-reference position",
                m => Vary(m, "IOut`1", GenericParameterAttributes.Covariant)),
            Case("covariant-in-constraint", "a constraint !0 of method Pick: covariant (out) type parameter !0 stands in an input position",
                m => Vary(m, "IConstrained`1", GenericParameterAttributes.Covariant)),
            Case("covariant-delegate-parameter", "parameter 1 (!0) of method Invoke: covariant (out) type parameter !0 stands in an input position",
                m => Vary(m, "Sink`1", GenericParameterAttributes.Covariant)),
            Case("contravariant-reversed-in-base", "type Test.App.IProducer`1: the return type !0 of method Make: contravariant",
                m => Vary(m, "IProducer`1", GenericParameterAttributes.Contravariant)),
            Case("variance-on-class", "type Test.App.Holder`1: only interfaces and delegates may declare variant",
                m => Vary(m, "Holder`1", GenericParameterAttributes.Covariant)),

            // ---- the rest of the type shape the verifier relies on (II.22) ----
            Case("class-derives-from-sealed", "type Test.App.Box: it derives from System.String, which is sealed", m => T(m, "Box").BaseType = m.TypeSystem.String),
            Case("class-derives-from-own-sealed", "it derives from Test.App.Producer, which is sealed", m => T(m, "Box").BaseType = T(m, "Producer")),
            Case("class-derives-from-interface", "its base type Test.App.IPlain`1<int32> is an interface", m =>
                T(m, "Box").BaseType = T(m, "IPlain`1").MakeGenericInstanceType(m.TypeSystem.Int32)),
            Case("class-derives-from-array", "which only the runtime may derive from", m => T(m, "Box").BaseType = m.ImportReference(typeof(System.Array))),
            Case("implements-a-class", "type Test.App.Producer: it implements Test.App.Box, which is not an interface", m =>
                T(m, "Producer").Interfaces.Add(new InterfaceImplementation(T(m, "Box")))),
            Case("enum-with-object-value", "type Test.App.Color: an enum's value field is of type object, not an integer type", m =>
                T(m, "Color").Fields.First(f => !f.IsStatic).FieldType = m.TypeSystem.Object),
            Case("enum-with-two-values", "an enum has 2 instance fields", m =>
                T(m, "Color").Fields.Add(new FieldDefinition("extra", FieldAttributes.Public, m.TypeSystem.Int32))),
            Case("struct-not-sealed", "type Test.App.Cell: a value type is not sealed", m => T(m, "Cell").IsSealed = false),
            Case("abstract-method-in-concrete-class", "type Test.App.Shape: method Area is abstract but its type is not abstract", m => T(m, "Shape").IsAbstract = false),
            Case("abstract-method-not-virtual", "method Area is abstract but not virtual", m => M(m, "Shape", "Area").IsVirtual = false),
            Case("static-flag-against-signature", "type Test.App.Box: method Count is marked instance but its signature says static", m => M(m, "Box", "Count").IsStatic = false),
            Case("instance-flag-against-signature", "method Size is marked static but its signature says instance", m => M(m, "Box", "Size").IsStatic = true),
            Case("static-virtual-in-class", "method Count is static and virtual outside an interface", m => M(m, "Box", "Count").IsVirtual = true),
            Case("literal-instance-field", "type Test.App.Box: literal field Item is not a static constant", m => T(m, "Box").Fields.First(f => f.Name == "Item").IsLiteral = true),
            Case("literal-without-value", "literal field Limit is not a static constant with a value", m =>
            {
                var f = T(m, "Box").Fields.First(x => x.Name == "Limit");
                f.HasConstant = false;
            }),
            Case("interface-instance-field", "type Test.App.IPlain`1: interface field Extra is not static", m =>
                T(m, "IPlain`1").Fields.Add(new FieldDefinition("Extra", FieldAttributes.Public, m.TypeSystem.Object))),
            Case("interface-not-abstract", "an interface is not marked abstract", m => T(m, "IPlain`1").IsAbstract = false),
            Case("top-level-with-nested-visibility", "type Test.App.Box: visibility NestedPublic is a nested visibility", m =>
                T(m, "Box").Attributes = (T(m, "Box").Attributes & ~TypeAttributes.VisibilityMask) | TypeAttributes.NestedPublic),
            Case("static-constructor-with-this", "instance constructor .ctor is static, virtual, generic or not void", m =>
            {
                var ctor = M(m, "Box", ".ctor");
                ctor.IsStatic = true;
                ctor.HasThis = false;
            }),
            Case("packed-class-with-references", "type Test.App.Box: it is packed to 1 byte(s) but holds object references", m =>
            {
                T(m, "Box").PackingSize = 1;
                T(m, "Box").ClassSize = 0;
            }),
            Case("packed-struct-with-struct-of-references", "type Test.App.Cell: it is packed to 2 byte(s) but holds object references", m =>
            {
                var inner = new TypeDefinition("Test.App", "Inner", TypeAttributes.Public | TypeAttributes.Sealed | TypeAttributes.SequentialLayout, m.ImportReference(typeof(System.ValueType)));
                inner.Fields.Add(new FieldDefinition("Ref", FieldAttributes.Public, m.TypeSystem.String));
                m.Types.Add(inner);
                T(m, "Cell").Fields.Add(new FieldDefinition("In", FieldAttributes.Public, inner));
                T(m, "Cell").PackingSize = 2;
                T(m, "Cell").ClassSize = 0;
            }),
            new("rva-data-beyond-the-image", "SINGI099", "bytes of data do not lie inside one section of the image", m =>
                m.GetType("<PrivateImplementationDetails>").NestedTypes.First(n => n.Name.StartsWith("__StaticArrayInitTypeSize", System.StringComparison.Ordinal)).ClassSize = 1 << 24,
                PatchedPrograms.DataSpanSource),
            new("rva-field-of-reference-type", "SINGI099", "is of type object, not a primitive or a value type with a declared size", m =>
                m.GetType("<PrivateImplementationDetails>").Fields.First(f => f.HasFieldRVA).FieldType = m.TypeSystem.Object,
                PatchedPrograms.DataSpanSource),
            Case("base-type-cycle", "its base types form a cycle and never reach System.Object", m =>
            {
                var other = new TypeDefinition("Test.App", "Loop", TypeAttributes.Public | TypeAttributes.Class, T(m, "Box"));
                m.Types.Add(other);
                T(m, "Box").BaseType = other;
            }),
            Case("native-code-method", "method Size is implemented in Native code, not managed IL", m => M(m, "Box", "Size").ImplAttributes |= MethodImplAttributes.Native),
            Case("unmanaged-method", "method Size is implemented in unmanaged code", m => M(m, "Box", "Size").ImplAttributes |= MethodImplAttributes.Unmanaged),
            Case("concrete-class-missing-override", "type Test.App.Square: it is not abstract but does not override abstract method int32 Test.App.Shape::Area()", m =>
            {
                var square = T(m, "Square");
                square.Methods.Remove(square.Methods.First(x => x.Name == "Area"));
                var use = M(m, "Shapes", "Use");
                foreach (var ins in use.Body.Instructions.Where(i => i.Operand is MethodReference r && r.Name == "Area").ToList())
                    ins.Operand = M(m, "Shape", "Area");
            }),
            Case("override-adds-a-class-constraint", "type Test.App.CatKeeper: method Peek constrains its type parameter !!0 by Test.App.Box, which int32 Test.App.Keeper::Peek(!!0) does not", m =>
                M(m, "CatKeeper", "Peek").GenericParameters[0].Constraints.Add(new GenericParameterConstraint(T(m, "Box")))),
            Case("implementation-adds-reference-constraint", "type Test.App.Looker: method Look constrains its type parameter !!0 by ReferenceTypeConstraint, which int32 Test.App.IPeek::Look(!!0) does not", m =>
                M(m, "Looker", "Look").GenericParameters[0].Attributes |= GenericParameterAttributes.ReferenceTypeConstraint),
            Case("explicit-implementation-adds-constraint", "type Test.App.ExplicitLooker: method Test.App.IPeek.Look constrains its type parameter !!0 by Test.App.Box", m =>
                M(m, "ExplicitLooker", "Test.App.IPeek.Look").GenericParameters[0].Constraints.Add(new GenericParameterConstraint(T(m, "Box")))),
            Case("override-narrows-a-substituted-constraint", "type Test.App.StringBound: method Take constrains its type parameter !!0 by Test.App.Box", m =>
                M(m, "StringBound", "Take").GenericParameters[0].Constraints[0].ConstraintType = T(m, "Box")),
            Case("field-offset-without-explicit-layout", "type Test.App.Cell: field V has an explicit offset but its type does not have explicit layout", m =>
                T(m, "Cell").Fields.First(f => f.Name == "V").Offset = 4),
            Case("rtspecialname-on-ordinary-method", "method Size is marked rtspecialname", m => M(m, "Box", "Size").IsRuntimeSpecialName = true),
        };
    }
}
