"""Where abcore runs: CPython on a machine, or Pyodide (WebAssembly) in a browser tab, as on the
course's JupyterLite site (``make lite``), where there is no process, no thread and no terminal."""
from __future__ import annotations

import logging
import sys

__all__ = ["in_browser", "browser_defaults", "quiet_font_cache_note"]

FONT_CACHE_NOTE = "Matplotlib is building the font cache"


def in_browser() -> bool:
    """True in a browser kernel (Pyodide), False on a machine.

    Returns
    -------
    bool
        ``sys.platform == "emscripten"``: code that needs a process, a thread or a shell checks
        this first and says what to do instead.

    Examples
    --------
    >>> in_browser()
    False
    """
    return sys.platform == "emscripten"


def browser_defaults() -> None:
    """In a browser kernel only, set defaults that work there; on a machine, do nothing.

    tqdm starts a monitor thread at its first bar; Pyodide cannot start one, so tqdm would write
    a ``TqdmMonitorWarning`` to stderr under the first progress bar of a notebook. Here the
    monitor is off (``tqdm.tqdm.monitor_interval = 0``, tqdm's documented switch).

    Matplotlib builds its font cache in every new kernel there (the kernel's files live in
    memory), and says so on stderr, a red box under the first cell that looks like an error:
    that one note is silenced (:func:`quiet_font_cache_note`; this must run before matplotlib's
    first import, as ``abcore/__init__.py`` does).

    Examples
    --------
    >>> browser_defaults()    # on a machine: nothing changes
    """
    if not in_browser():
        return
    quiet_font_cache_note()
    try:
        import tqdm
    except ImportError:
        return
    tqdm.tqdm.monitor_interval = 0


def _not_the_font_cache_note(record: logging.LogRecord) -> bool:
    return not record.getMessage().startswith(FONT_CACHE_NOTE)


def quiet_font_cache_note() -> None:
    """Drop matplotlib's "Matplotlib is building the font cache; this may take a moment." (a
    warning of the ``matplotlib.font_manager`` logger, which has no handler, so Python prints it
    on stderr); its other messages pass. Done once, however often called.

    >>> quiet_font_cache_note(); log = logging.getLogger("matplotlib.font_manager")
    >>> [log.filter(logging.makeLogRecord({"msg": m})) for m in (FONT_CACHE_NOTE + "; ...", "other")]
    [False, True]
    >>> log.removeFilter(_not_the_font_cache_note)
    """
    log = logging.getLogger("matplotlib.font_manager")
    if _not_the_font_cache_note not in log.filters:
        log.addFilter(_not_the_font_cache_note)
