namespace System.Text.RegularExpressions
{
    /// <summary>What one group captured: every capture in order, the group itself standing for the last one (an
    /// unsuccessful group is empty at index 0).</summary>
    public class Group : Capture
    {
        // Starts and lengths of the captures, oldest first.
        private readonly int[] _starts, _lengths;
        private CaptureCollection _captures;

        internal Group(string text, int[] starts, int[] lengths, string name)
            : base(text, starts.Length == 0 ? 0 : starts[starts.Length - 1], lengths.Length == 0 ? 0 : lengths[lengths.Length - 1])
        {
            _starts = starts;
            _lengths = lengths;
            Name = name;
        }

        public bool Success => _starts.Length != 0;

        public string Name { get; }

        public CaptureCollection Captures => _captures ??= new CaptureCollection(this, CreateCaptures());

        // As .NET: the last capture is the group object itself.
        private Capture[] CreateCaptures()
        {
            var captures = new Capture[_starts.Length];
            for (int i = 0; i < captures.Length; i++)
                captures[i] = i == captures.Length - 1 ? this : new Capture(Text, _starts[i], _lengths[i]);
            return captures;
        }

        /// <summary>A group whose captures another thread may see: captures are immutable, so this one serves.</summary>
        public static Group Synchronized(Group inner) => inner ?? throw new ArgumentNullException(nameof(inner));
    }
}
