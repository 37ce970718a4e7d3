"""The club under load: 50 tables playing at once on loopback, scripted clients.

Each table is a solo game at the one-hand American table, played by a websocket client
that takes a random legal move whenever it is asked, at once (no person is that quick:
every table is always busy). Measured: the action round trip (a move sent until the
server's answer, the seat's view with the move made, arrives), p50, p95 and the longest
(target: p95 under 50 ms); the turn (a move sent until the seat is to move again, the
regulars' moves between included);
moves lost (sent, accepted, and missing from the saved log) or applied twice; and
whether every game replays from its saved log. The server is ``mjdsl serve`` in a process
of its own, as a club runs (the clients in this one would otherwise share its interpreter
lock); it is stopped with Ctrl-C, which writes every save, before the logs are read.
A benchmark, not a test.

    .venv/bin/python bench/run.py club        # or: python bench/club_bench.py [TABLES [THINK_SECONDS]] [-- SERVE_OPTIONS]

``SERVE_OPTIONS`` are given to ``mjdsl serve`` (``--regulars-processes 0``: the regulars
think in the server's own process, as before they had workers). The server's CPU is
its own process's; the CPU of its worker processes (the regulars' thinking) is counted
apart. The clients' own process is measured too (its CPU, and how late its event loop
wakes from a 5 ms sleep): the round trips are timed on that loop, so a late loop adds to
them time the server did not spend.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TABLES = 50
TARGET_P95_MS = 50.0


async def _client(addr: str, cookie: str, gid: int, seed: int, times: list, turns: list, sent: list,
                  think: float) -> dict:
    from websockets.asyncio.client import connect

    rng = random.Random(seed)
    async with connect(f"ws://{addr}/ws/{gid}", additional_headers={"Cookie": cookie}, max_size=None) as ws:
        m = json.loads(await ws.recv())
        while not m["over"]:
            if m["type"] != "state" or not m["to_act"]:
                raise AssertionError(f"game {gid}: {m}")
            if len(sent) % 10 == 0:
                # now and then a malformed message: refused, and nothing changes
                await ws.send(json.dumps({"ping": True}))
                err = json.loads(await ws.recv())
                assert err["type"] == "error" and err["moves"] == m["moves"], err
            a = rng.choice([x["a"] for x in m["legal"]])
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            t0 = time.perf_counter()
            await ws.send(json.dumps({"actions": [a], "at": m["moves"]}))
            sent.append((gid, m["moves"], a))
            reply = json.loads(await ws.recv())
            times.append(time.perf_counter() - t0)
            if reply["type"] != "state" or reply["moves"] <= m["moves"]:
                raise AssertionError(f"game {gid}: move {a} at {m['moves']} not taken: {reply}")
            # the move is answered at once; the regulars' moves follow until it is our turn again
            while reply["more"]:
                reply = json.loads(await ws.recv())
            turns.append(time.perf_counter() - t0)
            m = reply
        return m


async def _ticker(lags: list, every: float = 0.005) -> None:
    """How late the clients' own event loop wakes (a sleep of ``every`` seconds, again and
    again): a round trip is timed on this loop, so a late loop is time the server did not spend."""
    while True:
        t0 = time.perf_counter()
        await asyncio.sleep(every)
        lags.append(time.perf_counter() - t0 - every)


def _serve(db: str, port: int, options: list[str]) -> subprocess.Popen:
    """``mjdsl serve`` in a process of its own (the clients must not share its interpreter)."""
    mjdsl = Path(sys.executable).with_name("mjdsl")
    cmd = [str(mjdsl)] if mjdsl.exists() else [sys.executable, "-c", "from mjdsl.cli import main; main()"]
    return subprocess.Popen(cmd + ["serve", "--db", db, "--port", str(port), "--secret", "load", *options],
                            stderr=subprocess.DEVNULL)


def _cpu_seconds(pid: int) -> float | None:
    """The CPU seconds process ``pid`` has used (user and system), where /proc tells."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started (its worker processes), where /proc tells."""
    out: list[int] = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            out += [int(x) for x in (task / "children").read_text().split()]
    except OSError:
        pass
    return out


def _workers_cpu(pid: int) -> dict[int, float]:
    return {c: s for c in _children(pid) if (s := _cpu_seconds(c)) is not None}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(tables: int = TABLES, think: float = 0.0, serve_options: list[str] | None = None) -> dict:
    """The load of ``tables`` tables; ``think``: the mean seconds a client takes to choose
    (0: at once, every table always busy; a person takes a second or more);
    ``serve_options``: more options for ``mjdsl serve``."""
    import httpx

    from mjdsl.server.club import load_tables
    from mjdsl.server.store import open_store
    from mjdsl.server.table import ClubGame

    club_tables = load_tables()
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{tmp}/load.sqlite3"
        port = _free_port()
        addr = f"127.0.0.1:{port}"
        server = _serve(db, port, list(serve_options or []))
        try:
            deadline = time.monotonic() + 120
            while True:
                try:
                    httpx.get(f"http://{addr}/", timeout=5)
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise RuntimeError("the club did not start") from None
                    time.sleep(0.2)
            games = []
            for i in range(tables):
                with httpx.Client(base_url=f"http://{addr}") as c:
                    tok = re.search(r'name="csrf" value="([^"]+)"', c.get("/").text).group(1)
                    r = c.post("/tables/american-short/solo", data={"csrf": tok})
                    gid = int(r.headers["location"].rsplit("/", 1)[1])
                    games.append((gid, "; ".join(f"{k}={v}" for k, v in c.cookies.items())))
            times: list[float] = []
            turns: list[float] = []
            sent: list[tuple] = []
            started = time.perf_counter()

            lags: list[float] = []

            async def all_clients():
                ticker = asyncio.ensure_future(_ticker(lags))
                try:
                    return await asyncio.gather(*(_client(addr, ck, gid, gid, times, turns, sent, think)
                                                  for gid, ck in games))
                finally:
                    ticker.cancel()

            cpu0 = _cpu_seconds(server.pid)
            workers0 = _workers_cpu(server.pid)
            client0 = _cpu_seconds(os.getpid())
            finals = asyncio.run(all_clients())
            elapsed = time.perf_counter() - started
            client1 = _cpu_seconds(os.getpid())
            client_cpu = client1 - client0 if client0 is not None and client1 is not None else None
            cpu = _cpu_seconds(server.pid)
            server_cpu = cpu - cpu0 if cpu is not None and cpu0 is not None else None
            workers_cpu = sum(s - workers0.get(c, 0.0) for c, s in _workers_cpu(server.pid).items())
            load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
        finally:
            # Ctrl-C: the server writes every save before it stops
            server.send_signal(signal.SIGINT)
            server.wait(60)
        store = open_store(db)
        lost = dup = 0
        replayed = 0
        for (gid, _), final in zip(games, finals):
            row = store.game(gid)
            log = [a for hand in row["log"]["hands"] for a in hand]
            mine = [(at, a) for g, at, a in sent if g == gid]
            lost += sum(1 for at, a in mine if at >= len(log) or log[at] != a)
            dup += len(mine) - len({at for at, _ in mine})
            again = ClubGame.resume(club_tables["american-short"], row["log"])
            replayed += again.over and again.moves == final["moves"] == len(log)
        store.engine.dispose()
    times.sort()
    turns.sort()
    lags.sort()

    def pct(p, xs=times):
        return round(1000 * xs[min(len(xs) - 1, int(p * len(xs)))], 2) if xs else None

    return {"tables": tables, "think_s": think, "moves_by_people": len(times), "seconds": round(elapsed, 2),
            "p50_ms": pct(0.50), "p95_ms": pct(0.95), "max_ms": pct(1.0), "target_p95_ms": TARGET_P95_MS,
            "turn_p50_ms": pct(0.50, turns), "turn_p95_ms": pct(0.95, turns), "turn_max_ms": pct(1.0, turns),
            # the machine may be shared: the server's own CPU, and the load it ran under
            "serve_options": list(serve_options or []),
            "server_cpu_s": round(server_cpu, 2) if server_cpu is not None else None,
            "workers_cpu_s": round(workers_cpu, 2),
            "server_cpu_ms_per_move": round(1000 * server_cpu / len(times), 2) if server_cpu and times else None,
            "moves_per_server_cpu_s": round(len(times) / server_cpu, 1) if server_cpu else None,
            "load_average_1m": round(load, 2) if load is not None else None,
            # the clients' process (50 websockets on one loop): its CPU, and how late its loop
            # woke (p95, longest): a round trip includes the time the clients' loop was late
            "client_cpu_s": round(client_cpu, 2) if client_cpu is not None else None,
            "client_loop_late_p95_ms": pct(0.95, lags), "client_loop_late_max_ms": pct(1.0, lags),
            "lost_moves": lost, "duplicated_moves": dup, "games_replayed_from_log": f"{replayed}/{tables}"}


if __name__ == "__main__":
    args, options = sys.argv[1:], []
    if "--" in args:
        args, options = args[:args.index("--")], args[args.index("--") + 1:]
    print(json.dumps(run(int(args[0]) if args else TABLES, float(args[1]) if len(args) > 1 else 0.0, options),
                     indent=1))
