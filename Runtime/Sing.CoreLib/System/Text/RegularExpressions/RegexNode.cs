using System.Collections.Generic;

namespace System.Text.RegularExpressions
{
    internal enum RegexNodeKind
    {
        Empty,
        Char,           // Ch
        Set,            // Set
        Any,            // '.', Singleline in Options
        Concat,         // Children
        Alternate,      // Children
        Loop,           // Children[0] repeated Min..Max (Max -1 = unbounded), Lazy
        Capture,        // Group number, Children[0]
        Group,          // non-capturing: Children[0]
        Atomic,         // (?>...)
        PositiveLookahead,
        NegativeLookahead,
        PositiveLookbehind,
        NegativeLookbehind,
        BackReference,  // Group number
        Bol, Eol,       // ^ $ under Multiline
        Beginning,      // \A, ^
        Start,          // \G
        EndZ,           // \Z, $
        End,            // \z
        Boundary, NonBoundary,
        ConditionGroup, // (?(n)yes|no): Group, Children = yes[, no]
        ConditionExpression, // (?(expr)yes|no): Children = expr, yes[, no]
    }

    /// <summary>A node of a parsed pattern. Options holds the inline options in force where the node was parsed.</summary>
    internal sealed class RegexNode
    {
        internal readonly RegexNodeKind Kind;
        internal readonly RegexOptions Options;
        internal readonly List<RegexNode> Children = new List<RegexNode>();
        internal char Ch;
        internal RegexCharClass Set;
        internal int Min, Max;
        internal bool Lazy;
        internal int Group;

        internal RegexNode(RegexNodeKind kind, RegexOptions options)
        {
            Kind = kind;
            Options = options;
        }

        internal bool IgnoreCase => (Options & RegexOptions.IgnoreCase) != 0;
    }
}
