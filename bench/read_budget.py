#!/usr/bin/env python3
"""A stranger's frame flood against an honest table's moves (attacker s12 round 2 N5): not a test;
prints figures for docs/performance.md "A frame flood from many addresses".

    nice -n 10 timeout 900 .venv/bin/python bench/read_budget.py            # about 4 minutes
    .venv/bin/python bench/read_budget.py --rounds 2 --seconds 4            # a quick look

For each server setting (``--read-rate 0 --read-bytes 0``: no read budget, as before; the defaults),
one ``doublenine serve`` subprocess (memory store) and one honest table of four protocol clients
(bench/loadplay.py, from 127.0.0.1, a decision every ``--interval`` s); then ``--rounds`` times a quiet
phase and a flood phase of ``--seconds`` each, interleaved (quiet, flood, quiet, flood...), so both
see the same machine within the same minute. A flood phase starts ``--procs`` flooder processes,
each opening ``--per-address`` connections from each of its share of ``--addresses`` source
addresses 127.0.0.2... (every one its own address group), each sending the attacker's frame (``big``:
a ``chat`` of 65,000 characters, refused MALFORMED_FRAME; ``small``: a ``resync``) as fast as the
socket takes it and reading nothing, reconnecting when closed (the attacker's a3_frame_flood.py). The
honest moves' latency (sending a decision to its update read at all four seats) is measured from
1 s into each phase. Printed per phase: moves, latency p50/p95/max, the server's CPU share and the
flooders' (each process's CPU seconds per second: near 1.0 means the flood generator, not the server,
is what saturates), frames and bytes the flooders got into their sockets, and the server's resident
memory; then per setting the medians and the flood/quiet ratios. Everything stays on 127.0.0.0/8.
"""
from __future__ import annotations

import argparse
import base64
import os
import select
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import msgpack  # noqa: E402
from load import ServerProc, free_port  # noqa: E402
from loadplay import Stats, open_tables  # noqa: E402
from wsloop import Engine, client_frame  # noqa: E402

from doublenine.shared.numbers import arg_float, arg_int  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TICK = os.sysconf("SC_CLK_TCK")
SNDBUF = 65536
"""Bytes of each flooding socket's send buffer (the kernel doubles it): a remote attacker's buffers are on
its own machine; here they would be this machine's."""
SETTINGS = {"no budget": ["--read-rate", "0", "--read-bytes", "0"], "read budget (defaults)": []}


# ---------------------------------------------------------------- the flooder (a child process)

def _open(port: int, source: str) -> socket.socket | None:
    """A websocket from ``source`` to 127.0.0.1:``port`` (blocking upgrade), then non-blocking."""
    try:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        # a small send buffer: autotuned, 960 of them held GBs of this machine's TCP memory (tcp_mem), which
        # slowed every socket of the machine, the honest table's too (the generator, not the server, measured)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SNDBUF)
        sock.settimeout(5)
        sock.bind((source, 0))
        sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = sock.recv(4096)
            if not chunk:
                sock.close()
                return None
            head += chunk
        if not head.startswith(b"HTTP/1.1 101"):
            sock.close()
            return None
        sock.setblocking(False)
        return sock
    except OSError:
        sock.close()
        return None


def flood(port: int, sources: list[str], per_address: int, kind: str, seconds: float) -> None:
    """Child: ``per_address`` connections from each of ``sources``, each writing ``kind`` frames as fast
    as its socket takes them, reading nothing, for ``seconds``; prints ``frames bytes reconnects``."""
    payload = msgpack.packb({"type": "chat", "text": "x" * 65000}) if kind == "big" else msgpack.packb({"type": "resync"})
    frame = client_frame(payload)
    block = frame * max(1, 65536 // len(frame))
    ep = select.epoll()
    socks: dict[int, tuple[socket.socket, str, list[Any]]] = {}
    end = time.monotonic() + seconds
    sent_bytes = reconnects = 0

    def add(source: str) -> None:
        sock = _open(port, source)
        if sock is not None:
            socks[sock.fileno()] = (sock, source, [memoryview(b"")])
            ep.register(sock.fileno(), select.EPOLLOUT)

    for source in sources:
        for _ in range(per_address):
            add(source)
    print("ready", len(socks), flush=True)  # the connections are open: the flood starts now
    end = time.monotonic() + seconds
    lost: list[str] = []
    while time.monotonic() < end:
        for fd, _ in ep.poll(0.1):
            sock, source, pending = socks[fd]
            if not pending[0]:
                pending[0] = memoryview(block)
            try:
                n = sock.send(pending[0])
            except BlockingIOError:
                continue
            except OSError:
                ep.unregister(fd)
                sock.close()
                del socks[fd]
                lost.append(source)
                continue
            sent_bytes += n
            pending[0] = pending[0][n:]
        while lost and time.monotonic() < end:
            reconnects += 1
            add(lost.pop())
    for sock, _, _ in socks.values():
        sock.close()
    print(sent_bytes // len(frame), sent_bytes, reconnects, flush=True)


# ---------------------------------------------------------------- the bench

def cpu_of(pid: int) -> float:
    """CPU seconds (user + system) of process ``pid`` so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def quantile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


def phase(engine: Engine, stats: Stats, server: ServerProc, args: argparse.Namespace, flooding: bool) -> dict[str, Any]:
    """One quiet or flood phase: the honest table's latencies from 1 s in, and what each side used."""
    procs: list[subprocess.Popen[str]] = []
    if flooding:
        addresses = [f"127.0.0.{2 + i}" for i in range(args.addresses)]
        for k in range(args.procs):
            mine = addresses[k::args.procs]
            procs.append(subprocess.Popen(
                [sys.executable, __file__, "--flood-child", str(server.port), ",".join(mine), str(args.per_address),
                 args.kind, str(args.seconds + 1.0)], stdout=subprocess.PIPE, text=True, cwd=ROOT))
    opened = 0
    for proc in procs:  # opening the connections (handshakes) is not the flood measured here
        assert proc.stdout is not None
        while True:
            line = proc.stdout.readline()
            engine.run(time.perf_counter())
            if line.startswith("ready"):
                opened += int(line.split()[1])
                break
            if not line:
                raise RuntimeError("a flooder ended before its connections were open")
    start = time.perf_counter()
    engine.run(start + 1.0)
    stats.latencies.clear()
    moves0 = stats.moves
    cpu0, fcpu0, t0 = server.cpu(), [cpu_of(p.pid) for p in procs], time.perf_counter()
    engine.run(t0 + args.seconds)
    t1 = time.perf_counter()
    cpu1, fcpu1 = server.cpu(), [cpu_of(p.pid) for p in procs]
    result: dict[str, Any] = {
        "moves": stats.moves - moves0, "lat": list(stats.latencies), "server_cpu": (cpu1 - cpu0) / (t1 - t0),
        "flood_cpu": [(b - a) / (t1 - t0) for a, b in zip(fcpu0, fcpu1)], "rss": server.rss()}
    frames = sent = reconnects = 0
    for proc in procs:
        assert proc.stdout is not None
        out = proc.stdout.read()  # through the buffer "ready" was read with (communicate reads the pipe under it)
        proc.wait(timeout=60)
        words = out.split()
        if proc.returncode or len(words) != 3:
            raise RuntimeError(f"a flooder ended with {proc.returncode}: {out!r}")
        f, b, r = (int(x) for x in words)
        frames, sent, reconnects = frames + f, sent + b, reconnects + r
    result.update(frames=frames, sent=sent, reconnects=reconnects, opened=opened)
    engine.run(time.perf_counter() + 0.5)  # the honest table settles before the next phase
    return result


def show(name: str, r: dict[str, Any]) -> None:
    lat = r["lat"]
    flood = ""
    if r["flood_cpu"]:
        flood = (f"  {r['opened']} connections, flooders cpu {'/'.join(f'{c:.2f}' for c in r['flood_cpu'])}  frames {r['frames']:,} "
                 f"({r['sent'] / 1e6:,.1f} MB) reconnects {r['reconnects']}")
    print(f"  {name:6s} moves {r['moves']:4d}  p50 {quantile(lat, .5) * 1e3:7.1f} ms  p95 {quantile(lat, .95) * 1e3:7.1f} ms"
          f"  max {max(lat, default=float('nan')) * 1e3:7.1f} ms  server cpu {r['server_cpu']:.2f}"
          f"  rss {r['rss'] / 2**20:.0f} MiB{flood}", flush=True)


def run_setting(name: str, extra: list[str], args: argparse.Namespace) -> None:
    port = free_port()
    argv = [sys.executable, "-m", "doublenine", "serve", "--host", "127.0.0.1", "--port", str(port), "--db", ":memory:",
            "--log-level", "ERROR", *extra]
    server = ServerProc(argv, port)
    server.wait_ready()
    engine, stats = Engine(), Stats()
    import asyncio

    tables = asyncio.run(open_tables(f"ws://127.0.0.1:{port}/", engine, stats, args.tables, args.interval))
    print(f"\n{name} (serve {' '.join(extra) or 'with its defaults'}):", flush=True)
    now = time.perf_counter()
    for i, t in enumerate(tables):
        t.start(now + args.interval * i / max(1, len(tables)))
    engine.run(now + 2.0)
    quiet: list[dict[str, Any]] = []
    flooded: list[dict[str, Any]] = []
    try:
        for _ in range(args.rounds):
            quiet.append(phase(engine, stats, server, args, False))
            show("quiet", quiet[-1])
            flooded.append(phase(engine, stats, server, args, True))
            show("flood", flooded[-1])
    finally:
        for t in tables:
            t.close()
        server.stop()
    q50 = statistics.median(quantile(r["lat"], .5) for r in quiet)
    q95 = statistics.median(quantile(r["lat"], .95) for r in quiet)
    f50 = statistics.median(quantile(r["lat"], .5) for r in flooded)
    f95 = statistics.median(quantile(r["lat"], .95) for r in flooded)
    print(f"  medians over {args.rounds} rounds: quiet p50 {q50 * 1e3:.1f} ms p95 {q95 * 1e3:.1f} ms; flood p50 "
          f"{f50 * 1e3:.1f} ms p95 {f95 * 1e3:.1f} ms; flood/quiet p50 x{f50 / q50:.2f}, p95 x{f95 / q95:.2f}; "
          f"moves quiet {statistics.median(r['moves'] for r in quiet)}, flood {statistics.median(r['moves'] for r in flooded)}",
          flush=True)


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--flood-child":
        port, sources, per, kind, seconds = sys.argv[2:7]
        flood(int(port), sources.split(","), int(per), kind, float(seconds))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=arg_int(1, 100), default=4)
    parser.add_argument("--seconds", type=arg_float(1, 600), default=8.0, help="measured seconds per phase")
    parser.add_argument("--tables", type=arg_int(1, 100), default=1, help="honest tables")
    parser.add_argument("--interval", type=arg_float(0.01, 10), default=0.1, help="seconds between a table's decisions")
    parser.add_argument("--addresses", type=arg_int(1, 250), default=30, help="flooding source addresses")
    parser.add_argument("--per-address", type=arg_int(1, 64), default=32, help="flooding connections per address")
    parser.add_argument("--procs", type=arg_int(1, 16), default=2, help="flooder processes")
    parser.add_argument("--kind", choices=("big", "small"), default="big")
    parser.add_argument("--only", choices=("off", "on"), default=None, help="one setting only")
    args = parser.parse_args()
    print(f"read budget bench: {args.rounds} rounds of {args.seconds:g} s quiet / flood; {args.addresses} addresses x "
          f"{args.per_address} connections in {args.procs} processes, '{args.kind}' frames; {args.tables} honest "
          f"table(s), a decision every {args.interval:g} s; load average {os.getloadavg()[0]:.1f}, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", flush=True)
    for i, (name, extra) in enumerate(SETTINGS.items()):
        if args.only is None or args.only == ("off", "on")[i]:
            run_setting(name, extra, args)
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    tempfile.tempdir = None
    sys.exit(main())
