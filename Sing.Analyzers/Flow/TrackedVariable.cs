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

        /// <summary>
        /// A view: a Span, ReadOnlySpan, other ref struct or ref local that may point into exchange-heap
        /// blocks. Its state's Own says whether it is still valid (Gone once an owner released the block)
        /// and its States bits are the owners it may point into (bit = owner index mod 64).
        /// </summary>
        public bool IsView { get; set; }

        /// <summary>A ref parameter: the caller lends a value and takes one back.</summary>
        public bool IsRefParameter { get; set; }

        /// <summary>A parameter (not a local or capture).</summary>
        public bool IsParameter { get; set; }

        /// <summary>Where the variable last received the value it holds, for leak messages (set as the analysis runs).</summary>
        public Location? LastAssigned { get; set; }

        /// <summary>State the endpoint must be in on return ([OutState] or [InState]), or -1.</summary>
        public int ExitState { get; set; } = -1;

        public string Describe => Contract is null ? Type.ToDisplayString() : Contract.Name + "." + (IsImp ? "Imp" : "Exp");
    }
}
