using Internal.Runtime.CompilerHelpers;

namespace Internal.Runtime.TypeLoader
{
    /// <summary>The image's tables about generic code, found through its ReadyToRun header (section ids are ILC's:
    /// 300 + its ReflectionMapBlob numbers). ILC writes them only for a system module named System.Private.CoreLib.</summary>
    internal static unsafe class ModuleTables
    {
        private const int TypeMap = 301;
        private const int ArrayMap = 302;
        private const int CommonFixupsReferences = 308;
        private const int EmbeddedMetadata = 313;
        private const int GenericVirtualMethods = 318;
        private const int InterfaceGenericVirtualMethods = 319;
        private const int GenericMethodTemplates = 322;
        private const int NativeLayout = 330;
        private const int NativeReferencesTable = 331;
        private const int GenericsHashtable = 332;
        private const int GenericMethodsHashtable = 335;
        private const int ExactMethodInstantiations = 336;

        public static byte* TypeToMetadataMap => Section(TypeMap);
        public static byte* Metadata => Section(EmbeddedMetadata);
        public static byte* ArrayTypes => Section(ArrayMap);
        public static byte* GvmTable => Section(GenericVirtualMethods);
        public static byte* InterfaceGvmTable => Section(InterfaceGenericVirtualMethods);
        public static byte* MethodTemplates => Section(GenericMethodTemplates);
        public static byte* NativeLayoutInfo => Section(NativeLayout);
        public static byte* ExactMethods => Section(ExactMethodInstantiations);
        public static byte* GenericTypes => Section(GenericsHashtable);
        public static byte* GenericMethods => Section(GenericMethodsHashtable);

        /// <summary>Entry <paramref name="index"/> of the external-reference table used by the GVM tables and the
        /// array map (32-bit relative pointers).</summary>
        public static void* CommonFixup(uint index) => Follow((int*)Section(CommonFixupsReferences) + index);

        /// <summary>Entry <paramref name="index"/> of the external-reference table used by native layout
        /// signatures, templates and exact instantiations.</summary>
        public static void* NativeReference(uint index) => Follow((int*)Section(NativeReferencesTable) + index);

        private static void* Follow(int* relative) => (byte*)relative + *relative;

        private static byte* Section(int id)
        {
            byte* header = StartupCodeHelpers.FirstModuleHeader;
            return header == null ? null : StartupCodeHelpers.FindSection(header, id, out _);
        }
    }
}
