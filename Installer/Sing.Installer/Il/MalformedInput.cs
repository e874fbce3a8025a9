using System;
using System.Collections.Generic;
using System.IO;
using Sing.Installer.Il.Verification;

namespace Sing.Installer.Il
{
    /// <summary>The exceptions that reading a corrupt assembly can raise anywhere in System.Reflection.Metadata or in
    /// our own readers (bad image, out-of-range rows and offsets, arithmetic on garbage sizes, unexpected handle
    /// kinds). The installer turns each into a rejection (SINGI049/SINGI059) naming the assembly: hostile input never
    /// ends the installer with an unhandled exception.</summary>
    public static class MalformedInput
    {
        public static bool Is(Exception e) => e is BadImageFormatException or InvalidOperationException or ArgumentException
            or OverflowException or IndexOutOfRangeException or NotSupportedException or InvalidCastException or KeyNotFoundException
            or IOException or UnauthorizedAccessException or VerificationException or NullReferenceException or FormatException
            or ArithmeticException or InsufficientExecutionStackException;
    }
}
