"""Printable output: rule books and cards, from jinja2 templates in ``templates/``."""

from __future__ import annotations

from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).resolve().parent / "templates"


def environment(translations=None) -> jinja2.Environment:
    """The one jinja2 environment of the templates: strict about undefined names,
    escaping HTML, with the filters the card and the rule book templates use. The
    templates' own words are ``_()`` messages: English, or ``translations``' (a
    ``gettext.NullTranslations``; the club passes its catalog's)."""
    env = jinja2.Environment(
        extensions=["jinja2.ext.i18n"],
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=jinja2.select_autoescape(["html.j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["md"] = lambda text: str(text).replace("|", "\\|")  # a cell never splits
    if translations is None:
        env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    else:
        env.install_gettext_translations(translations, newstyle=True)  # type: ignore[attr-defined]
    env.filters["sentence"] = lambda text: (str(text)[:1].upper() + str(text)[1:]) if text else ""
    return env
