"""Alembic's environment for the club's schema: run on the connection that
``store.migrate`` hands over (``config.attributes["connection"]``)."""

from alembic import context

from mjdsl.server.store import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
