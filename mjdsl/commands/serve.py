"""``mjdsl serve``: open the club, the web application of ``mjdsl/server`` (the ``club`` extra)."""

from __future__ import annotations

import click

from ..diagnostics import InputError


@click.command("serve")
@click.option("--db", "db", metavar="URL", default=None,
              help="The database: sqlite:///FILE or postgresql://... (default: club.sqlite3 here).")
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="The port to listen on.")
@click.option("--tables", "tables", metavar="FILE", default=None,
              help="The club's tables (TOML; default: the six shipped tables).")
@click.option("--secret", envvar="MJDSL_CLUB_SECRET", default=None,
              help="The key that signs session cookies and invitations ($MJDSL_CLUB_SECRET; default: a new one).")
@click.option("--regulars-processes", "processes", type=click.IntRange(0, 64), default=1, show_default=True,
              help="Worker processes the regulars think in (0: in the server's own process).")
def serve_cmd(db, host, port, tables, secret, processes):
    """Open the club: solo tables, friends' tables, accounts and saved games, in the browser."""
    try:
        import uvicorn

        from ..server.app import create_app
        from ..server.club import DEFAULT_TABLES
        from ..server.store import default_url
    except ImportError as e:
        raise InputError(f"the club is an extra: pip install 'mjdsl[club]' ({e.name} is missing)") from None
    import sqlalchemy.exc

    url = db or default_url()
    try:
        app = create_app(url, tables_path=tables or DEFAULT_TABLES, secret=secret, regulars_processes=processes)
    except sqlalchemy.exc.ArgumentError:
        raise InputError(f"--db {url!r}: not a database URL (sqlite:///FILE or postgresql://...)") from None
    except sqlalchemy.exc.OperationalError as e:
        raise InputError(f"--db: cannot open the database: {str(e.orig).strip().splitlines()[0]}") from None
    click.echo(f"The club is open at http://{host}:{port}/ (database {url}); Ctrl-C closes it.", err=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
    return 0


COMMANDS = [serve_cmd]
