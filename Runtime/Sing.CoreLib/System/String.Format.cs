using System.Text;

namespace System
{
    /// <summary>Composite formatting: "{index[,alignment][:format]}" items with "{{" and "}}" escapes.</summary>
    public sealed partial class String
    {
        public static string Format(string format, object arg0) => Format(format, new[] { arg0 });

        public static string Format(string format, object arg0, object arg1) => Format(format, new[] { arg0, arg1 });

        public static string Format(string format, object arg0, object arg1, object arg2) => Format(format, new[] { arg0, arg1, arg2 });

        /// <summary>The provider is ignored: formatting is always culture-invariant.</summary>
        public static string Format(IFormatProvider provider, string format, object arg0) => Format(format, new[] { arg0 });

        public static string Format(IFormatProvider provider, string format, object arg0, object arg1) => Format(format, new[] { arg0, arg1 });

        public static string Format(IFormatProvider provider, string format, object arg0, object arg1, object arg2) => Format(format, new[] { arg0, arg1, arg2 });

        public static string Format(IFormatProvider provider, string format, params object[] args) => Format(format, args);

        public static string Format(string format, params object[] args)
        {
            if (format is null) throw new ArgumentNullException("format");
            return new StringBuilder(format.Length + 16).AppendFormat(format, args).ToString();
        }
    }
}
