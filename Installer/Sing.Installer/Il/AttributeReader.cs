using System;
using System.Reflection.Metadata;

namespace Sing.Installer.Il
{
    /// <summary>Reads the values of custom attributes the rules care about.</summary>
    public static class AttributeReader
    {
        /// <summary>The attribute of type <paramref name="fullName"/> on the entity, if any.</summary>
        public static CustomAttribute? Find(MetadataReader r, CustomAttributeHandleCollection attributes, string fullName)
        {
            foreach (CustomAttributeHandle h in attributes)
            {
                CustomAttribute a = r.GetCustomAttribute(h);
                if (MetadataNames.OfAttribute(r, a) == fullName) return a;
            }
            return null;
        }

        /// <summary>Whether any attribute's simple type name is <paramref name="simpleName"/> (namespace ignored).</summary>
        public static bool HasSimpleName(MetadataReader r, CustomAttributeHandleCollection attributes, string simpleName)
        {
            foreach (CustomAttributeHandle h in attributes)
                if (MetadataNames.SimpleName(MetadataNames.OfAttribute(r, r.GetCustomAttribute(h))) == simpleName) return true;
            return false;
        }

        /// <summary>The first constructor argument as a string (the name in [Parameter("count")] and friends).</summary>
        public static string? FirstString(CustomAttribute a, TypeNameProvider provider)
        {
            try
            {
                var value = a.DecodeValue(provider);
                return value.FixedArguments.Length > 0 ? value.FixedArguments[0].Value as string : null;
            }
            catch (BadImageFormatException) { return null; }
        }

        /// <summary>A named argument's value (EntryPoint in [UnmanagedCallersOnly(EntryPoint = "...")]).</summary>
        public static object? Named(CustomAttribute a, TypeNameProvider provider, string name)
        {
            try
            {
                foreach (var arg in a.DecodeValue(provider).NamedArguments)
                    if (arg.Name == name) return arg.Value;
            }
            catch (BadImageFormatException) { }
            return null;
        }
    }
}
