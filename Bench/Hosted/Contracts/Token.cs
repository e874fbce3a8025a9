using Sing.Contracts;

namespace Sing.Bench.Hosted.Contracts
{
    /// <summary>The smallest useful contract: the endpoint that travels inside <see cref="Echo"/> messages.</summary>
    [Contract]
    [State("Ready", "Hello? -> Hi! -> Ready")]
    public sealed partial class Token
    {
        [InMessage]
        partial void Hello();

        [OutMessage]
        partial void Hi();
    }
}
