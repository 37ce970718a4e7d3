"""The club's defences: password hashes, CSRF tokens, the login rate limit, user names.

Passwords are hashed with argon2id (memory-hard, argon2-cffi's defaults). A login for
a name with no account still verifies against a fixed hash, and every failure says
the same words, so the answer and its time do not tell whether a name exists. The
session itself is Starlette's signed, HTTP-only cookie (itsdangerous); each session
carries a random CSRF token that every form posts back. Login attempts are limited
per address and per name within a sliding window.
"""

from __future__ import annotations

import hmac
import re
import secrets
import time
from collections import defaultdict, deque

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

#: a user name: letters, digits, dot, dash and underscore (shown escaped all the same)
NAME = re.compile(r"^[A-Za-z0-9._-]{3,30}$")
MIN_PASSWORD = 8


def N_(text: str) -> str:
    """Marks a message for the catalogs; the page translates it when it shows it."""
    return text


_hasher = PasswordHasher()
_NOBODY = _hasher.hash("not a password of anyone's")


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def check_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` matches ``stored`` (None: no such account, checked all the same)."""
    try:
        return _hasher.verify(stored or _NOBODY, password) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    return _hasher.check_needs_rehash(stored)


def name_problem(name: str) -> str | None:
    if not NAME.match(name):
        return N_("A user name is 3 to 30 letters, digits, dots, dashes or underscores.")
    return None


def password_problem(password: str) -> str | None:
    if len(password) < MIN_PASSWORD:
        return N_("A password has at least 8 characters.")
    return None


def csrf_token(session: dict) -> str:
    tok = session.get("csrf")
    if not tok:
        tok = session["csrf"] = secrets.token_urlsafe(24)
    return tok


def csrf_ok(session: dict, sent: str | None) -> bool:
    want = session.get("csrf")
    return bool(want and sent and hmac.compare_digest(str(want), str(sent)))


class RateLimit:
    """At most ``attempts`` failures per key within ``window`` seconds."""

    def __init__(self, attempts: int = 5, window: float = 300.0, clock=time.monotonic):
        self.attempts = attempts
        self.window = window
        self.clock = clock
        self._seen: dict[str, deque] = defaultdict(deque)

    def _trim(self, key: str) -> deque:
        q = self._seen[key]
        cutoff = self.clock() - self.window
        while q and q[0] < cutoff:
            q.popleft()
        return q

    def blocked(self, *keys: str) -> bool:
        return any(len(self._trim(k)) >= self.attempts for k in keys)

    def failed(self, *keys: str) -> None:
        now = self.clock()
        for k in keys:
            self._trim(k).append(now)

    def clear(self, *keys: str) -> None:
        for k in keys:
            self._seen.pop(k, None)
