"""The compiled build, the default: ``pip install -e .`` compiles the hot path.

The modules of ``mjdsl/native.py`` (MODULES) are compiled by mypyc (the build backend,
tools/build_backend.py, asks for mypy) into extension modules beside their sources, and
each source's SHA-256 is recorded for mjdsl.native to compare at run time. A build that
cannot compile (no mypy, no C compiler, mypyc refusing a module) warns, removes what it
made, and the install goes on pure Python. ``MJDSL_COMPILE=0`` asks for a pure-Python
install: then this adds nothing to pyproject.toml.
"""

from __future__ import annotations

import json
import os
import runpy
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
# read without importing the package (its __init__ would install the finder here)
NATIVE = runpy.run_path(str(HERE / "mjdsl" / "native.py"))
MODULES: tuple[str, ...] = NATIVE["MODULES"]
C_MODULES: dict[str, str] = NATIVE["C_MODULES"]
# the mypy settings of pyproject.toml's [tool.mypy], and no note is taken for an error
# (its cache is its own: a `make typecheck` cache of another mypy must not decide the build)
MYPY_FLAGS = ["--follow-imports=silent", "--ignore-missing-imports", "--python-version=3.11",
              "--disable-error-code=annotation-unchecked", "--cache-dir=build/mypyc-cache"]


def _warn(message: str) -> None:
    print(f"mjdsl: {message}; installing pure Python", file=sys.stderr)


def _forget() -> None:
    """No compiled module and no record: the finder then loads every .py."""
    NATIVE["RECORD"].unlink(missing_ok=True)


class OptionalBuildExt(build_ext):
    """Build the mypyc extensions; on any failure remove them all (all or nothing)."""

    def run(self) -> None:
        _forget()
        for suffix in EXTENSION_SUFFIXES:  # a module no longer compiled must not stay shadowed
            for path in (HERE / "mjdsl").rglob("*" + suffix):
                path.unlink()
        try:
            super().run()
        except Exception as e:  # a compiler missing or failing: pure Python instead
            _warn(f"the compiled build failed ({type(e).__name__}: {e})")
            for ext in self.extensions:
                for root in (HERE, Path(self.build_lib)):  # in place (editable), or for a wheel
                    base = root.joinpath(*ext.name.split("."))
                    for suffix in EXTENSION_SUFFIXES:
                        base.with_name(base.name + suffix).unlink(missing_ok=True)
            _forget()
            return
        record = {m: NATIVE["digest"](NATIVE["source_path"](m)) for m in (*MODULES, *C_MODULES)}
        text = json.dumps(record, indent=1, sort_keys=True) + "\n"
        NATIVE["RECORD"].write_text(text)  # an editable install: the extensions are here
        if self.extensions and not self.inplace and Path(self.build_lib, "mjdsl").is_dir():
            Path(self.build_lib, "mjdsl", NATIVE["RECORD"].name).write_text(text)  # a wheel


def _extensions() -> list:
    if os.environ.get("MJDSL_COMPILE", "") == "0":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        if not os.environ.get("MJDSL_ASKING_REQUIRES"):  # (the backend then adds mypy)
            _warn("mypy (mypyc) is not installed, so the hot path cannot be compiled")
        return []
    sources = [str(NATIVE["source_path"](m).relative_to(HERE)) for m in MODULES]
    os.chdir(HERE)  # mypyc names modules by their paths from here
    # the C modules: no multiply and add fused into one rounding where a machine has one (the
    # compiled build gives the same numbers on every machine)
    written = [Extension(m, [str(Path("mjdsl", c))], extra_compile_args=["-O3", "-ffp-contract=off"])
               for m, c in C_MODULES.items()]
    try:
        return mypycify(MYPY_FLAGS + sources, opt_level="3", group_name=NATIVE["GROUP"]) + written
    except SystemExit as e:  # mypyc's type check refused a module: it has printed why
        _warn(f"mypyc refused the modules (exit {e.code})")
        _forget()
        return []


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
