using System.Collections.Generic;

namespace Sing.Apps.FileSystem
{
    /// <summary>What each client process holds of the server: its client channels and open files, each one endpoint in
    /// the server's select. A process past <see cref="PerProcess"/> is refused (an error to it alone), and the total stays
    /// below <see cref="Total"/>, within what one select may wait on (the kernel's 4096), so no client can stop the
    /// server for everyone by opening files.</summary>
    internal sealed class Holdings
    {
        public const int PerProcess = 128;
        public const int Total = 4000;

        private readonly Dictionary<int, int> _byProcess = new Dictionary<int, int>();
        private int _total;

        /// <summary>Counts one more channel or file for <paramref name="pid"/>; null when it may have it, else why not.</summary>
        public string TryTake(int pid)
        {
            _byProcess.TryGetValue(pid, out int held);
            if (held >= PerProcess)
                return "pid " + pid.ToString() + " already holds " + PerProcess.ToString() + " channels and open files of /fs (the per-process limit); close some first";
            if (_total >= Total)
                return "/fs serves " + Total.ToString() + " channels and open files already (its limit); try again later";
            _byProcess[pid] = held + 1;
            _total++;
            return null;
        }

        /// <summary>One channel or file of <paramref name="pid"/> was closed.</summary>
        public void Release(int pid)
        {
            if (!_byProcess.TryGetValue(pid, out int held)) return;
            _total--;
            if (held <= 1) _byProcess.Remove(pid);
            else _byProcess[pid] = held - 1;
        }

        public int Held(int pid) => _byProcess.TryGetValue(pid, out int held) ? held : 0;
    }
}
