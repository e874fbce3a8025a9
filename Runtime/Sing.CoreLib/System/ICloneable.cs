namespace System
{
    public interface ICloneable
    {
        object Clone();
    }
}
