using Sing.Apps.Accounts;
using Xunit;

namespace Sing.Installer.Tests.Security
{
    /// <summary>The users file (Apps/Accounts/README.md): damaged lines are named and skipped, good ones still work,
    /// and a password verifies only against its own salted hash.</summary>
    public sealed class UsersFileTests
    {
        private const string Salt = "00112233445566778899aabbccddeeff";
        private const string Hash = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

        [Theory]
        [InlineData("alice:user:pbkdf2-sha256:20000:" + Salt, "expected 6 fields")]
        [InlineData("Alice:user:pbkdf2-sha256:20000:" + Salt + ":" + Hash, "user name \"Alice\" has 'A'")]
        [InlineData("alice:root:pbkdf2-sha256:20000:" + Salt + ":" + Hash, "not administrator or user")]
        [InlineData("alice:user:md5:20000:" + Salt + ":" + Hash, "unknown password scheme \"md5\"")]
        [InlineData("alice:user:pbkdf2-sha256:999:" + Salt + ":" + Hash, "iterations \"999\"")]
        [InlineData("alice:user:pbkdf2-sha256:-5:" + Salt + ":" + Hash, "iterations \"-5\"")]
        [InlineData("alice:user:pbkdf2-sha256:99999999999:" + Salt + ":" + Hash, "iterations")]
        [InlineData("alice:user:pbkdf2-sha256:20000:0011:" + Hash, "the salt is not 16 bytes")]
        [InlineData("alice:user:pbkdf2-sha256:20000:" + Salt + ":zz" + "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "the hash is not 32 bytes")]
        [InlineData("alice:user:pbkdf2-sha256:20000:" + Salt + ":" + Hash + "\nalice:user:pbkdf2-sha256:20000:" + Salt + ":" + Hash, "a second account named alice")]
        public void DamagedLinesAreNamedAndSkipped(string text, string why)
        {
            UsersFile file = UsersFile.Parse("# comment\nbob:administrator:pbkdf2-sha256:1000:" + Salt + ":" + Hash + "\n" + text + "\n");
            string problem = Assert.Single(file.Problems);
            Assert.StartsWith("line ", problem, System.StringComparison.Ordinal);
            Assert.Contains(why, problem, System.StringComparison.Ordinal);
            Assert.NotNull(file.Find("bob"));
            Assert.True(file.Find("bob")!.IsAdministrator);
        }

        [Fact]
        public void BinaryGarbageNeverThrows()
        {
            var random = new System.Random(35);
            for (int n = 0; n < 500; n++)
            {
                var chars = new char[random.Next(0, 300)];
                for (int i = 0; i < chars.Length; i++) chars[i] = (char)random.Next(0, 0x3000);
                UsersFile file = UsersFile.Parse(new string(chars));
                Assert.True(file.Accounts.Count + file.Problems.Count <= chars.Length + 1);
            }
        }

        [Fact]
        public void PasswordsVerifyAgainstTheirOwnSaltedHash()
        {
            UsersFile file = UsersFile.Parse("");
            Assert.Null(file.Set("alice", "correct horse", administrator: false, iterations: 1000));
            Assert.Null(file.Set("bob", "correct horse", administrator: true, iterations: 1000));
            UsersFile again = UsersFile.Parse(file.Format());
            Assert.Empty(again.Problems);
            UserAccount alice = again.Find("alice")!;
            UserAccount bob = again.Find("bob")!;
            Assert.NotEqual(alice.Salt, bob.Salt);
            Assert.NotEqual(alice.Hash, bob.Hash);
            Assert.True(UsersFile.Verify(alice, "correct horse"));
            Assert.False(UsersFile.Verify(alice, "correct horsf"));
            Assert.False(UsersFile.Verify(alice, ""));
            Assert.False(UsersFile.VerifyUnknown("correct horse"));
            Assert.True(bob.IsAdministrator);
            Assert.False(alice.IsAdministrator);
            // Replacing a password gives a new salt.
            byte[] oldSalt = alice.Salt;
            Assert.Null(again.Set("alice", "new one", administrator: false, iterations: 1000));
            Assert.NotEqual(oldSalt, again.Find("alice")!.Salt);
            Assert.True(again.Remove("alice"));
            Assert.Null(again.Find("alice"));
        }

        [Theory]
        [InlineData("system", "pw", "role of the system")]
        [InlineData("al ice", "pw", "user name")]
        [InlineData("alice", "", "the password is empty")]
        public void BadNamesAndPasswordsAreRefused(string name, string password, string why)
        {
            string error = UsersFile.Parse("").Set(name, password, administrator: false, iterations: 1000);
            Assert.NotNull(error);
            Assert.Contains(why, error, System.StringComparison.Ordinal);
        }

        [Fact]
        public void OverlongPasswordsAreRefused()
        {
            Assert.Contains("longer than 256", UsersFile.Parse("").Set("alice", new string('x', 257), false, 1000), System.StringComparison.Ordinal);
            Assert.False(UsersFile.Verify(new UserAccount { Name = "a", Iterations = 1000, Salt = new byte[16], Hash = new byte[32] }, new string('x', 257)));
        }
    }
}
