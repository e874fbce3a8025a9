using System.Runtime;
using System.Runtime.CompilerServices;

namespace Singularity.V1.Startup
{
    /// <summary>Addresses of this image's own runtime tables (Native/sip.asm).</summary>
    internal static unsafe class ImageTables
    {
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sip_modules_start")] public static extern void** ModulesStart();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sip_modules_end")] public static extern void** ModulesEnd();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sip_eh_frame_start")] public static extern byte* EhFrameStart();
        [MethodImpl(MethodImplOptions.InternalCall), RuntimeImport("sip_eh_frame_end")] public static extern byte* EhFrameEnd();
    }
}
