"""The club's first schema: accounts, saved games and results per account and day.

Revision ID: 0001
Revises:
"""

from alembic import op
import sqlalchemy as sa

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created", sa.DateTime, nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table", sa.String(60), nullable=False, index=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("owner", sa.String(80), nullable=False, index=True),
        sa.Column("seed", sa.String(80), nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("log", sa.Text, nullable=False),
        sa.Column("over", sa.Boolean, nullable=False),
        sa.Column("updated", sa.DateTime, nullable=False),
    )
    op.create_table(
        "results",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("games.id"), nullable=False),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("day", sa.Date, nullable=False, index=True),
        sa.Column("points", sa.Float, nullable=False),
        sa.UniqueConstraint("account_id", "game_id", "hand"),
    )


def downgrade() -> None:
    op.drop_table("results")
    op.drop_table("games")
    op.drop_table("accounts")
