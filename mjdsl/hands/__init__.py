"""Classical hands: split a hand into sets, find its waits, match special patterns.

Nothing here knows a variant. How many sets and pairs a hand needs, whether chows
count, which special hands exist: all of it comes in as arguments (data), so a
ruleset can state it and the engine can pass it on.
"""
