namespace System
{
    /// <summary>The base of event data; Empty is for events that carry none.</summary>
    public class EventArgs
    {
        public static readonly EventArgs Empty = new EventArgs();

        public EventArgs() { }
    }
}
