using System;

namespace Sing.Contracts
{
    /// <summary>
    /// A client's connection to a named service that survives the server's restart. It binds the name (through the
    /// caller's <see cref="EndpointBinder{TImp}"/>), runs the contract's opening exchange, and keeps the endpoint
    /// between operations. When the server dies the channel closes; the next use binds the name again (waiting while
    /// it is absent, 5 ms doubling to 100 ms between tries, at most the caller's timeout) and re-runs the opening
    /// exchange on the new instance.
    ///
    /// Nothing the contract delivers is lost silently: a request whose channel closed before the answer came fails
    /// with <see cref="ChannelClosedException"/> (the server may or may not have acted on it), unless the caller marked
    /// the operation idempotent, in which case it is sent again on the new connection. A channel that closed while the
    /// client owed the next message (an idle connection) is replaced before anything is sent on it, so no request
    /// goes into a dead channel. One thread uses an instance, as with any endpoint.
    /// </summary>
    public sealed class ReconnectingEndpoint<TImp> where TImp : Endpoint
    {
        private const int FirstBackOffMilliseconds = 5, MaxBackOffMilliseconds = 100;

        private readonly EndpointBinder<TImp> _bind;
        private readonly OpeningExchange<TImp>? _open;
        private TImp? _held;
        private long _lostAt = -1;

        public ReconnectingEndpoint(string name, EndpointBinder<TImp> bind, OpeningExchange<TImp>? open, int timeoutMilliseconds)
        {
            if (name is null || bind is null)
            {
                throw new ArgumentNullException(name is null ? nameof(name) : nameof(bind));
            }

            if (timeoutMilliseconds < 0)
            {
                throw new ArgumentOutOfRangeException(nameof(timeoutMilliseconds), "the timeout must be 0 ms or more");
            }

            Name = name;
            _bind = bind;
            _open = open;
            TimeoutMilliseconds = timeoutMilliseconds;
        }

        /// <summary>The service's name, bound anew after each loss.</summary>
        public string Name { get; }

        /// <summary>How long one <see cref="Acquire"/> or <see cref="Call{TResult}"/> may wait for a server, in total.</summary>
        public int TimeoutMilliseconds { get; set; }

        /// <summary>Connections made (bound and opened), the first included.</summary>
        public int Connects { get; private set; }

        /// <summary>Connections lost (a closed channel seen, or an operation that failed midway).</summary>
        public int Losses { get; private set; }

        /// <summary>From the last loss seen to the next connection's opening exchange done, in ms; -1 before any.</summary>
        public long LastOutageMilliseconds { get; private set; } = -1;

        /// <summary>True while a connected endpoint is held between operations.</summary>
        public bool IsConnected => _held is not null;

        /// <summary>The connected endpoint, binding and opening first when there is none (or the held one's server has
        /// closed it); the caller owns it until <see cref="Release"/> or <see cref="Lost"/>. Throws
        /// <see cref="ServiceUnavailableException"/> when no server answers within the timeout.</summary>
        public TImp Acquire()
        {
            return Acquire(ChannelRuntime.Current.NowMilliseconds + TimeoutMilliseconds);
        }

        /// <summary>Gives back an endpoint after an operation that completed (it must be owned and between exchanges).</summary>
        public void Release([Claims] TImp endpoint)
        {
            if (_held is not null)
            {
                throw new LinearityViolationException(Name + ": a connection is already held");
            }

            _held = Transfer.Move(endpoint);
        }

        /// <summary>Drops an endpoint whose channel closed or whose exchange broke off midway: it is closed, and the next
        /// <see cref="Acquire"/> binds the name again.</summary>
        public void Lost([Claims] TImp endpoint)
        {
            if (endpoint.IsOwned)
            {
                endpoint.Free();
            }

            NoteLoss();
        }

        /// <summary>Runs <paramref name="operation"/> on the connection. If its channel closes (it throws
        /// <see cref="ChannelClosedException"/>) the connection is dropped and the exception reaches the caller, who
        /// decides whether to send again; with <paramref name="idempotent"/> the operation is instead run again on a new
        /// connection until it completes or the timeout passes (<see cref="ServiceUnavailableException"/>). Any other
        /// exception keeps the connection only if the operation left it in the state it started from.</summary>
        public TResult Call<TResult>(EndpointOperation<TImp, TResult> operation, bool idempotent = false)
        {
            if (operation is null)
            {
                throw new ArgumentNullException(nameof(operation));
            }

            long deadline = ChannelRuntime.Current.NowMilliseconds + TimeoutMilliseconds;
            while (true)
            {
                TImp endpoint = Acquire(deadline);
                int before = endpoint.ProtocolState;
                TResult result;
                try
                {
                    result = operation(endpoint);
                }
                catch (ChannelClosedException)
                {
                    Lost(endpoint);
                    if (idempotent)
                    {
                        continue;
                    }

                    throw;
                }
                catch (Exception)
                {
                    if (endpoint.IsOwned && endpoint.ProtocolState == before)
                    {
                        Release(endpoint);
                    }
                    else
                    {
                        Lost(endpoint);
                    }

                    throw;
                }

                Release(endpoint);
                return result;
            }
        }

        /// <summary>Closes the held connection, if any (the server sees ChannelClosed).</summary>
        public void Free()
        {
            TImp? held = _held;
            _held = null;
            if (held is not null)
            {
                held.Free();
            }
        }

        private TImp Acquire(long deadline)
        {
            TImp? held = _held;
            if (held is not null)
            {
                _held = null;
                if (!held.PeerClosedWhileIdle)
                {
                    return Transfer.Move(held);
                }

                Lost(held);
            }

            IChannelRuntime runtime = ChannelRuntime.Current;
            long started = runtime.NowMilliseconds;
            int backOff = FirstBackOffMilliseconds;
            string why = "the name is not registered";
            while (true)
            {
                TImp? endpoint = _bind(Name);
                if (endpoint is not null)
                {
                    if (TryOpen(endpoint))
                    {
                        Connects++;
                        if (_lostAt >= 0)
                        {
                            LastOutageMilliseconds = runtime.NowMilliseconds - _lostAt;
                            _lostAt = -1;
                        }

                        return endpoint;
                    }

                    why = "the server closed the channel during the opening exchange";
                }

                long now = runtime.NowMilliseconds;
                if (now >= deadline)
                {
                    throw new ServiceUnavailableException(Name, (int)(now - started), why);
                }

                runtime.Sleep((int)Math.Min(backOff, deadline - now));
                backOff = Math.Min(backOff * 2, MaxBackOffMilliseconds);
            }
        }

        /// <summary>Runs the opening exchange; false (the endpoint closed) when the server closed during it.</summary>
        private bool TryOpen(TImp endpoint)
        {
            if (_open is null)
            {
                return true;
            }

            try
            {
                _open(endpoint);
                return true;
            }
            catch (ChannelClosedException)
            {
                if (endpoint.IsOwned)
                {
                    endpoint.Free();
                }

                return false;
            }
            catch (Exception)
            {
                if (endpoint.IsOwned)
                {
                    endpoint.Free();
                }

                throw;
            }
        }

        private void NoteLoss()
        {
            Losses++;
            if (_lostAt < 0)
            {
                _lostAt = ChannelRuntime.Current.NowMilliseconds;
            }
        }
    }
}
