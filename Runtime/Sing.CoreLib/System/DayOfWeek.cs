namespace System
{
    public enum DayOfWeek { Sunday, Monday, Tuesday, Wednesday, Thursday, Friday, Saturday }

    public enum DateTimeKind { Unspecified, Utc, Local }
}
