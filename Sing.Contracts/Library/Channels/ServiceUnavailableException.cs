using System;

namespace Sing.Contracts
{
    /// <summary>Thrown by <see cref="ReconnectingEndpoint{TImp}"/> when no server answered under its name within the
    /// caller's timeout: the name stayed absent, or every instance that held it closed the channel during the opening
    /// exchange.</summary>
    public sealed class ServiceUnavailableException : InvalidOperationException
    {
        public ServiceUnavailableException(string name, int waitedMilliseconds, string why)
            : base(name + ": no server within " + waitedMilliseconds.ToString() + " ms (" + why + ")")
        {
            Name = name;
        }

        /// <summary>The name that was bound.</summary>
        public string Name { get; }
    }
}
