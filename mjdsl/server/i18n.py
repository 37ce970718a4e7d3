"""The club's languages: English, Chinese and Japanese, from gettext catalogs.

The catalogs are ``locale/<lang>/LC_MESSAGES/club.po`` (Babel's PO format), read and
compiled in memory when the club opens, so no compiled ``.mo`` file is kept in the
tree. The language is the one the visitor chose (the ``lang`` cookie), else the best
of the browser's ``Accept-Language``, else English.
"""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path

LOCALE = Path(__file__).resolve().parent / "locale"
#: the languages, with the name each calls itself (the switch shows these)
LANGUAGES = {"en": "English", "zh": "中文", "ja": "日本語"}
DEFAULT = "en"


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang`` (English is the source text itself)."""
    po = LOCALE / lang / "LC_MESSAGES" / "club.po"
    if lang == DEFAULT or not po.is_file():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f, locale=lang)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def choose(cookie: str | None, accept: str | None) -> str:
    """The page's language: the visitor's choice, else the browser's best, else English."""
    if cookie in LANGUAGES:
        return cookie
    best: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept or "").split(",")):
        bits = part.strip().split(";")
        tag = bits[0].strip().lower()
        q = 1.0
        for b in bits[1:]:
            b = b.strip()
            if b.startswith("q="):
                try:
                    q = float(b[2:])
                except ValueError:
                    q = 0.0
        base = tag.split("-")[0]
        if base in LANGUAGES and q > 0:
            best.append((-q, i, base))
    return min(best)[2] if best else DEFAULT
