"""The ``MJ2xx`` codes of ruleset checks, each with a wrong and a right example.

Examples are short snippets; the test suite checks each wrong one produces its code
and each right one does not (other findings in a snippet are allowed).
"""

from ..diagnostics import Code

_TILES = 'tiles {\n    suit bam "b" 1..9 x4\n    wind "E" "S" "W" "N" x4\n}\n'  # 52 tiles
_SMALL_DEAL = 'seats 4 {\n}\nwall {\n    sides 4\n    length 13\n    height 1\n}\ndeal {\n    all 4\n    dealer 1\n}\n'
_BONUS = 'tiles {\n    suit bam "b" 1..9 x4\n    wind "E" "S" "W" "N" x4\n    flower "F" x4 interchangeable\n}\n'
_BONUS_DEAL = 'seats 4 {\n}\ndeal {\n    all 13\n}\nreplacement {\n    replace flower\n}\n'
_PHASES = 'deal {\n    all 13\n}\nplay {\n    draw from wall\n}\n'

#: three suits and the honours, for the knitted examples
_THREE_SUITS = ('tiles {\n    suit bam "b" 1..9 x4\n    suit crak "c" 1..9 x4\n    suit dot "d" 1..9 x4\n'
                '    wind "E" "S" "W" "N" x4\n    dragon "R" "G" "0" x4\n}\n')

CODES = (
    Code("MJ201", "block written twice",
         "Each block appears once in a ruleset (includes count as the same file). An overlay that `extends` a base may restate a block to change it.",
         'deal {\n    all 13\n}\ndeal {\n    dealer 1\n}\n', 'deal {\n    all 13\n    dealer 1\n}\n'),
    Code("MJ202", "written twice",
         "An option, claim, pattern, score rule or class is declared twice.",
         'option a = on "A"\noption a = off "A"\n', 'option a = on "A"\nset a = off\n'),
    Code("MJ203", "tile defined twice",
         "Each tile code, and each suit's name, is declared once in the tiles block.",
         'tiles {\n    wind "N" "E" x4\n    dragon "N" x4\n}\n', 'tiles {\n    wind "N" "E" x4\n    dragon "R" x4\n}\n'),
    Code("MJ204", "unknown name",
         "An expression names something that is neither an option of the ruleset nor a fact known where the expression stands. The hint suggests the nearest name.",
         'option charleston = on "C"\ncharleston when charlestn {\n    pass 3 right\n}\n',
         'option charleston = on "C"\ncharleston when charleston {\n    pass 3 right\n}\n'),
    Code("MJ205", "include cycle",
         "Files include (or extend) each other in a circle.", "", ""),
    Code("MJ206", "file not found",
         "An included, extended or card file does not exist. Paths are relative to the file that names them; `extends` also looks in the shipped rulesets.",
         'include "no-such-file.mj"\n', 'ruleset "A"\n'),
    Code("MJ207", "includes nested too deeply",
         "Includes and extends may nest at most 16 deep.", "", ""),
    Code("MJ208", "a named file outside the folder tree",
         "Every file a ruleset, card or game log names (`include`, `extends`, `card`, a card's `tiles`, "
         "a log's `ruleset`) must lie in the folder tree of the file the command was given, or of the "
         "ruleset library file that names it: absolute paths, `..` and links that leave it are refused "
         "and the file is not opened, unless the user allows it (`--allow-outside`). See docs/security.md.",
         "", ""),
    Code("MJ209", "more than one extends",
         "An overlay extends exactly one base ruleset.",
         'extends "american.mj"\nextends "classical.mj"\n', 'extends "american.mj"\n'),
    Code("MJ210", "unknown option",
         "`set` names an option no ruleset in the chain declares.",
         'option charleston = on "C"\nset charlestn = off\n', 'option charleston = on "C"\nset charleston = off\n'),
    Code("MJ211", "option value of the wrong type",
         "An option's value must have the type of its default: on/off, a whole number, a number, a string, or one of its choices.",
         'option hands = 4 "Hands"\nset hands = on\n', 'option hands = 4 "Hands"\nset hands = 8\n'),
    Code("MJ212", "option value out of range",
         "The value is outside the option's declared `range`.",
         'option hands = 4 "Hands" range 1..16\nset hands = 40\n', 'option hands = 4 "Hands" range 1..16\nset hands = 8\n'),
    Code("MJ213", "choice option without choices",
         "An option whose default is a bare name needs `one of` its choices.",
         'option style = fast "Style"\n', 'option style = fast "Style" one of fast slow\n'),
    Code("MJ214", "unknown tile",
         "A tile code that the tiles block does not declare.",
         _TILES + 'charleston {\n    never pass "J"\n}\n', _TILES + 'charleston {\n    never pass "N"\n}\n'),
    Code("MJ216", "required block missing",
         "A playable ruleset has tiles, seats, wall, deal, play and winning blocks (directly or through its base).",
         'ruleset "A"\n', 'extends "american.mj"\n'),
    Code("MJ217", "impossible number",
         "A count, range or size that can't be: ranks 9..1, zero copies, a claim of no tiles, 12 seats.",
         'tiles {\n    suit bam "b" 9..1 x4\n}\n', 'tiles {\n    suit bam "b" 1..9 x4\n}\n'),
    Code("MJ218", "wrong arguments",
         "A function of the fact vocabulary called with the wrong number or kind of arguments.",
         'scoring {\n    rule a: 1 double when sets(pung, kong) == 1\n}\n',
         'scoring {\n    rule a: 1 double when sets(pung or kong) == 1\n}\n'),
    Code("MJ220", "the wall does not hold the set",
         "sides x length x height must equal the number of tiles in the set.",
         _TILES + 'wall {\n    sides 4\n    length 10\n    height 2\n}\n',
         _TILES + 'wall {\n    sides 4\n    length 13\n    height 1\n}\n'),
    Code("MJ221", "the deal does not fit the wall",
         "The tiles dealt to all seats (and the dealer's extra) must fit in the wall outside the dead wall.",
         _TILES + 'seats 4 {\n}\nwall {\n    sides 4\n    length 13\n    height 1\n}\ndeal {\n    all 14\n}\n',
         _TILES + 'seats 4 {\n}\nwall {\n    sides 4\n    length 13\n    height 1\n}\ndeal {\n    all 13\n}\n'),
    Code("MJ222", "dead wall larger than the wall",
         "The dead wall (kong box) and loose tiles can't hold more tiles than the wall.",
         _TILES + 'wall {\n    sides 4\n    length 13\n    height 1\n    dead wall 60\n}\n',
         _TILES + 'wall {\n    sides 4\n    length 13\n    height 1\n    dead wall 14\n}\n'),
    Code("MJ223", "impossible deal",
         "Every seat is dealt its hand and the dealer one tile more, to open with a discard (`dealer 1` in the deal "
         "or `dealer draws 1` in play); a ruleset that plays a card deals 13 tiles, a card hand being 14.",
         _TILES + 'deal {\n    all 13\n}\n', _TILES + 'deal {\n    all 13\n    dealer 1\n}\n'),
    Code("MJ224", "a number that can't be computed",
         "A division by zero (also by an option that is 0, as set in the ruleset or by `--set`), a number too "
         "large to compute, an exponent above 64, a rule of more than 64 doubles or of more than a million points.",
         'scoring {\n    value points / 0\n}\n', 'scoring {\n    value points / 2\n}\n'),
    Code("MJ225", "expression nested too deeply",
         "An expression nests at most 64 deep: a chain of `not`s or a sum of many terms is refused (the scorer "
         "compiles conditions into Python, which allows no deeper nesting). Split it into score rules.",
         'scoring {\n    rule a: 1 point when ' + 'not ' * 70 + 'won\n}\n',
         'scoring {\n    rule a: 1 point when not won\n}\n'),
    Code("MJ226", "not known in the hand's value",
         "The `value` and the `limit` of the scoring block are worked out once per hand from the points and doubles "
         "the rules gave: `sets()`, `tiles()`, `pattern()` and the other functions of a reading are not known there, "
         "and the limit is a number fixed by the options.",
         'scoring {\n    value points + sets(pung)\n}\n', 'scoring {\n    value points * 2 ^ doubles\n}\n'),
    Code("MJ227", "no seat across",
         "A pass across needs an even number of seats: at a table of three no seat sits across.",
         'seats 3 {\n}\ncharleston {\n    pass 3 across\n}\n', 'seats 3 {\n}\ncharleston {\n    pass 3 left\n}\n'),
    Code("MJ228", "a penalty nothing triggers",
         "A `penalty NAME` names an event of play: `false_mahjong` (a mah jongg declared on a hand that is not "
         "complete) or `false_claim` (a claim the hand cannot make). Any other name would never be charged.",
         'payments {\n    penalty false_call: -10 points\n}\n', 'payments {\n    penalty false_mahjong: -10 points\n}\n'),
    Code("MJ229", "a choice option is not a condition or a number",
         "A choice (or string) option holds a name, never true or false, so `when style` would always hold; "
         "nor is it a number, so `points / style` or `style > 2` cannot be worked out. A condition reads an "
         "on/off option, and a choice is compared with its choices (`style == fast`).",
         'option style = fast "Style" one of fast slow\nclaims {\n    claim pung 3 same from any when style\n}\n',
         'option pungs = on "Pungs may be claimed"\nclaims {\n    claim pung 3 same from any when pungs\n}\n'),
    Code("MJ230", "claim with no priority",
         "When several claims exist, each must be ranked on the `priority` line so that the claim window can be resolved.",
         'claims {\n    claim pung 3 same from any\n    claim mahjong from any\n    priority mahjong\n}\n',
         'claims {\n    claim pung 3 same from any\n    claim mahjong from any\n    priority mahjong > pung\n}\n'),
    Code("MJ231", "priority names no claim",
         "The priority line (or `concealed hands call only for`, or `or from ... for`) names a claim that is not declared.",
         'claims {\n    claim pung 3 same from any\n    priority mahjong > pung\n}\n',
         'claims {\n    claim pung 3 same from any\n    claim mahjong from any\n    priority mahjong > pung\n}\n'),
    Code("MJ232", "claim ranked twice",
         "A claim appears more than once on the priority line.",
         'claims {\n    claim pung 3 same from any\n    claim mahjong from any\n    priority mahjong > pung > mahjong\n}\n',
         'claims {\n    claim pung 3 same from any\n    claim mahjong from any\n    priority mahjong > pung\n}\n'),
    Code("MJ237", "players do not fit the seats",
         "`players N` in `seats` counts everyone in the session: at least one a seat, at most 8; "
         "those without a seat sit out the hand, in turn.",
         'seats 4 {\n    players 3\n}\n', 'seats 4 {\n    players 5\n}\n'),
    Code("MJ233", "no one seat throws for the side",
         "`break side` counts the side to break round the table from the seat that throws, so the thrower is "
         "one seat: the `dealer`, or the seat `left`, `right` or `across` of the dealer. `any` names no seat, "
         "and `side owner` is the owner of the side the throw has yet to choose.",
         'wall {\n    sides 4\n    length 18\n    height 2\n    break side dice 2 thrown by side owner\n}\n',
         'wall {\n    sides 4\n    length 18\n    height 2\n    break side dice 2 thrown by dealer\n}\n'),
    Code("MJ234", "an Original Hand is the dealer's",
         "`original hand for SEAT` names who may win with the tiles first dealt. Only the dealer is dealt a whole "
         "hand (the tile of the first discard included), so the seat is `dealer`.",
         'play {\n    original hand for left\n}\n', 'play {\n    original hand for dealer\n}\n'),
    Code("MJ240", "phase can't be reached",
         "A phase block exists but the `flow` line does not name it, so no hand ever enters it.",
         'charleston {\n    pass 3 right\n}\nflow deal -> play\n', 'charleston {\n    pass 3 right\n}\nflow deal -> charleston -> play\n'),
    Code("MJ241", "bad flow",
         "The flow names an unknown phase or one without a block, or does not run from `deal` to `play`.",
         _PHASES + 'flow deal -> shuffle -> play\n', _PHASES + 'flow deal -> play\n'),
    Code("MJ242", "seat winds do not fit the seats",
         "One wind tile per seat, in turn order.",
         'seats 4 {\n    winds "E" "S" "W"\n}\n', 'seats 4 {\n    winds "E" "S" "W" "N"\n}\n'),
    Code("MJ243", "impossible pass",
         "A Charleston pass of more tiles than a hand holds, none at all, or an optional round with no pass.",
         'deal {\n    all 13\n}\ncharleston {\n    pass 14 right\n}\n', 'deal {\n    all 13\n}\ncharleston {\n    pass 3 right\n}\n'),
    Code("MJ244", "unknown pattern",
         "`pattern(NAME)` names a pattern the winning block does not declare.",
         'winning {\n    pattern standard {\n        sets 4\n        pairs 1\n    }\n}\nscoring {\n    rule a: 20 points when pattern(standrd)\n}\n',
         'winning {\n    pattern standard {\n        sets 4\n        pairs 1\n    }\n}\nscoring {\n    rule a: 20 points when pattern(standard)\n}\n'),
    Code("MJ245", "pattern of the wrong size",
         "A pattern's sets and pairs must make a winning hand: the dealt hand and one more tile (3 x sets + 2 x pairs).",
         'deal {\n    all 13\n}\nwinning {\n    pattern standard {\n        sets 4\n        pairs 2\n    }\n}\n',
         'deal {\n    all 13\n}\nwinning {\n    pattern standard {\n        sets 4\n        pairs 1\n    }\n}\n'),
    Code("MJ247", "an expression too large",
         "An expression (a condition, an amount) may hold at most 2,000 terms and nest its operators "
         "at most 100 deep: past that it could not be lowered and evaluated safely. No rule book comes "
         "near it; a generated or pasted file may. Split it into several rules or name a part.",
         "scoring {\n    rule a: 1 double when " + " or ".join(["won"] * 2001) + "\n}\n",
         "scoring {\n    rule a: 1 double when won\n}\n"),
    Code("MJ246", "option named like a value",
         "`on`, `off`, `true`, `false`, `yes` and `no` are values in an expression, so an option with one of "
         "those names could never be named in a condition.",
         'option yes = on "Play the second Charleston"\n',
         'option second_charleston = on "Play the second Charleston"\n'),
    Code("MJ235", "a session of no hands",
         "`hands` and `rounds` in `session` count whole hands and rounds, one or more (an option there too, "
         "as set): `rounds 0`, `hands -3` or `hands 2.5` would play nothing the statement says.",
         'session {\n    rounds 0\n}\n', 'session {\n    rounds 4\n}\n'),
    Code("MJ236", "a wall game before the first draw",
         "`wall game when N left` with N at least the tiles the deal leaves in the live wall, or a deal that "
         "leaves the live wall empty: every hand would end before anyone draws.",
         _TILES + _SMALL_DEAL + 'play {\n    wall game when 40 left\n}\n',
         _TILES + _SMALL_DEAL + 'play {\n    wall game when 14 left\n}\n'),
    Code("MJ238", "a pattern's tiles not named by class",
         "A pattern's `each of`, `one more of`, `pairs N of` and `singles N of` name tiles by the built-in "
         "classes (terminal, "
         "simple, honour, wind, dragon, suited): a list of codes or the ruleset's own class serves in scoring, "
         "but no winning hand is matched against it.",
         'winning {\n    pattern orphans {\n        each of "1b" "9b"\n    }\n}\n',
         'winning {\n    pattern orphans {\n        each of terminal + honour\n    }\n}\n'),
    Code("MJ239", "a count with a fraction",
         "A number that counts something (seats, tiles of a pass or a deal, dice, copies, a claim's set, "
         "a pattern's sets) is a whole number; it is never rounded down unseen.",
         "charleston {\n    pass 2.5 right\n}\n", "charleston {\n    pass 3 right\n}\n"),
    # issue 9: numbers the checker took unchecked (check/numbers.py)
    Code("MJ219", "a count past anything play can use",
         "Jokers that stand only in groups larger than a winning hand could never stand at all; a session of "
         "more than 1,000 hands or 100 rounds never ends at a table (and `simulate` would play it for hours).",
         'session {\n    hands 100000\n}\n', 'session {\n    hands 16\n}\n'),
    Code("MJ248", "replacements the wall may not hold",
         "The replacements for the tiles first dealt (`replacement { replace flower kong }`) come from the "
         "kong box, whose end moves into the live wall with each one. The deal must leave at least as many "
         "live tiles above `wall game when N left` as they may need (every bonus tile of the set, and as many "
         "kongs as the hands dealt can hold), or a hand could start with a seat a tile short.",
         _BONUS + 'wall {\n    sides 4\n    length 14\n    height 1\n    dead wall 2\n}\n' + _BONUS_DEAL,
         _BONUS + 'wall {\n    sides 4\n    length 14\n    height 1\n}\n' + _BONUS_DEAL),
    Code("MJ280", "statement play has no meaning for",
         "The grammar shares words between blocks, so some statements parse that no hand could play: a turn "
         "drawn from the dead wall (only replacements come from it), a kong replaced from the live wall, a "
         "concealed hand calling for a claim that exposes a set, replacements going round other than in turn order. They are refused rather than "
         "played some other way than they read.",
         'play {\n    draw from dead wall\n}\n', 'play {\n    dealer draws 1\n}\n'),
    # issue 10: the scoring language's terms (check/terms.py)
    Code("MJ281", "a let named like something else",
         "`let NAME = EXPR` names a sub-expression for the scoring and payments blocks; the name must be new: "
         "not an option, a fact, a function or a let above it.",
         'option limit = 10 "L"\nscoring {\n    let limit = points * 2\n}\n',
         'option limit = 10 "L"\nscoring {\n    let base = points * 2\n    value base\n}\n'),
    Code("MJ282", "not a choice of the option",
         "A choice option is compared with one of its choices (`when style == hk`); a name that is not one of "
         "them would never be equal. A string option is compared with quoted text.",
         'option style = hk "Style" one of hk mcr\nscoring {\n    rule a: 1 double when style == hongkong\n}\n',
         'option style = hk "Style" one of hk mcr\nscoring {\n    rule a: 1 double when style == hk\n}\n'),
    Code("MJ283", "a truth value used as a number",
         "A comparison, `and`/`or`/`not`, on/off or a true-or-false fact stands where a number is computed (a "
         "session's `hands` or `rounds` too): it would silently count as 1 or 0. Write the number, or make it "
         "a condition.",
         'scoring {\n    value points * (doubles > 2)\n}\n', 'scoring {\n    value points * 2 ^ doubles\n}\n'),
    Code("MJ284", "a relation no hand can hold",
         "`related(N P, SUITS, RANKS)` relates 2 to 5 sets, and sets a step apart must fit in the ranks 1..9.",
         'scoring {\n    rule a: 1 double when related(3 chow, same suit, ranks step 5) > 0\n}\n',
         'scoring {\n    rule a: 1 double when related(3 chow, same suit, ranks step 3) > 0\n}\n'),
    Code("MJ285", "an exclusion in a circle",
         "`rule RULE excludes RULE...` drops the rules a rule implies when it applies; a rule that excludes itself, "
         "or two that exclude each other, would cancel both.",
         'scoring {\n    rule a: 1 double when won\n    rule b: 2 doubles when won\n    rule a excludes b\n    rule b excludes a\n}\n',
         'scoring {\n    rule a: 1 double when won\n    rule b: 2 doubles when won\n    rule b excludes a\n}\n'),
    Code("MJ286", "not a wait shape",
         "`wait(SHAPE)` asks how the winning tile completed its set: `two_sided`, `closed`, `edge`, `pair` or "
         "`pung` (riichi's pinfu needs a two-sided wait, and a closed, edge or pair wait scores 2 fu).",
         'scoring {\n    rule a: 2 points when wait(kanchan)\n}\n',
         'scoring {\n    rule a: 2 points when wait(closed)\n}\n'),
    # issue 10: kinds of bonus tile of a ruleset's own, groups paid at once (check/bonus.py)
    Code("MJ288", "a kind of bonus tile named like another kind",
         "`bonus NAME \"code\"... xN` adds a kind of bonus tile; scoring counts it by its name "
         "(`bonus(animal)`), so the name may not be a kind of tile (suit, wind, dragon, joker), a suit or a fact of a tile.",
         'tiles {\n    bonus wind "cat" "mouse" x1\n}\n',
         'tiles {\n    bonus animal "cat" "mouse" x1\n}\n'),
    Code("MJ289", "not a kind of bonus tile",
         "`replace NAME`, `on bonus own NAME` and `on bonus all NAME` name a kind of bonus tile the tiles block "
         "declares (flower, season, or `bonus NAME ...`); a tile code in a bonus group is a bonus tile; `own` asks "
         "for the seat's own tile, so its kind is `seat linked`.",
         'tiles {\n    bonus animal "cat" "mouse" x1\n}\nreplacement {\n    replace flower animals\n}\n',
         'tiles {\n    bonus animal "cat" "mouse" x1\n}\nreplacement {\n    replace flower animal\n}\n'),
    # issue 10: indicators (check/tiles.py, check/wall.py)
    Code("MJ249", "a tile in two cycles",
         "An indicator points at the tile after it in its cycle (`cycle \"E\" \"S\" \"W\" \"N\"`); a tile "
         "named in two cycles would point at two tiles.",
         'tiles {\n    wind "E" "S" "W" "N" x4\n    cycle "E" "S"\n    cycle "S" "W" "N"\n}\n',
         'tiles {\n    wind "E" "S" "W" "N" x4\n    cycle "E" "S" "W" "N"\n}\n'),
    Code("MJ287", "indicators with none shown, no room or no cycle",
         "`indicators N [more after each kong]` shows N tiles of the dead wall (at least one), each with a tile "
         "under it: the "
         "dead wall needs two tiles for each (and for the four a kong may add), one more for each replacement "
         "drawn from it (a kong's, up to four, and a bonus tile's), and the tiles block its cycles.",
         'tiles {\n    suit man "m" 1..9 x4\n    cycle suits\n}\nwall {\n    dead wall 4\n'
         '    indicators 1 more after each kong\n}\n',
         'tiles {\n    suit man "m" 1..9 x4\n    cycle suits\n}\nwall {\n    dead wall 14\n'
         '    indicators 1 more after each kong\n}\n'),
    # issue 10: payments outside the settlement, the session's counters (check/table.py)
    Code("MJ291", "a deposit on no announcement",
         "`deposit N points on announce NAME` is paid when a player makes the announcement NAME, so NAME must "
         "be an announcement of the play block.",
         'play {\n    announce riichi after any discard\n}\npayments {\n    deposit 1000 points on announce reach\n}\n',
         'play {\n    announce riichi after any discard\n}\npayments {\n    deposit 1000 points on announce riichi\n}\n'),
    Code("MJ292", "an instant payment on a kong the rules never allow",
         "`on concealed|claimed|added kong: others pay N points` is paid when such a kong is made; the rules "
         "must allow it (`concealed on turn`, `added on turn` in kongs; a claim of 4 same for a claimed kong).",
         'kongs {\n    concealed on turn\n}\npayments {\n    on added kong: others pay 1 points\n}\n',
         'kongs {\n    concealed on turn\n}\npayments {\n    on concealed kong: others pay 1 points\n}\n'),
    Code("MJ276", "a feeder no hand can have",
         "`feeder of N sets where PRED pays [SHARE] for GROUP` names the seat whose discard made the set that "
         "brought the winner's sets matching PRED to N: N must be a count of sets a winning shape holds (1 to "
         "its `sets`, 4 for the standard hand), the share more than 0 and at most 1, and the hands made of "
         "sets (a card's lines have none).",
         'payments {\n    feeder of 5 sets where (pung or kong) and wind pays for losers\n}\n',
         'payments {\n    feeder of 4 sets where (pung or kong) and wind pays for losers\n}\n'),
    Code("MJ277", "an abort that can't be asked or tells nothing",
         "`abort \"TITLE\" when COND` in play ends the hand with no winner when COND holds before a draw from the "
         "wall; `abort \"TITLE\" after claims when COND` when a discard's claims are all in, before any stands; "
         "`abort \"TITLE\" by choice when COND` is a move the seat on turn may make while COND holds for it. "
         "COND reads the whole table (`kongs`, `kong_seats`, `announcers(NAME)`, `alike_discards(PRED)`, "
         "`kinds_held(PRED)`, `discards`, `claims`), not the tile in question (`own_discard`, `just_claimed`, "
         "`claim_swap`, `tile_visible`: at an abort there is none); `win_claims`, the mah jongg claims made on a "
         "discard, is read by an abort `after claims` (which must read it) and by no other (it would be 0 there); "
         "COND may not be true or false whatever happens (every hand would end at its first draw, or the "
         "statement changes nothing), and each abort has a title of its own.",
         'play {\n    abort "Four riichi" when own_discard\n}\n',
         'play {\n    abort "Four kongs" when kongs == 4 and kong_seats >= 2\n}\n'),
    Code("MJ293", "a counter's name is taken",
         "A session counter is read by its name in conditions and amounts, so it may not share it with an "
         "option, a fact or another counter.",
         'session {\n    counter wall_game counts hands in a row when wall_game\n}\n',
         'session {\n    counter draws counts hands in a row when wall_game\n}\n'),
    # issue 10: knitted tiles and singles in a pattern (check/knitted.py)
    Code("MJ295", "knitted rank groups that can't be bound",
         "`knitted 147 258 369` ties each group of digits (its ranks) to a different suit, the suits chosen "
         "once for the pattern: every digit must be a rank of every suit, no rank twice in a group, and no more "
         "groups than the tiles have suits.",
         _THREE_SUITS + 'winning {\n    pattern knitted_straight {\n        each of knitted 147 258 369 0\n        sets 1\n'
         '        pairs 1\n    }\n}\n',
         _THREE_SUITS + 'winning {\n    pattern knitted_straight {\n        each of knitted 147 258 369\n        sets 1\n'
         '        pairs 1\n    }\n}\n'),
    Code("MJ296", "more singles than the class holds",
         "`singles N of CLASS` is N different tiles of the class, one of each: N must be at least 1 and at most "
         "the number of tiles the class holds (the knitted tiles of three suits are nine, the honours seven).",
         _THREE_SUITS + 'winning {\n    pattern lesser_honours {\n        singles 17 of knitted 147 258 369 + honour\n    }\n}\n',
         _THREE_SUITS + 'winning {\n    pattern lesser_honours {\n        singles 14 of knitted 147 258 369 + honour\n    }\n}\n'),

    # issue 10: variants of a kind (red fives; check/tiles.py)
    Code("MJ290", "more variant copies than the kind has",
         "`variant NAME \"code\" xN of \"base\"` tells N of the base tile's copies apart; the variants of one "
         "kind together may hold at most the copies the tiles block gives it.",
         'tiles {\n    suit man "m" 1..9 x4\n    variant red "0m" x5 of "5m"\n}\n',
         'tiles {\n    suit man "m" 1..9 x4\n    variant red "0m" x1 of "5m"\n}\n'),
    Code("MJ294", "a variant of no tile that plays",
         "A variant's copies play as its base tile, so the base must be a tile of the set that goes into a hand "
         "(a suited tile, a wind or a dragon: not a bonus tile, a joker or another variant), its code must be new, "
         "and `variants(NAME)` must name a declared variant.",
         'tiles {\n    suit man "m" 1..9 x4\n    variant red "0p" x1 of "5p"\n}\n',
         'tiles {\n    suit man "m" 1..9 x4\n    variant red "0m" x1 of "5m"\n}\n'),
    # issue 10: a rule counted per occurrence (check/values.py)
    Code("MJ278", "a rule counted per a truth value",
         "`rule NAME: AMOUNT per COUNT` counts the amount COUNT times in a reading (a fan that occurs twice "
         "counts twice); COUNT must be a number of the hand, such as `related(...)` or "
         "`(kinds(4) - sets(kong))`, not a condition: a rule that applies or not says so with `when`.",
         _TILES + 'scoring {\n    rule a: 1 point per won\n}\n',
         _TILES + 'scoring {\n    rule a: 1 point per related(2 chow, different suits, same rank) when won\n}\n'),
    # issue 10: the rules that account once together (check/accounts.py)
    Code("MJ279", "a rule that cannot account with others",
         "`account once RULE...` chooses together the groups of sets its rules count, so that a set already "
         "combined is combined once more only with sets not combined yet, and keeps the choice worth most. "
         "Each rule it names must be a hand rule counted `per related(...)`, worth more than nothing (the best "
         "choice would leave a penalty out), of the same unit as the others (points do not add to doubles), "
         "and in one account only.",
         _TILES + 'scoring {\n    rule a: 1 point per related(2 chow, same suit, ranks step 3) when won\n'
         '    rule b: 2 points when won and sets(chow) == 4\n    account once a b\n}\n',
         _TILES + 'scoring {\n    rule a: 1 point per related(2 chow, same suit, ranks step 3) when won\n'
         '    rule b: 1 point per related(2 chow, same suit, same rank) when won\n    account once a b\n}\n'),
    Code("MJ299", "internal error in a check",
         "A check failed on this ruleset. This is a bug in mjdsl: please report it with the file.", "", ""),
)
