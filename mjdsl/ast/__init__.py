"""The typed tree of a ruleset: small frozen classes, every node with its span.

Built only by :mod:`mjdsl.syntax.build` (the one module that knows Lark trees).
A ruleset file is a :class:`Program`: a list of top-level statements. Blocks
(``tiles { ... }``) hold their statements in order; the checks and the lowering
read them through :meth:`Block.one` and :meth:`Block.all`. Names line up across
stages: the ``charleston`` block is :class:`CharlestonBlock`, checked in
``check/charleston.py`` and lowered by ``lower_charleston``.
"""

from .blocks import *  # noqa: F401,F403
from .expr import *  # noqa: F401,F403
from .expr import Expr, Value, names_in  # noqa: F401
from .stmts import *  # noqa: F401,F403
from .stmts import TileClass  # noqa: F401
from .top import *  # noqa: F401,F403
from .table import *  # noqa: F401,F403
