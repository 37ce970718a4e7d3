"""The club's server under more than one table: a regular thinking at one table does not
hold up another, saves written behind the play, and changing seats at a solo table
(club-american-table.txt: "sit down against the three regulars, change seats")."""

from __future__ import annotations

import contextlib
import json
import random
import re
import threading

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

from starlette.testclient import TestClient  # noqa: E402

from mjdsl.diagnostics import InputError  # noqa: E402
from mjdsl.server.app import create_app  # noqa: E402
from mjdsl.server.club import load_tables  # noqa: E402
from mjdsl.server.table import ClubGame  # noqa: E402


@pytest.fixture(scope="module")
def tables():
    return load_tables()


def _csrf(html: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', html).group(1)


def _sit(client, table: str, kind: str = "solo") -> int:
    r = client.post(f"/tables/{table}/{kind}", data={"csrf": _csrf(client.get("/").text)}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return int(r.headers["location"].rsplit("/", 1)[1])


# -- a regular thinking does not hold up another table ------------------------------------------

class ThinkingRegular:
    """A regular who thinks until the test lets it move. ``released`` says whether the
    test let it go (True) or it gave up waiting (False: nobody could reach the test's
    other table while it thought)."""

    name = "thinker"

    def __init__(self, inner):
        self.inner = inner
        self.thinking = threading.Event()
        self.go = threading.Event()
        self.released = None

    def choose(self, game, seat, legal, rng):
        self.thinking.set()
        ok = self.go.wait(30)
        if self.released is None:
            self.released = ok
        return self.inner.choose(game, seat, legal, rng)


def test_a_regular_thinking_at_one_table_does_not_hold_up_another(tmp_path, tables):
    import httpx
    from websockets.sync.client import connect

    from mjdsl.server.loopback import live_server

    app = create_app(f"sqlite:///{tmp_path / 'c.sqlite3'}", secret="s", tables=tables, guide_cache=tmp_path / "g.json")
    club = app.state.club
    with live_server(app) as addr:
        def visitor():
            return httpx.Client(base_url=f"http://{addr}", follow_redirects=False, timeout=60)

        def ws(client, gid):
            cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
            return connect(f"ws://{addr}/ws/{gid}", additional_headers={"Cookie": cookie}, open_timeout=60)

        a = visitor()
        slow = _sit(a, "american-short")
        game = club.games[slow]
        thinker = ThinkingRegular(game.bots[1])
        for s in (1, 2, 3):
            game.bots[s] = thinker
        rng = random.Random(1)
        with ws(a, slow) as first:
            # play the person's moves until a regular is thinking
            # (the regular may start thinking after the last view came: then no view comes
            # until it is released, so wait for a view a little at a time)
            while not thinker.thinking.is_set():
                try:
                    m = json.loads(first.recv(timeout=0.2))
                except TimeoutError:
                    continue
                if m["type"] == "state" and m["to_act"] and not m["more"]:
                    first.send(json.dumps({"actions": [rng.choice([x["a"] for x in m["legal"]])], "at": m["moves"]}))
            # meanwhile another visitor sits down at another table and plays: answered
            b = visitor()
            other = _sit(b, "classical")
            with ws(b, other) as second:
                m = json.loads(second.recv(timeout=60))
                while m["more"] or not m["to_act"]:
                    m = json.loads(second.recv(timeout=60))
                second.send(json.dumps({"actions": [m["legal"][0]["a"]], "at": m["moves"]}))
                answer = json.loads(second.recv(timeout=60))
                assert answer["type"] == "state" and answer["moves"] > m["moves"]
            assert thinker.released is None  # still thinking while the other table played
            thinker.go.set()
            m = json.loads(first.recv(timeout=60))
            assert m["type"] == "state"
        assert thinker.released is True
        a.close()
        b.close()


@contextlib.contextmanager
def _at_a_live_table(tmp_path, tables):
    """A solo American table on a live server, its websocket, and the first state in
    which the person is to move: (club, game id, socket, state)."""
    import httpx
    from websockets.sync.client import connect

    from mjdsl.server.loopback import live_server

    app = create_app(f"sqlite:///{tmp_path / 'c.sqlite3'}", secret="s", tables=tables, guide_cache=tmp_path / "g.json")
    with live_server(app) as addr, httpx.Client(base_url=f"http://{addr}", follow_redirects=False, timeout=60) as c:
        gid = _sit(c, "american-short")
        cookie = "; ".join(f"{k}={v}" for k, v in c.cookies.items())
        with connect(f"ws://{addr}/ws/{gid}", additional_headers={"Cookie": cookie}, open_timeout=60) as ws:
            m = json.loads(ws.recv(timeout=60))
            while m["more"] or not m["to_act"]:
                m = json.loads(ws.recv(timeout=60))
            yield app.state.club, gid, ws, m


def test_a_persons_next_pick_is_read_without_waiting_for_a_regulars_thread(tmp_path, tables):
    """A move after which the same person is to move again (the next tile of a pass) lets
    nobody play on: the next move is read at once. It used to wait for a regulars' thread
    to find nothing to play, behind every other table's regulars (the load bench's long
    round trips: a pick sent, and not read for a second)."""
    with _at_a_live_table(tmp_path, tables) as (club, gid, ws, m):
        assert m["pass_count"] == 3  # the Charleston's first pass: three picks in a row
        busy = threading.Event()
        for _ in range(2):  # every regulars' thread busy (other tables' regulars)
            club.regulars_pool.submit(busy.wait, 60)
        try:
            for left in (3, 2):
                assert m["pass_count"] == left
                ws.send(json.dumps({"actions": [m["legal"][0]["a"]], "at": m["moves"]}))
                m = json.loads(ws.recv(timeout=10))
                assert m["type"] == "state" and m["to_act"] and not m["more"], m
        finally:
            busy.set()
        assert m["pass_count"] == 1


def test_a_persons_move_is_answered_at_once_with_every_thread_busy(tmp_path, tables):
    """A person's move is played on the event loop that read it, not handed to a thread
    and back: its answer waits for no thread (under load each hand-off waited for a core:
    most of the bench's round trip). Every moves' and regulars' thread is kept busy here,
    and the move is still answered, with the move made; the regulars then play on."""
    with _at_a_live_table(tmp_path, tables) as (club, gid, ws, m):
        busy = threading.Event()
        for pool in (club.moves_pool, club.regulars_pool):
            for _ in range(pool._max_workers):
                pool.submit(busy.wait, 60)
        try:
            # a refused move is answered at once too, the game unchanged
            ws.send(json.dumps({"actions": [10**6], "at": m["moves"]}))
            err = json.loads(ws.recv(timeout=10))
            assert err["type"] == "error" and err["moves"] == m["moves"]
            for _ in range(3):  # the Charleston's picks, the third making the pass
                a = m["legal"][0]["a"]
                ws.send(json.dumps({"actions": [a], "at": m["moves"]}))
                answer = json.loads(ws.recv(timeout=10))
                assert answer["type"] == "state" and answer["moves"] == m["moves"] + 1, answer
                assert club.games[gid].log[-1][-1] == a
                m = answer
        finally:
            busy.set()
        assert m["more"]  # the pass is made: the regulars play on, now that their threads are free
        while m["more"] or not m["to_act"]:
            m = json.loads(ws.recv(timeout=60))
        assert m["to_act"] and m["moves"] > answer["moves"]


# -- the regulars think in a worker process -----------------------------------------------------

def _person_plays(g: ClubGame, rng, moves: int | None = None) -> None:
    """The person at seat 0 plays at random, the regulars between, to the end (or ``moves`` moves)."""
    n = 0
    g.advance()
    while not g.over and (moves is None or n < moves):
        g.act(0, [rng.choice([m["a"] for m in g.view(0)["legal"]])], at=g.moves)
        g.advance()
        n += 1


def test_a_regulars_move_thought_in_a_worker_is_the_one_played_here_and_replays(tables):
    from mjdsl.server.thinking import Thinkers

    t = tables["american-short"]
    regulars = ["mei", "auntie-rose", "rafi", "mei"]
    here = ClubGame(t, "w1", ["visitor:a", None, None, None], regulars)
    _person_plays(here, random.Random(3))
    thinkers = Thinkers(tables, 1)
    try:
        there = ClubGame(t, "w1", ["visitor:a", None, None, None], regulars)
        there.thinker = lambda game, seat, legal, seed: thinkers.choose(5, game, seat, legal, seed)
        _person_plays(there, random.Random(3))
    finally:
        thinkers.close()
    # every regular's move came from the worker, and the game is the one played without it
    assert thinkers.answered > 50 and thinkers.left_to_server == 0, thinkers.last_problem
    assert there.over and there.log == here.log and there.totals == here.totals
    again = ClubGame.resume(t, there.to_json())
    assert again.over and again.log == there.log


def test_a_worker_that_is_gone_or_wrong_leaves_the_choice_to_the_server(tables):
    from mjdsl.server import thinking

    t = tables["classical"]
    regulars = ["mei", "auntie-rose", "rafi", "mei"]
    rng = random.Random(4)
    thinkers = thinking.Thinkers(tables, 1)
    real_ask = thinking._Worker.ask

    def answering(answer):
        def ask(self, request):
            out = thinking.Future()
            if isinstance(answer, Exception):
                out.set_exception(answer)
            else:
                out.set_result(answer)
            return out
        return ask

    def person_moves(g):
        g.act(0, [rng.choice([m["a"] for m in g.view(0)["legal"]])], at=g.moves)
        g.advance()

    try:
        g = ClubGame(t, "w2", ["visitor:a", None, None, None], regulars, hands_limit=1)
        g.thinker = lambda game, seat, legal, seed: thinkers.choose(8, game, seat, legal, seed)
        g.advance()
        person_moves(g)
        assert thinkers.answered > 0 and thinkers.left_to_server == 0, thinkers.last_problem
        first = thinkers._workers[0]
        first.process.kill()  # the worker dies: the next choice starts another
        first.process.join(10)
        for _ in range(100):  # its reader sees the pipe close (a send that sees it first: the test below)
            if not first.alive:
                break
            threading.Event().wait(0.1)
        asked = thinkers.answered
        person_moves(g)
        assert thinkers.answered > asked and thinkers._workers[0] is not first and not first.alive
        for answer, said in ((thinking._Gone("the worker process stopped"), "stopped"),
                             ((10**6, None), "not a legal action"),
                             ((None, "ValueError: no copy"), "no copy")):
            thinking._Worker.ask = answering(answer)
            try:
                left, played = thinkers.left_to_server, g.moves
                person_moves(g)
            finally:
                thinking._Worker.ask = real_ask
            # the regulars played on, each move chosen here instead
            assert g.moves > played + 1 and thinkers.left_to_server > left and said in thinkers.last_problem
    finally:
        thinkers.close()
    # every move was checked by the engine here, and the game replays from its log
    again = ClubGame.resume(t, g.to_json())
    assert again.log == g.log


def test_a_worker_that_died_unnoticed_fails_the_choice_instead_of_hanging(tables):
    """The worker may die before its reader thread sees the pipe close: the next request's
    send then fails, and the choice must fail with it (it once deadlocked on its own lock,
    which hung the CI run)."""
    from mjdsl.server import thinking

    w = thinking._Worker(thinking.Thinkers(tables, 1).specs, 0)

    class Dead:
        """The pipe as a worker killed a moment ago leaves it: sending breaks."""

        def __init__(self, conn):
            self.conn = conn

        def send(self, _):
            raise BrokenPipeError(32, "Broken pipe")

        def __getattr__(self, name):
            return getattr(self.conn, name)

    w.conn = Dead(w.conn)
    asked: list = []
    t = threading.Thread(target=lambda: asked.append(w.ask((0,))), daemon=True)
    t.start()
    t.join(10)
    w.conn = w.conn.conn
    if t.is_alive():  # stop() would wait on the lock the hung choice holds
        w.process.kill()
        pytest.fail("the choice hung on a dead worker")
    w.stop()
    with pytest.raises(thinking._Gone, match="gone"):
        asked[0].result(0)


def test_the_club_plays_its_regulars_in_a_worker_over_the_websocket(tmp_path, tables):
    app = create_app(f"sqlite:///{tmp_path / 'c.sqlite3'}", secret="s", tables=tables, guide_cache=tmp_path / "g.json",
                     regulars_processes=1)
    club = app.state.club
    rng = random.Random(2)
    with TestClient(app) as c:
        gid = _sit(c, "american-short")
        with c.websocket_connect(f"/ws/{gid}") as ws:
            m = ws.receive_json()
            while not m["over"]:
                if m["more"] or not m["to_act"]:
                    m = ws.receive_json()
                    continue
                ws.send_json({"actions": [rng.choice([x["a"] for x in m["legal"]])], "at": m["moves"]})
                m = ws.receive_json()
        assert club.thinkers.answered > 0 and club.thinkers.left_to_server == 0, club.thinkers.last_problem
        game = club.games[gid]
        club.flush()
        saved = club.store.game(gid)["log"]
        again = ClubGame.resume(tables["american-short"], saved)
        assert again.over and again.log == game.log
    assert all(w is None for w in club.thinkers._workers)  # closed with the club


# -- a job cancelled before it ran ----------------------------------------------------------

def test_a_move_cancelled_before_it_ran_is_not_waited_for(tmp_path, tables):
    """A server shutting down cancels the table's handler while its step is still queued
    behind another: that step never runs, and ``flush`` must not wait for it."""
    import asyncio

    from mjdsl.server.app import Club
    from mjdsl.server.store import open_store

    club = Club(open_store(f"sqlite:///{tmp_path / 'c.sqlite3'}"), tables)
    busy, ran = threading.Event(), []
    # both move threads busy, so the next job waits in the queue
    for _ in range(2):
        club.moves_pool.submit(busy.wait, 10)

    async def cancelled():
        task = asyncio.ensure_future(club._off_loop(club.moves_pool, ran.append, 1))
        await asyncio.sleep(0.05)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(cancelled())
    busy.set()
    assert club.flush(timeout=5) and ran == []
    club.close()


# -- changing seats ----------------------------------------------------------------------------

def _to_hand_end(g: ClubGame, rng) -> None:
    """Play the person's moves at random until the hand in play is over."""
    hand = g.clock.hands
    while not g.over and g.clock.hands == hand:
        g.advance()
        if g.over or g.clock.hands != hand:
            return
        p = g.waiting_for()
        g.act(p, [rng.choice([m["a"] for m in g.view(p)["legal"]])], at=g.moves)


def test_a_person_changes_seats_between_hands_and_the_save_keeps_it(tables):
    t = tables["american"]
    g = ClubGame(t, "seats", ["visitor:a", None, None, None], ["mei", "auntie-rose", "rafi", "mei"])
    g.present.add(0)
    ends = []
    g.on_hand_end = lambda k, returns: ends.append(returns)
    g.advance()
    g.move_seat("visitor:a", 2)
    assert g.seats[0] == "visitor:a"  # the move is made as the next hand begins
    assert "From the next hand you sit at seat 2" in g.events[0][-1]
    _to_hand_end(g, random.Random(2))
    g.advance()
    assert g.clock.hands == 1
    # each keeps their total: the person's hand-1 points are at seat 2 now, the regular's at seat 0
    assert (g.totals[2], g.totals[0]) == (ends[0][0], ends[0][2])
    assert g.seats == [None, None, "visitor:a", None] and g.regulars[:3] == ["rafi", "auntie-rose", "mei"]
    assert g.present == {2} and g.waiting_for() in (2, None)
    assert any("You move to seat 2" in e for e in g.events[2])
    assert g.names_for(2)[2] == "You" and g.names_for(2)[0] != "You"
    # the saved game resumes to the same seats, totals and place
    h = ClubGame.resume(t, json.loads(json.dumps(g.to_json())))
    assert (h.seats, h.regulars, h.totals, h.log, h.moves) == (g.seats, g.regulars, g.totals, g.log, g.moves)


def test_a_seat_change_that_cannot_be_is_refused_unchanged(tables):
    g = ClubGame(tables["american"], "no", ["visitor:a", "visitor:b", None, None], ["mei", "rafi", "auntie-rose", "mei"])
    short = ClubGame(tables["american-short"], "no", ["visitor:a", None, None, None], ["mei", "rafi", "auntie-rose", "mei"])
    for game, who, to, why in ((g, "visitor:a", 1, "you can take a regular's seat only"),
                               (g, "visitor:a", 4, "numbered 0 to 3"), (g, "visitor:a", True, "numbered"),
                               (g, "visitor:z", 2, "no seat"), (short, "visitor:a", 2, "last hand")):
        before = (list(game.seat_moves), list(game.seats), [list(e) for e in game.events])
        with pytest.raises(InputError, match=why):
            game.move_seat(who, to)
        assert (game.seat_moves, game.seats, game.events) == before
    # two people cannot both take one regular's seat
    g.move_seat("visitor:a", 2)
    with pytest.raises(InputError, match="taken"):
        g.move_seat("visitor:b", 2)
    bad = g.to_json()
    bad["seat_moves"] = [[1, 0, 9]]
    with pytest.raises(InputError, match="seat changes"):
        ClubGame.resume(tables["american"], bad)


def test_a_seat_change_over_the_websocket(tmp_path, tables):
    app = create_app(f"sqlite:///{tmp_path / 'w.sqlite3'}", secret="s", tables=tables, guide_cache=tmp_path / "g.json")
    c = TestClient(app)
    gid = _sit(c, "american")
    with c.websocket_connect(f"/ws/{gid}") as ws:
        m = ws.receive_json()
        ws.send_json({"seat": 7})
        err = ws.receive_json()
        assert err["type"] == "error" and "numbered 0 to 3" in err["message"]
        ws.send_json({"seat": 3})
        m = ws.receive_json()
        assert m["type"] == "state" and m["seat"] == 0 and "you sit at seat 3" in m["events"][-1]
    assert app.state.club.flush()
    saved = app.state.club.store.game(gid)["log"]
    assert saved["seat_moves"] == [[1, 0, 3]]
    c.close()


def test_the_guided_deal_is_the_one_mjdsl_play_keeps(tmp_path, tables):
    """The guided hand's deal comes from the cache ``mjdsl play --guided`` keeps (by ruleset
    hash and regulars): a known one is not searched for again."""
    t = tables["american-short"]
    cache = tmp_path / "guided.json"
    cache.write_text(json.dumps({f"{t.auto.hash} {','.join(t.regulars)}": "guided:from-the-cache"}), encoding="utf-8")
    app = create_app(f"sqlite:///{tmp_path / 'g.sqlite3'}", secret="s", tables=tables, guide_cache=cache)
    c = TestClient(app)
    gid = _sit(c, "american-short", "guided")
    assert app.state.club.games[gid].seed == "guided:from-the-cache"
    c.close()


# -- the log lines a page is sent, and the people's moves first ---------------------------------

def test_a_socket_is_sent_only_the_log_lines_it_has_not_had(tmp_path, tables):
    """The first view on a socket carries every line kept ("all"); each later one only the
    lines said since the socket's last view ("more"): put together they are the seat's log."""
    app = create_app(f"sqlite:///{tmp_path / 'log.sqlite3'}", secret="s", tables=tables, guide_cache=tmp_path / "g.json")
    c = TestClient(app)
    gid = _sit(c, "american-no-charleston")
    rng = random.Random(5)
    with c.websocket_connect(f"/ws/{gid}") as ws:
        first = ws.receive_json()
        assert first["log"] == "all" and first["events"] and first["heard"] == len(first["events"])
        lines, views = list(first["events"]), [first]
        m = first
        # stop where the game waits for the person (the regulars may still be playing on after a
        # view marked "more")
        while (len(views) < 30 or m["more"]) and not m["over"]:
            if m["to_act"] and not m["more"]:
                ws.send_json({"actions": [rng.choice([x["a"] for x in m["legal"]])], "at": m["moves"]})
            m = ws.receive_json()
            assert m["type"] == "state" and m["log"] == "more"
            assert len(m["events"]) == m["heard"] - views[-1]["heard"]
            lines += m["events"]
            views.append(m)
        game = app.state.club.games[gid]
        seat = game.seat_of(next(iter(app.state.club.sockets[gid])))
        kept = game.events[seat]  # the last lines (table.KEEP_EVENTS)
        assert lines[-len(kept):] == kept and len(lines) > len(first["events"])
        # a second page of the same person starts from the whole log
        with c.websocket_connect(f"/ws/{gid}") as again:
            fresh = again.receive_json()
        assert fresh["log"] == "all" and fresh["events"] == game.events[seat]


def test_a_regular_waits_while_a_persons_move_at_its_table_is_answered():
    from mjdsl.server.priority import PeopleFirst

    first = PeopleFirst(patience=0.05)
    assert first.wait(1) is True  # nobody moving: the regular plays at once
    first.begin(1)
    assert first.wait(1) is False  # held back for the patience, then plays anyway
    done = threading.Event()
    waiter = threading.Thread(target=lambda: done.set() if first.wait(1) else None)
    first.patience = 30
    waiter.start()
    assert not done.wait(0.1)
    first.end(1)  # the move's views are sent: the regular goes on
    waiter.join(10)
    assert done.is_set()


def test_a_persons_move_at_one_table_does_not_hold_the_regulars_of_another():
    """The wait is per table: with fifty busy tables some person's move is always in
    flight, and one count for the whole club held every regular for its whole patience."""
    from mjdsl.server.priority import PeopleFirst

    first = PeopleFirst(patience=30)
    first.begin(1)
    first.begin(1)  # two people's moves at a friends' table
    other = threading.Thread(target=lambda: results.append(first.wait(2)))
    results: list[bool] = []
    other.start()
    other.join(5)  # at once, not after 30 s
    assert results == [True] and first.moving(1) == 2
    first.end(1)
    assert first.moving(1) == 1
    held = threading.Thread(target=lambda: results.append(first.wait(1)))
    held.start()
    held.join(0.2)
    assert held.is_alive()  # table 1 still answers a move
    first.end(1)
    held.join(5)
    assert results == [True, True] and first.moving(1) == 0


def test_seat_change_lines_are_said_in_the_seats_language(tables):
    from mjdsl.server import i18n

    zh = i18n.translations("zh").gettext
    g = ClubGame(tables["american"], "7", ["visitor:a", None, None, None], ["mei", "rafi", "auntie-rose", "mei"],
                 langs=["zh", "en", "en", "en"])
    g.move_seat("visitor:a", 2)
    said = g.events[0][-1]
    assert said == zh("From the next hand you sit at seat {seat}, and {name} takes yours.").format(
        seat=2, name=g.names_for(0)[2]) and "From the next hand" not in said
    g.move_seat("visitor:a", 0)
    assert g.events[0][-1] == zh("You stay at seat {seat}.").format(seat=0)


@pytest.mark.parametrize("lang", ["ja", "zh"])
def test_the_websockets_refusals_are_said_in_the_pages_language(tmp_path, tables, lang):
    from mjdsl.server import i18n
    from mjdsl.server.steps import MOVE_EXAMPLE

    _ = i18n.translations(lang).gettext
    app = create_app(f"sqlite:///{tmp_path / 'r.sqlite3'}", secret="s", tables=tables, guide_cache=tmp_path / "g.json")
    c = TestClient(app)
    c.cookies.set("lang", lang)
    gid = _sit(c, "american")
    with c.websocket_connect(f"/ws/{gid}") as ws:
        m = ws.receive_json()
        while m["more"] or not m["to_act"]:
            m = ws.receive_json()
        legal = {x["a"] for x in m["legal"]}
        illegal = next(a for a in range(10_000) if a not in legal)
        for msg, said in (
                ({"actions": [m["legal"][0]["a"]], "at": m["moves"] - 1},
                 _("the game has moved on since that move was chosen")),
                ({"actions": [illegal], "at": m["moves"]}, _("action {action} is not legal now").format(action=illegal)),
                ({"actions": ["x"], "at": m["moves"]}, _("a move is an action number")),
                ({"actions": "x"}, _("send the move as {example}").format(example=MOVE_EXAMPLE)),
                ({"seat": 9}, _("the seats are numbered 0 to {last}").format(last=3))):
            ws.send_json(msg)
            err = ws.receive_json()
            assert err == {"type": "error", "message": said, "moves": m["moves"]}, msg
            assert not said.isascii()  # in the language, not in English
        ws.send_text("not json")
        err = ws.receive_json()
        assert err["message"] == _("a message is JSON: {example}").format(example=MOVE_EXAMPLE)
        assert not err["message"].startswith("a message")
        # nothing changed: the move refused first is taken now
        ws.send_json({"actions": [m["legal"][0]["a"]], "at": m["moves"]})
        assert ws.receive_json()["moves"] > m["moves"]


def test_a_club_hand_is_begun_with_what_the_session_carries():
    """A table plays any ruleset: riichi's repeat counter (honba) and the pot a wall game
    leaves go into the next hand at the club as at the terminal table (the club began
    every hand with the dealer's streak alone, so honba was always 0 there)."""
    from mjdsl.frontend.compile import compile_ruleset
    from mjdsl.frontend.paths import library_paths
    from mjdsl.server.club import ClubTable

    path = next(str(p / "riichi.mj") for p in library_paths() if (p / "riichi.mj").is_file())
    auto = compile_ruleset(path, [])
    t = ClubTable("riichi", "riichi", path, (), ("mei", "auntie-rose", "rafi"), auto)
    g = ClubGame(t, "3", [None] * 4, ["mei", "auntie-rose", "rafi", "mei"], hands_limit=3)
    carried = []
    while not g.over:
        carried.append((dict(g.game.context), g.clock.context()))
        hand = g.clock.hands
        while not g.over and g.clock.hands == hand:
            g.advance(1)
    assert all(game == clock for game, clock in carried)
    assert any(game.get("honba", 0) > 0 for game, _ in carried)
