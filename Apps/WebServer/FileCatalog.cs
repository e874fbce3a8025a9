#nullable enable
using System;
using System.Collections.Generic;
using Sing.Storage;
using Sing.Web.Http;

namespace Sing.Apps.WebServer
{
    /// <summary>The document root as the HTTP engine sees it, over the file system's contract: metadata from Stat, and
    /// the contents of small files kept in memory. An entry is trusted for <see cref="FreshMilliseconds"/> of guest time,
    /// then asked again (a changed file is served changed within that time); contents are kept only while size and
    /// modification time match the file system's. The channel to /fs is bound again when the file system restarts.</summary>
    internal sealed class FileCatalog : IFileCatalog
    {
        public const int FreshMilliseconds = 1000;
        /// <summary>Files up to this size are kept whole; larger ones are streamed from the file system.</summary>
        public const int KeptFileBytes = 256 * 1024;
        public const long KeptTotalBytes = 16L * 1024 * 1024;
        private const int MaxEntries = 8192;

        private sealed class Entry
        {
            public FileMetadata Metadata;
            public long CheckedAt;
            public byte[]? Contents;
        }

        private readonly Dictionary<string, Entry> _entries = new Dictionary<string, Entry>(StringComparer.Ordinal);
        private readonly Queue<string> _keptOrder = new Queue<string>();
        private FileSystemClient? _fs;
        private long _keptBytes;
        private long _now;

        public long Hits { get; private set; }
        public long Misses { get; private set; }

        /// <summary>The guest time the engine's next questions are asked at.</summary>
        public void SetTime(long nowMilliseconds) => _now = nowMilliseconds;

        public FileMetadata Describe(string path)
        {
            if (_entries.TryGetValue(path, out Entry? entry) && _now - entry.CheckedAt < FreshMilliseconds) return entry.Metadata;
            FileMetadata metadata = Stat(path);
            if (entry == null)
            {
                if (_entries.Count >= MaxEntries) Forget();
                entry = new Entry();
                _entries[path] = entry;
            }
            if (entry.Contents != null && (!metadata.Exists || metadata.Length != entry.Metadata.Length || metadata.LastModifiedUtc != entry.Metadata.LastModifiedUtc))
            {
                _keptBytes -= entry.Contents.Length;
                entry.Contents = null;
            }
            entry.Metadata = metadata;
            entry.CheckedAt = _now;
            return metadata;
        }

        /// <summary>The whole contents of a small file the engine just described, read once and kept; null for a large
        /// file (stream it with <see cref="Open"/>) or when the file system fails.</summary>
        public byte[]? Contents(string path, long length)
        {
            if (length > KeptFileBytes) return null;
            if (_entries.TryGetValue(path, out Entry? entry) && entry.Contents != null && entry.Contents.Length == length)
            {
                Hits++;
                return entry.Contents;
            }
            Misses++;
            FileSystemClient? fs = Connect();
            if (fs == null) return null;
            byte[]? data = fs.ReadAll(OnVolume(path), out string? error);
            if (data == null)
            {
                if (error == FileSystemClient.Closed) Drop();
                return null;
            }
            if (data.Length != length || entry == null) return data;   // changed since it was described: serve nothing kept
            while (_keptBytes + data.Length > KeptTotalBytes && _keptOrder.Count > 0) Evict(_keptOrder.Dequeue());
            entry.Contents = data;
            _keptBytes += data.Length;
            _keptOrder.Enqueue(path);
            return data;
        }

        /// <summary>Opens a large file for streaming; null when the file system cannot.</summary>
        public OpenFile? Open(string path)
        {
            FileSystemClient? fs = Connect();
            if (fs == null) return null;
            OpenFile? file = fs.Open(OnVolume(path), FileSystemContract.ModeRead, out string? error);
            if (file == null && error == FileSystemClient.Closed) Drop();
            return file;
        }

        private FileMetadata Stat(string path)
        {
            FileSystemClient? fs = Connect();
            if (fs == null) return FileMetadata.NotAnswered;
            string? error = fs.Stat(OnVolume(path), out bool isDirectory, out long size, out int modified);
            if (error == FileSystemClient.Closed)
            {
                Drop();
                return FileMetadata.NotAnswered;
            }
            if (error != null) return FileMetadata.Missing;
            DateTime when = FatTime(modified);
            return isDirectory ? FileMetadata.Directory(when) : FileMetadata.File(size, when);
        }

        /// <summary>The file system's own path of a path under /fs ("/fs/www/a.html" is "/www/a.html" on the volume).</summary>
        public static string OnVolume(string path) =>
            path == MountPoint ? "/" : path.StartsWith(MountPoint + "/", StringComparison.Ordinal) ? path.Substring(MountPoint.Length) : path;

        /// <summary>Where the file system serves its volume.</summary>
        public const string MountPoint = "/fs";

        /// <summary>FAT's date (high 16 bits: years since 1980, month, day) and time (hours, minutes, two-second units).</summary>
        private static DateTime FatTime(int modified)
        {
            int date = (modified >> 16) & 0xFFFF, time = modified & 0xFFFF;
            int year = 1980 + (date >> 9), month = (date >> 5) & 15, day = date & 31;
            int hour = time >> 11, minute = (time >> 5) & 63, second = (time & 31) * 2;
            if (month < 1 || month > 12 || day < 1 || day > DateTime.DaysInMonth(year, month) || hour > 23 || minute > 59 || second > 59)
                return new DateTime(1980, 1, 1, 0, 0, 0, DateTimeKind.Utc);
            return new DateTime(year, month, day, hour, minute, second, DateTimeKind.Utc);
        }

        private FileSystemClient? Connect()
        {
            if (_fs == null) _fs = FileSystemClient.Connect(out _);
            return _fs;
        }

        /// <summary>The file system went away: bind again next time, and trust nothing it said.</summary>
        private void Drop()
        {
            _fs?.Close();
            _fs = null;
            _entries.Clear();
            _keptOrder.Clear();
            _keptBytes = 0;
        }

        private void Evict(string path)
        {
            if (!_entries.TryGetValue(path, out Entry? entry) || entry.Contents == null) return;
            _keptBytes -= entry.Contents.Length;
            entry.Contents = null;
        }

        private void Forget()
        {
            _entries.Clear();
            _keptOrder.Clear();
            _keptBytes = 0;
        }
    }
}
