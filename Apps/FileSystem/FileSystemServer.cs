using System;
using System.Collections.Generic;
using System.Text;
using Sing.Contracts;
using Sing.Contracts.Sip;
using Sing.Storage;
using Sing.Storage.Fat;
using Sing.Storage.Permissions;
using Singularity.V1;

namespace Sing.Apps.FileSystem
{
    /// <summary>Serves the mounted volume at /fs on one thread: new clients arrive on the registration endpoint (with
    /// their principal), and every client channel and open-file channel waits in one endpoint set with its session.
    /// A request is answered completely before the next is taken, so the engine needs no lock. Modified data is
    /// written back by Sync requests and after a short idle time.</summary>
    internal sealed class FileSystemServer
    {
        private const int PollMilliseconds = 20;        // how long new clients may wait while others are connected
        private const int IdleSyncMilliseconds = 200;   // write-back delay after the last change
        private const int MaxTransfer = 1 << 20;
        private const int AcceptEvery = 8;              // requests served between looks for new clients while busy

        private readonly FatVolume _volume;
        private readonly RtcClock _clock;
        private readonly AccessRule _rule;
        private readonly AccessControl _acl;
        private readonly EndpointSet<Endpoint> _channels = new EndpointSet<Endpoint>();
        private readonly Holdings _held = new Holdings();
        private byte[] _scratch = new byte[64 * 1024];
        private bool _dirty;
        private int _idle;
        private int _served;

        public FileSystemServer(FatVolume volume, RtcClock clock, AccessRule rule)
        {
            _volume = volume;
            _clock = clock;
            _rule = rule;
            _acl = new AccessControl(volume);
        }

        public void Run(ChannelEndpoint requests)
        {
            while (true)
            {
                if (_channels.Count == 0)
                {
                    SyncIfDirty();
                    if (!Accept(requests, Channels.Forever)) return;
                    continue;
                }
                // New clients are looked for every AcceptEvery requests (a receive on the registration endpoint is a
                // kernel call; most requests find none) and whenever the connected ones are quiet for PollMilliseconds.
                if (++_served >= AcceptEvery)
                {
                    _served = 0;
                    if (!Accept(requests, 0)) return;
                }
                Endpoint ready = _channels.Take(PollMilliseconds, out object state);
                if (ready == null)
                {
                    _served = AcceptEvery;
                    _idle += PollMilliseconds;
                    if (_idle >= IdleSyncMilliseconds) SyncIfDirty();
                    continue;
                }
                _idle = 0;
                _clock.Forget();
                Principal who = state is FileSession f ? f.Who : ((ClientSession)state).Who;
                try
                {
                    if (state is FileSession file) ServeFile(ready, file);
                    else ServeClient(ready, (ClientSession)state);
                }
                catch (Exception e)
                {
                    // Whatever one request does wrong (a reply to a client that vanished, a bug its request found),
                    // it costs that channel only: the server goes on for everyone else.
                    Debug.WriteLine($"fs: a request of {who.Program} (pid {who.ProcessId}) failed: {e.Message}; its channel is closed");
                    if (ready.IsOwned) ready.Free();
                    if (state is FileSession open) open.File.Close();
                    _held.Release(who.ProcessId);
                }
            }
        }

        /// <summary>Takes the connection requests waiting on the registration endpoint; false when the kernel withdrew it.</summary>
        private bool Accept(ChannelEndpoint requests, ulong timeout)
        {
            while (true)
            {
                AbiStatus status = Channels.Receive(requests, out ReceivedMessage m, timeout);
                if (status == AbiStatus.ChannelClosed) return false;
                if (status != AbiStatus.Ok) return true;
                timeout = 0;
                if (m.Tag != Names.ConnectRequestTag) continue;
                // The count first: a delegation between the two reads then shows as a change at the first request.
                int changes = Channels.PrincipalChangesOf(m.Endpoint);
                Principal who = Principal.Of(m);
                FileSystemContract.Exp client = FileSystemContract.Exp.Attach(KernelEndpoints.Wrap(m.Endpoint), FileSystemContract.States.Ready);
                string refusal = _held.TryTake(who.ProcessId);
                if (refusal != null)
                {
                    // The client sees its channel closed at its first request; the reason is logged here.
                    Debug.WriteLine($"fs: refused a connection of {who.Program}: {refusal}");
                    client.Free();
                    continue;
                }
                _channels.Add(client, new ClientSession(who, changes));
            }
        }

        private void SyncIfDirty()
        {
            if (!_dirty) return;
            _dirty = false;
            try
            {
                _volume.Sync();
            }
            catch (FatException e)
            {
                Debug.WriteLine("fs: write-back failed: " + e.Message);
            }
        }

        private void ServeClient([Claims] Endpoint endpoint, ClientSession session)
        {
            var client = (FileSystemContract.Exp)endpoint;
            session.Refresh(client);
            try
            {
                FileSystemContract.Exp.ReadyReceived r = client.ReceiveReady();
                switch (r.Tag)
                {
                    case FileSystemContract.Exp.ReadyTag.ChannelClosed:
                        client.Free();
                        _held.Release(session.Who.ProcessId);
                        return;
                    case FileSystemContract.Exp.ReadyTag.Open:
                    {
                        r.GetOpen(out ExVector<char> pathVector, out int mode);
                        string path = TakeText(pathVector);
                        Open(client, session, path, mode);
                        break;
                    }
                    case FileSystemContract.Exp.ReadyTag.List:
                    {
                        r.GetList(out ExVector<char> pathVector);
                        string path = TakeText(pathVector);
                        string text = null;
                        FatException failure = null;
                        try
                        {
                            Check(session, path, AccessRights.Read);
                            text = Listing.Format(WithoutAclFiles(_volume.List(path)));
                        }
                        catch (FatException e)
                        {
                            failure = e;
                        }
                        if (failure == null) client.SendListing(TextVector.From(text));
                        else client.SendFailed((int)failure.Error, TextVector.From(failure.Message));
                        break;
                    }
                    case FileSystemContract.Exp.ReadyTag.Stat:
                    {
                        r.GetStat(out ExVector<char> pathVector);
                        string path = TakeText(pathVector);
                        FatEntryInfo info = null;
                        FatException failure = null;
                        try
                        {
                            info = _volume.Stat(path);
                            // The stored name tells an ACL file under any spelling, with no second walk.
                            if (FatPath.SameName(info.Name, AccessControl.FileName)) RefuseAclFile(path);
                        }
                        catch (FatException e)
                        {
                            failure = e;
                        }
                        if (failure == null) client.SendStatus(info.IsDirectory ? 1 : 0, info.Size, (info.Modified.Date << 16) | info.Modified.Time);
                        else client.SendFailed((int)failure.Error, TextVector.From(failure.Message));
                        break;
                    }
                    case FileSystemContract.Exp.ReadyTag.MakeDirectory:
                    {
                        r.GetMakeDirectory(out ExVector<char> pathVector);
                        string path = TakeText(pathVector);
                        Change(client, session, path, null, 0);
                        break;
                    }
                    case FileSystemContract.Exp.ReadyTag.Delete:
                    {
                        r.GetDelete(out ExVector<char> pathVector);
                        string path = TakeText(pathVector);
                        Change(client, session, path, null, 1);
                        break;
                    }
                    case FileSystemContract.Exp.ReadyTag.Rename:
                    {
                        r.GetRename(out ExVector<char> fromVector, out ExVector<char> toVector);
                        if (fromVector is null || toVector is null)
                        {
                            // Both checked before either is read, so the one that came is not left behind.
                            if (fromVector is not null) fromVector.Free();
                            if (toVector is not null) toVector.Free();
                            throw new ProtocolViolationException("a rename arrived without both of its paths");
                        }
                        string from = TakeText(fromVector);
                        string to = TakeText(toVector);
                        Change(client, session, from, to, 2);
                        break;
                    }
                    case FileSystemContract.Exp.ReadyTag.GetAcl:
                    {
                        r.GetGetAcl(out ExVector<char> pathVector);
                        string path = TakeText(pathVector);
                        string text = null;
                        FatException failure = null;
                        try
                        {
                            text = DescribeAcl(path);
                        }
                        catch (FatException e)
                        {
                            failure = e;
                        }
                        if (failure == null) client.SendAclText(TextVector.From(text));
                        else client.SendFailed((int)failure.Error, TextVector.From(failure.Message));
                        break;
                    }
                    case FileSystemContract.Exp.ReadyTag.SetAcl:
                    {
                        r.GetSetAcl(out ExVector<char> pathVector, out ExVector<char> entriesVector);
                        if (pathVector is null || entriesVector is null)
                        {
                            if (pathVector is not null) pathVector.Free();
                            if (entriesVector is not null) entriesVector.Free();
                            throw new ProtocolViolationException("an ACL change arrived without its path and entries");
                        }
                        string path = TakeText(pathVector);
                        string entries = TakeText(entriesVector);
                        FatException failure = null;
                        try
                        {
                            SetAcl(session, path, entries);
                            _dirty = true;
                        }
                        catch (FatException e)
                        {
                            failure = e;
                        }
                        if (failure == null) client.SendDone();
                        else client.SendFailed((int)failure.Error, TextVector.From(failure.Message));
                        break;
                    }
                    case FileSystemContract.Exp.ReadyTag.GetSpace:
                        client.SendSpace(_volume.FreeBytes, _volume.TotalBytes);
                        break;
                    case FileSystemContract.Exp.ReadyTag.Sync:
                    {
                        FatException failure = null;
                        try
                        {
                            _dirty = false;
                            _volume.Sync();
                        }
                        catch (FatException e)
                        {
                            failure = e;
                        }
                        if (failure == null) client.SendDone();
                        else client.SendFailed((int)failure.Error, TextVector.From(failure.Message));
                        break;
                    }
                }
            }
            catch (ProtocolViolationException e)
            {
                // The kernel does not check the contract of a channel made by a name-service connect: a client that
                // sends a message the contract does not allow, or a request without the text it declares (the wire
                // allows a missing vector), loses its channel, and the others are served on.
                Debug.WriteLine($"fs: {session.Who.Program} (pid {session.Who.ProcessId}) broke the file-system contract: {e.Message}; its channel is closed");
                if (client.IsOwned) client.Free();
                _held.Release(session.Who.ProcessId);
                return;
            }
            _channels.Add(client, session);
        }

        /// <summary>mkdir (0), delete (1) or rename (2), after the access rule allowed it for both paths.</summary>
        private void Change(FileSystemContract.Exp client, ClientSession session, string path, string to, int operation)
        {
            FatException failure = null;
            try
            {
                string refusal = _rule.RefusesChange(session.CountsAsApplication, session.Described, _volume.Canonical(path));
                if (refusal == null && to != null) refusal = _rule.RefusesChange(session.CountsAsApplication, session.Described, _volume.Canonical(to));
                if (refusal != null) throw new FatException(FatError.AccessDenied, refusal);
                RefuseAclFile(path);
                if (operation == 0) Check(session, Parent(path), AccessRights.Create);
                else Check(session, path, AccessRights.Delete);
                if (operation == 2) Check(session, Parent(to), AccessRights.Create);
                string source = _volume.Canonical(path);
                if (operation == 0) _volume.CreateDirectory(path);
                else if (operation == 1) DeleteWithAcl(path, source);
                else
                {
                    RefuseAclFile(to);
                    _volume.Rename(path, to);
                    _acl.Move(source, _volume.Canonical(to));
                }
                _dirty = true;
            }
            catch (FatException e)
            {
                failure = e;
            }
            if (failure == null) client.SendDone();
            else client.SendFailed((int)failure.Error, TextVector.From(failure.Message));
        }

        private void Open(FileSystemContract.Exp client, ClientSession session, string path, int mode)
        {
            bool write = (mode & (FileSystemContract.ModeWrite | FileSystemContract.ModeCreate | FileSystemContract.ModeTruncate)) != 0;
            FatFile file = null;
            FatException failure = null;
            string tooMany = _held.TryTake(session.Who.ProcessId);
            if (tooMany != null)
            {
                client.SendFailed((int)FatError.TooManyOpen, TextVector.From(tooMany));
                return;
            }
            try
            {
                string refusal = write ? _rule.RefusesChange(session.CountsAsApplication, session.Described, _volume.Canonical(path)) : null;
                if (refusal != null) throw new FatException(FatError.AccessDenied, refusal);
                if (write) CheckWrite(session, path, mode);
                file = _volume.Open(path, write, (mode & FileSystemContract.ModeCreate) != 0, (mode & FileSystemContract.ModeTruncate) != 0);
                if (write) _dirty = true;
                else
                {
                    // A read is checked on the path the open resolved (canonical: no second walk), and given back if refused.
                    FatFile opened = file;
                    try
                    {
                        if (AccessControl.IsAclFile(opened.Path)) RefuseAclFile(opened.Path);
                        CheckCanonical(session, opened.Path, AccessRights.Read);
                    }
                    catch (FatException)
                    {
                        file = null;
                        opened.Close();
                        throw;
                    }
                }
            }
            catch (FatException e)
            {
                failure = e;
            }
            if (failure != null)
            {
                _held.Release(session.Who.ProcessId);
                client.SendFailed((int)failure.Error, TextVector.From(failure.Message));
                return;
            }
            FileContract.CreateChannel(out FileContract.Imp imp, out FileContract.Exp exp);
            client.SendOpened(imp, file.Length);
            _channels.Add(exp, new FileSession(file, session.Who));
        }

        // ---- access control lists (Permissions/, Apps/FileSystem/README.md) ----

        /// <summary>Throws AccessDenied unless the session's principal holds <paramref name="needed"/> on <paramref name="path"/>;
        /// an ACL file is never a client's path.</summary>
        private void Check(ClientSession session, string path, AccessRights needed) => CheckCanonical(session, RefuseAclFile(path), needed);

        private void CheckCanonical(ClientSession session, string canonical, AccessRights needed)
        {
            string refusal = _acl.Refuses(session.Name, canonical, needed);
            ReportAclProblems();
            if (refusal != null) throw new FatException(FatError.AccessDenied, refusal);
        }

        /// <summary>Writing an existing file needs write on it, creating one needs create on its directory. (Reading needs
        /// read on the file, checked on the opened file's path.)</summary>
        private void CheckWrite(ClientSession session, string path, int mode)
        {
            string canonical = RefuseAclFile(path);
            bool exists = true;
            try
            {
                _volume.Stat(path);
            }
            catch (FatException e) when (e.Error == FatError.NotFound)
            {
                exists = false;
            }
            if (!exists && (mode & FileSystemContract.ModeCreate) != 0) Check(session, Parent(path), AccessRights.Create);
            else CheckCanonical(session, canonical, AccessRights.Write);
        }

        /// <summary>The canonical form of <paramref name="path"/>; NotFound when it names an ACL file.</summary>
        private string RefuseAclFile(string path)
        {
            string canonical = _volume.Canonical(path);
            if (AccessControl.IsAclFile(canonical))
                throw new FatException(FatError.NotFound, canonical + ": no such file or directory (the name is the volume's ACL file, which only the server reads)");
            return canonical;
        }

        private static string Parent(string path)
        {
            string trimmed = path.TrimEnd('/');
            int slash = trimmed.LastIndexOf('/');
            return slash <= 0 ? "/" : trimmed.Substring(0, slash);
        }

        private static List<FatEntryInfo> WithoutAclFiles(List<FatEntryInfo> entries)
        {
            entries.RemoveAll(e => FatPath.SameName(e.Name, AccessControl.FileName));
            return entries;
        }

        /// <summary>Deletes a file, or a directory whose only entry is its ACL file; the item's own explicit ACL goes too.</summary>
        private void DeleteWithAcl(string path, string canonical)
        {
            try
            {
                _volume.Delete(path);
            }
            catch (FatException e) when (e.Error == FatError.DirectoryNotEmpty)
            {
                if (WithoutAclFiles(_volume.List(path)).Count > 0 || !_acl.RemoveFileOf(canonical)) throw;
                _volume.Delete(path);
            }
            _acl.Forget(canonical);
        }

        private string DescribeAcl(string path)
        {
            string canonical = RefuseAclFile(path);
            _volume.Stat(path);   // NotFound for nothing at the path
            IReadOnlyList<AclEntry> entries = _acl.Effective(canonical, out string setOn);
            ReportAclProblems();
            if (entries == null) return "none (everyone may do everything)\n";
            var text = new StringBuilder(setOn == "/" + canonical.TrimStart('/') ? "set on " : "inherited from ").Append(setOn).Append('\n');
            foreach (AclEntry e in entries) text.Append(e.Pattern.Text).Append('\t').Append(Rights.Format(e.Rights)).Append('\n');
            return text.ToString();
        }

        /// <summary>Sets the explicit ACL of <paramref name="path"/> from "PATTERN RIGHTS" lines (none: inherit again).</summary>
        private void SetAcl(ClientSession session, string path, string lines)
        {
            Check(session, path, AccessRights.ChangeAcl);
            string canonical = _volume.Canonical(path);
            _volume.Stat(path);
            string refusal = _rule.RefusesChange(session.CountsAsApplication, session.Described, canonical);
            if (refusal != null) throw new FatException(FatError.AccessDenied, refusal);
            var entries = new List<AclEntry>();
            string[] split = lines.Split('\n');
            if (split.Length > MaxAclEntries + 1) throw new FatException(FatError.InvalidArgument, "an ACL has at most " + MaxAclEntries.ToString() + " entries");
            foreach (string raw in split)
            {
                string line = raw.Trim();
                if (line.Length == 0) continue;
                int space = line.LastIndexOf(' ');
                if (space <= 0) throw new FatException(FatError.InvalidArgument, "ACL entry \"" + Singularity.Security.PrincipalName.Printable(line) + "\": expected PATTERN RIGHTS");
                if (!Singularity.Security.PrincipalPattern.TryParse(line.Substring(0, space).Trim(), out Singularity.Security.PrincipalPattern pattern, out string error)
                    || !Rights.TryParse(line.Substring(space + 1), out AccessRights rights, out error))
                    throw new FatException(FatError.InvalidArgument, error);
                entries.Add(new AclEntry(pattern, rights));
            }
            _acl.Set(canonical, entries.Count == 0 ? null : entries);
        }

        private const int MaxAclEntries = 64;

        /// <summary>Damaged lines of ACL files, each logged once.</summary>
        private void ReportAclProblems()
        {
            foreach (string problem in _acl.Problems) Debug.WriteLine("fs: " + problem);
            _acl.Problems.Clear();
        }

        /// <summary>A request's text argument, its vector freed; a request that carries none breaks the contract.</summary>
        private static string TakeText([Claims] ExVector<char> vector)
        {
            if (vector is null) throw new ProtocolViolationException("a request arrived without its text argument");
            string text = TextVector.Read(vector);
            vector.Free();
            return text;
        }

        private void ServeFile([Claims] Endpoint endpoint, FileSession session)
        {
            var channel = (FileContract.Exp)endpoint;
            FatFile file = session.File;
            FileContract.Exp.ReadyReceived r;
            try
            {
                r = channel.ReceiveReady();
            }
            catch (ProtocolViolationException e)
            {
                // The kernel checks this channel's states and tags; a message whose contents do not fit its
                // declaration (too short, a missing block) still ends only that file's channel.
                Debug.WriteLine($"fs: {session.Who.Program} (pid {session.Who.ProcessId}) sent a malformed file request: {e.Message}; the file is closed");
                file.Close();
                channel.Free();
                _held.Release(session.Who.ProcessId);
                return;
            }
            switch (r.Tag)
            {
                case FileContract.Exp.ReadyTag.ChannelClosed:
                case FileContract.Exp.ReadyTag.Close:
                    file.Close();
                    channel.Free();
                    _held.Release(session.Who.ProcessId);
                    return;
                case FileContract.Exp.ReadyTag.Read:
                {
                    r.GetRead(out ExVector<byte> buffer, out int count);
                    int error = 0, n = 0;
                    if (count < 0 || count > buffer.Length || count > MaxTransfer) error = (int)FatError.InvalidArgument;
                    else
                    {
                        // A small file is copied from the file cache in one piece (no scratch copy, no device
                        // request once it is kept); larger ones go through the scratch buffer.
                        byte[] whole = null;
                        byte[] scratch = null;
                        int from = 0;
                        try
                        {
                            whole = file.Contents();
                            if (whole != null)
                            {
                                long position = session.Position;
                                long left = position < file.Length ? file.Length - position : 0;
                                n = left < count ? (int)left : count;
                                from = (int)position;
                            }
                            else
                            {
                                scratch = Scratch(count);
                                n = file.Read(session.Position, scratch, 0, count);
                            }
                        }
                        catch (FatException e)
                        {
                            error = (int)e.Error;
                        }
                        if (error == 0)
                        {
                            if (n > 0) buffer.CopyFrom(new ReadOnlySpan<byte>(whole ?? scratch, from, n));
                            session.Position += n;
                        }
                    }
                    if (error == 0) channel.SendReadDone(buffer, n);
                    else channel.SendFailed(error, buffer);
                    break;
                }
                case FileContract.Exp.ReadyTag.Write:
                {
                    r.GetWrite(out ExVector<byte> buffer, out int count);
                    int error = 0;
                    if (count < 0 || count > buffer.Length || buffer.Length > MaxTransfer) error = (int)FatError.InvalidArgument;
                    else
                    {
                        byte[] scratch = Scratch(buffer.Length);
                        buffer.CopyTo(scratch);
                        try
                        {
                            file.Write(session.Position, scratch, 0, count);
                        }
                        catch (FatException e)
                        {
                            error = (int)e.Error;
                        }
                        if (error == 0) session.Position += count;
                        _dirty = true;
                    }
                    if (error == 0) channel.SendWritten(buffer, count);
                    else channel.SendFailed(error, buffer);
                    break;
                }
                case FileContract.Exp.ReadyTag.Seek:
                {
                    r.GetSeek(out long offset, out int origin);
                    long basis = origin == 1 ? session.Position : origin == 2 ? file.Length : 0;
                    long target = basis + offset;
                    if (target >= 0 && target <= FatFile.MaxSize) session.Position = target;
                    channel.SendPosition(session.Position);
                    break;
                }
                case FileContract.Exp.ReadyTag.GetSize:
                    channel.SendSize(file.Length);
                    break;
                case FileContract.Exp.ReadyTag.Truncate:
                {
                    r.GetTruncate(out long length);
                    int error = 0;
                    try
                    {
                        file.SetLength(length);
                        _dirty = true;
                    }
                    catch (FatException e)
                    {
                        error = (int)e.Error;
                    }
                    if (error == 0) channel.SendTruncated();
                    else channel.SendRefused(error);
                    break;
                }
            }
            _channels.Add(channel, session);
        }

        /// <summary>A buffer of at least <paramref name="bytes"/>, reused between requests.</summary>
        private byte[] Scratch(int bytes)
        {
            if (_scratch.Length < bytes) _scratch = new byte[bytes];
            return _scratch;
        }
    }
}
