// Lists the public members of .NET types that our corelib lacks: for each type named in a list, every public or
// protected method (by name, generic arity and parameter types) and property of the reference assembly that
// System.Private.CoreLib does not declare. How the conformance work finds the everyday surface still missing
// (Array.CopyTo, List's range forms...); a listed member may still compile through an optional parameter or a
// generic overload, so check a candidate before adding it.
// Run from the repository root after a build:
//   dotnet run Tools/Scripts/ApiCensus.cs -- Runtime/Sing.CoreLib/bin/Debug/net10.0/System.Private.CoreLib.dll Tools/Scripts/ApiCensus.types
#:package Mono.Cecil
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Mono.Cecil;

string ourCoreLib = args.Length > 0 ? args[0] : "Runtime/Sing.CoreLib/bin/Debug/net10.0/System.Private.CoreLib.dll";
string typeList = args.Length > 1 ? args[1] : "Tools/Scripts/ApiCensus.types";
// The runtime directory is dotnet/shared/Microsoft.NETCore.App/VERSION/; the reference packs are beside "shared".
string packs = Path.Combine(System.Runtime.InteropServices.RuntimeEnvironment.GetRuntimeDirectory(), "..", "..", "..", "packs", "Microsoft.NETCore.App.Ref");
string referenceDirectory = Directory.GetDirectories(packs).OrderBy(d => d).Last() + "/ref/net" + Environment.Version.Major + ".0";

var ours = AssemblyDefinition.ReadAssembly(ourCoreLib).MainModule.Types.SelectMany(Flatten)
    .Where(t => t.IsPublic || t.IsNestedPublic).ToDictionary(t => t.FullName);
var wanted = File.ReadAllLines(typeList).Select(l => l.Trim()).Where(l => l.Length > 0 && !l.StartsWith('#')).ToHashSet();
var resolver = new DefaultAssemblyResolver();
resolver.AddSearchDirectory(referenceDirectory);
int missing = 0;
foreach (string file in Directory.GetFiles(referenceDirectory, "*.dll").OrderBy(f => f))
{
    AssemblyDefinition reference;
    try
    {
        reference = AssemblyDefinition.ReadAssembly(file, new ReaderParameters { AssemblyResolver = resolver });
    }
    catch (BadImageFormatException)
    {
        continue;
    }
    foreach (TypeDefinition type in reference.MainModule.Types.SelectMany(Flatten).Where(t => wanted.Contains(t.FullName)))
    {
        if (!ours.TryGetValue(type.FullName, out TypeDefinition? mine))
        {
            Console.WriteLine("missing type " + type.FullName);
            missing++;
            continue;
        }
        var declared = Members(mine).ToHashSet();
        foreach (string member in Members(type).Where(m => !declared.Contains(m)))
        {
            Console.WriteLine(type.FullName + ": " + member);
            missing++;
        }
    }
}
Console.WriteLine(missing + " members missing");

static IEnumerable<TypeDefinition> Flatten(TypeDefinition type) => new[] { type }.Concat(type.NestedTypes.SelectMany(Flatten));

static IEnumerable<string> Members(TypeDefinition type)
{
    foreach (MethodDefinition method in type.Methods.Where(m => m.IsPublic || m.IsFamily))
    {
        if (method.CustomAttributes.Any(a => a.AttributeType.Name is "ObsoleteAttribute" or "EditorBrowsableAttribute")) continue;
        if (method.IsGetter || method.IsSetter) continue;
        yield return (method.IsStatic ? "static " : "") + method.Name + (method.HasGenericParameters ? "`" + method.GenericParameters.Count : "")
            + "(" + string.Join(",", method.Parameters.Select(p => Spell(p.ParameterType))) + ")";
    }
    foreach (PropertyDefinition property in type.Properties)
        if (property.GetMethod?.IsPublic == true || property.SetMethod?.IsPublic == true) yield return "property " + property.Name;
}

static string Spell(TypeReference type) => type switch
{
    ByReferenceType byReference => "ref " + Spell(byReference.ElementType),
    ArrayType array => Spell(array.ElementType) + "[]",
    GenericInstanceType generic => generic.ElementType.Name + "<" + string.Join(",", generic.GenericArguments.Select(Spell)) + ">",
    _ => type.Name,
};
