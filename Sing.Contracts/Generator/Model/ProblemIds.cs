namespace Sing.Contracts.Model
{
    /// <summary>Stable IDs of contract well-formedness diagnostics (the catalogue is in Sing.Analyzers/README.md).</summary>
    internal static class ProblemIds
    {
        public const string BranchSyntax = "SING0001";
        public const string UnknownMessage = "SING0002";
        public const string UnknownState = "SING0003";
        public const string DirectionMismatch = "SING0004";
        public const string UnboundedQueue = "SING0005";
        public const string UnreachableState = "SING0006";
        public const string MixedState = "SING0007";
        public const string NotExchangeable = "SING0008";
        public const string EndpointArgumentState = "SING0009";
        public const string Duplicate = "SING0010";
        public const string ExtensionMustStartWithIn = "SING0011";
        public const string NoStates = "SING0012";
        public const string NotPartial = "SING0013";
        public const string ReservedName = "SING0014";
    }
}
