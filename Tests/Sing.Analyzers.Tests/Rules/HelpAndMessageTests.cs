using System;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests.Rules
{
    /// <summary>Every diagnostic links to its README section, and the frequent ones say where and why.</summary>
    public sealed class HelpAndMessageTests
    {
        private static string Readme()
        {
            for (DirectoryInfo? dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
            {
                string candidate = Path.Combine(dir.FullName, "Sing.Analyzers", "README.md");
                if (File.Exists(candidate))
                {
                    return File.ReadAllText(candidate);
                }
            }

            throw new FileNotFoundException("Sing.Analyzers/README.md not found above " + AppContext.BaseDirectory);
        }

        [Fact]
        public void Every_supported_diagnostic_links_to_an_existing_README_anchor()
        {
            string readme = Readme();
            var descriptors = CompilationHarness.AllAnalyzers.SelectMany(a => a.SupportedDiagnostics).ToList();
            Assert.True(descriptors.Count >= 38, "expected every SING descriptor, got " + descriptors.Count);
            foreach (DiagnosticDescriptor descriptor in descriptors)
            {
                Assert.StartsWith("Sing.Analyzers/README.md#", descriptor.HelpLinkUri, StringComparison.Ordinal);
                string anchor = descriptor.HelpLinkUri.Substring(descriptor.HelpLinkUri.IndexOf('#', StringComparison.Ordinal) + 1);
                Assert.Equal(descriptor.Id.ToLowerInvariant(), anchor);
                Assert.Contains("<a id=\"" + anchor + "\"></a>", readme, StringComparison.Ordinal);
            }
        }

        [Fact]
        public void Every_rule_anchor_cited_by_the_spec_exists()
        {
            string readme = Readme();
            foreach (string rule in new[] { "rule-l1", "rule-l2", "rule-v", "rule-s", "rule-b", "rule-p", "rule-r", "rule-c", "rule-u" })
            {
                Assert.Contains("<a id=\"" + rule + "\"></a>", readme, StringComparison.Ordinal);
            }
        }

        [Fact]
        public void Leak_names_the_line_last_seen_and_the_exit()
        {
            string message = Verify.MessageOf(Prelude.InClass("""
                static int M(bool c)
                {
                    ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                    if (c)
                    {
                        v[0] = 1;
                        return 1;
                    }

                    v.Free();
                    return 0;
                }
                """), "SING0203");
            // Line 13 is v[0] = 1, and the path leaves through the return after it.
            Assert.Contains("last seen at line 13", message, StringComparison.Ordinal);
            Assert.Contains("reaches a return after line 14", message, StringComparison.Ordinal);
        }

        [Fact]
        public void Double_release_names_the_earlier_release()
        {
            string message = Verify.MessageOf(Prelude.InClass("""
                static void M()
                {
                    ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                    v.Free();
                    v.Free();
                }
                """), "SING0202");
            Assert.Contains("at line 11", message, StringComparison.Ordinal);
        }

        [Fact]
        public void View_message_names_the_owner()
        {
            string message = Verify.MessageOf(Prelude.InClass("""
                static void M()
                {
                    ExVector<byte> buffer = ExchangeHeap.NewVector<byte>(8);
                    Span<byte> s = buffer.AsSpan();
                    buffer.Free();
                    s[0] = 1;
                }
                """), "SING0209");
            Assert.Contains("'s' points into the exchange-heap block of 'buffer'", message, StringComparison.Ordinal);
        }

        [Fact]
        public void Use_after_send_suggests_the_received_replacement()
        {
            string message = Verify.MessageOf(Prelude.InClass("""
                static void M([InState("IoRunning")] NicDevice.Imp nic)
                {
                    ExVector<byte> v = ExchangeHeap.NewVector<byte>(8);
                    nic.SendPacketForReceive(v);
                    NicDevice.Imp.IoRunningAfterPacketForReceiveReceived r = nic.ReceiveIoRunningAfterPacketForReceive();
                    if (r.Tag == NicDevice.Imp.IoRunningAfterPacketForReceiveTag.BadPacketSize)
                    {
                        r.GetBadPacketSize(out ExVector<byte> back, out int expected);
                        v[0] = (byte)expected;
                        back.Free();
                    }
                }
                """), "SING0201");
            Assert.Contains("it was sent in PacketForReceive", message, StringComparison.Ordinal);
            Assert.Contains("comes back in BadPacketSize: use the one received with GetBadPacketSize(out ...)", message, StringComparison.Ordinal);
        }
    }
}
