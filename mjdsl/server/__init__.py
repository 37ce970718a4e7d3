"""The club online: the web club that ``mjdsl serve`` opens (an optional extra:
``pip install 'mjdsl[club]'``).

``store.py`` keeps accounts, saved games and results through one data layer
(SQLAlchemy; SQLite by default, PostgreSQL by URL; Alembic migrations in
``migrations/``). ``club.py`` reads the club's tables (``tables.toml``: a ruleset, its
options and its regulars each). ``table.py`` plays one game at a table: the engine's
``Game`` held by the server, several people and the regulars, every move an action
number the engine validates, and what each seat may see; ``claims.py`` the claim
window's clock, ``card.py`` the card beside the table. ``app.py`` holds the pages
and the table's websocket; ``security.py`` the sessions, CSRF tokens, password hashes
and the login rate limit; ``i18n.py`` the languages (gettext catalogs in ``locale/``).
Nothing here names a variant: the tables are data.
"""
