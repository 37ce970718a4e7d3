"""The front end: from a file on disk to a checked, lowered whole.

``paths`` (where a named file may be), ``load`` (includes, overlays, the merged ruleset),
``checked`` (every check, in one call), ``compile`` (checked and lowered to an automaton).
Every command that reads a ruleset comes through here.
"""
