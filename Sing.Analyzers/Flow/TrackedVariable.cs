using Microsoft.CodeAnalysis;
using Sing.Contracts.Model;

namespace Sing.Analyzers.Flow
{
    /// <summary>A local, parameter or compiler capture whose value is tracked, with what its declaration says.</summary>
    internal sealed class TrackedVariable
    {
        public TrackedVariable(string name, ITypeSymbol type, Location location)
        {
            Name = name;
            Type = type;
            Location = location;
        }

        public string Name { get; }

        public ITypeSymbol Type { get; }

        public Location Location { get; }

        /// <summary>For endpoints: the contract and which side.</summary>
        public ContractModel? Contract { get; set; }

        public bool IsImp { get; set; }

        /// <summary>A parameter the method only borrows (not [Claims]): it must still own it on return.</summary>
        public bool IsBorrowed { get; set; }

        /// <summary>out/ref parameters hand their value back to the caller.</summary>
        public bool ReturnsToCaller { get; set; }

        /// <summary>Compiler captures are temporaries: they never leak on their own.</summary>
        public bool IsCapture { get; set; }

        /// <summary>State the endpoint must be in on return ([OutState] or [InState]), or -1.</summary>
        public int ExitState { get; set; } = -1;

        public string Describe => Contract is null ? Type.ToDisplayString() : Contract.Name + "." + (IsImp ? "Imp" : "Exp");
    }
}
