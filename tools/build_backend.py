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
    """mypy, and the project's own dependencies: mypyc type-checks the modules it
    compiles, and in the build's isolated environment a dependency it cannot see is
    ``Any`` to it. ``attrs`` above all: without it (and its mypy plugin) every attrs
    class takes no arguments, and the type check refuses the modules."""
    if os.environ.get("MJDSL_COMPILE", "") == "0":
        return []
    import tomllib
    from pathlib import Path

    project = tomllib.loads(Path(__file__).resolve().parent.parent.joinpath("pyproject.toml").read_text())
    return _COMPILE + list(project["project"]["dependencies"])


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
