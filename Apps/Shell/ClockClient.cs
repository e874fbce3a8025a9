using Sing.Contracts;
using Sing.Contracts.Sip;
using Sing.Drivers.Rtc;

namespace Sing.Apps.Shell
{
    /// <summary>The shell's connection to the clock driver at /dev/rtc, kept between date commands. It is a
    /// <see cref="ReconnectingEndpoint{TImp}"/>: when the driver dies (the supervisor restarts it), the next request binds
    /// /dev/rtc again, waiting up to <see cref="TimeoutMilliseconds"/> for the new instance to register it. GetTime
    /// changes nothing, so a request whose answer was lost with the old instance is sent again.</summary>
    internal static class ClockClient
    {
        /// <summary>Above the supervisor's longest back-off (2 s) plus the driver's start.</summary>
        private const int TimeoutMilliseconds = 3000;

        /// <summary>A driver that does not answer within this is treated as gone.</summary>
        private const int AnswerMilliseconds = 2000;

        private static ReconnectingEndpoint<ClockContract.Imp> s_clock;

        /// <summary>The time packed as ClockContract.Time carries it, or 0 with <paramref name="error"/> set;
        /// <paramref name="outage"/> is how long the clock was unreachable when this call had to re-bind, else -1.</summary>
        public static long Now(out string error, out long outage)
        {
            s_clock ??= new ReconnectingEndpoint<ClockContract.Imp>("/dev/rtc", Bind, null, TimeoutMilliseconds);
            int losses = s_clock.Losses;
            error = null;
            long packed = 0;
            try
            {
                packed = s_clock.Call(Ask, idempotent: true);
            }
            catch (ServiceUnavailableException e)
            {
                error = e.Message;
            }
            catch (System.TimeoutException e)
            {
                error = e.Message;
            }
            catch (ProtocolViolationException e)
            {
                error = "the clock broke its contract: " + e.Message;
            }
            outage = s_clock.Losses != losses && error == null ? s_clock.LastOutageMilliseconds : -1;
            return packed;
        }

        private static ClockContract.Imp Bind(string name) =>
            KernelEndpoints.Bind(name) is IChannelTransport transport ? ClockContract.Imp.Attach(transport, ClockContract.States.Start) : null;

        private static long Ask(ClockContract.Imp clock)
        {
            clock.SendGetTime();
            if (Select.Wait(AnswerMilliseconds, new Endpoint[] { clock }) == Select.TimedOut)
                throw new System.TimeoutException($"/dev/rtc did not answer within {AnswerMilliseconds} ms");
            clock.RecvTime(out long packed);
            return packed;
        }
    }
}
