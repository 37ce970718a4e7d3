"""mjdsl: a rule language for mahjong.

The pipeline is ``text -> syntax -> ast -> check -> ir -> engine / render``; each
stage lives in the package of that name and consumes only the one before it.
"""

__version__ = "0.1.0"

import os as _os

# Every matrix mjdsl multiplies is small (a hand against a card): BLAS threads only
# contend, and on a busy machine make a bot's decision ten times slower. Set before
# numpy is first imported; a caller's own setting wins.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    _os.environ.setdefault(_var, "1")

# The compiled hot path (``make compiled``) is used only when it is complete and built
# from these very sources; otherwise its modules load from their .py files (native.py).
from . import native as _native

_native.install()
