"""Where abcore runs: CPython on a machine, or Pyodide (WebAssembly) in a browser tab, as on the
course's JupyterLite site (``make lite``), where there is no process, no thread and no terminal."""
from __future__ import annotations

import sys

__all__ = ["in_browser", "browser_defaults"]


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

    Examples
    --------
    >>> browser_defaults()    # on a machine: nothing changes
    """
    if not in_browser():
        return
    try:
        import tqdm
    except ImportError:
        return
    tqdm.tqdm.monitor_interval = 0
