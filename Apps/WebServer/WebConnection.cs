#nullable enable
using System;
using System.Collections.Generic;
using Sing.Storage;
using Sing.Web.Http;

namespace Sing.Apps.WebServer
{
    /// <summary>What the web server keeps for one client connection besides its channel: the HTTP conversation, bytes
    /// received but not yet taken by it, and what is still to be written (pieces of memory, then perhaps a file being
    /// streamed from the file system).</summary>
    internal sealed class WebConnection
    {
        /// <summary>A piece of the response: bytes in memory, or the next <see cref="FileLeft"/> bytes of <see cref="File"/>.</summary>
        private readonly struct Piece
        {
            public readonly byte[]? Bytes;
            public readonly string? FilePath;
            public readonly long FileLength;

            public Piece(byte[] bytes)
            {
                Bytes = bytes;
                FilePath = null;
                FileLength = 0;
            }

            public Piece(string path, long length)
            {
                Bytes = null;
                FilePath = path;
                FileLength = length;
            }
        }

        private readonly Queue<Piece> _pieces = new Queue<Piece>();
        private byte[]? _current;
        private int _currentOffset;

        public readonly HttpConnection Http;
        public readonly string Client;
        public readonly int Id;

        /// <summary>A Write (not a Read) is in flight on the channel.</summary>
        public bool Writing;
        /// <summary>Close the channel once everything queued is written.</summary>
        public bool CloseAfterWriting;
        /// <summary>Guest time by which the conversation must be asked again (its read timeout).</summary>
        public long WakeAt;
        /// <summary>Received bytes the conversation had no room for yet.</summary>
        public byte[]? Leftover;

        /// <summary>A file being streamed, and how many of its bytes are still to be sent.</summary>
        public OpenFile? File;
        public long FileLeft;

        public WebConnection(int id, HttpConnection http, string client)
        {
            Id = id;
            Http = http;
            Client = client;
        }

        public bool HasOutput => _current != null || _pieces.Count > 0 || File != null;

        public void Queue(byte[] bytes)
        {
            if (bytes.Length > 0) _pieces.Enqueue(new Piece(bytes));
        }

        public void QueueFile(string path, long length)
        {
            if (length > 0) _pieces.Enqueue(new Piece(path, length));
        }

        /// <summary>Copies the next in-memory bytes into <paramref name="into"/> (up to its length); stops at a file
        /// piece, which the caller opens with <see cref="TakeFilePiece"/>. Returns the count.</summary>
        public int FillFromMemory(Span<byte> into)
        {
            int filled = 0;
            while (filled < into.Length)
            {
                if (_current == null)
                {
                    if (_pieces.Count == 0 || _pieces.Peek().Bytes == null) break;
                    _current = _pieces.Dequeue().Bytes;
                    _currentOffset = 0;
                }
                int n = Math.Min(into.Length - filled, _current!.Length - _currentOffset);
                new ReadOnlySpan<byte>(_current, _currentOffset, n).CopyTo(into.Slice(filled));
                filled += n;
                _currentOffset += n;
                if (_currentOffset == _current.Length) _current = null;
            }
            return filled;
        }

        /// <summary>The next piece when it is a file (and nothing in memory comes before it): its path and length.</summary>
        public bool TakeFilePiece(out string path, out long length)
        {
            path = "";
            length = 0;
            if (_current != null || _pieces.Count == 0 || _pieces.Peek().FilePath == null) return false;
            Piece piece = _pieces.Dequeue();
            path = piece.FilePath!;
            length = piece.FileLength;
            return true;
        }

        /// <summary>Drops whatever is still queued (the connection is closing).</summary>
        public void DropOutput()
        {
            _pieces.Clear();
            _current = null;
            File?.Close();
            File = null;
            FileLeft = 0;
        }
    }
}
