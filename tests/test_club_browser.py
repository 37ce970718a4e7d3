"""The club in a real headless Chromium (Debian's ``chromium``, driven by Playwright's
Python package; never Playwright's own browser download): sign up, log in, sit down
solo and play a hand to the end, invite a friend (a second browser context) and play a
hand together, switch language, resume after a server restart. Skipped when chromium
or Playwright is absent (``.ci/run`` installs chromium). One browser for the module.

Every test takes its screenshots; with ``MJDSL_UPDATE_SCREENSHOT=1`` they are written
to docs/club-*.png (docs/club.md shows them), so a plain run leaves the tree as it was.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("MJDSL_CHROMIUM", "/usr/bin/chromium")
pytest.importorskip("starlette")
sync_api = pytest.importorskip("playwright.sync_api")
if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
    pytest.skip("no chromium here (apt-get install chromium)", allow_module_level=True)

from mjdsl.server.loopback import live_server  # noqa: E402

from mjdsl.server.app import create_app  # noqa: E402
from mjdsl.server.club import load_tables  # noqa: E402

DOCS = Path(__file__).resolve().parent.parent / "docs"


def shot(page, name: str) -> None:
    """A screenshot of the page: always taken (it must be a PNG), kept in docs/ on request."""
    keep = DOCS / name if os.environ.get("MJDSL_UPDATE_SCREENSHOT") else None
    data = page.screenshot(path=str(keep) if keep else None)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture(scope="module")
def tables():
    return load_tables()


def _offered(page) -> bool:
    return page.get_attribute("#club-table", "data-over") != "yes" and bool(
        page.query_selector("#hand .live") or page.query_selector("#moves button"))


def _take_move(page) -> None:
    """Take the move the page offers (a pass of the first tiles, no claim, the last tile)."""
    before = page.get_attribute("#club-table", "data-moves")
    if page.query_selector("#pass") is not None:
        for _ in range(20):
            if page.is_enabled("#pass"):
                break
            page.click("#hand .live:not(.on) >> nth=0")
        page.click("#pass")
    elif page.query_selector("#moves button[data-family=no_claim]") is not None:
        # a claim window shows the server's countdown (server/claims.py) while it waits
        assert page.get_attribute("#prompt", "data-seconds") is not None
        page.click("#moves button[data-family=no_claim]")
    elif page.query_selector("#hand .live") is not None:
        page.click("#hand .live >> nth=-1")
    else:
        page.click("#moves button >> nth=0")
    page.wait_for_function(f"() => document.getElementById('club-table').dataset.moves !== '{before}'",
                           timeout=30000)


def _play_until_over(page, limit: int = 4000) -> None:
    """Take a move whenever the page offers one, until the session is over."""
    for _ in range(limit):
        page.wait_for_function(
            "() => document.getElementById('club-table').dataset.over === 'yes' ||"
            " document.querySelector('#hand .live') || document.querySelector('#moves button')", timeout=30000)
        if page.get_attribute("#club-table", "data-over") == "yes":
            return
        _take_move(page)
    raise AssertionError("the session did not end")


def _signup(page, base, name):
    page.goto(f"{base}/signup")
    page.fill("#name", name)
    page.fill("#password", "a good password")
    page.click("#submit")
    page.wait_for_url(f"{base}/")


def test_solo_hand_languages_and_a_restart(browser, tables, tmp_path):
    db = f"sqlite:///{tmp_path / 'b.sqlite3'}"
    ctx = browser.new_context(viewport={"width": 420, "height": 900})  # a phone's width
    page = ctx.new_page()
    with live_server(create_app(db, secret="b", tables=tables)) as addr:
        base = f"http://{addr}"
        _signup(page, base, "browser1")
        page.click("#logout")
        page.goto(f"{base}/login")
        page.fill("#name", "browser1")
        page.fill("#password", "a good password")
        page.click("#submit")
        page.wait_for_url(f"{base}/")
        assert page.is_visible("text=browser1")
        # switch language, and back
        page.click("#lang-ja")
        assert page.locator("html").get_attribute("lang") == "ja"
        assert page.is_visible("text=席に着く →")
        shot(page, "club-lobby-ja.png")
        page.click("#lang-en")
        # sit down solo at the one-hand table
        page.click("#table-american-short button.sit")
        page.wait_for_selector("#hand svg.tile")
        # on a phone the card beside the table starts folded; a tap opens it, nearest lines marked
        assert page.get_attribute("#card", "open") is None
        page.click("#card summary")
        page.wait_for_selector("#card .card-line.nearest")
        page.click("#card summary")
        shot(page, "club-table.png")
        game_url = page.url
        moves = int(page.get_attribute("#club-table", "data-moves"))
    # the server stops mid-hand; a new one over the same database picks the game up
    with live_server(create_app(db, secret="b", tables=tables)) as addr2:
        page.goto(game_url.replace(addr, addr2))
        page.wait_for_selector("#hand svg.tile")
        assert int(page.get_attribute("#club-table", "data-moves")) >= moves
        assert page.is_visible("#log >> text=Resumed the saved game")
        _play_until_over(page)
        assert page.is_visible("#log >> text=The session is over")
    ctx.close()


def test_a_friend_by_invitation(browser, tables, tmp_path):
    host_ctx, friend_ctx = browser.new_context(), browser.new_context()
    host, friend = host_ctx.new_page(), friend_ctx.new_page()
    with live_server(create_app(f"sqlite:///{tmp_path / 'f.sqlite3'}", secret="f", tables=tables)) as addr:
        base = f"http://{addr}"
        _signup(host, base, "hostess")
        _signup(friend, base, "guest.one")
        host.click("#table-american-short button.friends")
        host.wait_for_selector("#invite")
        link = host.input_value("#invite")
        friend.click("#lang-ja")  # the friend plays in Japanese: the page and the table's words
        friend.goto(link)
        friend.wait_for_selector("#hand svg.tile")
        host.wait_for_selector("text=guest.one")
        # the card beside the table (a desktop's width): the host's nearest lines marked
        host.wait_for_selector("#card .card-line.nearest")
        assert host.is_visible("#card .card-line.nearest")
        shot(host, "club-card.png")
        # both play: each page takes a move whenever it is offered one
        for _ in range(4000):
            if all(p.get_attribute("#club-table", "data-over") == "yes" for p in (host, friend)):
                break
            for p in (host, friend):
                if _offered(p):
                    _take_move(p)
            host.wait_for_timeout(20)
        assert host.get_attribute("#club-table", "data-over") == "yes"
        assert friend.get_attribute("#club-table", "data-over") == "yes"
        assert friend.is_visible("#log >> text=を捨てました")
        shot(friend, "club-friends.png")
    host_ctx.close()
    friend_ctx.close()


def test_changing_seats_at_a_solo_table(browser, tables, tmp_path):
    ctx = browser.new_context()
    page = ctx.new_page()
    with live_server(create_app(f"sqlite:///{tmp_path / 's.sqlite3'}", secret="s", tables=tables,
                                guide_cache=tmp_path / "guided.json")) as addr:
        page.goto(f"http://{addr}/")
        page.click("#table-american button.sit")
        page.wait_for_selector("#hand svg.tile")
        page.click("#seats button.seat-move[data-seat='2']")
        page.wait_for_selector("#log >> text=From the next hand you sit at seat 2")
        assert "(undo)" in page.inner_text("#seats button.seat-move[data-seat='2']")
    ctx.close()


def test_a_false_mahjong_is_declared_only_once_the_person_says_yes(browser, tables, tmp_path):
    """At the American table mah jongg may be declared on any turn (a false one kills the
    hand): the page asks first, saying what it costs. No: nothing is sent and the turn is
    still the person's. Yes: it is declared, and the table says the hand is dead."""
    ctx = browser.new_context()
    page = ctx.new_page()
    with live_server(create_app(f"sqlite:///{tmp_path / 'm.sqlite3'}", secret="m", tables=tables)) as addr:
        page.goto(f"http://{addr}/")
        page.click("#table-american-short button.sit")
        page.wait_for_selector("#hand svg.tile")
        for _ in range(400):  # the Charleston, then the first turn with mah jongg offered
            page.wait_for_function("() => document.querySelector('#hand .live') || "
                                   "document.querySelector('#moves button')", timeout=30000)
            if page.query_selector("#moves button[data-family=mahjong][title]") is not None:
                break  # (a mah jongg the hand makes, on a discard, is declared at once)
            _take_move(page)
        button = "#moves button[data-family=mahjong]"
        assert "not a winning hand" in page.get_attribute(button, "title")
        before = page.get_attribute("#club-table", "data-moves")
        asked: list[str] = []

        def answer(dialog, accept: bool) -> None:
            asked.append(dialog.message)
            dialog.accept() if accept else dialog.dismiss()

        page.once("dialog", lambda d: answer(d, False))
        page.click(button)
        page.wait_for_timeout(300)
        assert asked and asked[0] == ("Your hand is not a winning hand: declaring it now kills your hand.\n"
                                      "Declare mah jongg anyway?"), asked
        assert page.get_attribute("#club-table", "data-moves") == before and page.is_visible(button)
        # every line the log shows from now on (the hand plays on without the dead hand, and
        # the log keeps only its last lines)
        page.evaluate("""() => { window.shown = [];
            new MutationObserver(() => document.querySelectorAll('#log li').forEach(li => window.shown.push(li.textContent)))
                .observe(document.getElementById('log'), { childList: true }); }""")
        page.once("dialog", lambda d: answer(d, True))
        page.click(button)
        page.wait_for_function("() => window.shown.includes("
                               "'You declared mah jongg: not mah jongg: your hand is dead')", timeout=30000)
        assert len(asked) == 2
    ctx.close()
