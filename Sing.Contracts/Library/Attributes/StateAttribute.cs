using System;

namespace Sing.Contracts
{
    /// <summary>
    /// Declares a protocol state and its choices. Each branch is a message sequence ending in a
    /// target state, e.g. <c>"PacketForReceive? -> (Success! | BadPacketSize!) -> IoRunning"</c>.
    /// <c>?</c> marks a message the importer sends (Imp to Exp), <c>!</c> one the exporter sends.
    /// A state with no branches is terminal.
    /// </summary>
    [AttributeUsage(AttributeTargets.Class, AllowMultiple = true, Inherited = false)]
    public sealed class StateAttribute : Attribute
    {
        public StateAttribute(string name, params string[] branches)
        {
            Name = name;
            Branches = branches;
        }

        public string Name { get; }

        public string[] Branches { get; }
    }
}
