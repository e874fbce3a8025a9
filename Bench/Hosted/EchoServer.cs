using System;
using System.Threading;
using Sing.Bench.Hosted.Contracts;
using Sing.Contracts;

namespace Sing.Bench.Hosted
{
    /// <summary>
    /// A thread that answers every request on its endpoints until one of them is closed. With one
    /// endpoint it blocks in the typed receive; with several it blocks in <see cref="Select.Wait(int, ReadOnlySpan{Endpoint})"/>
    /// first, as a server in Singularity's <c>switch receive</c> would.
    /// </summary>
    public sealed class EchoServer
    {
        private readonly Endpoint[] _endpoints;
        private readonly Thread _thread;

        /// <summary>Makes <paramref name="count"/> channels and starts serving their exporter ends.</summary>
        public EchoServer(int count, out Echo.Imp[] clients)
        {
            clients = new Echo.Imp[count];
            _endpoints = new Endpoint[count];
            for (int i = 0; i < count; i++)
            {
                Echo.CreateChannel(out clients[i], out Echo.Exp exp);
                _endpoints[i] = exp;
            }

            // Background, so a failed benchmark cannot keep the process alive.
            _thread = new Thread(Serve) { IsBackground = true, Name = "echo server" };
            _thread.Start();
        }

        /// <summary>Waits for the server to end; call after freeing the clients.</summary>
        public void Join()
        {
            if (!_thread.Join(TimeSpan.FromSeconds(30)))
            {
                throw new InvalidOperationException("echo server did not stop after its clients closed");
            }
        }

        private void Serve()
        {
            bool useSelect = _endpoints.Length > 1;
            while (true)
            {
                int index = useSelect ? Select.Wait(Select.Infinite, _endpoints) : 0;
                if (!Answer((Echo.Exp)_endpoints[index]))
                {
                    break;
                }
            }

            foreach (Endpoint endpoint in _endpoints)
            {
                endpoint.Free();
            }
        }

        /// <summary>Answers one request; false when the client closed its end.</summary>
        private static bool Answer(Echo.Exp exp)
        {
            Echo.Exp.ReadyReceived request = exp.ReceiveReady();
            switch (request.Tag)
            {
                case Echo.Exp.ReadyTag.Ping:
                    request.GetPing(out int value);
                    exp.SendPong(value + 1);
                    return true;
                case Echo.Exp.ReadyTag.Data:
                    request.GetData(out ExVector<byte> buffer);
                    buffer[0]++; // the receiver owns the block now and may write it in place
                    exp.SendDataBack(buffer);
                    return true;
                case Echo.Exp.ReadyTag.Carry:
                    request.GetCarry(out Token.Exp token);
                    exp.SendCarryBack(token);
                    return true;
                default:
                    return false;
            }
        }
    }
}
