using System.Text;
using Xunit;
using Host = System.Security.Cryptography;

namespace Sing.CoreLib.Tests;

/// <summary>The corelib's hash functions, HMAC and PBKDF2 (Runtime/Sing.CoreLib/System/Security/Cryptography/*Provider.cs,
/// compiled here) against the published test vectors (FIPS 180-4 examples, RFC 4231, RFC 6070, RFC 7914 §11) and
/// against the host's System.Security.Cryptography for random inputs.</summary>
public class CryptographyTests
{
    private static string Hex(ReadOnlySpan<byte> bytes) => Convert.ToHexString(bytes).ToLowerInvariant();

    private static byte[] Ascii(string s) => Encoding.ASCII.GetBytes(s);

    private static byte[] Repeat(byte value, int count) => Enumerable.Repeat(value, count).ToArray();

    private static string Sha256(byte[] data)
    {
        var digest = new byte[32];
        Host.Sha256Provider.HashData(data, digest);
        return Hex(digest);
    }

    private static string Hash(Host.HashProvider provider, byte[] data)
    {
        var digest = new byte[provider.HashSizeInBytes];
        provider.Append(data);
        provider.Finish(digest);
        return Hex(digest);
    }

    private static string Hmac(Host.HashProvider hash, byte[] key, byte[] data)
    {
        var hmac = new Host.HmacProvider(hash, key);
        var mac = new byte[hmac.HashSizeInBytes];
        hmac.Compute(data, mac);
        return Hex(mac);
    }

    private static string Pbkdf2(Host.HashProvider hash, byte[] password, byte[] salt, int iterations, int length)
    {
        var key = new byte[length];
        Host.Pbkdf2Provider.Derive(hash, password, salt, iterations, key);
        return Hex(key);
    }

    [Fact]
    public void Sha256_matches_the_FIPS_180_examples()
    {
        Assert.Equal("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", Sha256(Ascii("abc")));
        Assert.Equal("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
            Sha256(Ascii("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")));
        Assert.Equal("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", Sha256(Repeat((byte)'a', 1_000_000)));
        Assert.Equal("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", Sha256(Array.Empty<byte>()));
    }

    [Fact]
    public void Sha256_incremental_appends_match_one_shot()
    {
        // A million 'a' appended in uneven pieces crosses every buffer position.
        var provider = new Host.Sha256Provider();
        byte[] a = Repeat((byte)'a', 1000);
        int total = 0;
        for (int piece = 1; total < 1_000_000; piece = piece % 131 + 1)
        {
            int n = Math.Min(piece, 1_000_000 - total);
            provider.Append(a.AsSpan(0, n));
            total += n;
        }
        var digest = new byte[32];
        provider.Finish(digest);
        Assert.Equal("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0", Hex(digest));
    }

    [Fact]
    public void Sha256_matches_the_host_for_random_inputs()
    {
        var random = new Random(35);
        var lengths = new List<int>();
        for (int round = 0; round < 6; round++)
            for (int length = 0; length <= 300; length++) lengths.Add(length);   // every length, padding boundaries included
        while (lengths.Count < 2000) lengths.Add(random.Next(0, 301));
        foreach (int length in lengths)
        {
            var data = new byte[length];
            random.NextBytes(data);
            Assert.Equal(Hex(Host.SHA256.HashData(data)), Sha256(data));
        }
    }

    [Fact]
    public void Sha1_Sha384_Sha512_match_the_host()
    {
        var random = new Random(351);
        Assert.Equal("a9993e364706816aba3e25717850c26c9cd0d89d", Hash(new Host.Sha1Provider(), Ascii("abc")));
        Assert.Equal("ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
            Hash(new Host.Sha512Provider(false), Ascii("abc")));
        Assert.Equal("cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7",
            Hash(new Host.Sha512Provider(true), Ascii("abc")));
        for (int length = 0; length <= 300; length++)
        {
            var data = new byte[length];
            random.NextBytes(data);
            Assert.Equal(Hex(Host.SHA1.HashData(data)), Hash(new Host.Sha1Provider(), data));
            Assert.Equal(Hex(Host.SHA384.HashData(data)), Hash(new Host.Sha512Provider(true), data));
            Assert.Equal(Hex(Host.SHA512.HashData(data)), Hash(new Host.Sha512Provider(false), data));
        }
    }

    [Fact]
    public void HmacSha256_matches_RFC_4231()
    {
        var sha = new Host.Sha256Provider();
        Assert.Equal("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7", Hmac(sha, Repeat(0x0b, 20), Ascii("Hi There")));
        Assert.Equal("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843", Hmac(sha, Ascii("Jefe"), Ascii("what do ya want for nothing?")));
        Assert.Equal("773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe", Hmac(sha, Repeat(0xaa, 20), Repeat(0xdd, 50)));
        byte[] key4 = Enumerable.Range(1, 25).Select(i => (byte)i).ToArray();
        Assert.Equal("82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b", Hmac(sha, key4, Repeat(0xcd, 50)));
        Assert.Equal("a3b6167473100ee06e0c796c2955552b", Hmac(sha, Repeat(0x0c, 20), Ascii("Test With Truncation"))[..32]);
        Assert.Equal("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
            Hmac(sha, Repeat(0xaa, 131), Ascii("Test Using Larger Than Block-Size Key - Hash Key First")));
        Assert.Equal("9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
            Hmac(sha, Repeat(0xaa, 131), Ascii("This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.")));
    }

    [Fact]
    public void Hmac_matches_the_host_for_random_keys_and_messages()
    {
        var random = new Random(4231);
        for (int i = 0; i < 600; i++)
        {
            var key = new byte[i < 200 ? i : random.Next(0, 300)];   // every key length to 199 (past the 64-byte block), then random
            var data = new byte[random.Next(0, 400)];
            random.NextBytes(key);
            random.NextBytes(data);
            Assert.Equal(Hex(Host.HMACSHA256.HashData(key, data)), Hmac(new Host.Sha256Provider(), key, data));
            if (i % 4 == 0)
            {
                Assert.Equal(Hex(Host.HMACSHA1.HashData(key, data)), Hmac(new Host.Sha1Provider(), key, data));
                Assert.Equal(Hex(Host.HMACSHA384.HashData(key, data)), Hmac(new Host.Sha512Provider(true), key, data));
                Assert.Equal(Hex(Host.HMACSHA512.HashData(key, data)), Hmac(new Host.Sha512Provider(false), key, data));
            }
        }
    }

    [Fact]
    public void Hmac_instance_is_reusable_for_many_messages()
    {
        var random = new Random(2104);
        var key = new byte[100];
        random.NextBytes(key);
        var hmac = new Host.HmacProvider(new Host.Sha256Provider(), key);
        var mac = new byte[32];
        for (int i = 0; i < 50; i++)
        {
            var data = new byte[random.Next(0, 200)];
            random.NextBytes(data);
            hmac.Compute(data, mac);
            Assert.Equal(Hex(Host.HMACSHA256.HashData(key, data)), Hex(mac));
        }
    }

    [Fact]
    public void Pbkdf2_Sha256_matches_RFC_7914()
    {
        Assert.Equal("55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783",
            Pbkdf2(new Host.Sha256Provider(), Ascii("passwd"), Ascii("salt"), 1, 64));
        Assert.Equal("4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d",
            Pbkdf2(new Host.Sha256Provider(), Ascii("Password"), Ascii("NaCl"), 80000, 64));
    }

    [Fact]
    public void Pbkdf2_Sha1_matches_RFC_6070()
    {
        Assert.Equal("0c60c80f961f0e71f3a9b524af6012062fe037a6", Pbkdf2(new Host.Sha1Provider(), Ascii("password"), Ascii("salt"), 1, 20));
        Assert.Equal("ea6c014dc72d6f8ccd1ed92ace1d41f0d8de8957", Pbkdf2(new Host.Sha1Provider(), Ascii("password"), Ascii("salt"), 2, 20));
        Assert.Equal("4b007901b765489abead49d926f721d065a429c1", Pbkdf2(new Host.Sha1Provider(), Ascii("password"), Ascii("salt"), 4096, 20));
        Assert.Equal("3d2eec4fe41c849b80c8d83662c0e44a8b291a964cf2f07038",
            Pbkdf2(new Host.Sha1Provider(), Ascii("passwordPASSWORDpassword"), Ascii("saltSALTsaltSALTsaltSALTsaltSALTsalt"), 4096, 25));
        Assert.Equal("56fa6aa75548099dcc37d7f03425e0c3", Pbkdf2(new Host.Sha1Provider(), Ascii("pass\0word"), Ascii("sa\0lt"), 4096, 16));
    }

    [Fact]
    public void Pbkdf2_matches_the_host_for_random_inputs()
    {
        var random = new Random(8018);
        for (int i = 0; i < 300; i++)
        {
            var password = new byte[random.Next(0, 150)];   // past the block size too (the key is then hashed)
            var salt = new byte[random.Next(0, 40)];
            random.NextBytes(password);
            random.NextBytes(salt);
            int iterations = random.Next(1, 51);
            int length = random.Next(1, 101);
            if (length % 32 == 0) length++;
            Assert.Equal(Hex(Host.Rfc2898DeriveBytes.Pbkdf2(password, salt, iterations, Host.HashAlgorithmName.SHA256, length)),
                Pbkdf2(new Host.Sha256Provider(), password, salt, iterations, length));
            if (i % 5 == 0)
            {
                Assert.Equal(Hex(Host.Rfc2898DeriveBytes.Pbkdf2(password, salt, iterations, Host.HashAlgorithmName.SHA1, length)),
                    Pbkdf2(new Host.Sha1Provider(), password, salt, iterations, length));
                Assert.Equal(Hex(Host.Rfc2898DeriveBytes.Pbkdf2(password, salt, iterations, Host.HashAlgorithmName.SHA384, length)),
                    Pbkdf2(new Host.Sha512Provider(true), password, salt, iterations, length));
                Assert.Equal(Hex(Host.Rfc2898DeriveBytes.Pbkdf2(password, salt, iterations, Host.HashAlgorithmName.SHA512, length)),
                    Pbkdf2(new Host.Sha512Provider(false), password, salt, iterations, length));
            }
        }
    }

    [Fact]
    public void FixedTimeEquals_compares_contents_and_lengths()
    {
        Assert.True(Host.FixedTime.AreEqual(new byte[] { 1, 2, 3 }, new byte[] { 1, 2, 3 }));
        Assert.False(Host.FixedTime.AreEqual(new byte[] { 1, 2, 3 }, new byte[] { 1, 2, 4 }));
        Assert.False(Host.FixedTime.AreEqual(new byte[] { 9, 2, 3 }, new byte[] { 1, 2, 3 }));
        Assert.False(Host.FixedTime.AreEqual(new byte[] { 1, 2, 3 }, new byte[] { 1, 2 }));
        Assert.False(Host.FixedTime.AreEqual(new byte[] { 1 }, ReadOnlySpan<byte>.Empty));
        Assert.True(Host.FixedTime.AreEqual(ReadOnlySpan<byte>.Empty, ReadOnlySpan<byte>.Empty));
        var random = new Random(6070);
        for (int i = 0; i < 500; i++)
        {
            var a = new byte[random.Next(0, 40)];
            random.NextBytes(a);
            byte[] b = (byte[])a.Clone();
            if (b.Length > 0 && random.Next(2) == 0) b[random.Next(b.Length)] ^= (byte)(1 << random.Next(8));
            Assert.Equal(Host.CryptographicOperations.FixedTimeEquals(a, b), Host.FixedTime.AreEqual(a, b));
        }
    }

    [Fact]
    public void Tsc_seeded_generator_gives_distinct_blocks_of_any_length()
    {
        var generator = new Host.TscSeededGenerator(() => (ulong)System.Diagnostics.Stopwatch.GetTimestamp());
        var seen = new HashSet<string>();
        foreach (int length in new[] { 1, 16, 31, 32, 33, 64, 100, 1000 })
        {
            var bytes = new byte[length];
            generator.Fill(bytes);
            Assert.True(seen.Add(Hex(bytes)));
            if (length >= 16) Assert.Contains(bytes, b => b != 0);
        }
        generator.Fill(Span<byte>.Empty);

        // With a frozen counter the output still changes from call to call (request counter, ratchet) and from block
        // to block, and two generators given the same timestamps agree (no hidden state).
        var frozenA = new Host.TscSeededGenerator(() => 42);
        var frozenB = new Host.TscSeededGenerator(() => 42);
        byte[] a1 = new byte[64], a2 = new byte[64], b1 = new byte[64];
        frozenA.Fill(a1);
        frozenA.Fill(a2);
        frozenB.Fill(b1);
        Assert.Equal(Hex(a1), Hex(b1));
        Assert.NotEqual(Hex(a1), Hex(a2));
        Assert.NotEqual(Hex(a1.AsSpan(0, 32)), Hex(a1.AsSpan(32)));

        // Byte frequencies of a long output are roughly uniform (a coarse check that every byte is hash output).
        var counts = new int[256];
        var stream = new byte[256 * 400];
        generator.Fill(stream);
        foreach (byte b in stream) counts[b]++;
        Assert.All(counts, c => Assert.InRange(c, 250, 550));
    }
}
