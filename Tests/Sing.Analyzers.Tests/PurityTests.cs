using Sing.Analyzers.Tests.Harness;
using Xunit;

namespace Sing.Analyzers.Tests
{
    /// <summary>SIP purity: only in assemblies marked SIP; privileged members only in trusted ones.</summary>
    public sealed class PurityTests
    {
        private const string Sip = "[assembly: Sing.Contracts.SipAssembly]\n";

        [Fact]
        public void Unsafe_block_in_SIP() => Verify.Diagnostics(Prelude.InClass("""
            static int M(int[] a)
            {
                /*SING0301*/unsafe
                {
                    return a.Length;
                }
            }
            """, Sip));

        [Fact]
        public void Unsafe_modifier_and_pointer_in_SIP() => Verify.Diagnostics(Prelude.InClass("""
            static /*SING0301*/unsafe int M(/*SING0302*/int* p)
            {
                return *p;
            }
            """, Sip));

        [Fact]
        public void Function_pointer_in_SIP() => Verify.Diagnostics(Prelude.InClass("""
            static /*SING0301*/unsafe void M(/*SING0302*/delegate*<void> f)
            {
                f();
            }
            """, Sip));

        [Fact]
        public void Unsafe_code_outside_SIP_is_allowed() => Verify.Diagnostics(Prelude.InClass("""
            static unsafe int M(int* p)
            {
                return *p;
            }
            """));

        [Fact]
        public void DllImport_in_SIP() => Verify.Diagnostics(Prelude.InClass("""
            [System.Runtime.InteropServices.DllImport("libc")]
            private static extern int /*SING0303*/getpid();
            """, Sip));

        [Fact]
        public void Marshal_in_SIP() => Verify.Diagnostics(Prelude.InClass("""
            static IntPtr M()
            {
                return /*SING0304*/System.Runtime.InteropServices.Marshal.AllocHGlobal(16);
            }
            """, Sip));

        [Fact]
        public void Unsafe_class_in_SIP() => Verify.Diagnostics(Prelude.InClass("""
            static long M(object o)
            {
                return /*SING0304*/System.Runtime.CompilerServices.Unsafe.As<object, long>(ref o);
            }
            """, Sip));

        [Fact]
        public void Reflection_emit_in_SIP() => Verify.Diagnostics(Prelude.InClass("""
            static object M()
            {
                return /*SING0305*/new System.Reflection.Emit.DynamicMethod("f", typeof(void), Type.EmptyTypes);
            }
            """, Sip));

        [Fact]
        public void Assembly_load_in_SIP() => Verify.Diagnostics(Prelude.InClass("""
            static object M(byte[] image)
            {
                return /*SING0305*/System.Reflection.Assembly.Load(image);
            }
            """, Sip));

        [Fact]
        public void Safe_SIP_code_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static int M(int[] a)
            {
                Span<int> s = stackalloc int[4];
                s[0] = a.Length;
                return s[0];
            }
            """, Sip));

        private const string PortIo = """
            namespace Demo.Hal
            {
                public static class Ports
                {
                    [Sing.Contracts.Privileged]
                    public static byte In(ushort port) => (byte)port;
                }
            }
            """;

        [Fact]
        public void Privileged_call_outside_trusted_assembly() => Verify.Diagnostics(Prelude.InClass("""
            static byte M() => /*SING0306*/Demo.Hal.Ports.In(0x60);
            """) + PortIo);

        [Fact]
        public void Privileged_call_in_trusted_assembly_is_clean() => Verify.Diagnostics(Prelude.InClass("""
            static byte M() => Demo.Hal.Ports.In(0x60);
            """, "[assembly: Sing.Contracts.TrustedAssembly]\n") + PortIo);
    }
}
