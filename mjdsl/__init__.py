"""mjdsl: a rule language for mahjong.

The pipeline is ``text -> syntax -> ast -> check -> ir -> engine / render``; each
stage lives in the package of that name and consumes only the one before it.
"""

__version__ = "0.1.0"
