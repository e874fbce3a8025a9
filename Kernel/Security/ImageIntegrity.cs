using System;
using System.Security.Cryptography;

namespace Sing.Kernel.Security
{
    /// <summary>The kernel runs only the native code the installer made (Installer/README.md, "What the kernel gets"):
    /// compose records each image's SHA-256 in the system manifest (imageHash), and the first start of a program hashes
    /// the image the boot image carries and refuses it when the two differ. The content hash a publisher signed
    /// (content=) covers the verified IL the image was compiled from; this check binds the bytes loaded to that
    /// compilation, so a process's content (<see cref="Processes.KernelProcess.Content"/>) names the code it runs.
    /// Each image is hashed once per boot.</summary>
    internal static unsafe class ImageIntegrity
    {
        public const string Prefix = "sha256:";

        /// <summary>"sha256:" and the lower-case hex SHA-256 of <paramref name="size"/> bytes at <paramref name="start"/>.</summary>
        public static string HashOf(byte* start, ulong size)
        {
            Span<byte> digest = stackalloc byte[32];
            SHA256.HashData(new ReadOnlySpan<byte>(start, checked((int)size)), digest);
            Span<char> hex = stackalloc char[64];
            Convert.TryToHexStringLower(digest, hex, out _);
            return string.Concat(Prefix, new string(hex));
        }

        /// <summary>Why program <paramref name="program"/> may not run image <paramref name="image"/>, whose hash is
        /// <paramref name="actual"/> (null: not hashed, an image the kernel holds in its own memory), when its manifest
        /// records <paramref name="recorded"/>; null when it may.</summary>
        public static string Refusal(string program, string image, string recorded, string actual)
        {
            if (actual == null) return null;
            if (string.IsNullOrEmpty(recorded))
                return string.Concat("the system manifest records no hash for the image \"", image, "\" of program ", program,
                    ", so the kernel cannot tell it is the code the installer compiled; compose the system with sing-install compose --images");
            if (recorded != actual)
                return string.Concat("the image \"", image, "\" of program ", program, " hashes to ", actual, " but the installer recorded ", recorded,
                    ": it changed after it was installed, so it is refused");
            return null;
        }
    }
}
