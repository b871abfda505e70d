"""The exam generator: N versions of a hand-tracing question from one seed, each a figure (PNG
and PDF, drawn with the course's shapes and legend) and its answer key (a figure and the rows as
text, which :func:`~abcore.practice.check_trace` reads back).

From a shell::

    python -m abcore.practice.exam --mode failsoft --versions 4 --seed 2027 --out exam/

writes ``exam/v1-question.png``, ``v1-question.pdf``, ``v1-key.png``, ``v1-key.pdf``,
``v1-key.txt`` ... and ``exam/README.md``, the list of versions with their tree seeds. The
same arguments give the same files.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from ..draw import format_value, format_window
from .. import cli
from ..i18n import _
from ..trees import GameTree
from .answer import Row
from .check import expected_rows
from .generate import practice_tree
from .mcts_practice import c_text, mcts_question
from .modes import MODES, mode as get_mode

__all__ = ["Version", "exam_versions", "write_exam", "key_text", "main"]


@dataclass(frozen=True)
class Version:
    """One version of the question: its number (1, 2...), the seed of its tree, the tree, the
    MCTS question (for ``"mcts"``) and the key rows."""

    number: int
    seed: int
    tree: GameTree
    question: Any
    key: tuple


def tree_for(mode: str, seed: int, depth: int = 3, branching: tuple[int, int] = (2, 3)) -> GameTree:
    """The tree a mode's question is drawn on: values 0..9, or -1..1 for MCTS (win, draw, loss)."""
    m = get_mode(mode)
    low, high = (-1, 1) if m.search is None else (0, 9)
    return practice_tree(seed, depth=depth, branching=branching, low=low, high=high, chance=m.chance,
                         skip=m.symbols)


def exam_versions(mode: str, n: int, seed: int = 0, *, depth: int = 3,
                  branching: tuple[int, int] = (2, 3)) -> list[Version]:
    """``n`` versions of a ``mode`` question, their tree seeds drawn from ``seed``; versions whose
    keys coincide are replaced, so no two students share an answer.

    >>> vs = exam_versions("failsoft", 3, seed=1)
    >>> [v.number for v in vs], len({v.key for v in vs})
    ([1, 2, 3], 3)
    """
    if n < 1:
        raise ValueError(_("versions must be at least 1, not {n}").format(n=n))
    rng = random.Random(seed)
    out: list[Version] = []
    keys: set = set()
    while len(out) < n:
        s = rng.randrange(100_000)
        tree = tree_for(mode, s, depth, branching)
        question = mcts_question(tree, seed=s) if get_mode(mode).search is None else None
        key = tuple(expected_rows(mode, tree, seed=s))
        if key in keys:
            continue
        keys.add(key)
        out.append(Version(len(out) + 1, s, tree, question, key))
    return out


def key_text(version: Version, mode: str) -> str:
    """The key as rows of text, one node a line, as :func:`~abcore.practice.parse_answer` reads.

    >>> v = exam_versions("failsoft", 1, seed=1)[0]
    >>> from abcore.practice import check_trace
    >>> check_trace("failsoft", v.tree, key_text(v, "failsoft")).ok
    True
    """
    m = get_mode(mode)
    lines = ["# " + _("{title}; tree seed {seed}").format(title=_(m.title), seed=version.seed),
             "# " + _(m.task)]
    if version.question is not None:
        q = version.question
        lines.append("# " + _("after {n} iterations; this iteration adds {node}, playout {result} for the "
                              "root player; rows: node, total W").format(
            n=q.iteration, node=q.expanded, result=format_value(q.result)))
    for r in version.key:
        lines.append(row_text(r))
    return "\n".join(lines) + "\n"


def row_text(r: Row) -> str:
    """A key row as the answer format writes it: ``NODE  [α, β]  VALUE  cut X Y`` (``coupe X Y`` in
    the French edition, the word its statements ask for)."""
    parts = [r.node]
    if r.window is not None:
        parts.append(format_window(*r.window))
    parts.append(format_value(r.value))
    if r.cut:
        parts.append(_("cut {children}").format(children=" ".join(r.cut)))
    return "  ".join(parts)


def write_exam(mode: str, n: int, seed: int, out: str | Path, *, depth: int = 3,
               branching: tuple[int, int] = (2, 3), dpi: int = 150) -> list[Path]:
    """Write the ``n`` versions' figures and keys in ``out`` (made if missing); returns the
    paths written, README.md last."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from ..draw import figure_size, tree_graph
    from .figure import draw_key, draw_question

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    m = get_mode(mode)
    written: list[Path] = []
    command = (f"python -m abcore.practice.exam --mode {mode} --versions {n} --seed {seed} "
               f"--depth {depth} --branching {branching[0]} {branching[1]}")
    index = ["# " + _("Exam: {title}").format(title=_(m.title)), "",
             _("{n} versions from seed {seed} (`{command}`).").format(n=n, seed=seed, command=command), "",
             _("Task: {task}").format(task=_(m.task)), "",
             "| " + " | ".join((_("version"), _("tree seed"), _("question"), _("key"))) + " |", "|---|---|---|---|"]
    for v in exam_versions(mode, n, seed, depth=depth, branching=branching):
        w, h = figure_size(tree_graph(v.tree))
        for part, draw in (("question", lambda ax: draw_question(v.tree, mode, ax, question=v.question)),
                           ("key", lambda ax: draw_key(v.tree, mode, ax, question=v.question))):
            fig = Figure(figsize=(max(w, 6.0), h + 0.8))
            FigureCanvasAgg(fig)
            draw(fig.add_axes((0.01, 0.12, 0.98, 0.8)))
            if part == "question" and v.question is not None:
                q = v.question
                fig.text(0.01, 0.01, _("This iteration adds {node}; its playout scores {result} for the "
                                       "root player (c = {c}).").format(
                    node=q.expanded, result=format_value(q.result), c=c_text(q.c)), fontsize=9)
            elif part == "question" and m.chance:
                lo, hi = v.tree.utility_range
                fig.text(0.01, 0.01, _("Every value lies in [L, U] = [{low}, {high}].").format(
                    low=format_value(lo), high=format_value(hi)), fontsize=9)
            for ext in ("png", "pdf"):
                path = folder / f"v{v.number}-{part}.{ext}"
                # No dates in the files: the same arguments give the same bytes.
                meta = {"Software": None} if ext == "png" else {"CreationDate": None}
                fig.savefig(path, dpi=dpi, metadata=meta)
                written.append(path)
        text = folder / f"v{v.number}-key.txt"
        text.write_text(key_text(v, mode), encoding="utf-8")
        written.append(text)
        index.append(f"| {v.number} | {v.seed} | v{v.number}-question.png / .pdf | "
                     f"v{v.number}-key.png / .pdf / .txt |")
    readme = folder / "README.md"
    readme.write_text("\n".join(index) + "\n", encoding="utf-8")
    written.append(readme)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: ``python -m abcore.practice.exam --help``."""
    p = cli.ArgumentParser(prog="python -m abcore.practice.exam",
                            description=_("N versions of a hand-tracing question, each a "
                                          "figure (PNG, PDF) and its answer key."))
    p.add_argument("--mode", choices=list(MODES), default="failsoft")
    p.add_argument("--versions", type=int, default=4, help=_("how many versions (default 4)"))
    p.add_argument("--seed", type=int, default=0, help=_("the exam's seed (default 0)"))
    p.add_argument("--out", default="exam", help=_("the folder to write (default ./exam)"))
    p.add_argument("--depth", type=int, default=3)
    p.add_argument("--branching", type=int, nargs=2, default=(2, 3), metavar=("LO", "HI"))
    args = p.parse_args(argv)
    paths = write_exam(args.mode, args.versions, args.seed, args.out, depth=args.depth,
                       branching=tuple(args.branching))
    print(_("wrote {files} files in {folder}: {n} versions, see {readme}").format(
        files=len(paths), folder=args.out, n=args.versions, readme=Path(args.out) / 'README.md'))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
