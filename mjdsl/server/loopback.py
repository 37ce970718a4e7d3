"""The club on a real server on loopback, in a thread on a free port: for the tests
that need one (friends' tables over two connections, the browser tests). The load
benchmark (bench/club_bench.py) runs ``mjdsl serve`` in a process of its own instead."""

from __future__ import annotations

import contextlib
import socket
import threading
import time


@contextlib.contextmanager
def live_server(app):
    """Serve ``app`` on 127.0.0.1 while the block runs; yields "127.0.0.1:PORT"."""
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", ws="websockets-sansio"))
    t = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    t.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield f"127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        t.join(10)
        sock.close()
