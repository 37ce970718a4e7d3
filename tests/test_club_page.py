"""The club's table page beside the game: the card with the nearest lines marked, the
claim window's clock (kept by the server), and the three languages of the rule book,
the card and the table's announcements, with every catalog message translated."""

from __future__ import annotations

import random
import re
from pathlib import Path

import attrs
import pytest

pytest.importorskip("starlette")
pytest.importorskip("babel")

from starlette.testclient import TestClient  # noqa: E402
from test_club import _browser, _sit, _ws  # noqa: E402

from mjdsl.diagnostics import InputError  # noqa: E402
from mjdsl.engine import actions as ACT  # noqa: E402
from mjdsl.server import i18n  # noqa: E402
from mjdsl.server.app import create_app  # noqa: E402
from mjdsl.server.card import NearestLines  # noqa: E402
from mjdsl.server.club import load_tables  # noqa: E402
from mjdsl.server.table import ClubGame  # noqa: E402
from mjdsl.tui.view import nearest_hints  # noqa: E402

SERVER = Path(i18n.__file__).resolve().parent


@pytest.fixture(scope="module")
def tables():
    return load_tables()


def _client(tmp_path, tables, **kw):
    return TestClient(create_app(f"sqlite:///{tmp_path / 'page.sqlite3'}", secret="page", tables=tables, **kw))


# -- the card beside the table ---------------------------------------------------------------

def test_the_page_prints_the_tables_card_and_marks_lines_the_views_name(tmp_path, tables):
    with _client(tmp_path, tables) as c:
        gid = _sit(c, "american")
        page = c.get(f"/game/{gid}").text
        printed = {int(x) for x in re.findall(r'class="card-line" data-line="(\d+)"', page)}
        card = tables["american"].auto.winning.card
        assert printed == {ln.line for ln in card.lines}
        with c.websocket_connect(f"/ws/{gid}") as ws:
            v = ws.receive_json()
        assert v["nearest"] and {h["line"] for h in v["nearest"]} <= printed
    # a ruleset with no card: its winning patterns instead, and nothing to mark
    with _client(tmp_path, tables) as c:
        gid = _sit(c, "classical")
        page = c.get(f"/game/{gid}").text
        assert 'class="card-line"' not in page
        for p in tables["classical"].auto.winning.patterns:
            assert (p.title or p.name) in page
        with c.websocket_connect(f"/ws/{gid}") as ws:
            assert ws.receive_json()["nearest"] == []


def test_the_nearest_lines_follow_the_hand_as_it_changes(tables):
    t = tables["american-no-charleston"]
    g = ClubGame(t, "near", ["visitor:a", None, None, None], ["mei", "rafi", "auntie-rose", "mei"], hands_limit=1)
    g.present.add(0)
    near, rng, seen = NearestLines(), random.Random(5), set()
    for _ in range(40):
        g.advance()
        if g.over:
            break
        got = near.for_seat(1, g, 0)
        fresh = nearest_hints(g.game, 0, len(got) or 3)
        assert [(h["line"], h["need"]) for h in got] == [(h.line.line, h.need) for h in fresh]
        seen.add(tuple(h["line"] for h in got))
        g.act(0, [rng.choice(g.game.legal_actions(0))])
    assert len(seen) > 1  # the hand changed, and so did its nearest lines


# -- the claim window's clock ------------------------------------------------------------------

def _flat(game: ClubGame) -> list[int]:
    return [a for hand in game.log for a in hand]


def test_a_claim_window_closes_without_the_person(tmp_path, tables):
    from mjdsl.server.loopback import live_server

    quick = dict(tables)
    quick["american-no-charleston"] = attrs.evolve(tables["american-no-charleston"], claim_seconds=0.05)
    app = create_app(f"sqlite:///{tmp_path / 'clock.sqlite3'}", secret="clock", tables=quick)
    rng = random.Random(3)
    with live_server(app) as addr:
        person = _browser(addr)
        gid = _sit(person, "american-no-charleston")
        ws = _ws(addr, person, gid)
        while True:
            v = ws.get()
            assert v["type"] == "state" and not v["over"], "no claim window came"
            fams = {m["family"]: m["a"] for m in v["legal"]}
            if v["to_act"] and ACT.NO_CLAIM in fams:
                break
            if v["to_act"]:
                ws.put({"actions": [rng.choice([m["a"] for m in v["legal"]])], "at": v["moves"]})
        assert v["claim_seconds"] == 0.05 and v["claim_left"] is not None
        # the person says nothing: the server closes the window for them (ws.get waits 30 s at most)
        after = ws.get()
        ws.close()
    game = app.state.club.games[gid]
    assert after["moves"] > v["moves"]
    assert _flat(game)[v["moves"]] == fams[ACT.NO_CLAIM]
    assert "Time is up: no claim." in after["events"]


def test_no_clock_without_a_limit_and_for_the_guided_hand(tables):
    from mjdsl.server.claims import ClaimClocks

    t = tables["american"]
    clocks = ClaimClocks(20)
    game = ClubGame(attrs.evolve(t, claim_seconds=0), "x", [None] * 4, ["mei", "rafi", "auntie-rose", "mei"])
    assert clocks.limit(game) == 0
    game = ClubGame(t, "x", [None] * 4, ["mei", "rafi", "auntie-rose", "mei"], guided=True)
    assert clocks.limit(game) == 0
    assert clocks.limit(ClubGame(t, "x", [None] * 4, ["mei", "rafi", "auntie-rose", "mei"])) == 20


def test_tables_toml_sets_the_claim_window(tmp_path):
    good = tmp_path / "tables.toml"
    good.write_text('[[table]]\nkey = "a"\nruleset = "american.mj"\nclaim_seconds = 7.5\n'
                    'regulars = ["mei", "rafi", "auntie-rose"]\n')
    assert load_tables(good)["a"].claim_seconds == 7.5
    bad = tmp_path / "bad.toml"
    bad.write_text(good.read_text().replace("7.5", '"soon"'))
    with pytest.raises(InputError, match="claim_seconds is a number of seconds"):
        load_tables(bad)


# -- languages ---------------------------------------------------------------------------------

def test_the_rule_book_and_the_card_in_japanese_and_chinese(tmp_path, tables):
    with _client(tmp_path, tables) as c:
        english = c.get("/rules/american").text
        assert "Scoring and payments" in english
        c.get("/lang/ja?next=/")
        ja = c.get("/rules/american").text
        assert '<html lang="ja">' in ja and "Scoring and payments" not in ja
        assert i18n.translations("ja").gettext("Scoring and payments") in ja
        gid = _sit(c, "american")
        page = c.get(f"/game/{gid}").text
        assert i18n.translations("ja").gettext("X: exposures allowed") in page
        c.get("/lang/zh?next=/")
        zh = c.get("/rules/classical").text
        assert i18n.translations("zh").gettext("Claiming a discard") in zh and "Claiming a discard" not in zh


def test_the_tables_announcements_in_the_seats_language(tmp_path, tables):
    zh = i18n.translations("zh").gettext
    template = zh("{name} discards {tile}")
    assert template != "{name} discards {tile}"
    discards = re.compile(re.escape(template).replace(r"\{name\}", "(.+)").replace(r"\{tile\}", r"(\w+)"))
    rng = random.Random(8)
    with _client(tmp_path, tables) as c:
        c.get("/lang/zh?next=/")
        gid = _sit(c, "american-no-charleston")
        with c.websocket_connect(f"/ws/{gid}") as ws:
            for _ in range(400):
                v = ws.receive_json()
                if any(discards.fullmatch(e) for e in v["events"]):
                    break
                if v["to_act"]:
                    ws.send_json({"actions": [rng.choice([m["a"] for m in v["legal"]])], "at": v["moves"]})
            else:
                raise AssertionError("no discard was announced in Chinese")
    assert c.app.state.club.games[gid].words[0].you == zh("You") != "You"
    assert not any(re.search(r"\b(discards|You draw|Hand \d)\b", e) for e in v["events"])


def _catalog(path: Path):
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f)


def test_every_catalog_message_has_its_translation_and_the_template_is_current():
    from babel.messages.extract import extract_from_dir, extract_from_file

    pot = {m.id if isinstance(m.id, str) else m.id[0] for m in _catalog(SERVER / "locale" / "club.pot") if m.id}
    found = set()
    method_map = [("**.py", "python"), ("**/templates/**.html", "jinja2"), ("**/templates/**.html.j2", "jinja2")]
    for folder in ("server", "tui", "render"):
        for _, _, msg, _, _ in extract_from_dir(SERVER.parent / folder, method_map):
            found.add(msg if isinstance(msg, str) else msg[0])
    # the meanings the rule book prints: the facts' and the shipped rulesets' options (server/extract.py)
    data = [(SERVER.parent / "facts.py", "mjdsl.server.extract:facts")]
    data += [(p, "mjdsl.server.extract:ruleset_options") for p in sorted((SERVER.parent.parent / "rulesets").glob("*.mj"))]
    for path, method in data:
        for _, msg, _, _ in extract_from_file(method, path):
            found.add(msg)
    assert found == pot, "run the pybabel extract of docs/club.md#languages"
    for lang in i18n.LANGUAGES:
        if lang == i18n.DEFAULT:
            continue
        cat = _catalog(SERVER / "locale" / lang / "LC_MESSAGES" / "club.po")
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in cat if m.id}
        assert ids == pot, lang
        for m in cat:
            if m.id:
                strings = m.string if isinstance(m.string, tuple) else (m.string,)
                assert all(strings) and not m.fuzzy, (lang, m.id)
                # a translation keeps the message's places ({name}, %(n)s)
                places = set(re.findall(r"\{\w+\}|%\(\w+\)s", m.id if isinstance(m.id, str) else m.id[1]))
                assert all(set(re.findall(r"\{\w+\}|%\(\w+\)s", s)) == places for s in strings), (lang, m.id)
                # and says them: a stray brace would break the sentence where it is printed
                if "python-brace-format" in m.flags:
                    fill = {p.strip("{}"): "x" for p in places}
                    assert all(s.format(**fill) for s in strings), (lang, m.id)


@pytest.mark.parametrize("key", ["american-no-charleston", "classical"])
def test_a_false_mahjong_is_offered_with_what_it_costs_in_the_seats_language(tables, key):
    """The view marks a mah jongg the win check says is false with the warning the page asks
    before declaring it (server/static/table.js), in the seat's language and with the
    ruleset's costs; a move that is not mah jongg carries none."""
    from mjdsl.engine.steps_play import false_declaration

    from mjdsl.tui.words import Words

    g = ClubGame(tables[key], "false", ["visitor:a", None, None, None], ["mei", "mei", "rafi", "auntie-rose"],
                 hands_limit=1)
    g.present.add(0)
    g.set_language(0, "zh")
    rng = random.Random(2)
    for _ in range(400):
        g.advance()
        assert not g.over, "no turn offered mah jongg"
        v = g.view(0)
        offered = [m for m in v["legal"] if m["family"] == ACT.MAHJONG]
        if offered and false_declaration(g.game, 0):
            break
        g.act(0, [rng.choice([m["a"] for m in v["legal"] if m["family"] != ACT.MAHJONG])])
    warning = offered[0]["confirm"]
    english = Words(g.auto, ["You", "A", "B", "C"]).false_mahjong(0)
    assert english.startswith("Your hand is not a winning hand: declaring it now kills your hand")
    assert warning == g.words[0].false_mahjong(0) and warning != english and "Your hand" not in warning
    if key == "classical":  # the ruleset's penalty, in points
        assert "costs you 900 points" in english and "900" in warning
    assert not any("confirm" in m for m in v["legal"] if m["family"] != ACT.MAHJONG)
