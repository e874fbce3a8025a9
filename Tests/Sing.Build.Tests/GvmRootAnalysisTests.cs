using System.Reflection.Metadata;
using System.Reflection.Metadata.Ecma335;
using System.Reflection.PortableExecutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Sing.GvmRoots;
using Xunit;

namespace Sing.Build.Tests;

public class GvmRootAnalysisTests
{
    // Class and interface GVMs over a class, a string and an int; the override's body allocates over T directly and
    // through a generic helper (so List<T> is found transitively), including an array over T; the interface one tests a type.
    private const string Program = """
        using System.Collections.Generic;
        namespace P
        {
            public sealed class Box<T> { }
            public sealed class Token { }
            public abstract class Shop { public abstract object Make<T>(T value); }
            public interface ITester { bool Test<T>(object o); }
            public sealed class Impl : Shop, ITester
            {
                public override object Make<T>(T value) => new Dictionary<string, T[]> { ["a"] = new T[1] }.Count + Helper<T>(value).Count;
                bool ITester.Test<T>(object o) => o is Box<T>;
                private static List<T> Helper<T>(T value) => new List<T> { value };
            }
            public static class Caller
            {
                public static void Run(Shop shop, ITester tester)
                {
                    shop.Make(new Token());
                    shop.Make(1);
                    tester.Test<string>(null);
                }
            }
        }
        """;

    // GVM calls over a generic caller's own parameters: a generic method and a method of a generic type, reached
    // only from closed call sites elsewhere; Grow recurses over ever larger types, which must end.
    private const string GenericCallers = """
        using System.Collections.Generic;
        namespace P
        {
            public sealed class Cell<T> { }
            public sealed class A { }
            public sealed class B { }
            public abstract class Visitor { public abstract object Visit<T>(); }
            public sealed class Cells : Visitor { public override object Visit<T>() => new Cell<T>(); }
            public sealed class Holder<T> where T : class { public object Go(Visitor v) => v.Visit<T>(); }
            public static class Callers
            {
                private static object Run<T>(Visitor v) where T : class => v.Visit<T>();
                private static void Grow<T>(int n) { if (n > 0) Grow<List<T>>(n - 1); }
                public static void Main(Visitor v)
                {
                    Run<A>(v);
                    new Holder<B>().Go(v);
                    Grow<A>(3);
                }
            }
        }
        """;

    // GVM bodies shared over their type's parameters as well: an override in a generic class (instantiated directly,
    // over int, and as the base of a plain class) and a default implementation in a generic interface.
    private const string GenericOwners = """
        namespace P
        {
            public sealed class Pair<A, B> { }
            public sealed class A { }
            public sealed class B { }
            public abstract class Base { public abstract object Describe<U>(U u); }
            public class Holder<T> : Base { public override object Describe<U>(U u) => new Pair<T, U>(); }
            public sealed class Sub : Holder<A> { }
            public interface IShape<T> { object Name<U>(U u) => new Pair<U, T>(); }
            public sealed class Plain : IShape<A> { }
            public static class Callers
            {
                public static void Main(Base b, IShape<A> shape)
                {
                    b = new Holder<string>();
                    b = new Holder<int>();
                    b = new Sub();
                    b.Describe(new B());
                    b.Describe(1);
                    shape.Name(new B());
                }
            }
        }
        """;

    private static string Compile(string directory, string source = Program)
    {
        var compilation = CSharpCompilation.Create("P", [CSharpSyntaxTree.ParseText(source)],
            [MetadataReference.CreateFromFile(typeof(object).Assembly.Location)],
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        string path = Path.Combine(directory, "P.dll");
        var result = compilation.Emit(path);
        Assert.True(result.Success, string.Join("\n", result.Diagnostics));
        return path;
    }

    [Fact]
    public void FindsTypesAndGenericMethodsEachTargetNeedsForTheCallersArguments()
    {
        string directory = Directory.CreateTempSubdirectory("gvmroots").FullName;
        try
        {
            using var set = new AssemblySet([Compile(directory), typeof(object).Assembly.Location], "System.Private.CoreLib");
            var analysis = new GvmRootAnalysis(set);
            analysis.Run();

            string corelib = ", System.Private.CoreLib";
            Assert.Equal(
            [
                "P.Box`1[[System.String" + corelib + "]], P",
                "P.Token[], P",
                "System.Collections.Generic.Dictionary`2[[System.String" + corelib + "],[P.Token[], P]]" + corelib,
                "System.Collections.Generic.List`1[[P.Token, P]]" + corelib,
            ], analysis.Types.Select(t => t.QualifiedName).Order(StringComparer.Ordinal));
            Assert.Equal(["[P]P.Impl::Helper<[P]P.Token>"], analysis.Methods.Select(m => m.ToString()));

            // The rd.xml names each type under the assembly of its definition.
            string rd = RdXmlWriter.Build(analysis.Types).ToString();
            Assert.Contains("<Assembly Name=\"P\">", rd, StringComparison.Ordinal);
            Assert.Contains("Name=\"System.Collections.Generic.List`1[[P.Token, P]]\" Dynamic=\"Required All\"", rd, StringComparison.Ordinal);

            // The generated assembly takes Helper<Token>'s address through a member reference matching its definition.
            using var stream = new MemoryStream();
            new RootAssemblyWriter("System.Private.CoreLib").Write("P.GvmRoots", analysis.Methods, stream);
            stream.Position = 0;
            using var pe = new PEReader(stream);
            MetadataReader reader = pe.GetMetadataReader();
            Assert.Equal(1, reader.GetTableRowCount(TableIndex.MethodSpec));
            MethodSpecification spec = reader.GetMethodSpecification(MetadataTokens.MethodSpecificationHandle(1));
            MemberReference member = reader.GetMemberReference((MemberReferenceHandle)spec.Method);
            Assert.Equal("Helper", reader.GetString(member.Name));
            Assert.Equal(1, member.DecodeMethodSignature(new NameProvider(), null).GenericParameterCount);
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    [Fact]
    public void ValueTypeOnlyCallsNeedNothing()
    {
        string directory = Directory.CreateTempSubdirectory("gvmroots").FullName;
        try
        {
            using var set = new AssemblySet([Compile(directory)], "System.Private.CoreLib");
            var analysis = new GvmRootAnalysis(set);
            analysis.Run();
            Assert.DoesNotContain(analysis.Types, t => t.Key.Contains("Int32", StringComparison.Ordinal));
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    [Fact]
    public void FollowsGvmCallsOverTheParametersOfGenericCallers()
    {
        string directory = Directory.CreateTempSubdirectory("gvmroots").FullName;
        try
        {
            using var set = new AssemblySet([Compile(directory, GenericCallers), typeof(object).Assembly.Location], "System.Private.CoreLib");
            var analysis = new GvmRootAnalysis(set);
            analysis.Run();

            string[] types = analysis.Types.Select(t => t.QualifiedName).ToArray();
            Assert.Contains("P.Cell`1[[P.A, P]], P", types);
            Assert.Contains("P.Cell`1[[P.B, P]], P", types);
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    [Fact]
    public void RootsTheNeedsOfTargetsInGenericTypesForEachInstantiationOfTheType()
    {
        string directory = Directory.CreateTempSubdirectory("gvmroots").FullName;
        try
        {
            using var set = new AssemblySet([Compile(directory, GenericOwners), typeof(object).Assembly.Location], "System.Private.CoreLib");
            var analysis = new GvmRootAnalysis(set);
            analysis.Run();

            string corelib = ", System.Private.CoreLib";
            string[] types = analysis.Types.Select(t => t.QualifiedName).ToArray();
            Assert.Contains("P.Pair`2[[System.String" + corelib + "],[P.B, P]], P", types); // new Holder<string>
            Assert.Contains("P.Pair`2[[System.Int32" + corelib + "],[P.B, P]], P", types); // Holder<int>, U shared
            Assert.Contains("P.Pair`2[[P.A, P],[P.B, P]], P", types); // Sub : Holder<A>
            Assert.Contains("P.Pair`2[[System.String" + corelib + "],[System.Int32" + corelib + "]], P", types); // T shared, U = int
            Assert.Contains("P.Pair`2[[P.B, P],[P.A, P]], P", types); // default method of IShape<A>
            Assert.DoesNotContain("P.Pair`2[[System.Int32" + corelib + "],[System.Int32" + corelib + "]], P", types); // unshared code
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    private sealed class NameProvider : ISignatureTypeProvider<string, object?>
    {
        public string GetArrayType(string elementType, ArrayShape shape) => elementType + "[*]";
        public string GetByReferenceType(string elementType) => elementType + "&";
        public string GetFunctionPointerType(MethodSignature<string> signature) => "fnptr";
        public string GetGenericInstantiation(string genericType, System.Collections.Immutable.ImmutableArray<string> typeArguments) => genericType;
        public string GetGenericMethodParameter(object? genericContext, int index) => "!!" + index;
        public string GetGenericTypeParameter(object? genericContext, int index) => "!" + index;
        public string GetModifiedType(string modifier, string unmodifiedType, bool isRequired) => unmodifiedType;
        public string GetPinnedType(string elementType) => elementType;
        public string GetPointerType(string elementType) => elementType + "*";
        public string GetPrimitiveType(PrimitiveTypeCode typeCode) => typeCode.ToString();
        public string GetSZArrayType(string elementType) => elementType + "[]";
        public string GetTypeFromDefinition(MetadataReader reader, TypeDefinitionHandle handle, byte rawTypeKind) => "def";
        public string GetTypeFromReference(MetadataReader reader, TypeReferenceHandle handle, byte rawTypeKind) => reader.GetString(reader.GetTypeReference(handle).Name);
        public string GetTypeFromSpecification(MetadataReader reader, object? genericContext, TypeSpecificationHandle handle, byte rawTypeKind) => "spec";
    }
}
