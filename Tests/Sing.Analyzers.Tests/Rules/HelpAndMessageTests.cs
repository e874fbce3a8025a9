using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests.Rules
{
    /// <summary>Every diagnostic links to its README section, and the frequent ones say where and why.</summary>
    public sealed class HelpAndMessageTests
    {
        private static string RepositoryRoot()
        {
            for (DirectoryInfo? dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
            {
                if (File.Exists(Path.Combine(dir.FullName, "Sing.Analyzers", "README.md")))
                {
                    return dir.FullName;
                }
            }

            throw new FileNotFoundException("Sing.Analyzers/README.md not found above " + AppContext.BaseDirectory);
        }

        private static string Readme() => File.ReadAllText(Path.Combine(RepositoryRoot(), "Sing.Analyzers", "README.md"));

        /// <summary>Every descriptor the Sing tools declare: analyzers, contract generator and startup generator, found by reflection.</summary>
        private static List<DiagnosticDescriptor> AllDescriptors()
        {
            var assemblies = new[]
            {
                typeof(ContractAnalyzer).Assembly,
                typeof(Sing.Contracts.Generator.ContractGenerator).Assembly,
                typeof(Sing.Startup.Generator.StartupGenerator).Assembly,
            };
            var descriptors = new List<DiagnosticDescriptor>();
            foreach (Type type in assemblies.SelectMany(a => a.GetTypes()))
            {
                foreach (FieldInfo field in type.GetFields(BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic))
                {
                    if (field.FieldType == typeof(DiagnosticDescriptor) && field.GetValue(null) is DiagnosticDescriptor descriptor)
                    {
                        descriptors.Add(descriptor);
                    }
                }
            }

            descriptors.AddRange(CompilationHarness.AllAnalyzers.SelectMany(a => a.SupportedDiagnostics));
            return descriptors.DistinctBy(d => d.Id).ToList();
        }

        [Fact]
        public void Every_diagnostic_links_to_an_anchor_the_README_renders()
        {
            HashSet<string> anchors = ReadmeAnchors.Parse(Readme());
            List<DiagnosticDescriptor> descriptors = AllDescriptors();
            // 38 analyzer descriptors (SING0001-0014, 0101-0107, 0201-0211, 0301-0306) and the startup generator's 3.
            Assert.True(descriptors.Count >= 38 + 3, "expected every SING descriptor, got " + descriptors.Count);
            Assert.Contains(descriptors, d => d.Id == "SINGS001");
            foreach (DiagnosticDescriptor descriptor in descriptors)
            {
                Assert.Equal(HelpLinks.Readme + "#" + descriptor.Id.ToLowerInvariant(), descriptor.HelpLinkUri);
                string anchor = descriptor.HelpLinkUri.Substring(descriptor.HelpLinkUri.IndexOf('#', StringComparison.Ordinal) + 1);
                Assert.True(anchors.Contains(anchor), descriptor.Id + ": README has no anchor #" + anchor);
            }
        }

        [Fact]
        public void Help_links_point_at_this_README()
        {
            Assert.Equal("Sing.Analyzers/README.md", HelpLinks.Readme.Substring(HelpLinks.Readme.Length - "Sing.Analyzers/README.md".Length));
            Assert.True(File.Exists(Path.Combine(RepositoryRoot(), "Sing.Analyzers", "README.md")));
        }

        [Fact]
        public void Every_title_and_message_says_what_to_do()
        {
            // The message says what is wrong, then (after ':' or ';') what to do; the title is an instruction or a rule.
            foreach (DiagnosticDescriptor descriptor in AllDescriptors())
            {
                string title = descriptor.Title.ToString(CultureInfo.InvariantCulture);
                string message = descriptor.MessageFormat.ToString(CultureInfo.InvariantCulture);
                Assert.False(string.IsNullOrWhiteSpace(title), descriptor.Id);
                Assert.True(message.Contains(':', StringComparison.Ordinal) || message.Contains(';', StringComparison.Ordinal) || message.Contains("must", StringComparison.Ordinal) || message.EndsWith("{4}", StringComparison.Ordinal), descriptor.Id + ": " + message);
            }
        }

        [Fact]
        public void Anchor_parser_follows_GitHub_heading_ids()
        {
            HashSet<string> anchors = ReadmeAnchors.Parse("# Sing.Analyzers — the checks\n## IDE\n## IDE\n```\n# not a heading\n```\n| <a id=\"sing0001\"></a>SING0001 |\n### `SING0101`: send [here](x.md)\n");
            Assert.Equal(new HashSet<string> { "singanalyzers--the-checks", "ide", "ide-1", "sing0001", "sing0101-send-here" }, anchors);
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
