"""The club under load: 50 tables playing at once on loopback, scripted clients.

Each table is a solo game at the one-hand American table, played by a websocket client
that takes a random legal move whenever it is asked. Measured: the action round trip
(a move sent until the seat's next view arrives), p50 and p95 (target: p95 under 50 ms);
moves lost (sent, accepted, and missing from the saved log) or applied twice; and
whether every game replays from its saved log. A benchmark, not a test.

    .venv/bin/python bench/run.py club        # or: python bench/club_bench.py [TABLES]
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import sys
import tempfile
import time

TABLES = 50
TARGET_P95_MS = 50.0


async def _client(addr: str, cookie: str, gid: int, seed: int, times: list, sent: list) -> dict:
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
            t0 = time.perf_counter()
            await ws.send(json.dumps({"actions": [a], "at": m["moves"]}))
            sent.append((gid, m["moves"], a))
            reply = json.loads(await ws.recv())
            times.append(time.perf_counter() - t0)
            if reply["type"] != "state" or reply["moves"] <= m["moves"]:
                raise AssertionError(f"game {gid}: move {a} at {m['moves']} not taken: {reply}")
            m = reply
        return m


def run(tables: int = TABLES) -> dict:
    import httpx

    from mjdsl.server.app import create_app
    from mjdsl.server.club import load_tables
    from mjdsl.server.loopback import live_server
    from mjdsl.server.table import ClubGame

    club_tables = load_tables()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(f"sqlite:///{tmp}/load.sqlite3", secret="load", tables=club_tables)
        with live_server(app) as addr:
            games = []
            for i in range(tables):
                with httpx.Client(base_url=f"http://{addr}") as c:
                    tok = re.search(r'name="csrf" value="([^"]+)"', c.get("/").text).group(1)
                    r = c.post("/tables/american-short/solo", data={"csrf": tok})
                    gid = int(r.headers["location"].rsplit("/", 1)[1])
                    games.append((gid, "; ".join(f"{k}={v}" for k, v in c.cookies.items())))
            times: list[float] = []
            sent: list[tuple] = []
            started = time.perf_counter()

            async def all_clients():
                return await asyncio.gather(*(_client(addr, ck, gid, gid, times, sent) for gid, ck in games))

            finals = asyncio.run(all_clients())
            elapsed = time.perf_counter() - started
            store = app.state.club.store
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
    times.sort()

    def pct(p):
        return round(1000 * times[min(len(times) - 1, int(p * len(times)))], 2) if times else None

    return {"tables": tables, "moves_by_people": len(times), "seconds": round(elapsed, 2),
            "p50_ms": pct(0.50), "p95_ms": pct(0.95), "target_p95_ms": TARGET_P95_MS,
            "lost_moves": lost, "duplicated_moves": dup, "games_replayed_from_log": f"{replayed}/{tables}"}


if __name__ == "__main__":
    print(json.dumps(run(int(sys.argv[1]) if len(sys.argv) > 1 else TABLES), indent=1))
