namespace System.Globalization
{
    /// <summary>The one culture this runtime has: the invariant culture (name ""). CurrentCulture and
    /// CurrentUICulture are it too, so formatting and comparison are the same everywhere; asking for any
    /// other culture by name throws CultureNotFoundException rather than silently formatting invariantly.</summary>
    public class CultureInfo : IFormatProvider
    {
        private static CultureInfo s_invariant;

        private CultureInfo() { }

        public CultureInfo(string name)
        {
            if (name is null) throw new ArgumentNullException(nameof(name));
            if (name.Length != 0) throw new CultureNotFoundException(nameof(name), name, "Only the invariant culture is supported.");
        }

        public static CultureInfo InvariantCulture => s_invariant ??= new CultureInfo();

        public static CultureInfo CurrentCulture
        {
            get => InvariantCulture;
            set { if (value is null) throw new ArgumentNullException(nameof(value)); }
        }

        public static CultureInfo CurrentUICulture => InvariantCulture;

        public static CultureInfo GetCultureInfo(string name) => name == "" ? InvariantCulture : new CultureInfo(name);

        public virtual string Name => "";

        public virtual string DisplayName => "Invariant Language (Invariant Country)";

        public virtual string EnglishName => "Invariant Language (Invariant Country)";

        public string TwoLetterISOLanguageName => "iv";

        public virtual NumberFormatInfo NumberFormat => NumberFormatInfo.InvariantInfo;

        public virtual DateTimeFormatInfo DateTimeFormat => DateTimeFormatInfo.InvariantInfo;

        public virtual Calendar Calendar => DateTimeFormat.Calendar;

        public virtual CompareInfo CompareInfo => CompareInfo.Invariant;

        public virtual TextInfo TextInfo => TextInfo.Invariant;

        public virtual object GetFormat(Type formatType) =>
            formatType == typeof(NumberFormatInfo) ? NumberFormatInfo.InvariantInfo
            : formatType == typeof(DateTimeFormatInfo) ? DateTimeFormatInfo.InvariantInfo : null;

        public override string ToString() => "";
    }

    public class CultureNotFoundException : ArgumentException
    {
        public CultureNotFoundException() : base("Culture is not supported.") { }
        public CultureNotFoundException(string message) : base(message) { }
        public CultureNotFoundException(string paramName, string message) : base(message, paramName) { }

        public CultureNotFoundException(string paramName, string invalidCultureName, string message)
            : base(message + " (Parameter '" + paramName + "')" + "\n" + invalidCultureName + " is an invalid culture identifier.")
        {
            InvalidCultureName = invalidCultureName;
        }

        public virtual string InvalidCultureName { get; }
    }
}
