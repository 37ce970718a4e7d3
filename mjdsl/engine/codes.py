"""The ``MJ4xx`` codes: what the interpreter refuses or finds while playing."""

from ..diagnostics import Code

CODES = (
    Code("MJ401", "the hand is over",
         "An action was applied after the hand reached its end (after the settlement). Start a new hand.",
         "", ""),
    Code("MJ402", "impossible chance outcome",
         "A log or a caller gave a chance step an outcome it cannot have (a dice total of 13 with two dice). "
         "Replay logs the game wrote, unchanged.", "", ""),
    Code("MJ403", "illegal action",
         "The action is not one of the legal actions of the seat to act. The message names the rule's state; "
         "the hint lists the legal actions. The state is unchanged.", "", ""),
    Code("MJ404", "no way out of a state",
         "The automaton has no transition for what just happened. This is a bug in the lowering: please report it.",
         "", ""),
    Code("MJ405", "a tile that is not there",
         "A step handler tried to take a tile a seat does not hold. This is a bug: please report it.", "", ""),
    Code("MJ420", "a settlement that can't be computed",
         "The hand's value or a payment divided by a fact that was 0 in this hand, or grew too large to compute "
         "(doubles beyond a float's range). The message names the scoring or payments block; the hand stops there. "
         "Constant cases are refused by `check` (MJ224).", "", ""),
    Code("MJ410", "an invariant broke",
         "The conformance checks found a tile not accounted for, a hand of the wrong size, a settlement that "
         "does not add up to zero, or a rule of the ruleset broken in play: a fourteenth tile with a seat not "
         "to act, a kong box not the size the wall block says, a claim from a seat its claim does not allow, a "
         "frozen hand changed, a claim standing against the priority, replacements for the deal out of the "
         "ruleset's order. This is a bug in the interpreter or the lowering.", "", ""),
)
