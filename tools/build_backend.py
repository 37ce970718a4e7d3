"""setuptools' build backend, asking for mypy (mypyc) for the compiled build.

``pip install -e .`` compiles the hot path (setup.py), so the build asks for mypy;
``MJDSL_COMPILE=0 pip install -e .`` is a pure-Python install that needs nothing beyond
setuptools. This is setuptools' documented way to add build requirements that depend on
the environment.
"""

from __future__ import annotations

import os

from setuptools import build_meta as _meta
from setuptools.build_meta import *  # noqa: F401,F403  (the backend's hooks, unchanged)

_COMPILE = ["mypy>=1.10"]


def _extra() -> list[str]:
    return [] if os.environ.get("MJDSL_COMPILE", "") == "0" else _COMPILE


def _asking(hook, config_settings) -> list[str]:
    # setup.py runs here before mypy is installed: it should not warn that mypy is missing
    os.environ["MJDSL_ASKING_REQUIRES"] = "1"
    try:
        return hook(config_settings) + _extra()
    finally:
        del os.environ["MJDSL_ASKING_REQUIRES"]


def get_requires_for_build_wheel(config_settings=None):
    return _asking(_meta.get_requires_for_build_wheel, config_settings)


def get_requires_for_build_editable(config_settings=None):
    return _asking(_meta.get_requires_for_build_editable, config_settings)
