// The SIP contract runtime (Runtime/Sing.Contracts.Sip) implements the channel seam straight over the ABI table.
[assembly: System.Runtime.CompilerServices.InternalsVisibleTo("Sing.Contracts.Sip")]
