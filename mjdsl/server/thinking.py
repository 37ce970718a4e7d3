"""The regulars think in a process of their own, so the server answers people at once.

A regular's move is mostly card distances (``bots/``): most of the club's CPU. Played in
the server's process, that thinking shares the one interpreter lock with the event loop
and the people's moves, and fifty busy tables queue behind it. :class:`Thinkers` sends
each choice to a worker process instead (``mjdsl serve --regulars-processes``), which
keeps a copy of each game's hand and the regulars' bots:

- **The engine in the server stays the only authority.** A worker is asked "which of
  these legal actions does this regular choose?" and answers an action number; the
  server checks it is one of them and plays it through its own engine, with its own
  log and announcements. A worker never changes a game.
- **The worker's copy is the hand replayed.** Each request carries the hand as the
  server's log has it (how the hand was begun and every action of it so far, chance
  outcomes included); the worker applies the actions its copy has not had yet, or
  replays the hand from its start when the log is not a continuation of its copy (a
  new hand, a resumed game). Before choosing it checks that its copy has the seat to
  move and the same legal actions as the server's game; otherwise it replays the hand
  afresh, and refuses if that still differs.
- **The same choice as in the server.** The bot is made by its name and kept per game
  and seat for the session, as ``ClubGame.bots`` is, and it is given the random stream
  the server would have given it (seeded by the hand, the seat and the move's place),
  so a game played with a worker is the game played without one, move for move.
- **Nothing waits for ever on a worker.** A worker that is gone, that answers with an
  error or with an action that is not legal, or that takes longer than ``timeout``
  seconds, leaves the choice to the server (``choose`` returns None: the regular thinks
  in the server, as without a worker), and the next choice starts a new worker. A
  regular's pass planned in a worker then has to be planned again, so only then may a
  game differ from the one the worker would have played; it is a legal game all the same.

The workers run at a lower priority than the server (``os.nice``), so when the machine
is busy the kernel gives the core to the server answering people first. A game is
always sent to the same worker (its id modulo the workers), which has its copy.
"""

from __future__ import annotations

import collections
import contextlib
import itertools
import multiprocessing as mp
import os
import threading
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout

#: how much lower the workers' priority is than the server's (``os.nice`` increment)
NICE = 5
#: the longest a regular's choice is waited for before the server makes it itself (seconds)
TIMEOUT = 30.0
#: games whose copies a worker keeps (the least recently asked about is dropped first)
KEEP_GAMES = 1024


class Thinkers:
    """The worker processes the regulars think in, and the requests in flight to them.

    tables: the club's tables by key (each worker compiles a table's ruleset, with the
    table's options, the first time it is asked about it, and checks its hash);
    processes: how many workers; nice: how much lower their priority is.
    """

    def __init__(self, tables: dict, processes: int = 1, *, nice: int = NICE, timeout: float = TIMEOUT):
        if processes < 1:
            raise ValueError("at least one worker process")
        self.specs = {k: (t.ruleset, tuple(t.sets), t.auto.hash) for k, t in tables.items()}
        self.nice = nice
        self.timeout = timeout
        self._workers: list[_Worker | None] = [None] * processes
        self._lock = threading.Lock()
        self._closed = False
        #: choices the workers made, and those left to the server (a worker gone, wrong or late)
        self.answered = 0
        self.left_to_server = 0
        #: the last reason a choice was left to the server
        self.last_problem: str | None = None
        # started now, so their start (and compiling the tables) overlaps the server's
        for i in range(processes):
            self._worker(i)

    def choose(self, gid: int, game, seat: int, legal: list[int], seed: str) -> int | None:
        """The action ``game``'s (a ``ClubGame``) regular at ``seat`` chooses among ``legal``,
        thought in a worker with the random stream ``seed``; None when the server must
        choose itself. Called on the server's threads, under the game's lock."""
        request = (gid, game.table.key, game.hand_key, game.hand_args, list(game.log[-1]), seat,
                   game.bot_keys[seat], game.regulars[seat], list(legal), seed)
        worker = self._worker(gid)
        if worker is None:
            return self._left("no worker process")
        try:
            action, problem = worker.ask(request).result(self.timeout)
        except FutureTimeout:
            worker.stop()  # late: its answers are no longer wanted; the next choice starts another
            return self._left(f"a worker took longer than {self.timeout:g} s")
        except _Gone as e:
            return self._left(str(e))
        if problem is not None:
            return self._left(problem)
        if action not in legal:
            return self._left(f"a worker answered {action!r}, not a legal action")
        self.answered += 1
        return action

    def _left(self, why: str) -> None:
        self.left_to_server += 1
        self.last_problem = why
        return None

    def _worker(self, gid: int) -> "_Worker | None":
        i = gid % len(self._workers)
        with self._lock:
            if self._closed:
                return None
            w = self._workers[i]
            if w is None or not w.alive:
                try:
                    w = self._workers[i] = _Worker(self.specs, self.nice)
                except OSError as e:
                    self.last_problem = f"cannot start a worker process: {e}"
                    return None
            return w

    def close(self) -> None:
        """Stop the workers (the club is closing): the choices in flight are left to the server."""
        with self._lock:
            self._closed = True
            workers, self._workers = self._workers, [None] * len(self._workers)
        for w in workers:
            if w is not None:
                w.stop()


class _Gone(Exception):
    """The worker stopped before it answered."""


class _Worker:
    """One worker process, its pipe, and a thread that hands its answers to the waiting choices."""

    def __init__(self, specs: dict, nice: int):
        ctx = mp.get_context("spawn")  # never fork a server that runs threads
        mine, theirs = ctx.Pipe()
        self.process = ctx.Process(target=serve, args=(theirs, specs, nice), name="mjdsl-regulars", daemon=True)
        self.process.start()
        theirs.close()
        self.conn = mine
        self._ids = itertools.count()
        self._waiting: dict[int, Future] = {}
        self._send = threading.Lock()
        self._gone: str | None = None
        self._reader = threading.Thread(target=self._read, name="mjdsl-regulars-answers", daemon=True)
        self._reader.start()

    @property
    def alive(self) -> bool:
        return self._gone is None

    def ask(self, request: tuple) -> Future:
        fut: Future = Future()
        with self._send:
            if self._gone is not None:
                fut.set_exception(_Gone(self._gone))
                return fut
            rid = next(self._ids)
            self._waiting[rid] = fut
            try:
                self.conn.send((rid, *request))
                return fut
            except (OSError, ValueError) as e:  # the pipe is closed: the worker is gone
                broken = e
        # failed outside the lock, which _fail takes (it is not re-entrant): the worker may
        # have died before its reader thread saw the pipe close
        self._fail(f"the worker process is gone ({broken})")
        return fut

    def _read(self) -> None:
        while True:
            try:
                rid, action, problem = self.conn.recv()
            except (EOFError, OSError, ValueError):
                code = self.process.exitcode
                self._fail("the worker process stopped" + (f" (exit status {code})" if code is not None else ""))
                return
            with self._send:
                fut = self._waiting.pop(rid, None)
            if fut is not None and not fut.done():
                fut.set_result((action, problem))

    def _fail(self, why: str) -> None:
        with self._send:
            if self._gone is None:
                self._gone = why
            waiting, self._waiting = self._waiting, {}
        for fut in waiting.values():
            if not fut.done():
                fut.set_exception(_Gone(why))

    def stop(self) -> None:
        self._fail("the worker process was stopped")
        with contextlib.suppress(OSError, ValueError):
            self.conn.send(None)
        self.process.join(2)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(2)
        with contextlib.suppress(OSError, ValueError):
            self.conn.close()


# -----------------------------------------------------------------------------
# The worker process
# -----------------------------------------------------------------------------


class _Copy:
    """A worker's copy of one game: the hand in play (as ``ClubGame.hand_key`` names it)
    with the actions applied to it, and the regulars' bots (kept for the session)."""

    def __init__(self):
        self.hand = None
        self.game = None
        self.played: list[int] = []
        self.bots: dict = {}


def serve(conn, specs: dict, nice: int = NICE) -> None:
    """The worker's loop: answer each request ``(id, game id, table, hand, hand args,
    actions, seat, bot key, bot name, legal, seed)`` with ``(id, action, None)`` or
    ``(id, None, problem)``, one at a time, until the pipe closes or brings None."""
    try:
        os.nice(nice)
    except (AttributeError, OSError):
        pass
    autos: dict[str, object] = {}
    for key in specs:  # every table's ruleset before the first question
        try:
            _auto(autos, specs, key)
        except Exception:  # noqa: BLE001 - said again, as the answer, when the table is asked about
            pass
    copies: collections.OrderedDict[int, _Copy] = collections.OrderedDict()
    while True:
        try:
            req = conn.recv()
        except (EOFError, OSError):
            return
        if req is None:
            return
        rid = req[0]
        try:
            answer = (rid, _think(autos, copies, specs, *req[1:]), None)
        except Exception as e:  # noqa: BLE001 - said to the server, which then chooses itself
            answer = (rid, None, f"{type(e).__name__}: {e}")
        try:
            conn.send(answer)
        except (OSError, ValueError):
            return


def _auto(autos: dict, specs: dict, key: str):
    if key not in autos:
        from ..frontend.compile import compile_ruleset

        ruleset, sets, want = specs[key]
        auto = compile_ruleset(ruleset, list(sets))
        if auto.hash != want:
            raise ValueError(f"{key}: the ruleset's hash is {auto.hash} here, {want} in the server")
        autos[key] = auto
    return autos[key]


def _think(autos, copies, specs, gid, key, hand, args, actions, seat, bot_key, bot_name, legal, seed) -> int:
    import random

    from ..bots import make_bot

    auto = _auto(autos, specs, key)
    copy = copies.pop(gid, None) or _Copy()
    copies[gid] = copy
    while len(copies) > KEEP_GAMES:
        copies.popitem(last=False)
    game = _caught_up(copy, auto, hand, args, actions)
    if game.current_player() != seat or game.legal_actions() != legal:
        copy.hand = None  # replay the hand afresh, once
        game = _caught_up(copy, auto, hand, args, actions)
        if game.current_player() != seat or game.legal_actions() != legal:
            raise ValueError(f"game {gid}: the worker's copy of the hand does not match the server's")
    bot = copy.bots.get(bot_key)
    if bot is None or bot[0] != bot_name:
        bot = copy.bots[bot_key] = (bot_name, make_bot(bot_name))
    return bot[1].choose(game, seat, list(legal), random.Random(seed))


def _caught_up(copy: _Copy, auto, hand, args, actions: list[int]):
    """The copy's game with every action of ``actions`` applied: the ones it lacks, or
    all of them on a hand begun afresh when the copy is not a prefix of them."""
    from ..engine.game import Game

    n = len(copy.played)
    if copy.hand != hand or n > len(actions) or actions[:n] != copy.played:
        dealer, round_wind, context = args
        copy.hand, copy.played = hand, []
        copy.game = Game(auto, dealer=dealer, round_wind=round_wind, context=dict(context))
        n = 0
    for a in actions[n:]:
        copy.game.apply_action(a)
        copy.played.append(a)
    return copy.game
