namespace System
{
    public abstract partial class Array : ICloneable
    {
        /// <summary>A shallow copy: the same elements in a new array of the same type and shape.</summary>
        public object Clone() => MemberwiseClone();
    }
}
