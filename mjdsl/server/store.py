"""The club's storage: accounts, saved games and results, through one data layer.

SQLAlchemy keeps the same code on SQLite (a file beside the server, created on first
start) and PostgreSQL (``--db postgresql://...``). The schema is Alembic's
(``migrations/``): :func:`open_store` upgrades the database to the newest revision
before the club opens, so an upgrade keeps the accounts and the saved games.

A saved game is its log: the seed, who sits where and every action of every hand
(chance outcomes included), stored after every move (behind the play, many games in
one transaction: ``saver.py``), so a game survives a restart mid-hand by replaying its
log (``table.ClubGame.resume``).
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


class Base(DeclarativeBase):
    pass


class Account(Base):
    """A Basic account: a user name and an argon2 hash of its password."""

    __tablename__ = "accounts"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(sa.String(40), unique=True)
    password_hash: Mapped[str] = mapped_column(sa.String(200))
    created: Mapped[datetime.datetime] = mapped_column(sa.DateTime)


class SavedGame(Base):
    """A game at one of the club's tables; ``log`` is its save (JSON: see ``table.py``).

    table: the club table's key; kind: solo, friends, daily or guided; owner: the
    visitor or account key that opened it; seats: JSON, who sits at each seat (an
    account key, a visitor key or null for a regular); over: the session is finished.
    """

    __tablename__ = "games"
    id: Mapped[int] = mapped_column(primary_key=True)
    table: Mapped[str] = mapped_column(sa.String(60), index=True)
    kind: Mapped[str] = mapped_column(sa.String(20))
    owner: Mapped[str] = mapped_column(sa.String(80), index=True)
    seed: Mapped[str] = mapped_column(sa.String(80))
    seats: Mapped[str] = mapped_column(sa.Text)
    log: Mapped[str] = mapped_column(sa.Text)
    over: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    updated: Mapped[datetime.datetime] = mapped_column(sa.DateTime)


class Result(Base):
    """Points one account won or lost in one hand, on one day (the day's results)."""

    __tablename__ = "results"
    id: Mapped[int] = mapped_column(primary_key=True)
    account_id: Mapped[int] = mapped_column(sa.ForeignKey("accounts.id"), index=True)
    game_id: Mapped[int] = mapped_column(sa.ForeignKey("games.id"))
    hand: Mapped[int] = mapped_column(sa.Integer)
    day: Mapped[datetime.date] = mapped_column(sa.Date, index=True)
    points: Mapped[float] = mapped_column(sa.Float)
    __table_args__ = (sa.UniqueConstraint("account_id", "game_id", "hand"),)


def default_url(folder: str | Path = ".") -> str:
    """The default database: ``club.sqlite3`` in ``folder`` (beside the server)."""
    return f"sqlite:///{Path(folder).resolve() / 'club.sqlite3'}"


def _engine_url(url: str) -> str:
    # PostgreSQL through psycopg 3, whatever driver the URL names or leaves out
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def migrate(engine: sa.Engine) -> None:
    """Upgrade the database behind ``engine`` to the newest schema revision."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)


class Store:
    """Every read and write the club makes; each method is one transaction."""

    def __init__(self, engine: sa.Engine):
        self.engine = engine

    # -- accounts --------------------------------------------------------------------------
    def add_account(self, name: str, password_hash: str) -> int | None:
        """The new account's id, or None when the name is taken."""
        with Session(self.engine) as s:
            if s.scalar(sa.select(Account.id).where(Account.name == name)) is not None:
                return None
            acc = Account(name=name, password_hash=password_hash, created=now())
            s.add(acc)
            try:
                s.commit()
            except sa.exc.IntegrityError:
                return None
            return acc.id

    def account(self, name: str) -> tuple[int, str] | None:
        """(id, password hash) of the account called ``name``."""
        with Session(self.engine) as s:
            row = s.execute(sa.select(Account.id, Account.password_hash).where(Account.name == name)).first()
            return (row[0], row[1]) if row else None

    def account_name(self, account_id: int) -> str | None:
        with Session(self.engine) as s:
            return s.scalar(sa.select(Account.name).where(Account.id == account_id))

    def set_password_hash(self, account_id: int, password_hash: str) -> None:
        with Session(self.engine) as s:
            s.execute(sa.update(Account).where(Account.id == account_id).values(password_hash=password_hash))
            s.commit()

    # -- saved games ----------------------------------------------------------------------
    def add_game(self, table: str, kind: str, owner: str, seed: str, seats: list, log: dict) -> int:
        with Session(self.engine) as s:
            g = SavedGame(table=table, kind=kind, owner=owner, seed=seed, seats=json.dumps(seats),
                          log=json.dumps(log), over=False, updated=now())
            s.add(g)
            s.commit()
            return g.id

    def save_game(self, game_id: int, seats: list, log: dict, over: bool) -> None:
        self.save_games({game_id: (json.dumps(seats), json.dumps(log), over)})

    def save_games(self, saves: dict[int, tuple[str, str, bool]]) -> None:
        """Several games' saves in one transaction: game id -> (seats JSON, log JSON, over).
        One statement with a row of values per game (the driver's ``executemany``): under
        load, one ORM update per game was a fifth of the server's CPU."""
        if not saves:
            return
        games = SavedGame.__table__
        when = now()
        rows = [{"gid": game_id, "seats": seats, "log": log, "over": over, "updated": when}
                for game_id, (seats, log, over) in saves.items()]
        with self.engine.begin() as conn:
            conn.execute(games.update().where(games.c.id == sa.bindparam("gid")).values(
                seats=sa.bindparam("seats"), log=sa.bindparam("log"), over=sa.bindparam("over"),
                updated=sa.bindparam("updated")), rows)

    def game(self, game_id: int) -> dict | None:
        with Session(self.engine) as s:
            g = s.get(SavedGame, game_id)
            return _game_dict(g) if g is not None else None

    def open_game(self, table: str, kind: str, owner: str) -> dict | None:
        """The newest unfinished game of this kind that ``owner`` opened at ``table``."""
        with Session(self.engine) as s:
            g = s.scalars(sa.select(SavedGame).where(
                SavedGame.table == table, SavedGame.kind == kind, SavedGame.owner == owner,
                SavedGame.over.is_(False)).order_by(SavedGame.id.desc()).limit(1)).first()
            return _game_dict(g) if g is not None else None

    def unfinished_games(self) -> list[dict]:
        with Session(self.engine) as s:
            return [_game_dict(g) for g in s.scalars(sa.select(SavedGame).where(SavedGame.over.is_(False)))]

    # -- results ----------------------------------------------------------------------------
    def add_result(self, account_id: int, game_id: int, hand: int, day: datetime.date, points: float) -> None:
        """Record one hand's points for an account (once: a replayed hand is not counted twice)."""
        with Session(self.engine) as s:
            if s.scalar(sa.select(Result.id).where(Result.account_id == account_id, Result.game_id == game_id,
                                                   Result.hand == hand)) is not None:
                return
            s.add(Result(account_id=account_id, game_id=game_id, hand=hand, day=day, points=points))
            s.commit()

    def day_results(self, day: datetime.date) -> list[tuple[str, float, int]]:
        """(account name, points, hands) for everyone who played on ``day``, best first."""
        with Session(self.engine) as s:
            rows = s.execute(sa.select(Account.name, sa.func.sum(Result.points), sa.func.count(Result.id))
                             .join(Account, Account.id == Result.account_id).where(Result.day == day)
                             .group_by(Account.name).order_by(sa.func.sum(Result.points).desc(), Account.name))
            return [(name, float(pts), int(n)) for name, pts, n in rows]


def _game_dict(g: SavedGame) -> dict:
    return {"id": g.id, "table": g.table, "kind": g.kind, "owner": g.owner, "seed": g.seed,
            "seats": json.loads(g.seats), "log": json.loads(g.log), "over": g.over}


def open_store(url: str) -> Store:
    """The store at ``url``, its schema upgraded to the newest revision."""
    engine = sa.create_engine(_engine_url(url), future=True)
    migrate(engine)
    return Store(engine)
