using System;
using System.Buffers;
using System.Buffers.Text;
using System.Text;
using static Sing.Conformance.Check;

namespace Sing.Conformance
{
    /// <summary>System.Buffers.Text.Base64 and Base64Url: span to span, partial blocks, bad input, white space.</summary>
    internal static class Base64Checks
    {
        private static string Encode(string text, int room, bool final)
        {
            byte[] source = Encoding.UTF8.GetBytes(text);
            byte[] destination = new byte[room];
            OperationStatus status = Base64.EncodeToUtf8(source, destination, out int consumed, out int written, final);
            return status + " " + consumed + " " + written + " " + Encoding.ASCII.GetString(destination, 0, written);
        }

        private static string Decode(string base64, int room, bool final)
        {
            byte[] destination = new byte[room];
            OperationStatus status = Base64.DecodeFromUtf8(Encoding.ASCII.GetBytes(base64), destination, out int consumed, out int written, final);
            return status + " " + consumed + " " + written + " " + Convert.ToHexString(destination, 0, written);
        }

        public static void Run()
        {
            Line("encode", Encode("Many hands make light work.", 64, true));
            Line("encode-tail", Encode("ab", 8, true) + " | " + Encode("a", 8, true) + " | " + Encode("", 8, true));
            Line("encode-partial", Encode("abcde", 16, false));
            Line("encode-small", Encode("abcdefgh", 6, true));
            Line("max-lengths", Base64.GetMaxEncodedToUtf8Length(10) + " " + Base64.GetMaxDecodedFromUtf8Length(17));
            Line("decode", Decode("TWFueSBoYW5kcw==", 32, true));
            Line("decode-space", Decode("TWFu eSBo\r\nYW5k cw==", 32, true));
            Line("decode-bad", Decode("TWFu*SBo", 32, true) + " | " + Decode("TW=u", 32, true) + " | " + Decode("TWE=TWFu", 32, true));
            Line("decode-partial", Decode("TWFueSB", 32, false) + " | " + Decode("TWFueSB", 32, true));
            Line("decode-small", Decode("TWFueSBoYW5kcw==", 4, true));
            Line("in-place", InPlace());
            Line("is-valid", Base64.IsValid("TWFu") + " " + Base64.IsValid("TWF") + " " + Base64.IsValid("TW Fu", out int length) + length + " " + Base64.IsValid("TWFu!"u8));
            Line("url", Base64Url.EncodeToString(new byte[] { 0xFB, 0xFF, 0x01 }) + " " + Base64Url.EncodeToString(new byte[] { 0xFB }) + " "
                + Convert.ToHexString(Base64Url.DecodeFromChars("-_8B")) + " " + Convert.ToHexString(Base64Url.DecodeFromChars("-w"))
                + " " + Base64Url.GetEncodedLength(4) + " " + Base64Url.GetMaxDecodedLength(6) + " " + Base64Url.IsValid("a+b"));
            Line("url-bad", Throws(() => Base64Url.DecodeFromChars("a")));
        }

        private static string InPlace()
        {
            byte[] buffer = new byte[16];
            Encoding.ASCII.GetBytes("hello").CopyTo(buffer, 0);
            OperationStatus encoded = Base64.EncodeToUtf8InPlace(buffer, 5, out int written);
            string text = Encoding.ASCII.GetString(buffer, 0, written);
            OperationStatus decoded = Base64.DecodeFromUtf8InPlace(buffer.AsSpan(0, written), out int back);
            return encoded + " " + text + " " + decoded + " " + Encoding.ASCII.GetString(buffer, 0, back);
        }
    }
}
