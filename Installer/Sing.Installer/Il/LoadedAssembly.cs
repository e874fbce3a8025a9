using System;
using System.IO;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;

namespace Sing.Installer.Il
{
    /// <summary>An IL assembly opened for reading metadata and method bodies (never loaded or executed).</summary>
    public sealed class LoadedAssembly : IDisposable
    {
        private readonly PEReader _pe;

        private LoadedAssembly(string path, PEReader pe, MetadataReader reader)
        {
            Path = path;
            _pe = pe;
            Reader = reader;
            Names = new TypeNameProvider(reader);
        }

        public string Path { get; }

        /// <summary>The file name, as IL diagnostics show it ("Hello.dll: error ...").</summary>
        public string DisplayName => System.IO.Path.GetFileName(Path);

        public MetadataReader Reader { get; }

        public TypeNameProvider Names { get; }

        public string Name => Reader.GetString(Reader.GetAssemblyDefinition().Name);

        public MethodBodyBlock GetMethodBody(int rva) => _pe.GetMethodBody(rva);

        /// <summary>Whether <paramref name="size"/> bytes at <paramref name="rva"/> lie inside one section's data.</summary>
        public bool HasImageData(int rva, int size)
        {
            if (rva <= 0 || size < 0) return false;
            foreach (var section in _pe.PEHeaders.SectionHeaders)
                if (rva >= section.VirtualAddress && (long)rva + size <= (long)section.VirtualAddress + Math.Min(section.VirtualSize, section.SizeOfRawData))
                    return true;
            return false;
        }

        /// <summary>Opens <paramref name="path"/>; null with a reason when it is not an IL assembly.</summary>
        public static LoadedAssembly? Open(string path, out string? problem)
        {
            problem = null;
            PEReader? pe = null;
            try
            {
                pe = new PEReader(File.OpenRead(path));
                if (!pe.HasMetadata) { problem = "it has no .NET metadata"; pe.Dispose(); return null; }
                MetadataReader reader = pe.GetMetadataReader();
                if (!reader.IsAssembly) { problem = "it is a module without an assembly manifest"; pe.Dispose(); return null; }
                return new LoadedAssembly(path, pe, reader);
            }
            catch (Exception e) when (MalformedInput.Is(e))
            {
                pe?.Dispose();
                problem = e.Message;
                return null;
            }
        }

        /// <summary>An assembly held in memory (the fuzz tests' mutated images); <paramref name="path"/> names it in messages.</summary>
        public static LoadedAssembly? FromBytes(byte[] bytes, string path, out string? problem)
        {
            problem = null;
            PEReader? pe = null;
            try
            {
                pe = new PEReader(System.Collections.Immutable.ImmutableArray.Create(bytes));
                if (!pe.HasMetadata) { problem = "it has no .NET metadata"; pe.Dispose(); return null; }
                MetadataReader reader = pe.GetMetadataReader();
                if (!reader.IsAssembly) { problem = "it is a module without an assembly manifest"; pe.Dispose(); return null; }
                return new LoadedAssembly(path, pe, reader);
            }
            catch (Exception e) when (MalformedInput.Is(e))
            {
                pe?.Dispose();
                problem = e.Message;
                return null;
            }
        }

        public void Dispose() => _pe.Dispose();
    }
}
