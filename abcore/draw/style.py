"""The look of every tree drawing: seed 004's legend, its colours, the node markers.

The tree renderer, the legend and the boards drawn as nodes all read these, so one change here
changes every picture (and a test can name a colour instead of repeating it).
"""
from __future__ import annotations

from ..i18n import N_

__all__ = ["LEGEND", "WINDOW_WAYS", "COLORS", "MARKERS", "KIND_NAMES", "FADE"]

# Seed 004's legend, in its order, and the colours we give each category. Its "[α, β] pair" is
# written as the open window (α, β), the one notation of the kit; the legend shows it twice, on
# the way down and on the way up (WINDOW_WAYS).
# The words are English (marked for gettext); the legend shows them translated (abcore.i18n).
LEGEND = (N_("not yet visited"), N_("being visited (on the recursion stack)"), N_("visited"),
          N_("pruned arc"), N_("(α, β) window"), N_("returned value"), N_("value of a leaf"))
WINDOW_WAYS = (N_("on the way down (on entry)"), N_("on the way up (after its children)"))
COLORS = {
    "unvisited": "#ffffff",    # not yet visited: white, grey outline
    "active": "#f4a261",       # being visited: orange
    "visited": "#8fd19e",      # visited: green
    "pruned": "#f2f2f2",       # under a pruned arc: faded grey
    "plain": "#ffffff",        # a tree drawn without a trace
    "window": "#1d4e89",       # the (α, β) windows: blue
    "value": "#c1121f",        # the returned value: red
    "leaf": "#111111",         # the value of a leaf: black
    "cut": "#c1121f",          # a pruned arc: red, dashed
    "pv": "#111111",           # the principal variation: bold black
}
MARKERS = {"max": "^", "min": "v", "chance": "o", "leaf": "s", "cut": "X"}
KIND_NAMES = {"max": "MAX ▲", "min": "MIN ▼", "chance": N_("chance ○")}
FADE = 0.3                     # the alpha of what lies under a pruned arc
