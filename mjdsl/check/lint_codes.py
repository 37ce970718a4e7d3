"""The ``MJ3xx`` codes: lint warnings, each with a wrong and a right example.

Lint finds rulesets that play, but probably not as meant: overrides that change
nothing, options that do nothing, rules and states that can never be reached.
Lint reports only on the file checked and its includes, never on its base. The
checks are ``mjdsl/check/lint_*.py``; examples may ``extends "american.mj"``.
"""

from ..diagnostics import Code

_BASE = 'extends "american.mj"\n'
_EXPOSURES = ("claims {\n    claim pung 3 same from any when calls\n    claim kong 4 same from any when calls\n"
              "    claim quint 5 same from any when calls\n    claim sextet 6 same from any when calls\n}\n")

CODES = (
    Code("MJ301", "`set` changes nothing",
         "A `set` gives an option the value it already has: its default, the base ruleset's value, or the value "
         "of a `set` above; or the option is set again further down, so this line never counts. An overlay "
         "states only what it changes, so the line is either a leftover or a typo of the value meant.",
         _BASE + "set charleston = on\n", _BASE + "set charleston = off\n"),
    Code("MJ302", "the base's statement restated unchanged",
         "An overlay restates a rule, a claim, a setting or the flow of its base word for word. It changes "
         "nothing; when the base changes, the copy silently undoes the change. Statements without a name "
         "replace all the base's statements of their kind, so an overlay that keeps some of them restates them: "
         "that is reported only when the whole group is the same.",
         _BASE + "session {\n    hands session_hands\n}\n", _BASE + "set session_hands = 8\n"),
    Code("MJ303", "`remove` removes nothing",
         "`remove NAME` drops the base's rules, patterns, claims or Charleston rounds of that name. A name the "
         "base does not have removes nothing: usually a misspelling (the hint gives the nearest name), or a rule "
         "the base has since renamed.",
         _BASE + "remove jokerles\n", _BASE + "remove jokerless\n"),
    Code("MJ323", "`remove` of a statement the base does not write",
         "`remove KIND { ... }` drops from the base's block each statement written in it, as the base writes it "
         "(spans aside). A statement the base does not have, or writes otherwise (another condition, another "
         "number), removes nothing; the hint points at the base's statement of that kind.",
         _BASE + "remove payments {\n    discarder pays winner 3 * value when by_discard\n}\n",
         _BASE + "remove payments {\n    discarder pays winner 2 * value when by_discard\n}\n"),
    Code("MJ304", "option never used",
         "An option is declared but no condition, amount or setting of the ruleset names it, so no value of it "
         "changes the game. Name it where it should matter (`when NAME`), or delete it.",
         'option hot_wall = on "A hot wall"\n',
         'option hands = 4 "Hands in a session"\nsession {\n    hands hands\n}\n'),
    Code("MJ305", "option switched off by another",
         "An option is set, but everything that uses it stands where another option has switched the rules "
         "off: blind passes at a table without the Charleston, the singles-and-pairs jokerless double at a "
         "table that does not double jokerless hands. The two settings contradict each other; the set one "
         "changes nothing. This is read off the conditions: an option used only inside `charleston when "
         "charleston` matters only when `charleston` is on.",
         _BASE + "set charleston = off\nset blind_passes = on\n", _BASE + "set charleston = off\n"),
    Code("MJ306", "rule can never apply",
         "The `when` of a score rule, payment, claim, Charleston pass or the Charleston itself is false with "
         "the options in force, and stays false whatever values the options it names could take: nothing can "
         "switch it on. A condition that an option switches off (`when jokerless_double` at a table that sets "
         "it off) is a choice, and is not reported.",
         'claims {\n    claim pung 3 same from any when off\n}\n',
         'option calls = on "Calls for exposures"\nclaims {\n    claim pung 3 same from any when calls\n}\n'),
    Code("MJ307", "state can't be reached",
         "The ruleset is lowered to its automaton and the transitions are walked from the start; a transition "
         "counts only if its guard can be raised with the rules in force (a claimed discard needs a claim of an "
         "exposure, a kong's replacement a kong declared on a turn). A state no path reaches is dead: here, "
         "switching off every exposure claim leaves the turn after a claim unreachable. States of the play "
         "skeleton for features the ruleset never mentions are not reported.",
         _BASE + 'option calls = off "Calls for exposures"\n' + _EXPOSURES,
         _BASE + 'option calls = on "Calls for exposures"\n' + _EXPOSURES),
    Code("MJ308", "claim can never win its window",
         "When several seats claim a discard the higher-ranked claim wins. A claim ranked below another of the "
         "same size and shape, from the same seats or more, never wins: whoever could make it makes the other. "
         "A claim from a source that never discards (`side owner`; `across` at a table of three) can never be "
         "made at all.",
         'claims {\n    claim pung 3 same from any\n    claim pong 3 same from left\n    priority pung > pong\n}\n',
         'claims {\n    claim pung 3 same from any\n    claim kong 4 same from any\n    priority pung kong\n}\n'),
    Code("MJ309", "restates the default",
         "The statement says what play does without it: deleting it plays the same hands. A ruleset is the "
         "whole truth only if every line changes something, so a default is left out (docs/language.md lists "
         "what play does when a statement is missing: ties go next in turn, jokers stand in groups of 3, a "
         "discard is live until the next draw, the dealer discards first, the deal passes on...).",
         'jokers "J" {\n    stand in groups of 3 or more\n}\n', 'jokers "J" {\n    stand in groups of 4 or more\n}\n'),
    Code("MJ310", "one rule said twice",
         "The jokers block's `never passed` already keeps jokers out of every Charleston pass, and its `dead "
         "when discarded` already makes a discarded joker dead; naming the joker again in `never pass` or "
         "`dead discard` says the rule twice, so deleting either copy changes nothing. Say it once.",
         'jokers "J" {\n    never passed\n}\ncharleston {\n    never pass "J"\n    pass 3 right\n}\n',
         'jokers "J" {\n    never passed\n}\ncharleston {\n    pass 3 right\n}\n'),
    Code("MJ311", "can never happen in play",
         "A dead-hand cause or a penalty that nothing in play raises: every move keeps a hand's tile count, so "
         "`on wrong tile count` never makes a hand dead, and the interpreter raises only the penalties it "
         "knows (`false_mahjong`). The line changes nothing.",
         'dead hand {\n    on wrong tile count\n}\n', 'dead hand {\n    on false mahjong\n}\n'),
    # issue 9: numbers that play and change nothing (check/lint_amounts.py)
    Code("MJ312", "an amount of nothing",
         "A deposit, an instant payment, a wall game's payment or a penalty of 0 points moves no points: the "
         "line changes nothing (a leftover, or the amount meant was not written).",
         'extends "riichi.mj"\npayments {\n    deposit 0 points on announce riichi\n}\n',
         'extends "riichi.mj"\npayments {\n    deposit 1000 points on announce riichi\n}\n'),
    Code("MJ313", "a courtesy pass of no tiles",
         "`courtesy DIRECTION 0..0` offers no tile, so the courtesy pass is never made.",
         _BASE + "charleston {\n    courtesy across 0..0 smaller\n}\n",
         _BASE + "charleston {\n    courtesy across 0..3 smaller\n}\n"),
    Code("MJ314", "a bound that binds nothing",
         "`chows at most N` with N at least the pattern's sets allows every hand the pattern allows without it; "
         "a `limit` of 0 or less makes every hand pay nothing (unless the roof is off). Only numbers written "
         "as such are reported: an option there may be set otherwise.",
         'extends "classical.mj"\nwinning {\n    pattern standard {\n        sets 4\n        pairs 1\n'
         '        chows at most 4\n    }\n}\n',
         'extends "classical.mj"\nwinning {\n    pattern standard {\n        sets 4\n        pairs 1\n'
         '        chows at most 1\n    }\n}\n'),
    Code("MJ316", "a seat's wind at seats without winds",
         "`own_wind`, `round_wind` and `own` (a bonus tile of the seat's wind) name the winds of the seats; "
         "a `seats` block without `winds` gives the seats none, so no tile is ever one of them and the "
         "expression that names them never counts a tile.",
         'seats 4 {\n}\nscoring {\n    rule own "Own wind": 1 double per set where own_wind\n}\n',
         'seats 4 {\n    winds "E" "S" "W" "N"\n}\nscoring {\n    rule own "Own wind": 1 double per set where own_wind\n}\n'),
    # issue 10: an account's names (check/lint_accounts.py)
    Code("MJ315", "a rule named twice in an account",
         "`account once RULE...` names each rule whose groups of sets are chosen together once; a second "
         "name of the same rule changes nothing.",
         'extends "mcr.mj"\nscoring {\n    account once pure_double_chow short_straight pure_double_chow\n}\n',
         'extends "mcr.mj"\nscoring {\n    account once pure_double_chow short_straight\n}\n'),
)
