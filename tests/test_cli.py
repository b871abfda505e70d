"""abcore.cli: the kit's command lines speak its language, argparse's own headings and errors
included (frreader11 b6), and argparse is left as it was between the calls."""
from __future__ import annotations

import argparse

import pytest

import abcore
from abcore.tournament.__main__ import _parser

NBSP = "\u00a0"


@pytest.fixture(autouse=True)
def _english_after():
    yield
    abcore.use_language(None)


def test_the_tournament_help_is_french_from_heading_to_error(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "300")         # argparse wraps at the terminal's width
    abcore.use_language("fr")
    text = _parser().format_help()
    assert text.startswith(f"utilisation{NBSP}: python -m abcore.tournament [-h]"), text
    for line in (f"arguments positionnels{NBSP}:", f"options{NBSP}:", "afficher ce message d'aide et quitter",
                 "chaque joueur dans son propre bac à sable"):
        assert line in text, line
    assert "usage:" not in text and "siège" not in text and "positional" not in text
    with pytest.raises(SystemExit):
        _parser().parse_args([])
    assert capsys.readouterr().err.endswith(
        f"python -m abcore.tournament{NBSP}: erreur{NBSP}: les arguments suivants sont obligatoires{NBSP}: PLAYER\n")
    with pytest.raises(SystemExit):
        _parser().parse_args(["random", "--workers", "two"])
    assert f"valeur int invalide{NBSP}: 'two'" in capsys.readouterr().err


def test_english_is_unchanged_and_argparse_is_itself_between_calls(monkeypatch):
    monkeypatch.setenv("COLUMNS", "300")
    text = _parser().format_help()
    assert text.startswith("usage: python -m abcore.tournament") and "positional arguments:" in text
    assert "each in its own sandboxed seat" in text
    abcore.use_language("fr")
    _parser().format_help()
    assert argparse._("usage: ") == "usage: "           # type: ignore[attr-defined]
    plain = argparse.ArgumentParser(prog="plain")       # another tool's parser keeps its English
    assert plain.format_help().startswith("usage: plain")


def test_parse_args_own_errors_and_the_plural_are_french_and_threads_leave_argparse_alone(capsys):
    """Review rev28s B3: parse_args's "unrecognized arguments" (outside parse_known_args) and
    ``nargs=2``'s plural are French; parsers in four threads at once leave argparse English for
    a plain parser, during and after."""
    import sys
    import threading
    from abcore.cli import ArgumentParser
    abcore.use_language("fr")
    p = ArgumentParser(prog="demo")
    p.add_argument("--pair", nargs=2, type=int)
    for argv, said in ((["--bogus"], f"arguments non reconnus{NBSP}: --bogus"),
                       (["--pair", "3"], "2 arguments attendus")):
        with pytest.raises(SystemExit):
            p.parse_args(argv)
        err = capsys.readouterr().err
        assert said in err and "expected" not in err and "unrecognized" not in err, err
    plain_seen: list[str] = []

    def work() -> None:
        for _ in range(100):
            q = ArgumentParser(prog="x")
            q.add_argument("n")
            q.parse_args(["1"])
            q.format_help()
            plain_seen.append(argparse.ArgumentParser(prog="plain").format_usage())
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=work) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(switch)
    assert len(plain_seen) == 400 and set(plain_seen) == {"usage: plain [-h]\n"}
    assert argparse.ArgumentParser(prog="plain").format_usage() == "usage: plain [-h]\n"
    assert argparse._("usage: ") == "usage: "           # type: ignore[attr-defined]
