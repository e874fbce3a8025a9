namespace Sing.Contracts.Model
{
    /// <summary>Metadata names of the Sing.Contracts types the generator and analyzers recognise.</summary>
    internal static class KnownNames
    {
        public const string Namespace = "Sing.Contracts";
        public const string Contract = "Sing.Contracts.ContractAttribute";
        public const string State = "Sing.Contracts.StateAttribute";
        public const string InMessage = "Sing.Contracts.InMessageAttribute";
        public const string OutMessage = "Sing.Contracts.OutMessageAttribute";
        public const string InState = "Sing.Contracts.InStateAttribute";
        public const string OutState = "Sing.Contracts.OutStateAttribute";
        public const string Claims = "Sing.Contracts.ClaimsAttribute";
        public const string SipAssembly = "Sing.Contracts.SipAssemblyAttribute";
        public const string TrustedAssembly = "Sing.Contracts.TrustedAssemblyAttribute";
        public const string Privileged = "Sing.Contracts.PrivilegedAttribute";
        public const string Linear = "Sing.Contracts.Linear";
        public const string ExRef = "Sing.Contracts.ExRef`1";
        public const string ExVector = "Sing.Contracts.ExVector`1";
        public const string TRef = "Sing.Contracts.TRef`1";
        public const string EndpointSet = "Sing.Contracts.EndpointSet`1";
        public const string ReconnectingEndpoint = "Sing.Contracts.ReconnectingEndpoint`1";
        public const string Endpoint = "Sing.Contracts.Endpoint";
        public const string ImpName = "Imp";
        public const string ExpName = "Exp";
    }
}
