using Microsoft.CodeAnalysis;

namespace Sing.Analyzers
{
    /// <summary>Every diagnostic the Sing analyzers report. IDs are stable; see README.md for the catalogue.</summary>
    internal static class Descriptors
    {
        private const string Contracts = "Sing.Contracts";
        private const string Protocol = "Sing.Protocol";
        private const string Linearity = "Sing.Linearity";
        private const string Purity = "Sing.Purity";

        // Contract well-formedness (SING00xx): IDs shared with the contract model.
        public static readonly DiagnosticDescriptor BranchSyntax = Error("SING0001", "Malformed state branch", "State branch \"{0}\" is malformed: {1}", Contracts);
        public static readonly DiagnosticDescriptor UnknownMessage = Error("SING0002", "Unknown message", "Message '{0}' is not declared in contract {1}", Contracts);
        public static readonly DiagnosticDescriptor UnknownState = Error("SING0003", "Unknown state", "State '{0}' is not declared in contract {1}", Contracts);
        public static readonly DiagnosticDescriptor DirectionMismatch = Error("SING0004", "Direction sign contradicts the message declaration", "'{0}' contradicts its declaration: it is {1}", Contracts);
        public static readonly DiagnosticDescriptor UnboundedQueue = Error("SING0005", "Finite-queue rule violated", "State '{0}' is on a cycle where only the {1} sends: every cycle needs a send and a receive so queues can be sized statically", Contracts);
        public static readonly DiagnosticDescriptor UnreachableState = Error("SING0006", "Unreachable state", "State '{0}' cannot be reached from the initial state '{1}'", Contracts);
        public static readonly DiagnosticDescriptor MixedState = Error("SING0007", "State lets both sides send", "State '{0}' has messages in both directions: both ends could send at once and disagree on the next state", Contracts);
        public static readonly DiagnosticDescriptor NotExchangeable = Error("SING0008", "Argument type cannot live in the exchange heap", "Argument '{0}' of message {1} has type '{2}', which cannot live in the exchange heap (use scalars, structs of scalars, ExRef<T>, ExVector<T> or endpoints)", Contracts);
        public static readonly DiagnosticDescriptor EndpointArgumentState = Error("SING0009", "Endpoint argument state", "Endpoint argument '{0}' of message {1} {2}", Contracts);
        public static readonly DiagnosticDescriptor Duplicate = Error("SING0010", "Duplicate declaration", "Duplicate {0} '{1}'", Contracts);
        public static readonly DiagnosticDescriptor ExtensionMustStartWithIn = Error("SING0011", "Extension branch must start with an importer send", "New branch in inherited state '{0}' starts with '{1}': branches added by an extension must start with a message the importer sends ('?'), so clients of the base contract still conform", Contracts);
        public static readonly DiagnosticDescriptor NoStates = Error("SING0012", "Contract has no usable initial state", "Contract {0} {1}", Contracts);
        public static readonly DiagnosticDescriptor NotPartial = Error("SING0013", "Contract class must be a top-level partial class", "Contract {0} must be a non-generic, top-level partial class so its endpoint types can be generated", Contracts);

        public static readonly DiagnosticDescriptor ReservedName = Error("SING0014", "Name reserved by the generated code", "The {0} name '{1}' is used by the generated endpoint code (States, Messages, Protocol, Message, ImpQueueCapacity, ExpQueueCapacity, CreateChannel, Imp, Exp): choose another", Contracts);

        // Protocol conformance (SING01xx).
        public static readonly DiagnosticDescriptor SendNotAllowed = Error("SING0101", "Send not allowed in this state", "'{0}' ({1}) cannot send {2} in state {3}", Protocol);
        public static readonly DiagnosticDescriptor ReceiveNotAllowed = Error("SING0102", "Receive not allowed in this state", "'{0}' ({1}) cannot {2} in state {3}", Protocol);
        public static readonly DiagnosticDescriptor ReceiveNotCovered = Error("SING0103", "Receive does not handle every message", "Receive in state {0} does not handle {1}", Protocol);
        public static readonly DiagnosticDescriptor RecvIgnoresOthers = Error("SING0104", "Single-message receive ignores other messages", "'{0}' ({1}) expects only {2}, but {3} may also arrive in state {4}: use Receive{4}() and handle every case", Protocol);
        public static readonly DiagnosticDescriptor ExitState = Error("SING0105", "Endpoint state at method exit does not match its declaration", "'{0}' must be in state {1} when the method returns, but may be in state {2}", Protocol);
        public static readonly DiagnosticDescriptor EndpointArgumentWrongState = Error("SING0106", "Endpoint sent in the wrong state", "'{0}' must be in state {1} to be sent in {2}, but may be in state {3}", Protocol);
        public static readonly DiagnosticDescriptor ParameterWrongState = Error("SING0107", "Endpoint passed in the wrong state", "'{0}' is passed to parameter '{1}' which expects state {2}, but may be in state {3}", Protocol);

        // Linearity of exchange-heap blocks and endpoints (SING02xx).
        public static readonly DiagnosticDescriptor UseAfterRelease = Error("SING0201", "Use after send or free", "'{0}' is used after it was sent, freed or moved{1}", Linearity);
        public static readonly DiagnosticDescriptor DoubleRelease = Error("SING0202", "Sent or freed twice", "'{0}' may already have been sent, freed or moved{1}", Linearity);
        public static readonly DiagnosticDescriptor Leak = Error("SING0203", "Tracked value leaks", "'{0}' is not freed, sent or returned on every path{1}", Linearity);
        public static readonly DiagnosticDescriptor StoredInField = Error("SING0204", "Tracked value in an ordinary field", "'{0}' stores tracked type '{1}' in an ordinary object: wrap it in TRef<T>", Linearity);
        public static readonly DiagnosticDescriptor Captured = Error("SING0205", "Tracked value captured", "'{0}' is captured by a lambda or local function: pass it as an argument or hold it in a TRef<T>", Linearity);
        public static readonly DiagnosticDescriptor InAsync = Error("SING0206", "Tracked value in an async method or iterator", "'{0}' lives in an async method or iterator, whose state machine is an ordinary object: hold it in a TRef<T>", Linearity);
        public static readonly DiagnosticDescriptor PassedTwice = Error("SING0207", "Same tracked value passed twice", "'{0}' is passed twice in one call", Linearity);
        public static readonly DiagnosticDescriptor BorrowedConsumed = Error("SING0208", "Borrowed parameter given away", "Parameter '{0}' is borrowed and cannot be sent, freed or moved: mark it [Claims]", Linearity);

        public static readonly DiagnosticDescriptor ViewAfterRelease = Error("SING0209", "View into a block used after the block was released", "'{0}' points into the exchange-heap block of {1}, which may have been sent, freed or moved: a view must not outlive its owner's possession of the block", Linearity);
        public static readonly DiagnosticDescriptor HandedBackReleased = Error("SING0210", "ref/out parameter handed back released", "ref/out parameter '{0}' may return to the caller holding a value that was sent, freed or moved: assign it a value it owns on every path", Linearity);
        public static readonly DiagnosticDescriptor CannotFollow = Error("SING0211", "The analysis cannot follow this tracked value", "'{0}' {1}: the analysis cannot follow it there, so it cannot prove single ownership (the run-time check still applies); {2}", Linearity);

        // SIP code purity (SING03xx), only in assemblies marked [assembly: SipAssembly].
        public static readonly DiagnosticDescriptor UnsafeCode = Error("SING0301", "Unsafe code in a SIP", "SIP code cannot use unsafe code ({0})", Purity);
        public static readonly DiagnosticDescriptor PointerType = Error("SING0302", "Pointer type in a SIP", "SIP code cannot use pointer or function pointer type '{0}'", Purity);
        public static readonly DiagnosticDescriptor NativeInterop = Error("SING0303", "Native interop in a SIP", "SIP code cannot declare native imports ({0})", Purity);
        public static readonly DiagnosticDescriptor UnsafeApi = Error("SING0304", "Unsafe API in a SIP", "SIP code cannot use '{0}', which bypasses type and memory safety", Purity);
        public static readonly DiagnosticDescriptor DynamicCode = Error("SING0305", "Dynamic code in a SIP", "SIP code is sealed: it cannot use '{0}' to generate or load code", Purity);
        public static readonly DiagnosticDescriptor Privileged = Error("SING0306", "Privileged operation outside a trusted assembly", "'{0}' is privileged: only assemblies marked [assembly: TrustedAssembly] may use it", Purity);

        /// <summary>Each diagnostic's help link: its anchor in this project's README (relative to the repository root).</summary>
        internal const string HelpBase = "Sing.Analyzers/README.md#";

        private static DiagnosticDescriptor Error(string id, string title, string message, string category)
        {
            return new DiagnosticDescriptor(id, title, message, category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: HelpBase + id.ToLowerInvariant(), customTags: []);
        }
    }
}
