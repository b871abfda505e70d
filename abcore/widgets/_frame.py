"""What every widget shares: figures outside pyplot, PNG frames, sizes, the static fallback."""
from __future__ import annotations

import base64
import io
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from ..draw import alt_text
from ..i18n import _

__all__ = ["png", "agg_figure", "widget_size", "StaticFallback", "HIGHLIGHT"]

HIGHLIGHT = "#ffd166"


def png(fig: Figure, dpi: int) -> bytes:
    buf = io.BytesIO()
    # Fast zlib level: encoding at the default level took a third of a large frame's time.
    fig.savefig(buf, format="png", dpi=dpi, pil_kwargs={"compress_level": 1})
    return buf.getvalue()


def agg_figure(width: float, height: float) -> Figure:
    """A figure outside pyplot: nothing is shown twice, nothing piles up in pyplot's list.

    Jupyter draws a Figure only once pyplot has set up the inline backend; this one also
    draws itself (``_repr_png_``), so ``widget.figure()`` shows as a picture in any notebook.
    """
    fig = _PngFigure(figsize=(width, height))
    FigureCanvasAgg(fig)
    return fig


class _PngFigure(Figure):
    """A Figure that shows itself as a PNG in a notebook, pyplot or not."""

    def _repr_png_(self) -> bytes:
        buf = io.BytesIO()
        self.savefig(buf, format="png", dpi=90)
        return buf.getvalue()


def widget_size(graph: Any, boards: bool, widest: float = 11.0) -> tuple:
    """:func:`~abcore.draw.figure_size`, at most ``widest`` inches wide (990 pixels at 90 dpi).

    A wider PNG is shrunk by the browser to the notebook's width, and its text with it; drawn
    narrower, markers and fonts follow the leaf spacing and the legend keeps its size.
    """
    from ..draw.tree import figure_size     # only for a tree's widget: it imports networkx

    w, h = figure_size(graph, boards)
    if w > widest:
        h = max(3.2, h * widest / w) if boards else h     # boards keep their aspect
        w = widest
    return w, h


class StaticFallback:
    """Adds a PNG of the current state to the widget's display, for frontends without widgets.

    ``static_alt``: the words of that PNG (its caption, then what the figure shows, by
    :func:`~abcore.draw.alt_text`), which a notebook's output carries as the image's alt text
    (:func:`abcore.draw.alt.install`).
    """

    static_alt: str | None = None

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        data = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        data["text/plain"] = repr(self)
        fig = self.figure()
        # Say what the picture is: a still of the widget as first shown, not a live control.
        caption = self.static_caption()
        fig.text(0.005, 0.005, caption, fontsize=7.5, color="#555555", ha="left", va="bottom")
        data["image/png"] = base64.b64encode(png(fig, 72)).decode("ascii")
        shows = alt_text(fig)
        self.static_alt = f"{type(self).__name__}, {caption}." + (f" {shows}" if shows else "")
        return data

    def figure(self) -> Figure:
        raise NotImplementedError

    def static_caption(self) -> str:
        """The caption of the static image shown where widgets cannot run."""
        return _("static image: the widget as first shown; run the notebook to use it")
