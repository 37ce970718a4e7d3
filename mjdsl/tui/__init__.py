"""The table: a session against the club's regulars, in the terminal.

``session.py`` plays the session through the engine's public API and saves it after
every action (the save is the log); ``words.py`` says what happened; ``view.py``
draws the table as text; ``controller.py`` understands what the person types, for
both front ends: the plain-text table (pipes, screen readers) and the Textual table
(``app.py``, an optional extra: ``pip install 'mjdsl[tui]'``). ``guide.py`` holds the
suggestions and the guided first hand.
"""
