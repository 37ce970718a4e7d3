"""Hand scenarios in the project's own notation: a wall laid out by hand, the moves,
and what the table must look like after them (tests/scenarios/*.txt).

A scenario is plain text, one statement a line; ``#`` starts a comment. The header
lays out the table, as tests/engine_script.py's ``scripted`` does::

    ruleset: classical.mj          a file of rulesets/ (or rules/x.mj: an overlay beside the scenarios)
    dealer: 0
    false calls: on                mah jongg may be called on any hand (a false call)
    seat 0: 5b 5b 5b 5b ...        a seat's concealed tiles (unnamed seats hold
                                   tiles that claim nothing)
    wall: 6b 9c                    the next tiles drawn from the wall, in order
    kong box: 2b R                 the end of the wall: its LAST tile is drawn first
    live: 1                        only this many tiles are left in the live wall
    kong box left: 0               the live wall is spent, and this many replacements are left

Then moves and expectations, in order; each expectation is checked where it stands:

    > 0 discard 5b                 seat 0 takes the action of that name
    > nobody claims                every seat asked in the window open now declines
    = node play.turn               the automaton state
    = to act 1                     the seat to act
    = legal has mah jongg          the seat to act may ...; ``legal lacks ...``: may not
    = asked 2 3                    the seats asked in the open claim window, in order
    = hand 1: 5b 5b 9c ...         a seat's concealed tiles, in any order
    = exposed 1: pung 5b from 0, kong_concealed 9d concealed
                                   a seat's sets: kind, tile (a run: its tiles), whose discard made it,
                                   whether concealed, jokers in it (``none``: no sets)
    = bonus 1: f2                  a seat's bonus tiles set aside, in order (``none``)
    = discards 0: 5b 9c            a seat's discards still on the table, in order
    = dead 1: false mahjong        a dead hand and why; ``= alive 1``
    = winner 2                     (``none`` for no winner)
    = win source kong box          a fact of the win the engine records (st.win)
    = scorer 2 source kong_box     a field of the HandInput the engine gives the scorer
    = scorer 1 melds pung 5b, kong 9d concealed   its sets on the table (a chow by its lowest tile)
    = rules has robbing_kong       the winner's scoring rules (``rules lacks ...``)
    = returns 300 -900 300 300     every seat's returns so far
    = result wall_game true        a field of the hand's result (after it is settled)
    = live 5                       tiles left in the live wall
    = kong draws 1: 1              replacements a seat has drawn for kongs
    = events robbed kong: 1        how often an event happened this hand

Values: tile codes for tiles, ``true``/``false``/``none``, numbers, else text.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine_script import act, names, no_claims, scripted
from mjdsl.scoring.engine import hand_from_game

ROOT = Path(__file__).resolve().parent.parent
HEADER = ("ruleset", "dealer", "false calls", "wall", "kong box", "live", "kong box left")


class ScenarioError(AssertionError):
    """A scenario that does not hold: which line, what was expected, what was found."""


def parse_header(lines: list[tuple[int, str]]) -> tuple[dict, dict, list[tuple[int, str]]]:
    """The header's settings, the seats' hands, and the remaining (move and expectation) lines."""
    settings: dict[str, str] = {}
    hands: dict[int, str] = {}
    rest = []
    for no, line in lines:
        key, colon, value = line.partition(":")
        m = re.fullmatch(r"seat (\d+)", key.strip())
        if line[0] in ">=" or not colon:
            rest.append((no, line))
        elif m:
            hands[int(m.group(1))] = value.strip()
        elif key.strip() in HEADER:
            settings[key.strip()] = value.strip()
        else:
            raise ScenarioError(f"line {no}: unknown setting {key.strip()!r}; expected one of {HEADER} or 'seat N'")
    return settings, hands, rest


def lines_of(text: str) -> list[tuple[int, str]]:
    out = []
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if line:
            out.append((no, line))
    return out


def setup(settings: dict, hands: dict, compile_cached):
    name = settings.get("ruleset", "classical.mj")
    # a shipped ruleset by its file name; a scenario's own overlay by its path from tests/scenarios
    auto = compile_cached(ROOT / "tests" / "scenarios" / name if "/" in name else ROOT / "rulesets" / name)
    game = scripted(auto, hands, settings.get("wall", ""), dealer=int(settings.get("dealer", 0)),
                    dead=settings.get("kong box", ""))
    # the seats hold the tiles named and the wall the rest: the bonus tiles the real
    # deal set aside are in the wall too, so no seat keeps any
    game.st.bonus = [[] for _ in range(auto.seats)]
    game.allow_false_calls = settings.get("false calls", "off") == "on"
    if "live" in settings:
        _leave_live(game, int(settings["live"]))
    if "kong box left" in settings:
        # the tiles before the last n count as drawn: nothing live, n replacements
        st = game.st
        st.reserve = int(settings["kong box left"])
        st.head = st.tail - st.reserve
        game._legal = (-1, [])
    return game


def _leave_live(game, n: int) -> None:
    """Keep the first ``n`` tiles of the live wall live; the others count as drawn."""
    st = game.st
    live_end = st.tail - st.reserve
    live = st.wall[st.head:live_end]
    assert n <= len(live), f"only {len(live)} live tiles"
    st.wall = st.wall[:st.head] + live[n:] + live[:n] + st.wall[live_end:]
    st.head = live_end - n
    game._legal = (-1, [])


def _value(text: str):
    """A value as a scenario writes it: true/false/none, a number, else text."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    if re.fullmatch(r"-?\d+(\.\d+)?", text):
        return float(text)
    return text


def _plain(v):
    """A found value in the form :func:`_value` gives (numbers as floats)."""
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    return v


def _tile_fact(word: str, key: str) -> bool:
    """Facts that are tiles, written as codes (the scorer's winds are tiles too; the
    engine's discarder is a seat, the scorer's the discarder's wind)."""
    return key in ("tile", "winning_tile") or word == "scorer" and key in ("seat_wind", "round_wind", "discarder")


def check(game, line: str, no: int) -> None:
    """Check one expectation (the text after ``=``) against the game."""
    st = game.st
    tiles = game.auto.tiles
    code = lambda t: tiles.kinds[t].code  # noqa: E731
    word, _, rest = line.partition(" ")

    def fail(expected, found):
        raise ScenarioError(f"line {no}: `= {line}`: expected {expected!r}, found {found!r}")

    def seat_and(text):
        seat, _, value = text.partition(":")
        return int(seat), value.strip()

    if word == "node":
        if st.node != rest:
            fail(rest, st.node)
    elif line.startswith("to act "):
        if game.current_player() != int(line[len("to act "):]):
            fail(int(line[len("to act "):]), game.current_player())
    elif word == "legal":
        how, _, name = rest.partition(" ")
        if (name in names(game)) != (how == "has"):
            fail(f"{how} {name}", names(game))
    elif word == "asked":
        want = [int(s) for s in rest.split()]
        if st.asked != want:
            fail(want, st.asked)
    elif word == "hand":
        seat, text = seat_and(rest)
        want, found = sorted(text.split()), sorted(tiles.expand(st.hands[seat]))
        if want != found:
            fail(want, found)
    elif word == "exposed":
        seat, text = seat_and(rest)
        want = [] if text == "none" else [" ".join(s.split()) for s in text.split(",")]
        found = [" ".join([e.kind] + ([code(t) for t in e.run] if e.run else [code(e.tile)])
                          + ([f"from {e.source}"] if e.source is not None else [])
                          + (["concealed"] if e.concealed else []) + ([f"jokers {e.jokers}"] if e.jokers else []))
                 for e in st.exposures[seat]]
        if want != found:
            fail(want, found)
    elif word in ("bonus", "discards"):
        seat, text = seat_and(rest)
        want = [] if text == "none" else text.split()
        found = [code(t) for t in (st.bonus if word == "bonus" else st.discards)[seat]]
        if want != found:
            fail(want, found)
    elif word == "dead":
        seat, reason = seat_and(rest)
        if not st.dead[seat] or st.dead_reason[seat] != reason:
            fail(reason, st.dead_reason[seat] if st.dead[seat] else "alive")
    elif word == "alive":
        if st.dead[int(rest)]:
            fail("alive", st.dead_reason[int(rest)])
    elif word == "winner":
        want = None if rest == "none" else int(rest)
        if st.winner != want:
            fail(want, st.winner)
    elif word in ("win", "scorer"):
        if word == "scorer":
            seat, _, rest = rest.partition(" ")
            facts = hand_from_game(game, int(seat))
        key, _, text = rest.partition(" ")
        found = st.win.get(key) if word == "win" else getattr(facts, key)
        if word == "scorer" and key == "melds":  # the sets on the table, as the scorer counts them
            found = ", ".join(f"{m.kind} {code(m.tile)}" + (" concealed" if m.concealed else "") for m in found)
        if _tile_fact(word, key) and found is not None:
            found = code(found)
        want = text if _tile_fact(word, key) and text != "none" else _value(text)
        if _plain(found) != want:
            fail(want, found)
    elif word == "rules":
        how, _, name = rest.partition(" ")
        found = st.result.get("rules") or []
        if (name in found) != (how == "has"):
            fail(f"{how} {name}", found)
    elif word == "result":
        key, _, text = rest.partition(" ")
        if _plain(st.result.get(key)) != _value(text):
            fail(_value(text), st.result.get(key))
    elif word == "returns":
        want = [float(x) for x in rest.split()]
        if game.returns() != want:
            fail(want, game.returns())
    elif word == "live":
        if st.live_left() != int(rest):
            fail(int(rest), st.live_left())
    elif line.startswith("kong draws "):
        seat, n = seat_and(line[len("kong draws "):])
        if st.kong_draws[seat] != int(n):
            fail(int(n), st.kong_draws[seat])
    elif word == "events":
        event, n = rest.rsplit(":", 1)
        if st.events.get(event.strip(), 0) != int(n):
            fail(int(n), st.events.get(event.strip(), 0))
    else:
        raise ScenarioError(f"line {no}: unknown expectation `= {line}`")


def move(game, line: str, no: int) -> None:
    """Play one move (the text after ``>``)."""
    if line == "nobody claims":
        if "no claim" not in names(game):
            raise ScenarioError(f"line {no}: no claim window is open (at {game.st.node})")
        no_claims(game)
        return
    seat, _, name = line.partition(" ")
    try:
        act(game, int(seat), name)
    except AssertionError as e:
        raise ScenarioError(f"line {no}: `> {line}`: {e}") from None


def run(text: str, compile_cached) -> object:
    """Play a scenario and check every expectation in it; the game at its end."""
    settings, hands, rest = parse_header(lines_of(text))
    game = setup(settings, hands, compile_cached)
    for no, line in rest:
        body = line[1:].strip()
        if line[0] == ">":
            move(game, body, no)
        else:
            check(game, body, no)
    return game
