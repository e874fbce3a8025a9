using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Sing.Bench.Host
{
    /// <summary>
    /// Writes a synthetic SIP code base: each file declares a contract and a service that uses it the
    /// way drivers and servers do (switch receive loops, exchange-heap buffers, try/finally, helpers).
    /// </summary>
    internal static class SipCorpus
    {
        public static List<string> Files(int targetLines, out int lines)
        {
            var files = new List<string>();
            lines = 0;
            for (int i = 0; lines < targetLines; i++)
            {
                string file = File(i);
                files.Add(file);
                lines += CountLines(file);
            }

            return files;
        }

        /// <summary>The first <paramref name="count"/> files of the corpus.</summary>
        public static List<string> FirstFiles(int count)
        {
            var files = new List<string>();
            for (int i = 0; i < count; i++)
            {
                files.Add(File(i));
            }

            return files;
        }

        /// <summary>
        /// One file of at least <paramref name="targetLines"/> lines: the files numbered from <paramref name="first"/> on,
        /// one namespace block each, under one set of usings (what a large SIP source file looks like to the compiler).
        /// </summary>
        public static string LargeFile(int first, int targetLines, out int lines, out int parts)
        {
            var b = new StringBuilder();
            const string Usings = "using System;\nusing Sing.Contracts;\n";
            b.Append(Usings);
            for (parts = 0; CountLines(b.ToString()) < targetLines; parts++)
            {
                string file = File(first + parts);
                b.Append(file, Usings.Length, file.Length - Usings.Length);
            }

            string text = b.ToString();
            lines = CountLines(text);
            return text;
        }

        private static int CountLines(string text)
        {
            int n = 1;
            foreach (char c in text)
            {
                if (c == '\n')
                {
                    n++;
                }
            }

            return n;
        }

        private static string File(int i)
        {
            string n = i.ToString(CultureInfo.InvariantCulture);
            var b = new StringBuilder();
            b.Append("""
                using System;
                using Sing.Contracts;

                namespace Sip.Services
                {
                    public struct Header__N
                    {
                        public int Length;
                        public long Sequence;
                    }

                    [Contract]
                    [State("Start", "Hello! -> Idle")]
                    [State("Idle", "Read? -> (Data! | Error!) -> Idle", "Write? -> (Done! | Error!) -> Idle", "Stat? -> Info! -> Idle", "Bye? -> Closed")]
                    [State("Closed")]
                    public sealed partial class Store__N
                    {
                        [OutMessage] partial void Hello(int version);
                        [InMessage] partial void Read(long offset, ExVector<byte> buffer);
                        [OutMessage] partial void Data(ExVector<byte> buffer, int count);
                        [OutMessage] partial void Error(ExVector<byte> buffer, int code);
                        [InMessage] partial void Write(long offset, ExVector<byte> buffer);
                        [OutMessage] partial void Done(ExVector<byte> buffer);
                        [InMessage] partial void Stat();
                        [OutMessage] partial void Info(Header__N header);
                        [InMessage] partial void Bye();
                    }

                    public sealed class StoreServer__N
                    {
                        private readonly byte[] _disk = new byte[4096];
                        private long _sequence;

                        public void Serve([Claims][InState("Start")] Store__N.Exp exp)
                        {
                            exp.SendHello(1);
                            while (true)
                            {
                                Store__N.Exp.IdleReceived request = exp.ReceiveIdle();
                                switch (request.Tag)
                                {
                                    case Store__N.Exp.IdleTag.Read:
                                        request.GetRead(out long offset, out ExVector<byte> buffer);
                                        if (offset < 0 || offset >= _disk.Length)
                                        {
                                            exp.SendError(buffer, 22);
                                            break;
                                        }

                                        int count = Copy(buffer, offset);
                                        exp.SendData(buffer, count);
                                        break;
                                    case Store__N.Exp.IdleTag.Write:
                                        request.GetWrite(out long at, out ExVector<byte> data);
                                        Store(data, at);
                                        exp.SendDone(data);
                                        break;
                                    case Store__N.Exp.IdleTag.Stat:
                                        exp.SendInfo(new Header__N { Length = _disk.Length, Sequence = _sequence });
                                        break;
                                    case Store__N.Exp.IdleTag.Bye:
                                    case Store__N.Exp.IdleTag.ChannelClosed:
                                        exp.Free();
                                        return;
                                }
                            }
                        }

                        private int Copy(ExVector<byte> buffer, long offset)
                        {
                            int count = 0;
                            for (long i = offset; i < _disk.Length && count < buffer.Length; i++)
                            {
                                buffer[count++] = _disk[i];
                            }

                            _sequence++;
                            return count;
                        }

                        private void Store(ExVector<byte> buffer, long offset)
                        {
                            for (int i = 0; i < buffer.Length && offset + i < _disk.Length; i++)
                            {
                                _disk[offset + i] = buffer[i];
                            }

                            _sequence++;
                        }
                    }

                    public static class StoreClient__N
                    {
                        public static int ReadAll([InState("Idle")] Store__N.Imp imp, int blocks)
                        {
                            int total = 0;
                            for (int block = 0; block < blocks; block++)
                            {
                                ExVector<byte> buffer = ExchangeHeap.NewVector<byte>(512);
                                imp.SendRead(block * 512L, buffer);
                                Store__N.Imp.IdleAfterReadReceived reply = imp.ReceiveIdleAfterRead();
                                switch (reply.Tag)
                                {
                                    case Store__N.Imp.IdleAfterReadTag.Data:
                                        reply.GetData(out ExVector<byte> data, out int count);
                                        total += Sum(data, count);
                                        data.Free();
                                        break;
                                    case Store__N.Imp.IdleAfterReadTag.Error:
                                        reply.GetError(out ExVector<byte> failed, out int code);
                                        failed.Free();
                                        return -code;
                                    case Store__N.Imp.IdleAfterReadTag.ChannelClosed:
                                        return total;
                                }
                            }

                            return total;
                        }

                        public static bool WriteOne([InState("Idle")] Store__N.Imp imp, long offset, byte value)
                        {
                            ExVector<byte> buffer = ExchangeHeap.NewVector<byte>(64);
                            try
                            {
                                for (int i = 0; i < buffer.Length; i++)
                                {
                                    buffer[i] = value;
                                }
                            }
                            finally
                            {
                                imp.SendWrite(offset, buffer);
                            }

                            Store__N.Imp.IdleAfterWriteReceived reply = imp.ReceiveIdleAfterWrite();
                            if (reply.Tag == Store__N.Imp.IdleAfterWriteTag.Done)
                            {
                                reply.GetDone(out ExVector<byte> back);
                                back.Free();
                                return true;
                            }

                            if (reply.Tag == Store__N.Imp.IdleAfterWriteTag.Error)
                            {
                                reply.GetError(out ExVector<byte> back, out int _);
                                back.Free();
                            }

                            return false;
                        }

                        public static long Stat([InState("Idle")] Store__N.Imp imp)
                        {
                            imp.SendStat();
                            imp.RecvInfo(out Header__N header);
                            return header.Sequence + header.Length;
                        }

                        public static void Run()
                        {
                            Store__N.CreateChannel(out Store__N.Imp imp, out Store__N.Exp exp);
                            exp.Free();
                            Store__N.Imp.StartReceived hello = imp.ReceiveStart();
                            if (hello.Tag == Store__N.Imp.StartTag.ChannelClosed)
                            {
                                imp.Free();
                                return;
                            }

                            WriteOne(imp, 0, 7);
                            ReadAll(imp, 4);
                            Stat(imp);
                            imp.SendBye();
                            imp.Free();
                        }

                        private static int Sum(ExVector<byte> data, int count)
                        {
                            int sum = 0;
                            for (int i = 0; i < count; i++)
                            {
                                sum += data[i];
                            }

                            return sum;
                        }
                    }
                }

                """);
            return b.ToString().Replace("__N", n, System.StringComparison.Ordinal);
        }
    }
}
