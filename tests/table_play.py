"""What the tests of the table share: saves kept in the test's own folder, and
``mjdsl play`` driven as a person types into it."""

from __future__ import annotations

import io
import sys

import pytest

from mjdsl.cli import main


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch):
    """The saved games of the test, in its own folder (never the user's)."""
    monkeypatch.setenv("MJDSL_SAVES", str(tmp_path / "saves"))
    return tmp_path / "saves"


def play(capsys, monkeypatch, lines, *args):
    """``mjdsl play ARGS`` with ``lines`` typed at its prompts: (exit code, stdout, stderr)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{x}\n" for x in lines)))
    code = main(["play", *args])
    out = capsys.readouterr()
    return code, out.out, out.err
