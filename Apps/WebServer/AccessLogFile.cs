#nullable enable
using System.Text;
using Sing.Storage;

namespace Sing.Apps.WebServer
{
    /// <summary>The access log: one Common Log Format line per answer, appended to a file on /fs in batches (at most every
    /// <see cref="FlushMilliseconds"/> of guest time, or when <see cref="BatchBytes"/> are waiting), so serving waits for
    /// the file system once a batch, not once a request. The newest lines are also kept in memory for the system page.
    /// When the file system is missing or refuses the write, lines are dropped and counted, never held without bound.</summary>
    internal sealed class AccessLogFile
    {
        public const int FlushMilliseconds = 2000;
        private const int BatchBytes = 16 * 1024;
        private const int KeptLines = 50;

        private readonly string _path;
        private readonly StringBuilder _pending = new StringBuilder();
        private readonly string[] _recent = new string[KeptLines];
        private int _recentNext;
        private long _lastFlush;
        private bool _directoryMade;

        public long Lines { get; private set; }
        public long Dropped { get; private set; }

        public AccessLogFile(string path) { _path = path; }

        public void Add(string line)
        {
            Lines++;
            _recent[_recentNext] = line;
            _recentNext = (_recentNext + 1) % KeptLines;
            _pending.Append(line).Append('\n');
            if (_pending.Length >= BatchBytes) Flush();
        }

        /// <summary>The newest lines, oldest first.</summary>
        public string[] Recent()
        {
            var lines = new System.Collections.Generic.List<string>();
            for (int i = 0; i < KeptLines; i++)
            {
                string line = _recent[(_recentNext + i) % KeptLines];
                if (line != null) lines.Add(line);
            }
            return lines.ToArray();
        }

        public void FlushIfDue(long now)
        {
            if (_pending.Length == 0 || now - _lastFlush < FlushMilliseconds) return;
            _lastFlush = now;
            Flush();
        }

        public void Flush()
        {
            if (_pending.Length == 0) return;
            byte[] bytes = Encoding.UTF8.GetBytes(_pending.ToString());
            int lines = 0;
            foreach (byte b in bytes) if (b == (byte)'\n') lines++;
            _pending.Clear();
            FileSystemClient? fs = FileSystemClient.Connect(out _);
            if (fs == null)
            {
                Dropped += lines;
                return;
            }
            if (!_directoryMade)
            {
                // Made at the first lines, not at start: a boot that serves nothing writes nothing to the disk.
                int slash = _path.LastIndexOf('/');
                if (slash > FileCatalog.MountPoint.Length) fs.MakeDirectory(FileCatalog.OnVolume(_path.Substring(0, slash)));
                _directoryMade = true;
            }
            OpenFile? file = fs.Open(FileCatalog.OnVolume(_path), FileSystemContract.ModeWrite | FileSystemContract.ModeCreate, out _);
            string? error = "cannot open";
            if (file != null)
            {
                file.Seek(0, 2);
                error = file.Write(bytes, 0, bytes.Length);
                file.Close();
            }
            fs.Close();
            if (error != null) Dropped += lines;
        }
    }
}
