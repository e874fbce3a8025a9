using Singularity.V1;

namespace Singularity.Configuration
{
    /// <summary>What the kernel's binder prepared for this process from its manifest. Used by the code the startup
    /// generator writes; values were checked against the manifest's types before the process was created, so a
    /// conversion here cannot fail on good manifests (a mismatch means the image and manifest disagree, and the
    /// program fails fast).</summary>
    public static unsafe class StartupContext
    {
        /// <summary>The parameter's value as text, or null when it has none (optional, no default).</summary>
        public static string GetText(string name)
        {
            int length;
            fixed (char* n = name) length = Abi.Table->GetStartupParameter(n, name.Length, null, 0);
            if (length < 0) return null;
            char[] value = new char[length];
            fixed (char* n = name)
            fixed (char* v = value)
                Abi.Table->GetStartupParameter(n, name.Length, v, length);
            return new string(value);
        }

        public static string GetString(string name) => GetText(name) ?? "";

        public static int GetInt32(string name)
        {
            string text = GetText(name);
            return text == null ? 0 : int.Parse(text);
        }

        public static long GetInt64(string name)
        {
            string text = GetText(name);
            return text == null ? 0 : long.Parse(text);
        }

        public static bool GetBool(string name) => GetText(name) == "true";

        public static ChannelEndpoint GetEndpoint(string name)
        {
            void* endpoint = null;
            AbiStatus status;
            fixed (char* n = name) status = Abi.Table->GetStartupEndpoint(n, name.Length, &endpoint);
            if (status != AbiStatus.Ok) Missing("endpoint", name);
            return new ChannelEndpoint(endpoint);
        }

        public static IoPortRange GetIoPorts(string name)
        {
            ResourceGrant g = Grant(name);
            return new IoPortRange { Handle = g.Handle, Base = (ushort)g.Base, Length = (ushort)g.Length };
        }

        public static IrqLine GetIrq(string name)
        {
            ResourceGrant g = Grant(name);
            return new IrqLine { Handle = g.Handle, Line = (byte)g.Base };
        }

        public static IoMemoryRange GetIoMemory(string name)
        {
            ResourceGrant g = Grant(name);
            return new IoMemoryRange { Handle = g.Handle, Base = g.Base, Length = g.Length };
        }

        public static DmaChannel GetDma(string name)
        {
            ResourceGrant g = Grant(name);
            return new DmaChannel { Handle = g.Handle, Channel = (byte)g.Base };
        }

        public static DmaMemory GetDmaMemory(string name)
        {
            ResourceGrant g = Grant(name);
            return new DmaMemory { Handle = g.Handle, Length = g.Length };
        }

        private static ResourceGrant Grant(string name)
        {
            ResourceGrant grant = default;
            AbiStatus status;
            fixed (char* n = name) status = Abi.Table->GetStartupResource(n, name.Length, &grant);
            if (status != AbiStatus.Ok) Missing("hardware resource", name);
            return grant;
        }

        private static void Missing(string what, string name) =>
            throw new System.InvalidOperationException(string.Concat("the kernel granted no ", what, " named ", name, ": the image and its manifest disagree"));
    }
}
