"""abcore._lazy: the packages whose names load on first use (abcore.draw, abcore.widgets,
abcore.tournament) behave alike: a public name, a submodule, an AttributeError for anything
else (review rev27 C2: ``"x.y"`` raised ModuleNotFoundError, ``""`` gave the package itself,
and abcore.widgets' submodules were AttributeErrors until imported)."""
import subprocess
import sys

CHECK = """
import pickle
import abcore.draw, abcore.tournament, abcore.widgets
for pkg, sub in ((abcore.draw, "formatting"), (abcore.widgets, "stepthrough"), (abcore.tournament, "jail")):
    assert getattr(pkg, sub).__name__ == f"{pkg.__name__}.{sub}", pkg
    for bad in ("x.y", "", "no_such_module", "__wrapped__", "1a"):
        assert not hasattr(pkg, bad), (pkg, bad)
        try:
            getattr(pkg, bad)
        except AttributeError as e:
            assert repr(bad) in str(e), e
import abcore.tournament.schedule
assert callable(abcore.tournament.schedule)               # the function, not the module
assert pickle.loads(pickle.dumps(abcore.tournament.Limits)) is abcore.tournament.Limits
assert abcore.tournament.wilson.__module__ == "abcore.confidence"
print("ok")
"""


def test_the_lazy_packages_resolve_names_and_submodules_alike():
    """In a fresh interpreter: nothing imported before the names are asked for."""
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "ok", out.stderr
