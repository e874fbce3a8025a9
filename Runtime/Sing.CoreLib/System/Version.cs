namespace System
{
    /// <summary>A version number of two to four parts (major.minor[.build[.revision]]); an unset part is -1 and is
    /// not printed. Compared part by part, an unset part below 0.</summary>
    public sealed class Version : IComparable, IComparable<Version>, IEquatable<Version>, ICloneable
    {
        public Version(int major, int minor) : this(major, minor, -1, -1, 2) { }

        public Version(int major, int minor, int build) : this(major, minor, build, -1, 3) { }

        public Version(int major, int minor, int build, int revision) : this(major, minor, build, revision, 4) { }

        public Version(string version)
        {
            Version parsed = Parse(version);
            Major = parsed.Major;
            Minor = parsed.Minor;
            Build = parsed.Build;
            Revision = parsed.Revision;
        }

        public Version() : this(0, 0) { }

        private Version(int major, int minor, int build, int revision, int parts)
        {
            if (major < 0) throw new ArgumentOutOfRangeException(nameof(major), "Version's parameters must be greater than or equal to zero.");
            if (minor < 0) throw new ArgumentOutOfRangeException(nameof(minor), "Version's parameters must be greater than or equal to zero.");
            if (parts >= 3 && build < 0) throw new ArgumentOutOfRangeException(nameof(build), "Version's parameters must be greater than or equal to zero.");
            if (parts == 4 && revision < 0) throw new ArgumentOutOfRangeException(nameof(revision), "Version's parameters must be greater than or equal to zero.");
            Major = major;
            Minor = minor;
            Build = build;
            Revision = revision;
        }

        public int Major { get; }
        public int Minor { get; }
        public int Build { get; }
        public int Revision { get; }
        public short MajorRevision => (short)(Revision >> 16);
        public short MinorRevision => (short)(Revision & 0xFFFF);

        public object Clone() => new Version(Major, Minor, Build, Revision, Build < 0 ? 2 : Revision < 0 ? 3 : 4);

        public int CompareTo(Version value)
        {
            if (value is null) return 1;
            if (Major != value.Major) return Major > value.Major ? 1 : -1;
            if (Minor != value.Minor) return Minor > value.Minor ? 1 : -1;
            if (Build != value.Build) return Build > value.Build ? 1 : -1;
            if (Revision != value.Revision) return Revision > value.Revision ? 1 : -1;
            return 0;
        }

        public int CompareTo(object version)
        {
            if (version is null) return 1;
            if (version is not Version v) throw new ArgumentException("Object must be of type Version.");
            return CompareTo(v);
        }

        public bool Equals(Version obj) => obj is not null && CompareTo(obj) == 0;

        public override bool Equals(object obj) => Equals(obj as Version);

        public override int GetHashCode() => (Major & 0xF) << 28 | (Minor & 0xFF) << 20 | (Build & 0xFF) << 12 | (Revision & 0xFFF);

        public override string ToString() => ToString(Build < 0 ? 2 : Revision < 0 ? 3 : 4);

        public string ToString(int fieldCount)
        {
            int available = Build < 0 ? 2 : Revision < 0 ? 3 : 4;
            if (fieldCount < 0 || fieldCount > available)
                throw new ArgumentException("Argument must be between 0 and " + available.ToString() + ".", nameof(fieldCount));
            string text = fieldCount >= 1 ? Major.ToString() : "";
            if (fieldCount >= 2) text += "." + Minor.ToString();
            if (fieldCount >= 3) text += "." + Build.ToString();
            if (fieldCount >= 4) text += "." + Revision.ToString();
            return text;
        }

        public static Version Parse(string input)
        {
            if (input is null) throw new ArgumentNullException(nameof(input));
            string[] parts = input.Split('.');
            if (parts.Length < 2 || parts.Length > 4) throw new ArgumentException("Version string portion was too short or too long.", nameof(input));
            var values = new int[4] { -1, -1, -1, -1 };
            for (int i = 0; i < parts.Length; i++)
            {
                if (!int.TryParse(parts[i], Globalization.NumberStyles.Integer, Globalization.CultureInfo.InvariantCulture, out values[i]))
                    throw new FormatException("The input string '" + parts[i] + "' was not in a correct format.");
                if (values[i] < 0) throw new ArgumentOutOfRangeException(nameof(input), "Version's parameters must be greater than or equal to zero.");
            }
            return new Version(values[0], values[1], values[2], values[3], parts.Length);
        }

        public static bool TryParse(string input, out Version result)
        {
            result = null;
            if (input is null) return false;
            try
            {
                result = Parse(input);
                return true;
            }
            catch (FormatException)
            {
                return false;
            }
            catch (ArgumentException)
            {
                return false;
            }
        }

        public static bool operator ==(Version v1, Version v2) => v1 is null ? v2 is null : v1.Equals(v2);
        public static bool operator !=(Version v1, Version v2) => !(v1 == v2);
        public static bool operator <(Version v1, Version v2) => v1 is null ? v2 is not null : v1.CompareTo(v2) < 0;
        public static bool operator <=(Version v1, Version v2) => v1 is null || v1.CompareTo(v2) <= 0;
        public static bool operator >(Version v1, Version v2) => v2 < v1;
        public static bool operator >=(Version v1, Version v2) => v2 <= v1;
    }
}
