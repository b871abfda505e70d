"""Under grading, a hand trace is written, not computed: the answer cell of a per-student exercise
must give its rows as a string literal (``trace_3_3 = "A (-inf, inf) 3 ..."``, in triple quotes
for several lines).

:func:`computed` reads a cell's source (never runs it) and says why a binding of an answer's
variable is not a written answer: a call (``answer_key("3.3")``, ``ex_3_3.key_rows()``, a search
of the kit), a name, an expression, a binding by ``exec``/``globals()``, a magic... The
autograder's :class:`LiteralAnswers` (nbgrader preprocessor, before the kernel runs: see
:mod:`.autograde`) replaces every cell that binds an answer's variable so with the cell
commented out and ``trace_3_3 = ComputedAnswer("3.3", message)``, which the check refuses
with the message: 0 points, and the student reads why in their feedback.

What this cannot stop is a student computing the rows elsewhere (their own kit, at home) and
pasting them as text: INSTRUCTORS.md says what a graded hand trace proves, then.
"""
from __future__ import annotations

import ast
from typing import Any, Mapping

__all__ = ["computed", "refused_source", "LiteralAnswers", "answer_names"]

# Calls that bind names without naming them in a target (a refusal in any cell that holds one
# and mentions an answer's variable, or anywhere for the namespace ones).
_NAMESPACE = {"globals", "locals", "vars", "exec", "eval", "compile", "__import__", "get_ipython",
              "setattr", "__builtins__", "builtins", "user_ns", "sys"}


def answer_names() -> dict[str, str]:
    """{answer variable: exercise id} of the per-student exercises (``trace_3_3``: ``3.3``)."""
    from .catalogue import EXERCISES
    return {e.answer: e.id for e in EXERCISES.values()}


def computed(source: str, names: Mapping[str, str]) -> dict[str, str]:
    """{exercise id: why} for each answer variable of ``names`` that ``source`` binds otherwise
    than to a string literal (or None, the stub).

    >>> names = {"trace_3_3": "3.3"}
    >>> computed('trace_3_3 = "A (-inf, inf) 3"', names), computed("trace_3_3 = None", names)
    ({}, {})
    >>> computed('trace_3_3 = answer_key("3.3")', names)
    {'3.3': 'it calls answer_key(...)'}
    >>> computed('globals()["trace_3_3"] = rows', names)
    {'3.3': 'it binds trace_3_3 through globals'}
    """
    if not any(n in source for n in names):
        return {}
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {names[n]: "the cell is not plain Python (an IPython magic?)" for n in names if n in source}
    out: dict[str, str] = {}
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Name) and t.id in names:
                    allowed.add(id(t))
                    why = _not_literal(node.value)
                    if why:
                        out.setdefault(names[t.id], why)
                    elif isinstance(node.value, ast.Constant):
                        allowed.add(id(node.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in names and isinstance(node.ctx, (ast.Store, ast.Del)) \
                and id(node) not in allowed:
            out.setdefault(names[node.id], f"it binds {node.id} otherwise than `{node.id} = 'rows'`")
        elif isinstance(node, ast.alias) and (node.asname or node.name) in names:
            name = node.asname or node.name
            out.setdefault(names[name], f"it imports {name}")
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                if name in names:
                    out.setdefault(names[name], f"it declares {name} global in a function")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in allowed:
            for name in names:
                if name in node.value:
                    spy = _namespace_call(tree)
                    out.setdefault(names[name], f"it binds {name} through {spy or 'a string naming it'}")
    return out


def _not_literal(value: ast.expr) -> str | None:
    if isinstance(value, ast.Constant) and (value.value is None or isinstance(value.value, str)):
        return None
    if isinstance(value, ast.Call):
        return f"it calls {ast.unparse(value.func)}(...)"
    if isinstance(value, ast.Name):
        return f"it gives the value of {value.id}, not the rows written out"
    return f"it computes {ast.unparse(value)[:60]!s}"


def _namespace_call(tree: ast.AST) -> str | None:
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in _NAMESPACE:
            return node.id
        if isinstance(node, ast.Attribute) and node.attr in _NAMESPACE:
            return node.attr
    return None


def message(exercise: str, variable: str, why: str) -> str:
    """What the student reads in the feedback of a refused answer cell."""
    return (f"the answer cell computes its rows ({why}) instead of writing them: under grading, the "
            f"answer to a hand trace is your rows written as text, a string literal "
            f"({variable} = \"\"\"A (-inf, inf) 3 ...\"\"\"), so this answer gets 0 points for this "
            f"exercise")


def refused_source(source: str, refusals: Mapping[str, str], names: Mapping[str, str]) -> str:
    """The cell's source as graded: the student's code commented out, then each refused
    exercise's variable bound to a :class:`~abcore.exercises.notebook.ComputedAnswer`."""
    variables = {ex: var for var, ex in names.items()}
    lines = ["# The autograder did not run this cell: a hand trace's answer is written, not computed.",
             "# Your cell:"] + [f"#   {line}" for line in source.splitlines()]
    lines.append("from abcore.exercises.notebook import ComputedAnswer")
    for ex, why in refusals.items():
        var = variables[ex]
        lines.append(f"{var} = ComputedAnswer({ex!r}, {message(ex, var, why)!r})")
    return "\n".join(lines) + "\n"


def refuse_computed(nb: Any) -> dict[str, str]:
    """Rewrite, in place, every code cell of ``nb`` that binds an answer's variable otherwise than
    to a written answer (:func:`refused_source`); returns {exercise id: why}. A later cell that
    binds the variable again is checked the same way, so the value graded is a written answer
    or a refusal.

    >>> import nbformat
    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell('trace_3_3 = "A 3"'),
    ...     nbformat.v4.new_code_cell("trace_3_3 = ex_3_3.key_rows()")])
    >>> refuse_computed(nb)
    {'3.3': 'it calls ex_3_3.key_rows(...)'}
    >>> nb.cells[0].source, "ComputedAnswer('3.3'" in nb.cells[1].source
    ('trace_3_3 = "A 3"', True)
    """
    names = answer_names()
    refusals: dict[str, str] = {}
    for cell in nb.cells:
        if cell.cell_type == "code":
            found = computed(cell.source, names)
            if found:
                cell.source = refused_source(cell.source, found, names)
                for ex, why in found.items():
                    refusals.setdefault(ex, why)
    return refusals


try:
    from nbconvert.preprocessors import Preprocessor
except ImportError:  # pragma: no cover - the students' kit has no nbconvert: only the autograder needs it
    Preprocessor = object  # type: ignore[assignment,misc]


class LiteralAnswers(Preprocessor):
    """nbgrader preprocessor (autograde, before the kernel runs): refuse computed answers to the
    per-student hand traces (:func:`refuse_computed`).

    >>> import nbformat
    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("trace_3_3 = f()")])
    >>> out, _ = LiteralAnswers()(nb, {})
    >>> "ComputedAnswer('3.3'" in out.cells[0].source
    True
    """

    enabled = True      # nbconvert's preprocessors are off unless enabled (nbgrader's are on)

    def preprocess(self, nb: Any, resources: Any) -> tuple[Any, Any]:
        refuse_computed(nb)
        return nb, resources
