using Microsoft.CodeAnalysis;

namespace Sing.Contracts.Model
{
    /// <summary>A well-formedness problem in a contract: a diagnostic ID, message arguments and a place.</summary>
    internal sealed class ContractProblem
    {
        public ContractProblem(string id, Location? location, params string[] arguments)
        {
            Id = id;
            Location = location;
            Arguments = arguments;
        }

        public string Id { get; }

        public Location? Location { get; }

        public string[] Arguments { get; }
    }
}
