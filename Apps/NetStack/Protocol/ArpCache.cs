using System;
using System.Collections.Generic;

namespace Sing.Network.Protocol
{
    /// <summary>ARP (RFC 826) resolution of next hops: answered entries live <see cref="EntryLifetimeMs"/>; a datagram
    /// for an unresolved next hop waits in a bounded queue while requests go out once a second, and after
    /// <see cref="MaxRequests"/> unanswered requests the queue is dropped (counted) and the hop is remembered as
    /// unreachable for a while, so a dead address does not make every datagram wait again. At most
    /// <see cref="MaxEntries"/> entries: the oldest goes first.</summary>
    public sealed class ArpCache
    {
        public const long EntryLifetimeMs = 60_000;
        public const long RetryMs = 1000;
        public const int MaxRequests = 3;
        public const int MaxEntries = 256;
        public const int MaxQueuedPerHop = 16;
        public const long FailedLifetimeMs = 3_000;

        private sealed class Entry
        {
            public long Mac;
            public bool Resolved;
            public long Expires;          // resolved: when the answer is stale; pending: when the next request goes
            public int Requests;
            public long FailedUntil;
            public readonly Queue<byte[]> Waiting = new Queue<byte[]>();
        }

        private readonly Dictionary<uint, Entry> _entries = new Dictionary<uint, Entry>();
        private readonly NetCounters _counters;

        public ArpCache(NetCounters counters)
        {
            _counters = counters;
            counters.Declare("arp.requests_sent", "arp.replies_sent", "arp.resolved", "arp.unresolved_drops", "arp.queue_full_drops");
        }

        /// <summary>The MAC of <paramref name="address"/> if known and fresh.</summary>
        public bool TryGet(uint address, long now, out long mac)
        {
            mac = 0;
            if (!_entries.TryGetValue(address, out Entry? e) || !e.Resolved) return false;
            if (now >= e.Expires)
            {
                // Stale: ask again, but keep using the old answer until the new one or the failure.
                e.Resolved = false;
                e.Requests = 0;
                e.Expires = now;
                return false;
            }
            mac = e.Mac;
            return true;
        }

        /// <summary>Learns or refreshes an answer (a reply, or a request from the host itself); returns the datagrams
        /// that waited for it (their Ethernet destination still to be filled in).</summary>
        public Queue<byte[]>? Learn(uint address, long mac, long now, bool create)
        {
            if (!_entries.TryGetValue(address, out Entry? e))
            {
                if (!create) return null;
                e = NewEntry(address);
            }
            bool was = e.Resolved;
            e.Mac = mac;
            e.Resolved = true;
            e.Expires = now + EntryLifetimeMs;
            e.Requests = 0;
            e.FailedUntil = 0;
            if (!was) _counters.Add("arp.resolved");
            if (e.Waiting.Count == 0) return null;
            var ready = new Queue<byte[]>(e.Waiting);
            e.Waiting.Clear();
            return ready;
        }

        /// <summary>Queues a frame for an unresolved hop. Returns whether a request should go out now, or false with
        /// <paramref name="dropped"/> when the hop is known unreachable or its queue is full.</summary>
        public bool Enqueue(uint address, byte[] frame, long now, out bool dropped)
        {
            dropped = false;
            if (!_entries.TryGetValue(address, out Entry? e)) e = NewEntry(address);
            if (e.FailedUntil > now)
            {
                dropped = true;
                _counters.Add("arp.unresolved_drops");
                return false;
            }
            if (e.Waiting.Count >= MaxQueuedPerHop)
            {
                dropped = true;
                _counters.Add("arp.queue_full_drops");
                return false;
            }
            e.Waiting.Enqueue(frame);
            if (e.Requests > 0 && now < e.Expires) return false;
            e.Requests++;
            e.Expires = now + RetryMs;
            return true;
        }

        /// <summary>Hops whose request is due again; hops that used up their requests drop what waited.</summary>
        public List<uint> Due(long now)
        {
            var due = new List<uint>();
            foreach (KeyValuePair<uint, Entry> pair in _entries)
            {
                Entry e = pair.Value;
                if (e.Resolved || e.Waiting.Count == 0 || now < e.Expires) continue;
                if (e.Requests >= MaxRequests)
                {
                    _counters.Add("arp.unresolved_drops", e.Waiting.Count);
                    e.Waiting.Clear();
                    e.Requests = 0;
                    e.FailedUntil = now + FailedLifetimeMs;
                    continue;
                }
                e.Requests++;
                e.Expires = now + RetryMs;
                due.Add(pair.Key);
            }
            return due;
        }

        public long NextDeadline()
        {
            long next = long.MaxValue;
            foreach (Entry e in _entries.Values)
                if (!e.Resolved && e.Waiting.Count > 0 && e.Expires < next) next = e.Expires;
            return next;
        }

        /// <summary>The resolved entries, for netstat.</summary>
        public List<ArpEntryStatus> Resolved()
        {
            var list = new List<ArpEntryStatus>();
            foreach (KeyValuePair<uint, Entry> pair in _entries)
                if (pair.Value.Resolved) list.Add(new ArpEntryStatus(pair.Key, pair.Value.Mac));
            return list;
        }

        private Entry NewEntry(uint address)
        {
            if (_entries.Count >= MaxEntries)
            {
                // Drop the entry that expires first (the oldest answer, or the longest-waiting request).
                uint oldest = 0;
                long when = long.MaxValue;
                foreach (KeyValuePair<uint, Entry> pair in _entries)
                    if (pair.Value.Expires < when)
                    {
                        when = pair.Value.Expires;
                        oldest = pair.Key;
                    }
                _entries.Remove(oldest);
            }
            var e = new Entry();
            _entries[address] = e;
            return e;
        }
    }

    /// <summary>One resolved ARP entry.</summary>
    public readonly struct ArpEntryStatus
    {
        public readonly uint Address;
        public readonly long Mac;

        public ArpEntryStatus(uint address, long mac)
        {
            Address = address;
            Mac = mac;
        }
    }
}
