"""The diagnostic codes of cards: MJ150-MJ169 and MJ181-MJ189 card syntax, MJ250-MJ275 card
checks (and MJ215, the card's year, and MJ297-MJ298, the choices, numbered out of that range).

Each entry has a title, an explanation for ``mjdsl explain``, and a wrong and a right
card line. The table in :mod:`mjdsl.codes` points at this list.
"""

from __future__ import annotations

from ..diagnostics import Code

_H = 'card "Example"\n'

CODES = (
    # -- syntax -------------------------------------------------------------------
    Code("MJ150", "card syntax error",
         "The card text does not follow the card notation here; the message says what was expected.",
         _H + "FF 1111 ; 1111 1111 - a b c 25", _H + "FF 1111 1111 1111 - a b c 25"),
    Code("MJ151", "card line has no points",
         "Every hand line ends with its points, the value printed beside the hand.",
         _H + "FF 1111 1111 1111 - a b c", _H + "FF 1111 1111 1111 - a b c 25"),
    Code("MJ152", "something follows the points",
         "The points are the last thing on a hand line. Annotations (after ·) and the "
         "quoted description come before them.",
         _H + 'FF 1111 1111 1111 - a b c 25 "kongs"', _H + 'FF 1111 1111 1111 - a b c "kongs" 25'),
    Code("MJ153", "a group after the suit letters",
         "A pattern is all its groups, then one suit letter per group. A group cannot follow "
         "the suit letters (to give another pattern for the same line, join them with `or`).",
         _H + "FF 1111 - a DDDD 1111 b a 25", _H + "FF 1111 DDDD 1111 - a a b 25"),
    Code("MJ154", "a word where a suit letter, annotation or description was expected",
         "Suit letters are single small letters, separated by spaces. An annotation starts "
         "with `·` (or `,`); a description is in double quotes.",
         _H + "FF 1111 1111 1111 - a b c any run or number 25",
         _H + "FF 1111 1111 1111 - a b c · any run or number 25"),
    Code("MJ155", "an annotation with no words",
         "A `·` introduces an annotation such as `any run or number` or `concealed`.",
         _H + "FF 11 22 33 44 55 66 - a a a a a a · 50",
         _H + "FF 11 22 33 44 55 66 - a a a a a a · concealed 50"),
    Code("MJ156", "`or` without a pattern after it",
         "`or` joins two patterns of one line; a pattern must follow it.",
         _H + "FF 1111 1111 1111 - a b c or · concealed 25",
         _H + "FF 1111 1111 1111 - a b c or FF 1111 1111 1111 - a a b 25"),
    Code("MJ157", "a header statement without its value",
         "The header statements are `year N`, `points LOW..HIGH`, `tiles \"PATH\"` and "
         "`section \"TITLE\"`.",
         _H + "section Quints", _H + 'section "Quints"'),
    Code("MJ158", "a card file starts with its title",
         "The first statement of a card file is `card \"Title\"`.",
         'year 2026\ncard "Club card 2026"', 'card "Club card 2026"\nyear 2026'),
    Code("MJ159", "a hand line starts with a tile group",
         "A hand line begins with its first group, in capital tile letters.",
         _H + "ff 1111 1111 1111 - a b c 25", _H + "FF 1111 1111 1111 - a b c 25"),
    Code("MJ160", "a string not closed on its line",
         "Descriptions, titles and paths are double-quoted on one line; write `\\\"` for a quote inside.",
         _H + 'section "Quints', _H + 'section "Quints"'),
    Code("MJ161", "not a tile letter",
         "Groups are written with the tile letters F (flower), 1-9, 0 (soap), D (the suit's "
         "dragon), N E W S (winds), R G (red, green dragons).",
         _H + "FF 1111 XXXX 1111 - a b c 25", _H + "FF 1111 DDDD 1111 - a b c 25"),
    Code("MJ162", "a number larger than a card takes",
         "Points, the card's year and its points range are at most 1000000000 (10^9). A larger "
         "number is refused where it is written, never read as some other number.",
         _H + "FF 1111 1111 1111 - a b c 99999999999999999999", _H + "FF 1111 1111 1111 - a b c 25"),
    Code("MJ163", "negative points",
         "The points of a line are a whole number, 0 or more, written without a sign. A `-` "
         "right before them (`-25`) is not read as a suit letter.",
         _H + "FF 1111 1111 1111 - a b c -25", _H + "FF 1111 1111 1111 - a b c 25"),
    Code("MJ181", "a choice group written with spaces",
         "The alternatives of one group are joined by `/` with no spaces: `NNNN/SSSS` is a kong of "
         "north or a kong of south in that place. A `/` on its own, or at the end of a group, is not "
         "card notation.",
         _H + "FF NNNN / SSSS 1111 1111 - - a b 25", _H + "FF NNNN/SSSS 1111 1111 - - a b 25"),
    Code("MJ182", "a number choice written with spaces",
         "A number choice names numbers joined by `-` with no spaces: `· 1-5 or 5-9`.",
         _H + "11 22 33 44 55 NNNN - a a a a a - · 1 - 5 or 5-9 25",
         _H + "11 22 33 44 55 NNNN a a a a a - · 1-5 or 5-9 25"),
    # -- checks -------------------------------------------------------------------
    Code("MJ250", "a hand that is not 14 tiles",
         "A hand on the card is fourteen tiles, exposures included. Count the letters of the groups.",
         _H + "FF 1111 1111 111 - a b c 25", _H + "FF 1111 1111 1111 - a b c 25"),
    Code("MJ251", "suit letters do not match the groups",
         "A pattern with suits gives exactly one suit letter per group, `-` for a group with no suit.",
         _H + "FF 2026 1111 1111 a b c 25", _H + "FF 2026 1111 1111 - a b c 25"),
    Code("MJ252", "a suit letter on a group with no suit",
         "Flowers, winds, R, G and 0 (the soap) have no suit; write `-` under them.",
         _H + "FF 2222 0000 6666 a a a a 25", _H + "FF 2222 0000 6666 - a - a 25"),
    Code("MJ253", "a group that needs a suit has none",
         "Numbers and D (the dragon of the group's suit) take their suit from the group's letter.",
         _H + "FF 2222 0000 6666 - - - a 25", _H + "FF 2222 0000 6666 - a - a 25"),
    Code("MJ254", "more suit letters than the tile set has suits",
         "Different letters are different suits; a set of three suits allows at most three letters.",
         _H + "11 22 33 44 55 DD DD a b c d a b c 25", _H + "11 22 33 44 55 DD DD a b c a a b c 25"),
    Code("MJ255", "a letter that names no tile of the tile set",
         "The card is read against the tile set of its ruleset; every letter must name one of its tiles.",
         # the classical tile set gives its suits no dragon, so `D` names no tile there
         'card "Example"\ntiles "classical.mj"\nNNN EEE WWW SSS DD - - - - a 25',
         'card "Example"\ntiles "american.mj"\nNNN EEE WWW SSS DD - - - - a 25'),
    Code("MJ256", "a variant needs more natural tiles than the set holds",
         "Some suit or number choices of the line need more natural copies of a tile (pairs, "
         "singles, the year, NEWS take no jokers) than the set has; those variants are left out.",
         _H + "00 2026 2026 DD FF - a b c - 25", _H + "00 2026 2026 GG FF - a b - - 25"),
    Code("MJ257", "no tiles can make this line",
         "Every variant of the line needs more natural tiles, or more jokers, than the set holds.",
         _H + "00 00 2026 2026 FF - - a b - 25", _H + "00 22 2026 2026 FF - a a b - 25"),
    Code("MJ258", "two lines can be the same 14 tiles",
         "Some fourteen tiles (jokers included) make both lines, so a winner cannot tell which "
         "hand they hold; the message shows such tiles. Change one line so no tiles make both.",
         _H + "22 44 666 888 DDDD a a a a a 25\n22 444 666 888 DDD a a a a a 30",
         _H + "22 44 666 888 DDDD a a a a a 25\n11 33 555 777 9999 a a a a a 30"),
    Code("MJ259", "a line written twice",
         "The line makes exactly the same hands as an earlier line.",
         _H + "NNNN EEE WWW SSSS 25\nNNNN EEE WWW SSSS 30", _H + "NNNN EEE WWW SSSS 25\nNNN EEEE WWWW SSS 30"),
    Code("MJ260", "an annotation with no effect",
         "`any run or number` on a line whose numbers cannot move (no numbers, or a 9 already), "
         "`any wind` without winds, `any dragon` without D, `no jokers` without a group of three or more.",
         _H + "NNNN EEE WWW SSSS · any run or number 25", _H + "NNNN EEE WWW SSSS 25"),
    Code("MJ261", "unknown annotation",
         "The annotations are `any run or number`, `concealed`, `any wind`, `any dragon` and `no jokers`.",
         _H + "FF 11 22 33 44 55 66 - a a a a a a · concealled 50",
         _H + "FF 11 22 33 44 55 66 - a a a a a a · concealed 50"),
    Code("MJ262", "points outside the card's usual range",
         "The card's `points LOW..HIGH` header says what a hand is usually worth; this line is outside it.",
         _H + "points 25..75\nNNNN EEE WWW SSSS 250", _H + "points 25..75\nNNNN EEE WWW SSSS 25"),
    Code("MJ263", "a points range that runs backwards",
         "`points LOW..HIGH` needs LOW <= HIGH.", _H + "points 75..25", _H + "points 25..75"),
    Code("MJ264", "a header statement written twice",
         "`year`, `points` and `tiles` are given once; the first one counts.",
         _H + "year 2026\nyear 2027", _H + "year 2026"),
    Code("MJ265", "an annotation written twice on a line",
         "Each annotation counts once.",
         _H + "FF 11 22 33 44 55 66 - a a a a a a · concealed · concealed 50",
         _H + "FF 11 22 33 44 55 66 - a a a a a a · concealed 50"),
    Code("MJ266", "an alternative that adds no hands",
         "Every hand this `or` alternative makes, an earlier pattern of the line makes too.",
         _H + "FF 1111 1111 1111 - a b c or FF 1111 1111 1111 - c b a 25",
         _H + "FF 1111 1111 1111 - a b c or FF 1111 1111 1111 - a a b 25"),
    Code("MJ267", "a section with no hand lines",
         "A section title with nothing under it; remove it or add its lines.",
         _H + 'section "Quints"\nsection "369"\n333 666 9999 DDDD a a a a 25',
         _H + 'section "369"\n333 666 9999 DDDD a a a a 25'),
    Code("MJ268", "a card with no hand lines",
         "The card lists no hands, so no tiles can ever win with it.",
         _H + "year 2026", _H + "year 2026\nNNNN EEE WWW SSSS 25"),
    Code("MJ269", "lines that share hands only through many jokers",
         "A note, once per card: how many pairs of lines some fourteen tiles make alike, each "
         "needing three or more jokers (MJ258 reports those needing fewer). At the table the "
         "winner declares which hand they hold; most yearly cards have such pairs.",
         _H + "FF 1111 1111 1111 - a b c 25\nFF 1111 3333 5555 - a b c 25",
         _H + "FF 1111 1111 1111 - a b c 25\nFF 11 33 55 77 99 DD - a a a a a a 50"),
    Code("MJ215", "a year group that is not the card's year",
         "`year 2027` states the card's year. A group of singles that mixes the soap `0` with numbers "
         "(`2027`) is a year: it is printed as it is, `any run or number` does not move it, and one that "
         "is not the card's year is usually last year's line, copied and not updated.",
         _H + "year 2027\nFF 2026 1111 1111 - a b c 25", _H + "year 2027\nFF 2027 1111 1111 - a b c 25"),
    Code("MJ271", "card too long",
         "A printed card has 50 to 80 lines. A card of more than 300 lines is refused before the checks that "
         "compare every pair of lines (they would take minutes); it is usually a generator repeating itself.",
         "", ""),
    Code("MJ272", "a card that makes too many variants",
         "Each line expands to its concrete hands (suits, runs, winds, dragons chosen). A card "
         "whose lines make more than 8,000 of them in all is refused: checking it for "
         "overlapping lines would take minutes. A printed card makes about a thousand.",
         _H + "NN EE 11 222 333 DD - - a b c a · any run or number · any wind · any dragon 25\n" * 6,
         _H + "NN EE 11 222 333 DD - - a b c a · any run or number 25"),
    Code("MJ273", "the overlap check skipped",
         "The overlap check (MJ258, MJ269) compares every pair of a card's variants. Past 2,500 "
         "variants it would take too long, so it is skipped with this warning and the card is "
         "otherwise checked as usual. A printed card makes under a thousand.",
         _H + "NN EE 11 222 333 DD - - a b c a · any run or number · any wind · any dragon 25\n" * 4,
         _H + "NN EE 11 222 333 DD - - a b c a · any run or number 25"),
    Code("MJ274", "odd or even numbers printed with the other kind",
         "`any odd number` and `any even number` move all the line's numbers together in steps of two, so "
         "they keep the oddness they are printed with: print odd numbers from 1, even ones from 2.",
         _H + "FF 2222 2222 2222 - a b c · any odd number 25", _H + "FF 1111 1111 1111 - a b c · any odd number 25"),
    Code("MJ275", "a line moved by one and by two",
         "`any run or number` moves the numbers by one, `any odd number`/`any even number` by two: a line says one.",
         _H + "FF 1111 1111 1111 - a b c · any run or number · any odd number 25",
         _H + "FF 1111 1111 1111 - a b c · any odd number 25"),
    Code("MJ297", "a choice group that cannot stand in one place",
         "A choice group (`NNNN/SSSS`) is one group of the hand, either way: its alternatives are the same "
         "size, each written once. For a pung or a kong, write the whole pattern twice joined with `or`. "
         "The choice groups of one pattern make at most 256 ways to spell it (a printed card needs 68 at most).",
         _H + "FF NNN/SSSS 1111 1111 - - a b 25", _H + "FF NNNN/SSSS 1111 1111 - - a b 25"),
    Code("MJ298", "a choice that does not fit its line",
         "A choice after `·` is written as the card prints it. `1-5 or 5-9`: each choice names the lowest "
         "and the highest number the line's numbers become (any between may be listed: `3-6-9`), so it "
         "spans as many as the printed ones. `N and S or E and W`: the first choice is winds the line "
         "prints, each choice as many winds, each once. `9999 stays`: a group of numbers printed on the "
         "line. A line says one way to move its numbers and one way to choose its winds.",
         _H + "11 22 33 44 55 NNNN a a a a a - · 1-4 or 5-9 25",
         _H + "11 22 33 44 55 NNNN a a a a a - · 1-5 or 5-9 25"),
    Code("MJ270", "the card's tiles ruleset does not exist",
         "`tiles \"PATH\"` names the ruleset whose tile set the card is read against; the path "
         "is relative to the card file, and a name not found there is looked up in the ruleset "
         "library (`tiles \"american.mj\"` works from anywhere). Like `include`, it may not leave "
         "the card's folder tree (MJ208) without --allow-outside. The card's other checks that need "
         "no tiles still run.",
         'card "Example"\ntiles "americn.mj"', 'card "Example"\ntiles "american.mj"'),
)

#: Every code this package reports, for tests and docs.
CARD_CODES = tuple(f"MJ{n}" for n in (*range(150, 162), 181, 182, 215, *range(250, 272), 297, 298))
