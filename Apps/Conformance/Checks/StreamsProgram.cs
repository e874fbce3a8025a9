using System;
using System.IO;
using System.Text;
using static Sing.Conformance.EachLine;

namespace Sing.Conformance
{
    /// <summary>Bytes and text through memory streams, as file-format and protocol code writes them: MemoryStream
    /// growth, seeking and fixed buffers, StreamWriter/StreamReader with and without byte-order marks, BinaryWriter/
    /// BinaryReader round trips and their errors. Each line runs on its own.</summary>
    internal static class StreamsProgram
    {

        public static void Run()
        {
            P(() => { using var ms = new MemoryStream(); using (var w = new StreamWriter(ms, leaveOpen: true)) { w.Write("héllo\nworld"); } ms.Position = 0; using var r = new StreamReader(ms); return ms.Length + " " + r.ReadLine() + "|" + r.EndOfStream + "|" + r.ReadToEnd() + "|" + r.EndOfStream; });
            P(() => { using var ms = new MemoryStream(); var w = new StreamWriter(ms, Encoding.UTF8); w.Write("a"); w.Flush(); return BitConverter.ToString(ms.ToArray()); });
            P(() => { var bytes = Encoding.Unicode.GetPreamble(); var all = new byte[bytes.Length + 4]; Array.Copy(bytes, all, bytes.Length); Array.Copy(Encoding.Unicode.GetBytes("hi"), 0, all, bytes.Length, 4); using var r = new StreamReader(new MemoryStream(all)); return r.ReadToEnd() + " " + r.CurrentEncoding.WebName; });
            P(() => { using var ms = new MemoryStream(); var bw = new BinaryWriter(ms); bw.Write(42); bw.Write("hi"); bw.Write(1.5); bw.Write(-7L); bw.Write(true); bw.Write(3.25m); bw.Write((short)-2); bw.Write(new string('x', 200)); bw.Flush(); ms.Position = 0; var br = new BinaryReader(ms); return br.ReadInt32() + br.ReadString() + br.ReadDouble() + br.ReadInt64() + br.ReadBoolean() + br.ReadDecimal() + br.ReadInt16() + br.ReadString().Length + " " + ms.Length; });
            P(() => { var ms = new MemoryStream(); new BinaryWriter(ms).Write(1000); return BitConverter.ToString(ms.ToArray()); });
            P(() => { var ms = new MemoryStream(new byte[] { 1, 2 }); return new BinaryReader(ms).ReadInt32(); });
            P(() => { var ms = new MemoryStream(); ms.Write(new byte[] { 1, 2, 3, 4, 5 }, 0, 5); ms.Seek(-2, SeekOrigin.End); int b = ms.ReadByte(); ms.Position = 8; ms.WriteByte(9); ms.SetLength(10); return b + " " + ms.Length + " " + BitConverter.ToString(ms.ToArray()) + " " + ms.Capacity; });
            P(() => { var ms = new MemoryStream(new byte[4], false); ms.WriteByte(1); return 0; });
            P(() => { var ms = new MemoryStream(new byte[2]); ms.Write(new byte[3], 0, 3); return 0; });
            P(() => { var ms = new MemoryStream(new byte[] { 9, 8, 7, 6 }, 1, 2); var buf = new byte[4]; int n = ms.Read(buf, 0, 4); return n + " " + BitConverter.ToString(buf) + " " + ms.Length + " " + ms.Position; });
            P(() => { var ms = new MemoryStream(); ms.Dispose(); return ms.Length; });
            P(() => { var ms = new MemoryStream(); ms.Seek(-1, SeekOrigin.Begin); return 0; });
            P(() => { var src = new MemoryStream(Encoding.ASCII.GetBytes("copy me")); var dst = new MemoryStream(); src.CopyTo(dst); return Encoding.ASCII.GetString(dst.ToArray()) + dst.Position; });
            P(() => { var ms = new MemoryStream(); using (var w = new StreamWriter(ms)) { w.WriteLine("a,b"); w.WriteLine("1,2"); } return ms.ToArray().Length + " " + ms.CanRead; });
            P(() => { var r = new StringReader("x\r\ny\rz"); return r.ReadLine() + r.ReadLine() + r.ReadLine() + (r.ReadLine() ?? "null") + r.Peek(); });
        }
    }
}
