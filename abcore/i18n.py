"""The kit's language: every message a student reads goes through :func:`_` (gettext).

A message is marked where it is written, and translated when it is shown::

    from abcore.i18n import _, N_
    raise ValueError(_("{die!r} is not a die; the dice are {dice}.").format(die=die, dice=dice))
    LABELS = (N_("New game"), N_("visited"))      # marked here (extracted), translated at use: _(LABELS[0])

Write the English with named ``{fields}`` and call ``.format`` on the translation (the French may
put them in another order); never build a message from translated pieces. Numbers are formatted
by Python, the same in both languages (0.5, not 0,5), so the two editions print the same numbers.

The French lives in ``abcore/locale/fr/LC_MESSAGES/abcore.po`` (Babel extracts the marked
messages of the package into it: ``python tools/i18n.py kit``, which also compiles the ``.mo``
that this module reads with the standard library's :mod:`gettext`; tests/test_i18n_kit.py fails
on a marked message without French, an entry no longer marked, or a ``.mo`` older than its
``.po``).

The language, first found wins:

1. :func:`use_language` (``abcore.use_language("fr")``; ``use_language(None)`` forgets it);
2. the edition, ``ABCORE_EDITION`` (``fr``: the French notebooks' runs set it, ``make test-fr``);
3. the notebook's folder: Jupyter tells a kernel its notebook's path (``JPY_SESSION_NAME``), and a
   notebook in a folder named after a language with a catalogue (``notebooks/fr/``) speaks it, so
   the French edition is French however JupyterLab was started;
4. the locale: the first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set
   (``fr_FR.UTF-8`` is French; ``C`` and ``POSIX`` are English);
5. English.

A language without a catalogue is English (the source).

>>> use_language("fr"); _("New game")
'Nouvelle partie'
>>> use_language("en"); _("New game")
'New game'
>>> use_language(None)
"""
from __future__ import annotations

import gettext
import os
from functools import lru_cache
from pathlib import Path

__all__ = ["_", "N_", "ngettext", "use_language", "language", "LANGUAGES", "LOCALE_DIR"]

DOMAIN = "abcore"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "fr")              # English is the source; the others have a catalogue
_chosen: str | None = None


def use_language(lang: str | None) -> None:
    """Speak ``lang`` ("en" or "fr", or a locale such as "fr_FR") from now on, whatever the
    edition or the locale say; ``None`` goes back to them.

    >>> use_language("de")
    Traceback (most recent call last):
    ...
    ValueError: use_language: 'de' is not a language of the kit; use one of 'en', 'fr' (or None for the edition's)
    """
    global _chosen
    if lang is None:
        _chosen = None
        return
    code = _code(lang)
    if code not in LANGUAGES:
        raise ValueError(f"use_language: {lang!r} is not a language of the kit; use one of "
                         + ", ".join(map(repr, LANGUAGES)) + " (or None for the edition's)")
    _chosen = code


def _code(value: str) -> str:
    """``fr_FR.UTF-8`` -> ``fr``; ``C``, ``POSIX`` -> ``en``."""
    code = value.split(":")[0].split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    return "en" if code in ("c", "posix", "") else code


def language() -> str:
    """The language the kit speaks now ("en" or "fr"): see the module's order.

    >>> use_language("fr"); language()
    'fr'
    >>> use_language(None)
    """
    if _chosen is not None:
        return _chosen
    edition = os.environ.get("ABCORE_EDITION", "").strip()
    if edition:
        code = _code(edition)
        return code if code in LANGUAGES else "en"
    folder = Path(os.environ.get("JPY_SESSION_NAME", "")).parent.name
    if folder in LANGUAGES[1:]:
        return folder
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "").strip()
        if value:
            code = _code(value)
            return code if code in LANGUAGES else "en"
    return "en"


@lru_cache(maxsize=None)
def _catalogue(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def _(message: str) -> str:
    """``message`` in the kit's language now (itself when there is no translation)."""
    return _catalogue(language()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """``singular`` or ``plural`` for ``n``, in the kit's language now.

    >>> ngettext("{n} arc cut", "{n} arcs cut", 2).format(n=2)
    '2 arcs cut'
    """
    return _catalogue(language()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it (a constant translated at use)."""
    return message
