#!/usr/bin/env python3
"""Instructions per iteration of a hot loop, by symbol, from a QEMU `-d in_asm,exec,nochain` trace.

usage: trace-profile.py TRACE KERNEL_SYM SIP_SYM[,SIP_SYM...] [ANCHOR [FOCUS]]
  TRACE       the QEMU log (Kernel/Channels/README.md says how to record one)
  KERNEL_SYM  artifacts/kernel.sym; SIP_SYM: artifacts/sip-NAME.sym (up to two SIPs of each image are found; name
              several images, comma-separated, for a client and its servers)
  ANCHOR      part of the symbol whose most executed block marks one loop iteration (default RoundTrips)
  FOCUS       part of a symbol whose blocks to list with their executions per iteration

Each executed block is counted with the instruction count of its own translation (found by the host address of
the translated block), so the totals match the guest's icount. The window is the middle 80% of the anchor's
executions, so start-up and tear-down are left out."""
import sys, re, bisect, collections
trace, ksym, ssym = sys.argv[1:4]
anchor = sys.argv[4] if len(sys.argv) > 4 else "RoundTrips"
def load(path):
    out = []
    for line in open(path):
        p = line.split(None, 1)
        if len(p) == 2: out.append((int(p[0], 16), p[1].strip()))
    out.sort(); return out
K = load(ksym); images = [load(path) for path in ssym.split(',')]
blocks = {}   # pc -> instruction count (last translation)
tbsize = {}   # host TB address -> instruction count of that translation
pending = {}  # guest pc -> instruction count of a translation not yet executed
seq = []      # executed (block pc, instructions) in order
cur = None
exec_re = re.compile(r'Trace \d+: (0x[0-9a-f]+) \[[0-9a-f]+/([0-9a-f]+)/')
with open(trace, errors='replace') as f:
    for line in f:
        if line.startswith('IN:'):
            if cur is not None: pending[cur] = blocks[cur]
            cur = None; n = 0; start = None
            continue
        if line.startswith('0x') and ':' in line[:20]:
            pc = int(line.split(':')[0], 16)
            if cur is None: cur = pc; blocks[pc] = 0
            blocks[cur] += 1
            continue
        m = exec_re.match(line)
        if m:
            if cur is not None: pending[cur] = blocks[cur]
            host = m.group(1); pc = int(m.group(2), 16)
            if pc in pending: tbsize[host] = pending.pop(pc)
            seq.append((pc, tbsize.get(host, blocks.get(pc, 0)))); cur = None
kstart, kend = K[0][0], K[-1][0] + 0x100000
kaddrs = [a for a, _ in K]
# find each image's SIP bases: page-aligned b maximizing pcs with pc-b a symbol start (up to two per image)
pcs = [pc for pc in set(p for p, _ in seq) if not (kaddrs[0] <= pc < kaddrs[-1] + 0x10000)]
placed = []   # (base, image index)
allc = []
for k, S in enumerate(images):
    cands = collections.Counter()
    textS = [a for a, n in S if a < 0xb000 and not n.startswith('_lsda')]
    for pc in pcs:
        for a in textS:
            b = pc - a
            if b >= 0 and b & 0xfff == 0: cands[b] += 1
    top = max(cands.values()) if cands else 0
    # a second process of the image runs much of the same code
    allc += [(c, b, k) for b, c in cands.items() if c >= 4 and c * 4 >= top]
# the best-matching (base, image) pairs first, their code ranges apart, at most two processes per image
size = [max(a for a, n in S if not n.startswith('_lsda')) for S in images]
for c, b, k in sorted(allc, reverse=True):
    if sum(1 for _, kk in placed if kk == k) < 2 and all(b + size[k] <= x or x + size[kk] <= b for x, kk in placed):
        placed.append((b, k))
placed.sort()
print("sip bases:", [(hex(b), k) for b, k in placed], file=sys.stderr)
saddrs = [[a for a, _ in S] for S in images]
def name(pc):
    if kaddrs[0] <= pc < kaddrs[-1] + 0x10000:
        i = bisect.bisect_right(kaddrs, pc) - 1; return "K " + K[i][1]
    best = None
    for j, (b, k) in enumerate(placed):
        if pc >= b:
            best = (j, b, k)
    if best is None: return "? %x" % pc
    j, b, k = best
    i = bisect.bisect_right(saddrs[k], pc - b) - 1
    return "S%d %s" % (j, images[k][i][1] if i >= 0 else "?")
# anchor: block pcs whose symbol contains anchor; pick most executed
cnt = collections.Counter(p for p, _ in seq)
cand = [(c, pc) for pc, c in cnt.items() if anchor in name(pc)]
cand.sort(reverse=True)
apc = cand[0][1]
idx = [i for i, (pc, _) in enumerate(seq) if pc == apc]
lo, hi = idx[len(idx)//10], idx[len(idx)*9//10]
loops = len(idx)*9//10 - len(idx)//10
tot = collections.Counter()
names = {}
for pc, n in seq[lo:hi]:
    if pc not in names: names[pc] = name(pc)
    tot[names[pc]] += n
s = sum(tot.values())
print("anchor %s %x execs=%d window loops=%d; instructions per loop: %.1f" % (name(apc), apc, len(idx), loops, s/loops))
for n, c in tot.most_common(int(__import__("os").environ.get("TOP", "40"))):
    print("%8.1f  %s" % (c/loops, n[:150]))
if len(sys.argv) > 5:
    focus = sys.argv[5]
    bc = collections.Counter(pc for pc, _ in seq[lo:hi] if focus in name(pc))
    for pc in sorted(bc):
        print("  %x  x%.2f  %d insns" % (pc, bc[pc]/loops, blocks.get(pc, 0)))
