"""Bots choose among actions by role (``engine.actions.ROLES``), never by a family's,
a claim's or an announcement's name: a declaration a ruleset's steps add under a new
family, once it has its role, is made by every bot that makes declarations."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

from mjdsl.bots import make_bot
from mjdsl.engine import actions as ACT
from mjdsl.engine.chance import chance_action
from mjdsl.engine.game import CHANCE, Game
from mjdsl.frontend.compile import compile_ruleset

ROOT = Path(__file__).resolve().parent.parent


def test_every_family_has_a_role():
    families = {v for k, v in vars(ACT).items() if k.isupper() and isinstance(v, str) and k not in
                ("WIN", "DECLARATION", "TAKE", "DECLINE", "THROW", "GIVE", "FORWARD", "ANSWER", "BID", "GIVE_UP")}
    assert families == set(ACT.ROLES)


def _turn_with_an_announcement():
    """A classical game at a turn where the Standing Hand announcement is legal."""
    auto = compile_ruleset(ROOT / "rulesets" / "classical.mj")
    bot = make_bot("greedy")
    for i in range(60):
        game = Game(auto, dealer=0)
        chance = random.Random(f"roles:{i}:chance")
        rng = random.Random(f"roles:{i}")
        for _ in range(2000):
            if game.is_terminal():
                break
            p = game.current_player()
            if p == CHANCE:
                game.apply_action(chance_action(game, chance))
                continue
            legal = game.legal_actions()
            if any(game.catalogue[a].family == ACT.ANNOUNCE for a in legal):
                return game, p, legal
            game.apply_action(bot.choose(game, p, legal, rng) if len(legal) > 1 else legal[0])
    pytest.skip("no announcement offered in 60 hands")


@pytest.mark.parametrize("bot", ["greedy", "mei"])
def test_a_declaration_under_a_family_no_bot_names_is_made(monkeypatch, bot):
    game, seat, legal = _turn_with_an_announcement()
    cat = game.catalogue
    a = next(x for x in legal if cat[x].family == ACT.ANNOUNCE)
    announce = cat.actions[a]
    cat.actions[a] = attrs.evolve(announce, family="declare_anything")  # a family no bot was written for
    try:
        monkeypatch.setitem(ACT.ROLES, "declare_anything", ACT.DECLARATION)
        assert make_bot(bot).choose(game, seat, legal, random.Random(1)) == a
        # without a role it is nothing a bot reads: the bot plays on
        monkeypatch.delitem(ACT.ROLES, "declare_anything")
        assert make_bot(bot).choose(game, seat, legal, random.Random(1)) != a
    finally:
        cat.actions[a] = announce
