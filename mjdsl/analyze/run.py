"""Playing the hands of an analysis, with checkpoints.

The hands are ``mjdsl simulate``'s (session ``i`` seeded ``"S:i"``, sessions in order:
:func:`mjdsl.engine.simulate.session_batches`), so an analysis of N hands sees the same
hands as a simulation of them, on every backend. Besides the engine's result, each
win records every other card line the winning fourteen tiles also make
(``also``): the near-duplicates in play.

A checkpoint (JSON, written whole to a temporary file and renamed) holds what was
added after every whole session: the tally, the ``also`` counts, the next session and
the hands done, and the key of the run (ruleset hash, seed, bots, hands). A run given
the same checkpoint file starts where it stopped; since hands are added in the same
order, the final figures are the same bytes as an uninterrupted run's.
"""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path
from typing import Callable

from ..bots import shipped_style_text
from ..diagnostics import InputError
from ..engine.parallel import Job
from ..engine.run import HandRecord, play_session
from ..engine.simulate import session_batches
from ..engine.tally import Tally, card_lines
from ..output import write_file

CHECKPOINT_VERSION = 1


def _also_made(game, seat: int) -> tuple[int, ...]:
    """The file lines of every card line the seat's fourteen tiles make."""
    import numpy as np

    from ..cards.hands import Exposure, Hand
    from ..cards.match import match_hand

    st = game.st
    hand = Hand(np.asarray(st.hands[seat], dtype=np.int16),
                tuple(Exposure(e.tile, e.size, e.jokers) for e in st.exposures[seat]))
    if hand.size != 14:
        return ()
    return tuple(sorted({m.line.line for m in match_hand(game.auto.winning.card, hand)}))


def analyze_session(auto, bots, item) -> list[tuple[HandRecord, tuple[int, ...]]]:
    """A session's hands, each with the card lines its winning hand makes (a task of
    :func:`mjdsl.engine.parallel.ordered_map`)."""
    seed, index, cap = item
    made: list[tuple[int, ...]] = []

    def at_end(game) -> None:
        if game.is_terminal():
            w = game.st.winner
            made.append(_also_made(game, w) if w is not None and auto.winning.card is not None else ())

    recs = play_session(auto, f"{seed}:{index}", bots, cap, check=at_end, digests=False)
    return list(zip(recs, made))


class Analysis:
    """The tally of an analysis and the pairs of lines made by the same winning hands."""

    def __init__(self, auto, tally: Tally | None = None, also: dict | None = None):
        self.auto = auto
        self.tally = tally or Tally(auto, card_lines(auto))
        #: "A B" (file lines) -> wins with line A whose tiles also make line B
        self.also: dict[str, int] = also or {}

    def add(self, rec: HandRecord, made: tuple[int, ...], seat_bots) -> None:
        self.tally.add(rec, seat_bots)
        line = rec.result.get("line")
        if line is not None:
            for other in made:
                if other != line:
                    key = f"{line} {other}"
                    self.also[key] = self.also.get(key, 0) + 1

    def state(self) -> dict:
        return {"tally": self.tally.state(), "also": dict(sorted(self.also.items()))}

    @classmethod
    def from_state(cls, auto, state: dict) -> "Analysis":
        return cls(auto, Tally.from_state(auto, card_lines(auto), state["tally"]), dict(state["also"]))


def run_key(auto, seed: str, bots: list[str], hands: int, styles: tuple = ()) -> dict:
    """What a checkpoint must agree with to be resumed: with the styles among the bots,
    each by a digest of its text: ``styles``, the user's style files (``Job.styles``: a
    file edited between two runs plays other hands under the same name), and the shipped
    ones (another mjdsl's Mei is another player)."""
    key = {"hash": auto.hash, "seed": seed, "bots": list(bots), "hands": hands}
    texts = {name: text for name, text, _ in styles}
    for name in bots:
        if name not in texts:
            shipped = shipped_style_text(name)
            if shipped is not None:
                texts[name] = shipped
    if texts:
        key["styles"] = {name: hashlib.sha256(text.encode()).hexdigest()[:16] for name, text in sorted(texts.items())}
    return key


def read_checkpoint(path: Path, key: dict) -> dict | None:
    """The checkpoint at ``path`` if there is one; InputError if it is of another run."""
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise InputError(f"{path}: not a checkpoint of mjdsl analyze ({e})") from None
    if not isinstance(data, dict) or data.get("version") != CHECKPOINT_VERSION or "state" not in data:
        raise InputError(f"{path}: not a checkpoint of mjdsl analyze")
    if data.get("key") != key:
        raise InputError(f"{path}: a checkpoint of another run ({data.get('key')}); "
                         f"give another --checkpoint file, or delete this one")
    return data


def write_checkpoint(path: Path, key: dict, session: int, done: int, analysis: Analysis) -> None:
    doc = {"version": CHECKPOINT_VERSION, "key": key, "next_session": session, "done": done,
           "state": analysis.state()}
    write_file(path, json.dumps(doc))  # whole or not at all, as every file mjdsl writes


def analyze(auto, job: Job, seed: str, hands: int, *, workers: int = 1, backend: str = "process",
            scheduler: str | None = None, checkpoint: Path | None = None, every: float = 30.0,
            on_hands: Callable[[int], None] | None = None) -> Analysis:
    """Play ``hands`` hands into an :class:`Analysis`; with ``checkpoint``, resume from it
    and write it at least every ``every`` seconds (after a whole session) and at the end.
    ``on_hands(done)`` reports progress."""
    key = run_key(auto, seed, list(job.bots), hands, job.styles)
    start = done = 0
    analysis = Analysis(auto)
    if checkpoint is not None:
        data = read_checkpoint(checkpoint, key)
        if data is not None:
            start, done = data["next_session"], data["done"]
            analysis = Analysis.from_state(auto, data["state"])
    if on_hands is not None:
        on_hands(done)
    last = time.monotonic()
    batches = session_batches(auto, job, seed, hands, workers=workers, backend=backend, scheduler=scheduler,
                              start=start, done=done, task=analyze_session)
    try:
        for i, pairs in batches:
            for rec, made in pairs:
                analysis.add(rec, made, job.bots)
            done += len(pairs)
            if on_hands is not None:
                on_hands(done)
            if checkpoint is not None and (time.monotonic() - last >= every or done >= hands):
                write_checkpoint(checkpoint, key, i + 1, done, analysis)
                last = time.monotonic()
    finally:
        batches.close()
    return analysis
