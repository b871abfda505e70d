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

from ..i18n import _

__all__ = ["computed", "refused_source", "LiteralAnswers", "answer_names", "written", "as_written"]

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
    >>> computed('__main__.trace_3_3 = rows', names)
    {'3.3': 'it binds trace_3_3 as an attribute (__main__.trace_3_3)'}
    """
    if not any(n in source for n in names):
        return {}
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {names[n]: _("the cell is not plain Python (an IPython magic?)") for n in names if n in source}
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
            out.setdefault(names[node.id], _("it binds {name} otherwise than `{name} = 'rows'`").format(
                name=node.id))
        elif isinstance(node, ast.Attribute) and node.attr in names and isinstance(node.ctx, (ast.Store, ast.Del)):
            out.setdefault(names[node.attr], _("it binds {name} as an attribute ({code})").format(
                name=node.attr, code=ast.unparse(node)))
        elif isinstance(node, ast.keyword) and node.arg is not None and node.arg in names:
            out.setdefault(names[node.arg], _("it binds {name} through a keyword argument ({code})").format(
                name=node.arg, code=ast.unparse(node)[:60]))
        elif isinstance(node, ast.alias) and (node.asname or node.name) in names:
            name = node.asname or node.name
            out.setdefault(names[name], _("it imports {name}").format(name=name))
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                if name in names:
                    out.setdefault(names[name], _("it declares {name} global in a function").format(name=name))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in allowed:
            for name in names:
                if name in node.value:
                    spy = _namespace_call(tree)
                    out.setdefault(names[name], _("it binds {name} through {how}").format(
                        name=name, how=spy or _("a string naming it")))
    return out


def _not_literal(value: ast.expr) -> str | None:
    if isinstance(value, ast.Constant) and (value.value is None or isinstance(value.value, str)):
        return None
    if isinstance(value, (ast.List, ast.Tuple)) and value.elts and all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in value.elts):
        return None                                 # a list of lines written out, as a check reads it
    if isinstance(value, ast.Call):
        return _("it calls {function}(...)").format(function=ast.unparse(value.func))
    if isinstance(value, ast.Name):
        return _("it gives the value of {name}, not the rows written out").format(name=value.id)
    return _("it computes {code}").format(code=ast.unparse(value)[:60])


def _namespace_call(tree: ast.AST) -> str | None:
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in _NAMESPACE:
            return node.id
        if isinstance(node, ast.Attribute) and node.attr in _NAMESPACE:
            return node.attr
    return None


def message(exercise: str, variable: str, why: str) -> str:
    """What the student reads in the feedback of a refused answer cell."""
    return _("the answer cell computes its rows ({why}) instead of writing them: under grading, the "
             "answer to a hand trace is your rows written as text, a string literal "
             "({variable} = \"\"\"A (-inf, inf) 3 ...\"\"\"), so this answer gets 0 points for this "
             "exercise").format(why=why, variable=variable)


def refused_source(source: str, refusals: Mapping[str, str], names: Mapping[str, str]) -> str:
    """The cell's source as graded: the student's code commented out, then each refused
    exercise's variable bound to a :class:`~abcore.exercises.notebook.ComputedAnswer`."""
    variables = {ex: var for var, ex in names.items()}
    lines = ["# " + _("The autograder did not run this cell: a hand trace's answer is written, not computed."),
             "# " + _("Your cell:")] + [f"#   {line}" for line in source.splitlines()]
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


def _literals(source: str, names: Mapping[str, str]) -> dict[str, list]:
    """{exercise id: the string literals (or None) ``source`` binds its answer's variable to}."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return {}
    out: dict[str, list] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Constant):
            for t in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(t, ast.Name) and t.id in names:
                    out.setdefault(names[t.id], []).append(node.value.value)
    return out


def _reads(source: str, variable: str) -> bool:
    """Whether ``source`` reads ``variable`` (a check cell does)."""
    try:
        return any(isinstance(n, ast.Name) and n.id == variable and isinstance(n.ctx, ast.Load)
                   for n in ast.walk(ast.parse(source)))
    except SyntaxError:
        return False


def written(exercise: str, value: Any, literals: tuple) -> Any:
    """``value``, the answer a check is given, if the answer cells wrote it (one of ``literals``,
    the string literals the notebook's cells bind the answer's variable to), or is the stub
    (None) or already a refusal; else a refusal saying so (it was bound another way: a later cell
    that computes it, the namespace...). The autograder calls it at the top of each check cell
    (:func:`as_written`).

    >>> written("3.3", "A 3", ("A 3",)), written("3.3", None, ("A 3",))
    ('A 3', None)
    >>> written("3.3", "A (-inf, inf) 3", ("A 3",)).message[:60]
    'the answer cell computes its rows (the value of trace_3_3 wh'
    """
    from .catalogue import ComputedAnswer, exercise as the_exercise
    if value is None or isinstance(value, ComputedAnswer) or \
            (type(value) is str and any(type(w) is str and value == w for w in literals)):
        return value
    var = the_exercise(exercise).answer
    why = _("the value of {name} when it is checked is not the rows your answer cell writes: it was bound "
            "another way, by a later cell or through the namespace").format(name=var)
    return ComputedAnswer(exercise, message(exercise, var, why))


def as_written(nb: Any, names: Mapping[str, str] | None = None) -> list[str]:
    """Put, at the top of each locked or graded cell of ``nb`` that reads an answer's variable (the
    check cells), a line that replaces the value by a refusal unless the answer cells wrote it
    (:func:`written`); returns the exercise ids so guarded.

    >>> import nbformat
    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell('trace_3_3 = "A 3"'),
    ...     nbformat.v4.new_code_cell("check_exercise('3.3', trace_3_3)",
    ...                               metadata={"nbgrader": {"grade": True, "locked": True}})])
    >>> as_written(nb), nb.cells[1].source.splitlines()[0]
    (['3.3'], "trace_3_3 = __import__('abcore.exercises.literal', fromlist=['written']).written('3.3', trace_3_3, ('A 3',))")
    """
    names = answer_names() if names is None else names
    literals: dict[str, list] = {ex: [] for ex in names.values()}
    code = [c for c in nb.cells if c.cell_type == "code"]
    for cell in code:
        for ex, found in _literals(cell.source, names).items():
            literals[ex] += [w for w in found if w not in literals[ex]]
    guarded = []
    for cell in code:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if not (meta.get("grade") or meta.get("locked")):
            continue
        lines = []
        for var, ex in names.items():
            if var in cell.source and _reads(cell.source, var) and not _literals(cell.source, {var: ex}):
                lines.append(f"{var} = __import__('abcore.exercises.literal', fromlist=['written'])"
                             f".written({ex!r}, {var}, {tuple(literals[ex])!r})")
                guarded.append(ex)
        if lines:
            cell.source = "\n".join(lines) + "\n" + cell.source
    return guarded


try:
    from nbconvert.preprocessors import Preprocessor
except ImportError:  # pragma: no cover - the students' kit has no nbconvert: only the autograder needs it
    Preprocessor = object  # type: ignore[assignment,misc]


class LiteralAnswers(Preprocessor):
    """nbgrader preprocessor (autograde, before the kernel runs): refuse computed answers to the
    per-student hand traces (:func:`refuse_computed`), and, in the check cells, any value that
    the answer cells do not write (:func:`as_written`: bound by a later cell, or otherwise).

    >>> import nbformat
    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("trace_3_3 = f()")])
    >>> out, _ = LiteralAnswers()(nb, {})
    >>> "ComputedAnswer('3.3'" in out.cells[0].source
    True
    """

    enabled = True      # nbconvert's preprocessors are off unless enabled (nbgrader's are on)

    def preprocess(self, nb: Any, resources: Any) -> tuple[Any, Any]:
        refuse_computed(nb)
        as_written(nb)
        return nb, resources
