namespace Sing.Installer.Diagnostics
{
    /// <summary>Every rule the installer enforces has its own code, so builds, tests and documentation
    /// (Manifests/README.md) can name it. Groups: 00x files and XML, 01x-02x manifest, 03x policy, 04x code against
    /// manifest, 05x safety of the IL, 06x boot order and dependencies, 07x whole system, 08x arguments, 09x command line.</summary>
    public static class ErrorCodes
    {
        public const string XmlMalformed = "SINGI001";
        public const string SchemaViolation = "SINGI002";
        public const string FileMissing = "SINGI003";
        public const string WrongDocument = "SINGI004";
        public const string InputLimit = "SINGI005";
        public const string DtdRefused = "SINGI006";
        public const string BadEncoding = "SINGI007";

        public const string BadIdentifier = "SINGI010";
        public const string BadPath = "SINGI011";
        public const string DuplicateName = "SINGI012";
        public const string UnsupportedAbi = "SINGI013";
        public const string BindOrRegister = "SINGI014";
        public const string BadDefault = "SINGI015";
        public const string RequiredWithDefault = "SINGI016";
        public const string BadPositions = "SINGI017";
        public const string DriverWithoutHardware = "SINGI018";
        public const string HardwareOnNonDriver = "SINGI019";
        public const string MissingHardwarePrivilege = "SINGI020";
        public const string UndeclaredContract = "SINGI021";
        public const string EndpointSide = "SINGI022";
        public const string BadTypeName = "SINGI023";
        public const string BadNumber = "SINGI024";
        public const string KernelResource = "SINGI025";
        public const string NotDeviceMemory = "SINGI026";
        public const string HiddenCharacter = "SINGI027";
        public const string HardwarePrivilegeOnNonDriver = "SINGI028";
        public const string BadPciDeclaration = "SINGI029";

        public const string DuplicateProgram = "SINGI030";
        public const string ManifestNameMismatch = "SINGI031";
        public const string TrustedWithoutReason = "SINGI032";
        public const string BadNamespacePrefix = "SINGI033";
        public const string BadPrincipalPattern = "SINGI100";
        public const string BadPublisher = "SINGI101";
        public const string BadSignature = "SINGI102";
        public const string UnsignedRefused = "SINGI103";
        public const string ImageUnreadable = "SINGI104";

        public const string BootOrder = "SINGI092";
        public const string DependencyCycle = "SINGI093";
        public const string StartedTwice = "SINGI094";

        public const string AssemblyNameMismatch = "SINGI040";
        public const string UntrustedReference = "SINGI041";
        public const string StockFramework = "SINGI042";
        public const string StartupClass = "SINGI043";
        public const string MissingInCode = "SINGI044";
        public const string NotInManifest = "SINGI045";
        public const string WrongParameterType = "SINGI046";
        public const string WrongEndpointType = "SINGI047";
        public const string WrongHardwareType = "SINGI048";
        public const string NotAnAssembly = "SINGI049";

        public const string UnverifiableModule = "SINGI050";
        public const string PointerType = "SINGI051";
        public const string ForbiddenOpcode = "SINGI052";
        public const string UnpairedFunctionPointer = "SINGI053";
        public const string ForbiddenApi = "SINGI054";
        public const string PrivilegedCode = "SINGI055";
        public const string UnmanagedCallersOnly = "SINGI056";
        public const string ExplicitLayout = "SINGI057";
        public const string HardwareWithoutPrivilege = "SINGI058";
        public const string MalformedIl = "SINGI059";
        public const string UnverifiableIl = "SINGI060";
        public const string DelegateSignature = "SINGI061";
        public const string Inaccessible = "SINGI062";
        public const string ByRefEscape = "SINGI063";
        public const string ReadOnlyViolation = "SINGI064";
        public const string ControlFlow = "SINGI065";
        public const string PointerArithmetic = "SINGI066";
        public const string TrustedIdentity = "SINGI067";
        public const string UnresolvedToken = "SINGI068";
        public const string VerifierLimit = "SINGI069";
        public const string TrustedOnlyMember = "SINGI095";

        public const string DuplicateInImage = "SINGI070";
        public const string UnboundPath = "SINGI071";
        public const string BindContractMismatch = "SINGI072";
        public const string DuplicateRegistration = "SINGI073";
        public const string NamespaceConvention = "SINGI074";
        public const string HardwareConflict = "SINGI075";
        public const string PciSignatureConflict = "SINGI096";
        public const string UnsatisfiedDependency = "SINGI076";
        public const string BadBootService = "SINGI077";
        public const string BadArguments = "SINGI078";
        public const string UnknownScriptProgram = "SINGI079";

        public const string UnknownParameter = "SINGI080";
        public const string WrongArgumentType = "SINGI081";
        public const string MissingRequired = "SINGI082";
        public const string ExtraArgument = "SINGI083";

        public const string ProgramNotInPolicy = "SINGI090";
        public const string NoAssemblyForProgram = "SINGI091";
        public const string FragmentClaimsTrust = "SINGI097";
        public const string UnsupportedRuntimeFeature = "SINGI098";
        public const string InvalidTypeMetadata = "SINGI099";
    }
}
