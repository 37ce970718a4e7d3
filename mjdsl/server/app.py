"""The club's web application: the pages, the table's websocket, and the club's state.

:func:`create_app` builds a Starlette application over a :class:`Club`: the tables
(``club.py``), the store (``store.py``) and the games in play (``table.ClubGame``,
one per saved game, loaded from its log when first needed, so a game survives a
restart). Pages are jinja2 templates in ``templates/`` in the visitor's language;
every form carries the session's CSRF token. The table's page opens
``/ws/{game}``: the server sends each seat its own view after every change, and a
seat's moves come back as action numbers, which the engine validates.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import functools
import json
import secrets
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import jinja2
from itsdangerous import BadSignature, URLSafeSerializer
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..diagnostics import InputError
from ..tui.guide import Guide, cached_guided_seed, guided_seed, suggest
from ..tui.view import nearest_hints
from . import i18n, security
from .card import NearestLines, card_panel
from .claims import ClaimClocks
from .club import DEFAULT_TABLES, load_tables
from .priority import PeopleFirst
from .saver import Saver
from .steps import MOVE_EXAMPLE, arrive, claim_time_up, leave, move, play_on, sit
from .store import Store, open_store
from .table import ClubGame, Refused
from .thinking import Thinkers

HERE = Path(__file__).resolve().parent
KINDS = ("solo", "friends", "daily", "guided")
#: threads the regulars play on (with their thinking in a worker process, each mostly
#: waits for its answer; without one, the GIL shares one core among them: more only queue)
REGULAR_THREADS = 2


def today() -> datetime.date:
    return datetime.datetime.now(datetime.timezone.utc).date()


class SeatSession:
    """One seat of a game, in the shape the terminal table's guide and hints read."""

    def __init__(self, game: ClubGame, seat: int):
        self.club_game = game
        self.person = seat
        self.auto = game.auto
        self.seed = game.seed
        self.words = game.words[seat]

    @property
    def game(self):
        return self.club_game.game

    def legal(self) -> list[int]:
        return self.game.legal_actions(self.person)


class Club:
    """The club's state: its tables, its store, and the games in play.

    A person's move and the views it changes are played on the event loop that read it,
    under the game's own lock (taken without waiting: a game another thread holds, and
    a guided game, whose views think for the guide, go to the ``moves`` threads): a move
    is a millisecond's work, and handing it to a thread and back cost two waits for a
    core on a busy machine. The regulars' moves (and the views after them) run on the
    ``regulars`` threads, holding the game's lock. So a regular thinking at one table
    never holds up another table, and a person's move is answered (their own view, with
    the move made) before the regulars play theirs; a regular about to play waits while a
    person's move at its table is answered (``priority.py``). With
    ``regulars_processes`` the regulars think in worker processes (``thinking.py``),
    and the server only checks and plays the moves they choose. Saves are written
    behind the play (``saver.py``).
    """

    def __init__(self, store: Store, tables: dict, claim_seconds: float = 20, guide_cache: Path | None = None,
                 regulars_processes: int = 0):
        self.store = store
        self.tables = tables
        self.claims = ClaimClocks(claim_seconds)
        self.nearest = NearestLines()
        self.guide_cache = guide_cache
        self.games: dict[int, ClubGame] = {}
        self.owners: dict[int, dict] = {}
        #: the open websockets of each game, by the person's key (a person may change seats)
        self.sockets: dict[int, dict[str, set]] = {}
        self.locks: dict[int, asyncio.Lock] = {}
        self.guides: dict[tuple[int, int], Guide] = {}
        self._guided: dict[str, str] = {}
        self._guiding = threading.Lock()
        self._loading = threading.Lock()
        #: (game, seat) -> what that seat's last view was made from (a view is made again only on a change)
        self._shown: dict[tuple[int, int], tuple] = {}
        #: each open socket's count of log lines sent (its seat's ``heard`` at its last view)
        self._heard: dict[object, int] = {}
        self.moves_pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="mjdsl-moves")
        self.regulars_pool = ThreadPoolExecutor(max_workers=REGULAR_THREADS, thread_name_prefix="mjdsl-regulars")
        self.saver = Saver(store)
        self.people_first = PeopleFirst()
        #: the worker processes the regulars think in (None: they think on the regulars' threads)
        self.thinkers = Thinkers(tables, regulars_processes) if regulars_processes else None
        self._jobs = 0
        self._idle = threading.Condition()
        self.logins = security.RateLimit()

    # -- games ------------------------------------------------------------------------------
    def regulars_for(self, table, seat: int) -> list[str]:
        """Every seat's regular: the table's regulars at the seats after ``seat``, and the
        first of them stands in for the person at ``seat`` when they are away."""
        n = table.seats
        out = [""] * n
        out[seat] = table.regulars[0]
        for i, r in enumerate(table.regulars):
            out[(seat + 1 + i) % n] = r
        return out

    def guided_seed(self, table_key: str) -> str:
        """The guided first hand's deal at this table: the guide's search (tui/guide.py) for
        a deal that shows every step the table's ruleset has, made once per table and
        kept in the cache ``mjdsl play --guided`` keeps (``guide_cache``), so the search
        runs once per ruleset and regulars, not once per server start. Called off the loop."""
        with self._guiding:
            if table_key not in self._guided:
                table = self.tables[table_key]
                bots = list(table.regulars)
                self._guided[table_key] = (guided_seed(table.auto, bots) if self.guide_cache is None
                                           else cached_guided_seed(table.auto, bots, self.guide_cache))
            return self._guided[table_key]

    def sit_down(self, table_key: str, kind: str, who: str, lang: str = i18n.DEFAULT) -> int:
        """The game ``who`` sits down to (their unfinished one of this kind, else a new one). Off the loop."""
        gid = None if kind == "friends" else self.find_open(table_key, kind, who)
        return gid if gid is not None else self.new_game(table_key, kind, who, lang=lang)

    def new_game(self, table_key: str, kind: str, who: str, seat: int = 0, lang: str = i18n.DEFAULT) -> int:
        table = self.tables[table_key]
        hands = None
        if kind == "guided":
            seed, hands, seat = self.guided_seed(table_key), 1, 0
        elif kind == "daily":
            seed = f"daily:{today().isoformat()}"
        else:
            seed = str(secrets.randbelow(10**9))
        seats = [None] * table.seats
        seats[seat] = who
        langs = [i18n.DEFAULT] * table.seats
        langs[seat] = lang
        game = ClubGame(table, seed, seats, self.regulars_for(table, seat), hands_limit=hands,
                        guided=kind == "guided", langs=langs)
        gid = self.store.add_game(table_key, kind, who, seed, game.seats, game.to_json())
        self._adopt(gid, game, {"kind": kind, "owner": who})
        return gid

    def _adopt(self, gid: int, game: ClubGame, row: dict) -> None:
        game.on_hand_end = lambda k, returns, gid=gid: self._record(gid, k, returns)
        game.before_regular = functools.partial(self.people_first.wait, gid)
        if self.thinkers is not None:
            game.thinker = functools.partial(self.thinkers.choose, gid)
        self.owners[gid] = {"kind": row["kind"], "owner": row["owner"]}
        self.locks.setdefault(gid, asyncio.Lock())
        self.games[gid] = game

    def game(self, gid: int) -> ClubGame | None:
        """The game in play, loaded from its saved log when not in memory (after a restart).
        Loading replays the log: call it off the loop (:meth:`load`)."""
        with self._loading:
            if gid in self.games:
                return self.games[gid]
            row = self.store.game(gid)
            if row is None or row["table"] not in self.tables:
                return None
            game = ClubGame.resume(self.tables[row["table"]], row["log"])
            self._adopt(gid, game, row)
            return game

    async def load(self, gid: int) -> ClubGame | None:
        if gid in self.games:
            return self.games[gid]
        return await self._off_loop(self.moves_pool, self.game, gid)

    def find_open(self, table_key: str, kind: str, who: str) -> int | None:
        row = self.store.open_game(table_key, kind, who)
        if row is None:
            return None
        if kind == "daily" and row["seed"] != f"daily:{today().isoformat()}":
            return None
        return row["id"]

    def save(self, gid: int) -> None:
        """Put the game's newest save to be written (behind the play)."""
        g = self.games[gid]
        self.saver.put(gid, json.dumps(g.seats), json.dumps(g.to_json()), g.over)

    def flush(self, timeout: float | None = 30) -> bool:
        """Wait until no move is being played and every save is written (shutting down, tests)."""
        with self._idle:
            if not self._idle.wait_for(lambda: self._jobs == 0, timeout):
                return False
        return self.saver.flush(timeout)

    def close(self) -> None:
        self.flush()
        if self.thinkers is not None:
            self.thinkers.close()
        self.moves_pool.shutdown(wait=False)
        self.regulars_pool.shutdown(wait=False)

    def _record(self, gid: int, hand: int, returns: list[float]) -> None:
        g = self.games[gid]
        for s, who in enumerate(g.seats):
            if who and who.startswith("account:"):
                acc = self.store.account(who.split(":", 1)[1])
                if acc is not None:
                    self.store.add_result(acc[0], gid, hand, today(), returns[s])

    def invite(self, secret: str, gid: int) -> str:
        return URLSafeSerializer(secret, salt="invite").dumps(gid)

    def invited(self, secret: str, token: str) -> int | None:
        try:
            return int(URLSafeSerializer(secret, salt="invite").loads(token))
        except (BadSignature, ValueError, TypeError):
            return None

    # -- playing, off the loop ----------------------------------------------------------------
    async def _off_loop(self, pool, fn, *args):
        """``fn(*args)`` on ``pool``'s threads, counted until it is done (:meth:`flush`). A job
        is done when it ran, or when it was cancelled before it started: awaiting it from a
        task that is cancelled (a server shutting down) cancels a job still queued, and
        that job never runs, so it is counted down by its future, not by itself."""
        with self._idle:
            self._jobs += 1
        try:
            fut = pool.submit(fn, *args)
        except BaseException:
            self._done(None)  # not started (the club is closing): not counted
            raise
        fut.add_done_callback(self._done)
        return await asyncio.wrap_future(fut)

    def _done(self, _fut) -> None:
        with self._idle:
            self._jobs -= 1
            self._idle.notify_all()

    async def play(self, gid: int, step, *args, show: str | None = None) -> tuple[object, dict[str, dict]]:
        """Run ``step(game, *args)`` under the game's lock: on the regulars' threads when it
        lets the regulars play (``step.regulars``), else here on the loop (on the moves'
        threads when the game's lock is held elsewhere, or the game is guided). The game is
        saved when it changed, and the views that changed are made there too (``show``:
        this person's view whatever changed). The step's result and the views, by person;
        the claim window's clock follows the game's step, as the step left the game."""
        g = self.games[gid]
        if getattr(step, "regulars", False):
            pool = self.regulars_pool
        elif not g.guided and g.mutex.acquire(blocking=False):
            # A person's move is played here, on the loop, at once: handing it to a thread
            # and back cost two wake-ups, each waiting for a core on a busy machine (most of
            # the answer's time under load, measured: bench/club_bench.py), for a move that
            # is under a millisecond of work. Never waiting: a game another thread holds, and
            # a guided game (its views carry the guide's advice, which thinks), go to a thread.
            try:
                with self._idle:
                    self._jobs += 1
                result, views, window = self._step(gid, step, args, show)
            finally:
                g.mutex.release()
                self._done(None)
            self.claims.arm(gid, window, self.time_up)
            return result, views
        else:
            pool = self.moves_pool
        result, views, window = await self._off_loop(pool, self._step, gid, step, args, show)
        self.claims.arm(gid, window, self.time_up)
        return result, views

    def _step(self, gid: int, step, args, show) -> tuple[object, dict[str, dict], tuple | None]:
        g = self.games[gid]
        with g.mutex:
            before = g.seen_by(None)
            result = step(g, *args)
            if g.seen_by(None) != before:
                self.save(gid)
            # read here, under the game's lock: the loop never looks at a game
            window = self.claims.window(g)
            return result, self._views(gid, window, show), window

    def _views(self, gid: int, window, force: str | None = None) -> dict[str, dict]:
        """The views of the connected people whose seat saw a change (``force``: this
        person's view whatever changed: they have just opened the table)."""
        g = self.games[gid]
        out = {}
        for who, socks in list(self.sockets.get(gid, {}).items()):
            seat = g.seat_of(who)
            if seat is None or not socks:
                continue
            made_from = g.seen_by(seat)
            if self._shown.get((gid, seat)) == made_from and who != force:
                continue
            self._shown[(gid, seat)] = made_from
            out[who] = self.seat_view(gid, seat, window)
        return out

    async def send(self, gid: int, views: dict[str, dict]) -> None:
        """Send the views (on the loop, under the game's asyncio lock)."""
        for who, view in views.items():
            socks = self.sockets.get(gid, {}).get(who, set())
            for ws in list(socks):
                try:
                    await ws.send_json(self._news(ws, view))
                except (RuntimeError, WebSocketDisconnect):
                    socks.discard(ws)
                    self.forget(ws)  # closed while this send was on its way: its handler may have forgotten it already

    def _news(self, ws, view: dict) -> dict:
        """``view`` as socket ``ws`` gets it: only the log lines it has not had yet
        (``"log": "more"``, the page appends them), or all the lines kept (``"all"``:
        a socket's first view, or one that fell further behind than the lines kept):
        every view used to carry the seat's whole log, 200 lines, to every socket."""
        heard = view.get("heard")
        had = self._heard.get(ws)
        self._heard[ws] = heard
        lines = view.get("events", [])
        if had is None or heard is None or not 0 <= heard - had <= len(lines):
            return dict(view, log="all")
        return dict(view, events=lines[len(lines) - (heard - had):], log="more")

    def forget(self, ws) -> None:
        """Socket ``ws`` closed: nothing more is sent to it."""
        self._heard.pop(ws, None)

    # -- views ------------------------------------------------------------------------------
    def seat_view(self, gid: int, seat: int, window: tuple | None) -> dict:
        """What ``seat`` is sent: its view of the game, and the time left in ``window``
        (the game's claim window now: ``claims.ClaimClocks.window``)."""
        g = self.games[gid]
        v = g.view(seat)
        v["type"] = "state"
        v["game"] = gid
        v["kind"] = self.owners[gid]["kind"]
        v["claim_seconds"] = self.claims.limit(g)
        v["claim_left"] = self.claims.left(gid, seat, window)
        v["nearest"] = self.nearest.for_seat(gid, g, seat)
        if g.game is not None and v.get("to_act"):
            if g.guided:
                s = SeatSession(g, seat)
                guide = self.guides.setdefault((gid, seat), Guide(s))
                guide.session = s
                v["guide"] = guide.explain()
                v["hint"] = suggest(s)
        return v

    async def time_up(self, gid: int, seat: int, at: int) -> None:
        """A claim window's time is up (``claims.ClaimClocks``): the seat makes no claim."""
        async with self.locks[gid]:
            _, views = await self.play(gid, claim_time_up, seat, at)
            await self.send(gid, views)


# -----------------------------------------------------------------------------
# Pages
# -----------------------------------------------------------------------------


def _env() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(HERE / "templates")),
                             autoescape=jinja2.select_autoescape(["html"]), undefined=jinja2.StrictUndefined)
    return env


def safe_next(back: str | None) -> str:
    """A redirect target from a query: a path on this site, else the lobby."""
    if not back or not back.startswith("/") or back.startswith("//") or "\\" in back:
        return "/"
    return back


def who_of(request) -> str:
    """The visitor's key: their account, else a random visitor key kept in the session."""
    s = request.session
    if s.get("account"):
        return f"account:{s['account']}"
    if not s.get("visitor"):
        s["visitor"] = secrets.token_urlsafe(12)
    return f"visitor:{s['visitor']}"


def create_app(db_url: str, *, tables_path: str | Path = DEFAULT_TABLES, secret: str | None = None,
               claim_seconds: int = 20, tables: dict | None = None, guide_cache: Path | None = None,
               regulars_processes: int = 0) -> Starlette:
    """The club as an ASGI application. ``secret`` signs the session cookies and the
    invitations (a random one when not given: sessions then end with the server);
    ``guide_cache`` keeps the guided hands' deals (default: ``mjdsl play``'s, beside the saved games);
    ``regulars_processes``: worker processes the regulars think in (0: on the server's threads)."""
    store = open_store(db_url)
    if guide_cache is None:
        from ..commands.table import save_dir

        guide_cache = save_dir() / "guided.json"
    club = Club(store, tables if tables is not None else load_tables(tables_path), claim_seconds, guide_cache,
                regulars_processes)
    secret = secret or secrets.token_urlsafe(32)
    env = _env()

    def lang_of(request) -> str:
        return i18n.choose(request.cookies.get("lang"), request.headers.get("accept-language"))

    def page(request, name: str, status: int = 200, **ctx) -> HTMLResponse:
        lang = lang_of(request)
        tr = i18n.translations(lang)
        who_of(request)
        html = env.get_template(name).render(
            _=tr.gettext, lang=lang, languages=i18n.LANGUAGES, account=request.session.get("account"),
            csrf=security.csrf_token(request.session), path=request.url.path, **ctx)
        return HTMLResponse(html, status_code=status)

    async def form_of(request) -> dict | None:
        form = await request.form()
        if not security.csrf_ok(request.session, form.get("csrf")):
            return None
        return {k: str(v) for k, v in form.items()}

    def refused(request) -> HTMLResponse:
        tr = i18n.translations(lang_of(request))
        return page(request, "message.html", 403, message=tr.gettext("This form has expired. Go back and try again."))

    async def lobby(request: Request):
        return page(request, "lobby.html", tables=list(club.tables.values()),
                    results=store.day_results(today()), day=today().isoformat())

    async def account_form(request, mode: str):
        """(a page to answer with, None) for a GET or a forged form; else (None, (name, password))."""
        if request.method == "GET":
            return page(request, "account.html", mode=mode, error=None), None
        form = await form_of(request)
        if form is None:
            return refused(request), None
        return None, (form.get("name", "").strip(), form.get("password", ""))

    def onward(request) -> RedirectResponse:
        """Back where the visitor was going: a path on this site only (never //elsewhere)."""
        return RedirectResponse(safe_next(request.query_params.get("next")), 303)

    async def signup(request: Request):
        tr = i18n.translations(lang_of(request))
        answer, filled = await account_form(request, "signup")
        if answer is not None:
            return answer
        name, password = filled
        problem = security.name_problem(name) or security.password_problem(password)
        if problem is None and store.add_account(name, security.hash_password(password)) is None:
            problem = security.N_("That user name cannot be used; choose another.")
        if problem:
            return page(request, "account.html", 400, mode="signup", error=tr.gettext(problem))
        request.session["account"] = name
        return onward(request)

    async def login(request: Request):
        tr = i18n.translations(lang_of(request))
        answer, filled = await account_form(request, "login")
        if answer is not None:
            return answer
        name, password = filled
        ip = request.client.host if request.client else "?"
        keys = (f"ip:{ip}", f"name:{name.lower()}")
        if club.logins.blocked(*keys):
            return page(request, "account.html", 429, mode="login",
                        error=tr.gettext("Too many attempts. Wait a few minutes and try again."))
        acc = store.account(name)
        if not security.check_password(acc[1] if acc else None, password):
            club.logins.failed(*keys)
            return page(request, "account.html", 400, mode="login",
                        error=tr.gettext("Wrong user name or password."))
        club.logins.clear(f"name:{name.lower()}")
        if security.needs_rehash(acc[1]):
            store.set_password_hash(acc[0], security.hash_password(password))
        request.session.clear()
        request.session["account"] = name
        return onward(request)

    async def logout(request: Request):
        if await form_of(request) is None:
            return refused(request)
        request.session.clear()
        return RedirectResponse("/", 303)

    async def start(request: Request):
        """Sit down at a table: solo, today's deal, the guided hand, or a friends' table."""
        key, kind = request.path_params["table"], request.path_params["kind"]
        if key not in club.tables or kind not in KINDS:
            return page(request, "message.html", 404, message=security.N_("No such table."))
        if await form_of(request) is None:
            return refused(request)
        who = who_of(request)
        if kind == "friends" and not request.session.get("account"):
            return RedirectResponse(f"/login?next=/tables/{key}", 303)
        # off the loop: the database, and the guided hand's deal search the first time
        gid = await asyncio.to_thread(club.sit_down, key, kind, who, lang_of(request))
        return RedirectResponse(f"/game/{gid}", 303)

    async def table_page(request: Request):
        key = request.path_params["table"]
        if key not in club.tables:
            return page(request, "message.html", 404, message=security.N_("No such table."))
        return page(request, "table.html", table=club.tables[key])

    async def join(request: Request):
        gid = club.invited(secret, request.path_params["token"])
        game = await club.load(gid) if gid is not None else None
        if game is None:
            return page(request, "message.html", 404, message=security.N_("This invitation is not valid."))
        if not request.session.get("account"):
            return RedirectResponse(f"/login?next=/join/{request.path_params['token']}", 303)
        async with club.locks[gid]:
            seat, views = await club.play(gid, sit, who_of(request))
            await club.send(gid, views)
        if seat is None:
            return page(request, "message.html", 409, message=security.N_("This table is full."))
        return RedirectResponse(f"/game/{gid}", 303)

    async def game_page(request: Request):
        gid = request.path_params["gid"]
        game = await club.load(gid)
        if game is None or game.seat_of(who_of(request)) is None:
            return page(request, "message.html", 404, message=security.N_("You have no seat at this game."))
        kind = club.owners[gid]["kind"]
        invite = f"{request.base_url}join/{club.invite(secret, gid)}" if kind == "friends" else None
        return page(request, "game.html", game_id=gid, table=game.table, invite=invite,
                    card=card_panel(game.auto))

    async def rules(request: Request):
        key = request.path_params["table"]
        if key not in club.tables:
            return PlainTextResponse("No such table.", 404)
        from ..render.rulebook import render_rulebook

        t = club.tables[key]
        return HTMLResponse(render_rulebook(t.ruleset, "html", t.sets, i18n.translations(lang_of(request))))

    async def set_lang(request: Request):
        lang = request.path_params["lang"]
        resp = RedirectResponse(safe_next(request.query_params.get("next")), 303)
        if lang in i18n.LANGUAGES:
            resp.set_cookie("lang", lang, max_age=365 * 86400, httponly=True, samesite="lax")
        return resp

    async def table_ws(ws: WebSocket):
        gid = ws.path_params["gid"]
        who = who_of(ws)
        game = await club.load(gid)
        if game is None or game.seat_of(who) is None:
            await ws.close(code=4403)
            return
        await ws.accept()
        lock = club.locks[gid]
        mine = club.sockets.setdefault(gid, {}).setdefault(who, set())
        async with lock:
            mine.add(ws)
            _, views = await club.play(gid, arrive, who, lang_of(ws), show=who)
            await club.send(gid, views)
        try:
            while True:
                try:
                    msg = await ws.receive_json()
                except (ValueError, KeyError):
                    await ws.send_json({"type": "error", "message": i18n.translations(lang_of(ws)).gettext(
                        "a message is JSON: {example}").format(example=MOVE_EXAMPLE)})
                    continue
                async with lock:
                    # the move is answered at once; the regulars start on theirs meanwhile,
                    # and play them once the answer has gone (priority.py), then on to the
                    # next person
                    club.people_first.begin(gid)
                    try:
                        more, views = await club.play(gid, move, who, msg)
                    except InputError as e:
                        club.people_first.end(gid)
                        # said in the page's language (the seat hears the table in it too)
                        said = e.said(i18n.translations(lang_of(ws))) if isinstance(e, Refused) else str(e)
                        await ws.send_json({"type": "error", "message": said, "moves": game.moves})
                        continue
                    later = asyncio.ensure_future(club.play(gid, play_on)) if more else None
                    try:
                        await club.send(gid, views)
                    except BaseException:
                        if later is not None:
                            later.cancel()
                        raise
                    finally:
                        club.people_first.end(gid)
                    if later is not None:
                        _, views = await later
                        await club.send(gid, views)
        except WebSocketDisconnect:
            pass
        finally:
            mine.discard(ws)
            club.forget(ws)
            async with lock:
                # gone: the seat's regular plays on until they come back
                _, views = await club.play(gid, leave, who, not mine)
                await club.send(gid, views)

    routes = [
        Route("/", lobby),
        Route("/signup", signup, methods=["GET", "POST"]),
        Route("/login", login, methods=["GET", "POST"]),
        Route("/logout", logout, methods=["POST"]),
        Route("/tables/{table}", table_page),
        Route("/tables/{table}/{kind}", start, methods=["POST"]),
        Route("/rules/{table}", rules),
        Route("/join/{token}", join),
        Route("/game/{gid:int}", game_page),
        Route("/lang/{lang}", set_lang),
        WebSocketRoute("/ws/{gid:int}", table_ws),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        # a server that stops writes every save first: a restart loses no move
        await asyncio.to_thread(club.close)

    app = Starlette(routes=routes, lifespan=lifespan, middleware=[
        Middleware(SessionMiddleware, secret_key=secret, session_cookie="mjdsl_club", same_site="lax",
                   https_only=False, max_age=30 * 86400)])
    app.state.club = club
    return app

