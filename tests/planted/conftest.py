"""The files here are wrong solution cells, not modules: they run only inside a notebook's
namespace (tests/exercise_harness.py), so pytest must not import them (--doctest-modules would)."""
collect_ignore_glob = ["ex*.py"]
