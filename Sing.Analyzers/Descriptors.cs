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
        public static readonly DiagnosticDescriptor BranchSyntax = Error("SING0001", "Write the state branch as signed messages joined by ->", "State branch \"{0}\" is malformed: {1}; write messages marked ? (importer sends) or ! (exporter sends), joined by ->, ending in a declared state", Contracts);
        public static readonly DiagnosticDescriptor UnknownMessage = Error("SING0002", "Declare the message or correct its name", "Message '{0}' is not declared in contract {1}: declare it as an [InMessage] or [OutMessage] partial method, or correct the name", Contracts);
        public static readonly DiagnosticDescriptor UnknownState = Error("SING0003", "Declare the state or correct its name", "State '{0}' is not declared in contract {1}: declare it with [State(\"{0}\", ...)] or correct the name", Contracts);
        public static readonly DiagnosticDescriptor DirectionMismatch = Error("SING0004", "Use ? for [InMessage] and ! for [OutMessage]", "'{0}' contradicts its declaration: it is {1}", Contracts);
        public static readonly DiagnosticDescriptor UnboundedQueue = Error("SING0005", "Every cycle needs a send from each side (finite queues)", "State '{0}' is on a cycle where only the {1} sends: add a message the other side sends to the cycle, so queues can be sized statically", Contracts);
        public static readonly DiagnosticDescriptor UnreachableState = Error("SING0006", "Make the state reachable or remove it", "State '{0}' cannot be reached from the initial state '{1}': add a branch that leads to it, or remove it", Contracts);
        public static readonly DiagnosticDescriptor MixedState = Error("SING0007", "Let only one side send in a state", "State '{0}' has messages in both directions, so both ends could send at once and disagree on the next state: split it into a state where only the importer sends and one where only the exporter sends", Contracts);
        public static readonly DiagnosticDescriptor NotExchangeable = Error("SING0008", "Give message arguments exchange-heap types", "Argument '{0}' of message {1} has type '{2}', which cannot live in the exchange heap: use scalars, structs of scalars, ExRef<T>, ExVector<T> or endpoints", Contracts);
        public static readonly DiagnosticDescriptor EndpointArgumentState = Error("SING0009", "Give endpoint arguments a declared [InState]", "Endpoint argument '{0}' of message {1} {2}: mark it [InState(\"S\")] with S a state its contract declares", Contracts);
        public static readonly DiagnosticDescriptor Duplicate = Error("SING0010", "Declare each message and state once", "Duplicate {0} '{1}': rename or remove one of them", Contracts);
        public static readonly DiagnosticDescriptor ExtensionMustStartWithIn = Error("SING0011", "Start extension branches with an importer send", "New branch in inherited state '{0}' starts with '{1}': branches added by an extension must start with a message the importer sends ('?'), so clients of the base contract still conform", Contracts);
        public static readonly DiagnosticDescriptor NoStates = Error("SING0012", "Give the contract states and a declared initial state", "Contract {0} {1}: declare its states with [State(...)] and name one of them in [Contract(Initial = ...)] (default: the first)", Contracts);
        public static readonly DiagnosticDescriptor NotPartial = Error("SING0013", "Make the contract a top-level, non-generic partial class", "Contract {0} must be a non-generic, top-level partial class so its endpoint types can be generated", Contracts);

        public static readonly DiagnosticDescriptor ReservedName = Error("SING0014", "Rename: the generated code uses this name", "The {0} name '{1}' is used by the generated endpoint code (States, Messages, Protocol, Message, ImpQueueCapacity, ExpQueueCapacity, CreateChannel, Imp, Exp): choose another", Contracts);

        // Protocol conformance (SING01xx).
        public static readonly DiagnosticDescriptor SendNotAllowed = Error("SING0101", "Send only a message the state allows", "'{0}' ({1}) cannot send {2} in state {3}{4}", Protocol);
        public static readonly DiagnosticDescriptor ReceiveNotAllowed = Error("SING0102", "Receive only where the state expects a message", "'{0}' ({1}) cannot {2} in state {3}{4}", Protocol);
        public static readonly DiagnosticDescriptor ReceiveNotCovered = Error("SING0103", "Handle every message of the state and ChannelClosed", "Receive in state {0} does not handle {1}: add a case for each, or a default", Protocol);
        public static readonly DiagnosticDescriptor RecvIgnoresOthers = Error("SING0104", "Use the state's receive when several messages may arrive", "'{0}' ({1}) expects only {2}, but {3} may also arrive in state {4}: use Receive{4}() and handle every case", Protocol);
        public static readonly DiagnosticDescriptor ExitState = Error("SING0105", "Return the endpoint in its declared state", "'{0}' must be in state {1} when the method returns, but may be in state {2}: finish the exchange before returning, or declare the state it leaves in with [OutState]", Protocol);
        public static readonly DiagnosticDescriptor EndpointArgumentWrongState = Error("SING0106", "Send an endpoint in the state its message declares", "'{0}' must be in state {1} to be sent in {2}, but may be in state {3}: bring it to {1} before sending it", Protocol);
        public static readonly DiagnosticDescriptor ParameterWrongState = Error("SING0107", "Pass an endpoint in the state the parameter declares", "'{0}' is passed to parameter '{1}' which expects state {2}, but may be in state {3}: bring it to {2} before the call", Protocol);

        // Linearity of exchange-heap blocks and endpoints (SING02xx).
        public static readonly DiagnosticDescriptor UseAfterRelease = Error("SING0201", "Do not use a value after sending, freeing or moving it", "'{0}' is used after it was sent, freed or moved{1}: move the use before the release", Linearity);
        public static readonly DiagnosticDescriptor DoubleRelease = Error("SING0202", "Release a value only once", "'{0}' may already have been sent, freed or moved{1}: release it once, on each path", Linearity);
        public static readonly DiagnosticDescriptor Leak = Error("SING0203", "Free, send or return every block and endpoint", "'{0}' is not freed, sent or returned on every path{1}: free it (for an endpoint, Free closes the channel), send it or return it there", Linearity);
        public static readonly DiagnosticDescriptor StoredInField = Error("SING0204", "Hold tracked values in a TRef<T>, not in a field", "'{0}' stores tracked type '{1}' in an ordinary object: wrap it in TRef<T>", Linearity);
        public static readonly DiagnosticDescriptor Captured = Error("SING0205", "Do not capture tracked values in lambdas or local functions", "'{0}' is captured by a lambda or local function: pass it as an argument or hold it in a TRef<T>", Linearity);
        public static readonly DiagnosticDescriptor InAsync = Error("SING0206", "Keep tracked values out of async methods and iterators", "'{0}' lives in an async method or iterator, whose state machine is an ordinary object: hold it in a TRef<T>", Linearity);
        public static readonly DiagnosticDescriptor PassedTwice = Error("SING0207", "Pass a tracked value once per call", "'{0}' is passed twice in one call: pass it once (one owner at a time)", Linearity);
        public static readonly DiagnosticDescriptor BorrowedConsumed = Error("SING0208", "Mark a parameter [Claims] to give it away", "Parameter '{0}' is borrowed and cannot be sent, freed or moved: mark it [Claims]", Linearity);

        public static readonly DiagnosticDescriptor ViewAfterRelease = Error("SING0209", "Do not use a view after its block is released", "'{0}' points into the exchange-heap block of {1}, which may have been sent, freed or moved: use the view before the block is released, or take a new one from the block's new owner", Linearity);
        public static readonly DiagnosticDescriptor HandedBackReleased = Error("SING0210", "Hand back a ref/out parameter holding a value it owns", "ref/out parameter '{0}' may return to the caller holding a value that was sent, freed or moved: assign it a value it owns on every path", Linearity);
        public static readonly DiagnosticDescriptor CannotFollow = Error("SING0211", "Keep tracked values where the analysis can follow them", "'{0}' {1}: the analysis cannot follow it there, so it cannot prove single ownership (the run-time check still applies); {2}", Linearity);

        // SIP code purity (SING03xx), only in assemblies marked [assembly: SipAssembly].
        public static readonly DiagnosticDescriptor UnsafeCode = Error("SING0301", "No unsafe code in a SIP", "SIP code cannot use unsafe code ({0}): use safe code, or move this to a trusted assembly", Purity);
        public static readonly DiagnosticDescriptor PointerType = Error("SING0302", "No pointer types in a SIP", "SIP code cannot use pointer or function pointer type '{0}': use references, spans or delegates", Purity);
        public static readonly DiagnosticDescriptor NativeInterop = Error("SING0303", "No native imports in a SIP", "SIP code cannot declare native imports ({0}): reach the system through a channel contract", Purity);
        public static readonly DiagnosticDescriptor UnsafeApi = Error("SING0304", "No safety-bypassing APIs in a SIP", "SIP code cannot use '{0}', which bypasses type and memory safety: use a safe equivalent", Purity);
        public static readonly DiagnosticDescriptor DynamicCode = Error("SING0305", "No code generation or loading in a SIP", "SIP code is sealed: it cannot use '{0}' to generate or load code; install the code as a program of its own and talk to it over a channel", Purity);
        public static readonly DiagnosticDescriptor Privileged = Error("SING0306", "Use privileged members only in trusted assemblies", "'{0}' is privileged: only assemblies marked [assembly: TrustedAssembly] may use it; ask a trusted service for it over a channel", Purity);

        private static DiagnosticDescriptor Error(string id, string title, string message, string category)
        {
            return new DiagnosticDescriptor(id, title, message, category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: HelpLinks.For(id), customTags: []);
        }
    }
}
