"""The package's own house rules (issue 14), read off its source: no function in ``abcore`` longer
than 80 lines, docstring included, and no engine code repeated between the search modules.

The checks read the files with ``ast`` and compare normalised lines; they run in well under a
second.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "abcore"
LONGEST = 80          # lines, from ``def`` to the function's last line
WINDOW = 6            # consecutive code lines shared by two search modules make a repeat


def function_lengths(root: Path = PACKAGE) -> list[tuple[int, str]]:
    """(lines, "file:line name") of every function and method under ``root``, longest first."""
    out = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.append((node.end_lineno - node.lineno + 1,
                            f"{path.relative_to(root.parent)}:{node.lineno} {node.name}"))
    return sorted(out, reverse=True)


def code_lines(path: Path) -> list[str]:
    """The file's code lines, normalised: no comments, no blank lines, no docstrings, spaces
    squeezed; lines too short to mean anything alone (``else:``, ``return r``) dropped."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(getattr(body[0], "value", None), ast.Constant) \
                and isinstance(body[0].value.value, str):
            skip.update(range(body[0].lineno, body[0].end_lineno + 1))
    out = []
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = re.sub(r"\s+", " ", line.split("#")[0]).strip()
        if i not in skip and len(text) > 20 and not text.startswith(("from ", "import ")):
            out.append(text)
    return out


def repeats(paths: list[Path], window: int = WINDOW) -> dict[tuple[str, ...], set[str]]:
    """Runs of ``window`` consecutive code lines found in more than one of ``paths``."""
    seen: dict[tuple[str, ...], set[str]] = {}
    for path in paths:
        lines = code_lines(path)
        for i in range(len(lines) - window + 1):
            seen.setdefault(tuple(lines[i:i + window]), set()).add(path.name)
    return {run: where for run, where in seen.items() if len(where) > 1}


def test_no_function_is_longer_than_80_lines():
    long = [f"{where} ({n} lines)" for n, where in function_lengths() if n > LONGEST]
    assert not long, f"functions over {LONGEST} lines (split them into named steps): {long}"


def test_function_lengths_counts_a_long_function(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(85))
    (tmp_path / "m.py").write_text(f"def short():\n    return 1\n\n\ndef long():\n{body}\n")
    (n_long, long), (n_short, short) = function_lengths(tmp_path)
    assert (n_long, long.split("/")[-1]) == (86, "m.py:5 long")
    assert (n_short, short.split("/")[-1]) == (2, "m.py:1 short")


def test_no_engine_code_is_repeated_between_the_search_modules():
    modules = sorted((PACKAGE / "search").glob("*.py")) + sorted((PACKAGE / "mcts").glob("*.py"))
    found = repeats(modules)
    shown = [f"{sorted(where)}: {run[0]!r} ..." for run, where in list(found.items())[:5]]
    assert not found, f"{len(found)} runs of {WINDOW} code lines repeated between modules: {shown}"


def test_repeats_finds_a_copied_loop_and_ignores_docstrings_and_comments(tmp_path):
    loop = """
    for child_move in game.actions(state):
        child_value = search(game, game.result(state, child_move), alpha, beta)
        if child_value > best_value_so_far:
            best_value_so_far, best_move_so_far = child_value, child_move
        alpha_bound_here = max(alpha_bound_here, best_value_so_far)
        if alpha_bound_here >= beta_bound_here:
            number_of_cuts_made += 1
"""
    doc = '    """' + "\n".join(["a docstring line long enough to count here"] * 8) + '"""\n'
    (tmp_path / "a.py").write_text("def f(game, state):\n" + doc + loop)
    (tmp_path / "b.py").write_text("def g(game, state):  # a comment long enough to count\n" + doc + loop)
    (tmp_path / "c.py").write_text("def h():\n" + doc + "    return 1\n")
    found = repeats(sorted(tmp_path.glob("*.py")))
    assert found and all(where == {"a.py", "b.py"} for where in found.values())
    assert not repeats([tmp_path / "a.py", tmp_path / "c.py"])
