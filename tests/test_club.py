"""The club online (mjdsl/server): storage, accounts, the table's websocket, what a seat sees.

Runs on SQLite always, and the storage tests on PostgreSQL too when
``MJDSL_TEST_POSTGRES_URL`` names a server (``.ci/run`` starts one on loopback).
"""

from __future__ import annotations

import datetime
import os
import random
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")

from starlette.testclient import TestClient  # noqa: E402

from mjdsl.diagnostics import InputError  # noqa: E402
from mjdsl.server import security  # noqa: E402
from mjdsl.server.app import create_app  # noqa: E402
from mjdsl.server.club import load_tables  # noqa: E402
from mjdsl.server.i18n import choose, translations  # noqa: E402
from mjdsl.server.store import open_store  # noqa: E402
from mjdsl.server.table import ClubGame  # noqa: E402


@pytest.fixture(scope="module")
def tables():
    return load_tables()


def _pg_url():
    return os.environ.get("MJDSL_TEST_POSTGRES_URL")


DBS = ["sqlite"] + (["postgresql"] if _pg_url() else [])


@pytest.fixture(params=DBS)
def db_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'club.sqlite3'}"
    import sqlalchemy as sa

    # a fresh schema each time: drop what an earlier run left
    url = _pg_url()
    eng = sa.create_engine("postgresql+psycopg://" + url.split("://", 1)[1])
    with eng.begin() as c:
        c.execute(sa.text("DROP TABLE IF EXISTS results, games, accounts, alembic_version CASCADE"))
    eng.dispose()
    return url


# -- storage -------------------------------------------------------------------------------

def test_store_keeps_accounts_games_and_results(db_url):
    store = open_store(db_url)
    a = store.add_account("mei.fan", security.hash_password("correct horse"))
    assert a is not None and store.add_account("mei.fan", "x") is None
    assert store.account("mei.fan")[0] == a and store.account("nobody") is None
    gid = store.add_game("american", "solo", "account:mei.fan", "7", ["account:mei.fan", None], {"hands": [[1]]})
    store.save_game(gid, ["account:mei.fan", "account:rafi"], {"hands": [[1, 2, 3]]}, over=False)
    assert store.game(gid)["log"] == {"hands": [[1, 2, 3]]}
    assert store.open_game("american", "solo", "account:mei.fan")["id"] == gid
    day = datetime.date(2026, 12, 1)
    store.add_result(a, gid, 0, day, 25.0)
    store.add_result(a, gid, 0, day, 25.0)  # the same hand again (a replay) counts once
    store.add_result(a, gid, 1, day, -5.0)
    assert store.day_results(day) == [("mei.fan", 20.0, 2)]
    # a second open (an upgrade, a restart) keeps everything
    again = open_store(db_url)
    assert again.account("mei.fan")[0] == a and again.game(gid)["seats"][1] == "account:rafi"


def test_migrations_match_the_models(tmp_path):
    import sqlalchemy as sa
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from mjdsl.server.store import Base

    store = open_store(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    with store.engine.connect() as c:
        diff = compare_metadata(MigrationContext.configure(c), Base.metadata)
    assert diff == []
    assert sa.inspect(store.engine).has_table("alembic_version")


# -- defences ------------------------------------------------------------------------------

def test_passwords_are_argon2_and_unknown_names_fail_alike():
    h = security.hash_password("correct horse")
    assert h.startswith("$argon2id$")
    assert security.check_password(h, "correct horse")
    assert not security.check_password(h, "wrong horse")
    assert not security.check_password(None, "correct horse")


def test_rate_limit_blocks_after_attempts_and_lets_go_after_the_window():
    now = [0.0]
    rl = security.RateLimit(attempts=3, window=10, clock=lambda: now[0])
    for _ in range(3):
        assert not rl.blocked("ip:1")
        rl.failed("ip:1")
    assert rl.blocked("ip:1") and not rl.blocked("ip:2")
    now[0] = 11
    assert not rl.blocked("ip:1")


def test_language_follows_the_browser_and_the_choice():
    assert choose(None, "ja-JP,ja;q=0.9,en;q=0.5") == "ja"
    assert choose(None, "fr-FR, zh-CN;q=0.8, en;q=0.7") == "zh"
    assert choose("en", "zh-CN") == "en"
    assert choose(None, "de") == "en"
    assert translations("ja").gettext("Sit down →") != "Sit down →"
    assert translations("zh").gettext("Log in") != "Log in"


# -- the game at a table -------------------------------------------------------------------

def _play_out(game, seats, rng):
    """Play every person's seat at random until the session is over; every view each seat got."""
    seen = {s: [] for s in seats}
    while True:
        game.advance()
        for s in seats:
            seen[s].append((game.view(s), [list(game.game.st.hands[t]) for t in range(game.auto.seats)]
                            if game.game else None))
        if game.over:
            return seen
        p = game.waiting_for()
        legal = [m["a"] for m in game.view(p)["legal"]]
        game.act(p, [rng.choice(legal)], at=game.moves)


@pytest.mark.parametrize("key", ["american", "classical"])
def test_a_seat_sees_only_its_own_tiles(tables, key):
    t = tables[key]
    g = ClubGame(t, "vis", ["visitor:a", "visitor:b", None, None], ["mei", "rafi", "auntie-rose", "mei"],
                 hands_limit=1)
    g.present.update({0, 1})
    seen = _play_out(g, [0, 1], random.Random(3))
    codes = [k.code for k in t.auto.tiles.kinds]
    for seat, views in seen.items():
        for v, hands in views:
            text = repr(v)
            assert "wall" not in {k for k in v if k != "wall_left"}
            assert "hands" not in v and "action_mask" not in v
            if hands is None:
                continue
            mine = sorted(codes[i] for i, n in enumerate(hands[seat]) for _ in range(n))
            assert sorted(v["hand"]) == mine
            assert v["hand_sizes"] == [sum(h) for h in hands]
            # the other seats' racks appear nowhere: no key holds a list equal to one
            for other in range(len(hands)):
                if other != seat and sum(hands[other]):
                    theirs = sorted(codes[i] for i, n in enumerate(hands[other]) for _ in range(n))
                    assert repr(theirs) not in text or theirs == mine
            if not v["to_act"]:
                assert v["legal"] == []


def test_an_illegal_move_or_one_for_another_seat_is_refused_unchanged(tables):
    t = tables["american"]
    g = ClubGame(t, "ill", ["visitor:a", "visitor:b", None, None], ["mei", "rafi", "auntie-rose", "mei"])
    g.present.update({0, 1})
    g.advance()
    p = g.waiting_for()
    other = 1 - p
    before = (g.moves, repr(g.game.st.hands), list(g.events[p]))
    legal = {m["a"] for m in g.view(p)["legal"]}
    illegal = next(a for a in range(len(g.game.catalogue)) if a not in legal)
    for seat, acts, at in ((p, [illegal], g.moves), (other, [next(iter(legal))], g.moves),
                           (p, [next(iter(legal))], g.moves - 1), (p, ["7"], g.moves)):
        with pytest.raises(Exception) as e:
            g.act(seat, acts, at)
        # refused as the table's input error (said in the seat's language), not the engine's IllegalAction
        assert type(e.value).__name__ == "Refused" and isinstance(e.value, InputError)
        assert (g.moves, repr(g.game.st.hands), list(g.events[p])) == before


def test_a_saved_game_resumes_to_the_same_place(tables):
    t = tables["american"]
    g = ClubGame(t, "res", ["visitor:a", None, None, None], ["mei", "mei", "auntie-rose", "rafi"])
    g.present.add(0)
    rng = random.Random(5)
    for _ in range(30):
        g.advance()
        legal = [m["a"] for m in g.view(0)["legal"]]
        g.act(0, [rng.choice(legal)], at=g.moves)
    g.advance()
    h = ClubGame.resume(t, g.to_json())
    h.present.add(0)
    assert h.moves == g.moves and h.game.st.hands == g.game.st.hands and h.log == g.log
    # the regulars play on as they would have: both copies make the same next moves
    a = g.view(0)["legal"][0]["a"]
    g.act(0, [a], at=g.moves)
    h.act(0, [a], at=h.moves)
    g.advance()
    h.advance()
    assert g.log == h.log
    tampered = g.to_json()
    tampered["hands"][0][0] ^= 1
    with pytest.raises(Exception, match="not this seed's"):
        ClubGame.resume(t, tampered)


@pytest.mark.parametrize("lang, said", [("en", ("Not calling: ", "Calling: ")), ("zh", ("未听牌：", "听牌：")),
                                         ("ja", ("ノーテン：", "テンパイ："))])
def test_a_riichi_wall_game_says_who_paid_whom(tmp_path, lang, said):
    """Riichi's ``wall game: not calling pay calling 3000 points shared``: the table's line
    names the hands that paid and the hands paid, with the amounts the settlement shows
    (it used to say "nobody pays" whatever was paid), in the seat's language."""
    root = Path(__file__).resolve().parent.parent
    path = tmp_path / "tables.toml"
    path.write_text(f'[[table]]\nkey = "riichi"\ntitle = "Riichi"\nruleset = "{root / "rulesets" / "riichi.mj"}"\n'
                    'regulars = ["greedy", "greedy", "greedy"]\n', encoding="utf-8")
    table = load_tables(path)["riichi"]
    for seed in range(60):  # the regulars play every seat; the first wall game some hands call at
        g = ClubGame(table, str(seed), [None] * 4, ["mei", "auntie-rose", "rafi", "greedy"], hands_limit=1,
                     langs=[lang] * 4)
        g.advance()
        res = g.results[0]
        if res.get("calling") and len(res["calling"]) < 4:
            break
    else:
        pytest.fail("no wall game with payments in 60 hands")
    names = g.names_for(0)
    payers = [s for s in range(4) if s not in res["calling"]]
    line = next(e for e in g.events[0] if said[0] in e)
    pay, get = 3000 / len(payers), 3000 / len(res["calling"])
    assert f"{said[0]}{', '.join(names[s] for s in payers)}" in line
    assert f"{said[1]}{', '.join(names[s] for s in res['calling'])}" in line
    assert f"{pay:g}" in line and f"{get:g}" in line
    # the same points as the hand's settlement: the payers lose them, the calling hands get them
    assert g.totals == [get if s in res["calling"] else -pay for s in range(4)]
    nobody = translations(lang).gettext("Wall game: nobody wins, nobody pays.")
    assert nobody not in g.events[0]


def test_a_player_who_drops_is_replaced_by_their_regular(tables):
    t = tables["american"]
    g = ClubGame(t, "drop", ["visitor:a", "visitor:b", None, None], ["mei", "rafi", "auntie-rose", "mei"],
                 hands_limit=1)
    g.present.update({0, 1})
    g.advance()
    assert g.waiting_for() in (0, 1)
    g.present.discard(g.waiting_for())
    g.advance()
    assert g.waiting_for() in g.present or g.over
    # nobody left: the game waits for them, it does not play itself out
    g.present.clear()
    g.advance()
    assert not g.over and g.waiting_for() in (0, 1)


# -- the server ----------------------------------------------------------------------------

def _csrf(html: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', html).group(1)


@pytest.fixture
def make_client(tmp_path, tables):
    made = []

    def make(db=None, secret="test-secret", app=None):
        """A browser: on a new server over ``db``, or on the server ``app`` (another visitor)."""
        app = app or create_app(db or f"sqlite:///{tmp_path / 'club.sqlite3'}", secret=secret, tables=tables)
        c = TestClient(app)
        made.append(c)
        return c

    yield make
    for c in made:
        c.close()


def _sit(client, table="american", kind="solo") -> int:
    r = client.get("/")
    r = client.post(f"/tables/{table}/{kind}", data={"csrf": _csrf(r.text)}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return int(r.headers["location"].rsplit("/", 1)[1])


def _play_over_ws(client, gid, rng, stop_after=None):
    """Play one seat over the websocket with random legal moves; every message it got."""
    got = []
    with client.websocket_connect(f"/ws/{gid}") as ws:
        while True:
            m = ws.receive_json()
            got.append(m)
            if m["type"] != "state":
                continue
            if m["over"] or (stop_after is not None and len(got) >= stop_after):
                return got
            if m["to_act"]:
                legal = [x["a"] for x in m["legal"]]
                ws.send_json({"actions": [rng.choice(legal)], "at": m["moves"]})


def test_solo_play_over_the_websocket_to_the_end(make_client):
    c = make_client()
    gid = _sit(c, "american-short")
    assert c.get(f"/game/{gid}").status_code == 200
    got = _play_over_ws(c, gid, random.Random(2))
    assert got[-1]["over"]
    assert all(m.get("seat", 0) == 0 for m in got)
    # the saved game is the log, and it is finished (saves are written behind the play)
    assert c.app.state.club.flush()
    game = c.app.state.club.store.game(gid)
    assert game["over"] and sum(len(h) for h in game["log"]["hands"]) == got[-1]["moves"]


def test_a_game_survives_a_restart_mid_hand(make_client, tmp_path):
    db = f"sqlite:///{tmp_path / 'restart.sqlite3'}"
    c = make_client(db)
    gid = _sit(c)
    first = _play_over_ws(c, gid, random.Random(4), stop_after=12)
    cookies = dict(c.cookies)
    moves = first[-1]["moves"]
    assert c.app.state.club.flush()  # the first server stops: it writes what it has
    c2 = make_client(db)  # a new server process over the same database
    c2.cookies.update(cookies)
    with c2.websocket_connect(f"/ws/{gid}") as ws:
        m = ws.receive_json()
    assert m["moves"] >= moves and m["hand"] and any("Resumed" in e for e in m["events"])


def test_another_visitor_cannot_open_a_seat(make_client):
    c = make_client()
    gid = _sit(c)
    stranger = make_client(app=c.app)
    assert stranger.get(f"/game/{gid}").status_code == 404
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect):
        with stranger.websocket_connect(f"/ws/{gid}") as ws:
            ws.receive_json()


def _signup(c, name, password="a good password", status=303):
    r = c.get("/signup")
    r = c.post("/signup", data={"csrf": _csrf(r.text), "name": name, "password": password}, follow_redirects=False)
    assert r.status_code == status, r.text
    return r


def test_accounts_csrf_rate_limit_and_no_enumeration(make_client):
    c = make_client()
    _signup(c, "auntie")
    assert "auntie" in c.get("/").text
    r = c.get("/")
    c.post("/logout", data={"csrf": _csrf(r.text)})
    # a form without the session's token is refused
    assert c.post("/login", data={"csrf": "forged", "name": "auntie", "password": "a good password"}).status_code == 403
    # a wrong password and an unknown name read the same
    tok = _csrf(c.get("/login").text)
    wrong = c.post("/login", data={"csrf": tok, "name": "auntie", "password": "not it at all"})
    nobody = c.post("/login", data={"csrf": tok, "name": "nobody-here", "password": "not it at all"})
    assert wrong.status_code == nobody.status_code == 400
    strip = lambda t: t.replace("auntie", "X").replace("nobody-here", "X")  # noqa: E731
    assert re.search(r'role="alert">([^<]*)<', wrong.text).group(1) == re.search(r'role="alert">([^<]*)<', nobody.text).group(1)
    assert strip(wrong.text).count("Wrong user name or password") == 1
    for _ in range(5):
        c.post("/login", data={"csrf": tok, "name": "auntie", "password": "not it at all"})
    blocked = c.post("/login", data={"csrf": tok, "name": "auntie", "password": "a good password"})
    assert blocked.status_code == 429
    # names are checked, and shown escaped
    _signup(c, "<script>", status=400)
    assert "<script>" not in c.get("/signup").text.split("<body>")[1].replace("<script src", "")
    assert c.cookies.get("mjdsl_club") and "httponly" in c.get("/").headers.get("set-cookie", "httponly").lower()


@pytest.fixture
def live_club(tmp_path, tables):
    """The club on a real server on loopback: its address and the app."""
    from mjdsl.server.loopback import live_server

    app = create_app(f"sqlite:///{tmp_path / 'live.sqlite3'}", secret="live", tables=tables)
    with live_server(app) as addr:
        yield addr, app


def _browser(addr):
    import httpx

    return httpx.Client(base_url=f"http://{addr}", follow_redirects=False)


def _ws(addr, client, gid):
    import json

    from websockets.sync.client import connect

    cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    ws = connect(f"ws://{addr}/ws/{gid}", additional_headers={"Cookie": cookie}, open_timeout=10)
    def get():
        """The next view that waits for someone: a move is answered at once ("more" to come),
        then the regulars play on to the next person."""
        m = json.loads(ws.recv(timeout=30))
        while m.get("more"):
            m = json.loads(ws.recv(timeout=30))
        return m

    ws.get = get
    ws.put = lambda m: ws.send(json.dumps(m))
    return ws


def test_friends_table_by_invitation(live_club):
    addr, app = live_club
    host, friend = _browser(addr), _browser(addr)
    _signup(host, "host1")
    _signup(friend, "friend1")
    gid = _sit(host, "american-short", "friends")
    page = host.get(f"/game/{gid}").text
    link = re.search(r'id="invite" value="([^"]+)"', page).group(1)
    path = "/" + link.split("/", 3)[3]
    r = friend.get(path)
    assert r.status_code == 303 and r.headers["location"] == f"/game/{gid}"
    game = app.state.club.games[gid]
    assert game.seats.count(None) == 2 and "account:friend1" in game.seats
    assert friend.get("/join/forged-token").status_code == 404
    # both at the table: each gets only their own seat's view; play to the end
    rng = random.Random(9)
    fseat = game.seat_of("account:friend1")
    a = _ws(addr, host, gid)
    last = {0: a.get()}
    b = _ws(addr, friend, gid)
    socks = {0: a, fseat: b}
    last[fseat] = b.get()
    while not all(v["over"] for v in last.values()):
        movers = [s for s, v in last.items() if v["to_act"]]
        assert len(movers) == 1 and len({v["moves"] for v in last.values()}) == 1
        v = last[movers[0]]
        socks[movers[0]].put({"actions": [rng.choice([x["a"] for x in v["legal"]])], "at": v["moves"]})
        for s, ws in socks.items():
            m = ws.get()
            assert m["type"] == "state" and m["seat"] == s
            last[s] = m
    a.close()
    b.close()
    day = app.state.club.store.day_results(datetime.datetime.now(datetime.timezone.utc).date())
    assert {name for name, _, _ in day} == {"host1", "friend1"}


def test_pages_in_three_languages_and_the_rules(make_client):
    c = make_client()
    assert "Sit down" in c.get("/").text
    assert "Sit down" not in c.get("/", headers={"Accept-Language": "ja"}).text
    c.get("/lang/zh?next=/")
    zh = c.get("/").text
    assert 'lang="zh"' in zh and "Sit down" not in zh
    assert c.get("/lang/en?next=//evil.example", follow_redirects=False).headers["location"] == "/"
    r = c.get("/signup")
    r = c.post("/signup?next=//evil.example", data={"csrf": _csrf(r.text), "name": "wanderer", "password": "a good password"},
               follow_redirects=False)
    assert r.headers["location"] == "/"
    assert "<html" in c.get("/rules/american").text.lower()


def test_serve_refuses_a_bad_database_or_tables_file_in_one_line(capsys, tmp_path):
    from mjdsl.cli import main

    assert main(["serve", "--db", "nonsense://x"]) == 2
    assert "not a database URL" in capsys.readouterr().err
    bad = tmp_path / "tables.toml"
    bad.write_text('[[table]]\nkey = "x"\nruleset = "american.mj"\nregulars = ["nobody"]\n')
    assert main(["serve", "--tables", str(bad), "--db", f"sqlite:///{tmp_path / 'c.sqlite3'}"]) == 2
    err = capsys.readouterr().err
    assert "unknown regular 'nobody'" in err and "Traceback" not in err
