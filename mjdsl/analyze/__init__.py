"""Card analytics (``mjdsl analyze``): how hard every line of a card is in play, and
what it might be worth.

    run.py      hands played (any backend: engine.parallel) into a tally, with the other
                card lines each winning hand also makes; checkpoints, resumable
    figures.py  the report: per line, wins, styles, mean turn, jokerless share; lines
                never won; suggested points; near-duplicate lines in play
    html.py     the report as one HTML page with plots (matplotlib, the ``analyze`` extra)

It consumes the engine's public API only (a game's state, a hand's record) and the
card library; the engine never imports it.
"""
