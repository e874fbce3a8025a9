using System;
using System.IO;
using System.Linq;
using Sing.GvmRoots;

// sing-gvmroots OUTPUT.rd.xml OUTPUT.dll ASSEMBLY...: the assemblies ILC compiles together (the system module is
// System.Private.CoreLib). Writes the constructed types as rd.xml and the generic method instantiations as an IL
// assembly that ILC roots; files are rewritten only when they change so ILC's inputs stay up to date.
if (args.Length < 3)
{
    Console.Error.WriteLine("usage: sing-gvmroots OUTPUT.rd.xml OUTPUT.dll ASSEMBLY...");
    return 2;
}

const string SystemModule = "System.Private.CoreLib";
using var set = new AssemblySet(args.Skip(2), SystemModule);
var analysis = new GvmRootAnalysis(set);
analysis.Run();

WriteIfChanged(args[0], System.Text.Encoding.UTF8.GetBytes(RdXmlWriter.Build(analysis.Types).ToString() + Environment.NewLine));
using (var assembly = new MemoryStream())
{
    new RootAssemblyWriter(SystemModule).Write(Path.GetFileNameWithoutExtension(args[1]), analysis.Methods, assembly);
    WriteIfChanged(args[1], assembly.ToArray());
}
Console.WriteLine($"sing-gvmroots: {analysis.Types.Count()} types, {analysis.Methods.Count()} generic methods rooted for shared generic virtual methods");
return 0;

static void WriteIfChanged(string path, byte[] content)
{
    if (!File.Exists(path) || !File.ReadAllBytes(path).AsSpan().SequenceEqual(content))
        File.WriteAllBytes(path, content);
}
