"""The kit speaks French (abcore.i18n): every marked message has French, none stale or orphaned, the
compiled .mo is the .po's; the French keeps each message's {fields} and French typography; the
language is chosen by use_language, then ABCORE_EDITION, then the locale; a widget, a legend, an
alt text, an error and the tournament's table come out in French, and English is unchanged by
default; the hand-trace parser reads the French words; the capstone grade, the tournament's CLI
and sandbox refusals, the instructors' commands and a malformed tree or game say it in French."""
from __future__ import annotations

import math
import re
import shutil
import string
import sys
from pathlib import Path

import pytest

import abcore
from abcore import i18n

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import i18n as tool  # noqa: E402

NBSP = "\u00a0"
NNBSP = "\u202f"
SAME = {"CHANCE", "chance ○", "score", "budget", "simulations", "phase", "◀ phase", "phase ▶",
        "expansion", "{points:g} / {out_of:g} points", "total W", "version", "question",
        "minimax", "PVS"}                      # the tic-tac-toe widget's search menu


pytestmark = pytest.mark.usefixtures("kit_default_language")


def entries():
    return [m for m in tool.read_catalogue(tool.kit_catalogue_path()) if m.id]


def test_every_marked_message_has_current_french():
    problems = tool.kit_problems()
    assert not problems, "\n".join(map(str, problems))


def test_the_catalogue_is_checked(tmp_path, monkeypatch):
    """A marked message without French, an entry no longer marked, a fuzzy one, a stale .mo:
    each is a problem (planted on a copy of the catalogue)."""
    po = tmp_path / "fr" / "LC_MESSAGES" / "abcore.po"
    po.parent.mkdir(parents=True)
    shutil.copy(tool.kit_catalogue_path(), po)
    shutil.copy(tool.kit_catalogue_path().with_suffix(".mo"), po.with_suffix(".mo"))
    monkeypatch.setattr(tool, "kit_catalogue_path", lambda lang="fr": po)
    assert tool.kit_problems() == []
    catalog = tool.read_catalogue(po)
    del catalog["New game"]
    catalog["you play"].flags.add("fuzzy")
    catalog.add("a message nobody marks", "un message que personne ne marque")
    tool.write_catalogue_with_locations(catalog, po)
    found = sorted((p.kind, p.detail.split(" is ")[0]) for p in tool.kit_problems())
    assert found == [("missing", "'New game'"), ("orphaned", "'a message nobody marks'"),
                     ("outdated", str(po.with_suffix(".mo"))), ("stale", "'you play'")]


def fields(text: str) -> list:
    return sorted(((name, spec, conv) for _, name, spec, conv in string.Formatter().parse(text)
                   if name is not None), key=repr)


def test_french_keeps_the_fields_and_french_typography():
    for m in entries():
        pairs = zip(m.id, m.string) if isinstance(m.id, tuple) else [(m.id, m.string)]
        for en, fr in pairs:
            assert fields(fr) == fields(en), f"{en!r}: the French {fr!r} changes its fields"
            assert not re.search(r" [:;!?»]|« ", fr), f"{fr!r}: a no-break space before : ; ! ? »"
            assert not re.search(r"\u202f:|\u00a0[;!?]", fr), \
                f"{fr!r}: a no-break space (U+00A0) before :, a narrow one (U+202F) before ; ! ?"
            assert fr != en or en in SAME, f"{en!r} is not translated (or add it to SAME)"


def test_the_order_of_choice(monkeypatch):
    assert i18n.language() == "en"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.language() == "fr"                          # the locale
    monkeypatch.setenv("ABCORE_EDITION", "en")
    assert i18n.language() == "en"                          # the edition beats the locale
    monkeypatch.setenv("ABCORE_EDITION", "fr")
    monkeypatch.setenv("LANG", "C")
    assert i18n.language() == "fr"
    abcore.use_language("en")
    assert i18n.language() == "en"                          # use_language beats both
    abcore.use_language(None)
    assert i18n.language() == "fr"
    with pytest.raises(ValueError, match="'de' is not a language of the kit"):
        abcore.use_language("de")


def test_a_notebook_in_the_french_folder_speaks_french(monkeypatch):
    """frreader14 b1: Jupyter gives a kernel its notebook's path (JPY_SESSION_NAME); a notebook in
    notebooks/fr/ is French however JupyterLab was started (no ABCORE_EDITION, an English locale),
    an English one stays English, and ABCORE_EDITION still wins."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("JPY_SESSION_NAME", "/home/u/kit/notebooks/fr/03_alphabeta.ipynb")
    assert i18n.language() == "fr" and i18n._("New game") == "Nouvelle partie"
    for english in ("/home/u/kit/notebooks/03_alphabeta.ipynb", "03_alphabeta.ipynb", "/x/de/03.ipynb"):
        monkeypatch.setenv("JPY_SESSION_NAME", english)
        assert i18n.language() == "en", english
    monkeypatch.setenv("JPY_SESSION_NAME", "/home/u/kit/notebooks/fr/03_alphabeta.ipynb")
    monkeypatch.setenv("ABCORE_EDITION", "en")
    assert i18n.language() == "en"


def legend_and_button():
    from matplotlib.figure import Figure

    from abcore.draw import draw_legend
    from abcore.widgets import TicTacToeBoard

    ax = draw_legend(Figure().subplots())
    return [t.get_text() for t in ax.get_legend().get_texts()], TicTacToeBoard()


@pytest.mark.parametrize("how", ["use_language", "ABCORE_EDITION"])
def test_a_widget_and_a_legend_in_french(how, monkeypatch):
    if how == "use_language":
        abcore.use_language("fr")
    else:
        monkeypatch.setenv("ABCORE_EDITION", "fr")
    names, board = legend_and_button()
    assert names[:4] == ["pas encore visité", "en cours de visite (sur la pile de récursion)",
                         "visité", "arc élagué"]
    assert "variation principale" in names
    assert board.new_game.description == "Nouvelle partie"
    assert board.message.value == f"À vous de jouer{NBSP}: cliquez sur une case."
    assert board.evaluation.value == "open lines (seed 004)"      # the value stays the key
    assert board.evaluation.options[0][0] == "lignes ouvertes (document 004)"
    board.click(0)
    assert board.message.value.startswith("Moi (O), j'ai joué ")
    from abcore.draw.alt import alt_text
    assert "Une grille de morpion" in alt_text(board.figure())


def test_english_unchanged_by_default():
    names, board = legend_and_button()
    assert names[:3] == list(abcore.draw.LEGEND[:3]) == ["not yet visited",
                                                        "being visited (on the recursion stack)",
                                                        "visited"]
    assert board.new_game.description == "New game"
    assert board.message.value == "Your move: click a cell."


def test_errors_and_alt_text_in_french():
    from abcore import GameTree, alphabeta
    from abcore.draw import tree_graph
    from abcore.draw.alt import tree_alt
    from abcore.games import TicTacToe

    abcore.use_language("fr")
    t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    log: list = []
    alphabeta(t, "r", trace=log)
    assert tree_alt(tree_graph(t, log)).startswith(
        f"Un arbre de jeu de 13 nœuds (9 feuilles), parcouru par alpha-bêta (fail-soft), après "
        f"la recherche{NBSP}: la racine vaut 3. 2 arcs coupés{NBSP}: r.1 vers r.1.1")
    with pytest.raises(ValueError, match="depth doit être un nombre entier de demi-coups"):
        alphabeta(t, "r", depth=-1)
    g = TicTacToe()
    with pytest.raises(abcore.IllegalMoveError, match=f"coup illégal 4 .*{NNBSP}; les coups légaux"):
        g.play(g.play(g.initial_state, 4), 4)


def test_the_tournament_table_in_french():
    from abcore.tournament.report import format_table, standings

    games = [{"first": "a", "second": "b", "result": 1}, {"first": "b", "second": "a", "result": 0}]
    english = format_table(standings(games))
    abcore.use_language("fr")
    french = format_table(standings(games))
    head, rule, *rows = french.splitlines()
    assert re.split(" +", head.strip()) == ["#", "joueur", "parties", "G", "N", "P", "score", "intervalle",
                            "95\u00a0%", "cote", "intervalle", "95\u00a0%"]
    assert len(rule) == len(head) and all(len(r) <= len(head) for r in rows)
    numbers = re.compile(r"-?\d+(?:\.\d+)?")
    assert numbers.findall("\n".join(rows)) == numbers.findall("\n".join(english.splitlines()[2:]))


def test_the_hand_trace_parser_reads_the_french_words():
    from abcore.practice.answer import parse_answer

    rows = parse_answer("A [-inf, inf] 3\nC (3, ∞) -> 2 coupe F, G\nD [3, inf] 2 coupure : H\n"
                        f"E [3, inf] 1 coupures{NBSP}: I J")
    assert [r.cut for r in rows] == [(), ("F", "G"), ("H",), ("I", "J")]


def test_the_mcts_widget_names_its_nodes_in_french():
    from abcore.widgets.mcts_stepthrough import _name

    assert (_name(()), _name((5, 7))) == ("root", "root→5→7")
    abcore.use_language("fr")
    assert (_name(()), _name((5, 7))) == ("racine", "racine→5→7")


def test_the_capstone_grade_in_french():
    from abcore.grading import BlunderReport, Threshold, grade
    from abcore.grading.capstone import origin_label
    from abcore.grading.scores import ScoreLine

    rubric = [Threshold("blunder rate", "<=", 0.25, 2), Threshold("blunder rate", "<=", 0.1, 1),
              Threshold("score vs random", ">=", 0.9, 1)]
    values = {"blunder rate": 0.2, "score vs random": 0.85}
    report = BlunderReport(16, 200, 0.08, 0.05, 0.126, {"practice": (16, 200)}, ())
    line = ScoreLine("mcts:200", 40, 39, 0, 1, 0.975, 0.87, 1.0, 0)
    english = [str(grade(values, rubric)), str(report), str(line)]
    abcore.use_language("fr")
    g, r, s = str(grade(values, rubric)), str(report), str(line)
    assert g.splitlines() == [
        f"atteint{NBSP}:     taux de gaffes ≤ 0.25 (mesuré{NBSP}: 0.2){NBSP}: 2 points",
        f"non atteint{NBSP}: taux de gaffes ≤ 0.1 (mesuré{NBSP}: 0.2){NBSP}: 0 sur 1 point",
        f"non atteint{NBSP}: score contre random ≥ 0.9 (mesuré{NBSP}: 0.85){NBSP}: 0 sur 1 point",
        "2 / 4 points"]
    assert r == (f"taux de gaffes 0.080 (16 sur 200 positions critiques{NBSP}: entraînement 16/200), "
                 f"intervalle à 95{NBSP}% [0.050, 0.126]")
    assert s.startswith("contre mcts:200     39G  0N  1P  score 0.975  intervalle à 95")
    assert origin_label("seed 0 (practice)") == "positions de la graine 0 (entraînement)"
    numbers = re.compile(r"-?\d+(?:\.\d+)?")
    assert numbers.findall(g + r + s) == numbers.findall("".join(english))


def test_the_tournament_and_its_sandbox_say_why_in_french(monkeypatch, capsys):
    from abcore.tournament import __main__ as cli, jail
    from abcore.tournament.players import player_kind
    from abcore.tournament.report import failures
    from abcore.tournament.sandbox import SandboxUnavailable, require_sandbox
    from abcore.tournament.store import referee

    abcore.use_language("fr")
    with pytest.raises(ValueError, match=f"'alphabeta' demande un nombre{NBSP}: écrivez alphabeta:4"):
        player_kind("alphabeta")
    game = {"first": "a", "second": "b", "reason": "timeout", "loser": "second", "detail": "x"}
    assert failures([game]) == [f"b a perdu contre a{NBSP}: temps dépassé (x)"]
    assert referee([]) == "ce n'est pas un objet JSON"
    with pytest.raises(SystemExit):
        cli.main(["--seconds-per-move", "0", "random", "random"])
    assert "--seconds-per-move doit être > 0" in capsys.readouterr().err
    monkeypatch.setattr(jail, "_probed", lambda: (None, ()))       # no bwrap here
    with pytest.raises(SandboxUnavailable, match=f"n'est pas installé{NNBSP}; en root{NBSP}: apt-get .* ne "
                                                 "s'exécute que dans un bac à sable"):
        require_sandbox(["me.py"])


def test_the_instructors_commands_in_french(capsys, tmp_path):
    from abcore.exercises.__main__ import main as exercises
    from abcore.grading.__main__ import main as grading

    abcore.use_language("fr")
    with pytest.raises(SystemExit):
        grading([str(tmp_path / "missing.txt")])
    assert "n'est ni un fichier .py ni un notebook ici" in capsys.readouterr().err
    assert exercises(["show", "2.4", "--student", "alice"]) == 0
    assert f"\ncorrigé{NBSP}:\nA " in capsys.readouterr().out


def test_a_malformed_tree_and_game_in_french():
    from abcore import GameTree
    from abcore.errors import GameError
    from abcore.trees import TreeError, from_dict

    abcore.use_language("fr")
    with pytest.raises(TreeError, match=f"nœud r.1{NBSP}: une liste vide"):
        GameTree.from_nested([1, []])
    with pytest.raises(TreeError, match=f"nœud r{NBSP}: la somme des probabilités vaut 1.1, pas 1{NBSP}: "
                                        'corrigez les valeurs "p"'):
        GameTree.from_nested([(0.5, 1), (0.6, 2)])
    with pytest.raises(TreeError, match=f"t{NBSP}: a{NBSP}: type inconnu 'maxi'"):
        from_dict({"root": {"id": "a", "kind": "maxi", "children": [{"id": "b", "value": 1}]}}, "t")
    assert str(GameError("utility", "x", "y")) == f"utility{NBSP}: x{NNBSP}; y"


def test_mcts_games_and_statistics_errors_in_french():
    from abcore.confidence import wilson
    from abcore.games import Nim, TicTacToe
    from abcore.mcts import mcts

    abcore.use_language("fr")
    g = TicTacToe()
    with pytest.raises(ValueError, match=f"mcts demande un budget{NBSP}: passez simulations=N"):
        mcts(g, g.initial_state)
    with pytest.raises(ValueError, match=f"n doit être un nombre entier >= 1 .*{NNBSP}; reçu 0"):
        wilson(0, 0)
    with pytest.raises(ValueError, match="il faut stones >= 0 et max_take >= 1"):
        Nim(-1)
    with pytest.raises(ValueError, match="un plateau est 9 cases parmi"):
        TicTacToe.board("XX")
    from abcore import GameTree
    from abcore.widgets import StepThrough
    with pytest.raises(ValueError, match=f"StepThrough demande une trace{NBSP}: la liste"):
        StepThrough(GameTree.from_nested([1, 2]), [])


def test_a_hand_trace_refusal_in_french():
    from abcore import GameTree
    from abcore.practice import check_trace

    t = GameTree.from_nested([[3, 12, 8], [2, 4, 6]],
                             labels={'r': 'A', 'r.0': 'B', 'r.1': 'C', 'r.1.1': 'D', 'r.1.2': 'E'})
    answer = "A [-inf, inf] 3\nB [-inf, inf] 3\nC [-inf, inf] 2 cut D E"
    english = str(check_trace("failsoft", t, answer))
    abcore.use_language("fr")
    assert str(check_trace("failsoft", t, answer)) == (
        f"ligne 3, C{NBSP}: fenêtre non resserrée{NBSP}: en A, α est monté à 3 quand B a renvoyé 3, "
        "donc la recherche entre dans C avec (3, +∞), pas avec (−∞, +∞)")
    assert check_trace("failsoft", t, answer.replace("C [-inf", "C [3")).message.startswith(
        f"juste{NBSP}: vos 3 lignes")
    abcore.use_language("en")
    assert str(check_trace("failsoft", t, answer)) == english


def test_an_mcts_refusal_in_french():
    import dataclasses

    from abcore.practice import mcts_question, practice_tree
    from abcore.practice.mcts_practice import check_mcts, check_ucb, ucb_key

    tree = practice_tree(2, low=-1, high=1)
    q = mcts_question(tree, seed=2)
    rows = list(q.key)
    path, player, credited, visits, total = next(r for r in q.backup.detail if r[2] != 0)
    i = [r[0] for r in q.backup.detail].index(path)
    rows[i] = dataclasses.replace(rows[i], value=total - 2 * credited)
    abcore.use_language("fr")
    assert f"{NBSP}: rétropropagation créditée au mauvais joueur{NBSP}: le total de" in check_mcts(
        tree, rows, q).message
    assert check_ucb(q, list(ucb_key(q))).message.startswith(f"juste{NBSP}: les valeurs UCB1 aux")
    assert check_ucb(q, []).message.startswith(f"ligne 1{NBSP}: le chemin part de la racine")


def test_a_per_student_exercise_in_french():
    from abcore.exercises import student_tree
    from abcore.exercises.notebook import exercise_verdict, question_text
    from abcore.exercises.slips import slip_rows

    s = student_tree("3.3", "alice")
    rows = slip_rows("3.3", "strict_cut", s)
    english = exercise_verdict("3.3", rows, s).message
    abcore.use_language("fr")
    said = exercise_verdict("3.3", rows, s).message
    assert said.startswith(f"exercice 3.3 (étudiant «{NBSP}alice{NBSP}») — ligne ")     # frreader8 c4
    assert said.endswith(f"[l'erreur{NBSP}: une coupure sur > au lieu de ≥ (une valeur égale à la "
                         "borne coupe aussi)]")
    assert question_text(s).startswith(f"Exercice 3.3 — alpha-bêta fail-soft à la main{NBSP}: l'arbre")
    assert exercise_verdict("3.3", None, s).message.startswith(
        "la réponse à l'exercice 3.3 n'est pas encore écrite")
    abcore.use_language("en")
    assert exercise_verdict("3.3", rows, s).message == english


def test_a_function_check_in_french(capsys):
    from abcore.checks import check_answer, check_calls
    from abcore.verdict import CheckFailed, NotWrittenYet

    abcore.use_language("fr")
    check_calls(lambda b, d: b ** d, lambda b, d: b ** d, [dict(b=2, d=3)], name="leaves")
    assert capsys.readouterr().out == f"✓ leaves{NBSP}: la même réponse que la référence sur 1 appel\n"
    with pytest.raises(CheckFailed) as e:
        check_calls(lambda b, d: b * d, lambda b, d: b ** d, [dict(b=2, d=3)], name="leaves")
    assert str(e.value) == (f"leaves(b=2, d=3) se trompe{NBSP}: attendu 8, obtenu 6. Cela ne correspond "
                            "à aucune des erreurs répertoriées de cet exercice")       # frreader8 a1
    with pytest.raises(CheckFailed, match=f"= \\['a', 'c'\\] n'est pas juste{NBSP}: 1 de vos feuilles est "
                                          "évaluée quand même et 2 feuilles de plus ne sont jamais évaluées"):
        check_answer("read", ["a", "c"], ["a", "b", "d"])
    with pytest.raises(NotWrittenYet, match="n'est pas encore écrit"):
        check_calls(lambda b, d: (_ for _ in ()).throw(NotImplementedError()), lambda b, d: 1,
                    [dict(b=2, d=3)], name="leaves")


def test_a_diagnosis_in_french():
    from abcore.diagnose import diagnose
    from abcore.diagnose.variants import strict_cut

    d = diagnose(strict_cut, "alphabeta")
    english = str(d)
    abcore.use_language("fr")
    assert str(d) == (
        f"Cela ressemble à une erreur répertoriée{NBSP}: une coupure sur > au lieu de ≥. L'écart apparaît "
        "d'abord sur l'arbre [[2, 2], [2, 1]] (MAX a le trait à la racine) avec la fenêtre (α, β) = "
        f"(−∞, +∞){NBSP}: au nœud r.1 (où l'on entre avec (α, β) = (2, +∞)), votre fonction entre dans r.1.1 "
        f"avec (α, β) = (2, 2){NNBSP}; la bonne recherche renvoie 2. Correction{NBSP}: coupez "
        f"dès que v ≥ β à un nœud MAX, v ≤ α à un nœud MIN{NBSP}: une égalité suffit, le parent ne choisira "
        "pas ce nœud.")           # frreader8 a1, c1, c2
    abcore.use_language("en")
    assert str(d) == english


def test_a_kit_call_refused_in_french():
    from abcore import GameTree, tree_values
    from abcore.checks import watched
    from abcore.verdict import WriteItYourself

    def minimax_value(tree, node):
        return tree_values(tree)[node]
    abcore.use_language("fr")
    with pytest.raises(WriteItYourself) as e:
        watched("2.1", minimax_value)(GameTree.from_nested([1, 2]), "r")
    assert str(e.value).startswith("minimax_value appelle tree_values(tree) du kit, que l'exercice 2.1 ne "
                                   "permet pas d'utiliser\u00a0: remplacez cet appel par votre propre code")


def test_a_fresh_kernel_names_a_check_in_french():
    """A check cell run first in a fresh kernel (abcore.assess.hints never imported) says its
    check's name in French: the names live in abcore.checks (frreader3 b1)."""
    import os
    import subprocess
    code = ("import sys\n"
            "from abcore.checks import check, random_cases\n"
            "def expectimax_value(tree, node):\n"
            "    kind = tree.kind(node)\n"
            "    if kind == 'leaf':\n"
            "        return tree.value(node)\n"
            "    if kind == 'chance':\n"
            "        return sum(p * expectimax_value(tree, c) for p, c in tree.outcomes(node))\n"
            "    values = [expectimax_value(tree, c) for c in tree.children(node)]\n"
            "    return max(values) if kind == 'max' else min(values)\n"
            "check(expectimax_value, cases=random_cases(5, seed=6, chance=True, infinite=False),\n"
            "      call=lambda f, t: f(t, t.initial_state), name='expectimax_value (hidden tests)',"
            " task='7.1', draw=False)\n"
            "print('abcore.assess.hints' in sys.modules)\n")
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(ABCORE_EDITION="fr", PYTHONPATH=str(ROOT), LANG="C.UTF-8")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=60, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert "✓ expectimax_value (tests cachés)" in out.stdout, out.stdout
    assert "hidden tests" not in out.stdout and out.stdout.endswith("False\n")  # hints not imported


def test_shipped_titles_and_pseudocode_comments_in_french():
    """A shipped tree's title and the pseudocode's comments are marked and said in French
    (frreader3 b2); the code of the pseudocode stays as written."""
    from abcore.search.descriptions import describe
    from abcore.trees.files import TITLES, load, shipped_trees
    from abcore.widgets.stepthrough import pseudocode_lines
    assert {load(name).title for name in shipped_trees()} <= set(TITLES)
    i18n.use_language("fr")
    assert i18n._("The animated example, nodes A to J") == "L'exemple animé, nœuds A à J"
    line = pseudocode_lines(describe("alphabeta"))[6]
    assert line.startswith("    if v ≥ β: return v") and line.endswith("coupure β\u00a0: élaguer la suite")
    import abcore.search  # noqa: F401  (registers every search)
    from abcore.search.descriptions import ALGORITHMS
    comments = {line.partition("▷ ")[2] for d in ALGORITHMS.values() for line in d.lines} - {""}
    assert comments and all(i18n._(c) != c for c in comments - {"Star1", "Star2"}), comments


def test_french_keys_menus_and_refusals_use_the_french_edition_s_words():
    """frreader5: the answer key wrote `cut` where the French statements ask for `coupe` (b1); the
    tic-tac-toe search menu showed code names (b2); a refusal's French quotes the player to move
    at the root (d3) and the exercise's own form of a row (d1)."""
    from abcore.exercises.instructor import answer_key
    from abcore.exercises.notebook import exercise_verdict
    from abcore.widgets import TicTacToeBoard

    english = answer_key("3.3", "alice")
    abcore.use_language("fr")
    french = answer_key("3.3", "alice")
    assert " coupe " in french and " cut " not in french
    assert french.replace(" coupe ", " cut ") == english
    labels = [label for label, _name in TicTacToeBoard().algorithm.options]
    assert labels == ["minimax", "alpha-bêta", "alpha-bêta fail-hard", "négamax", "PVS"]
    said = exercise_verdict("2.4", "A five", "alice").message
    assert f"écrivez une ligne sous la forme NŒUD VALEUR, la valeur minimax du nœud (par exemple{NBSP}: C 5)" in said


def test_widget_reprs_in_french():
    # frreader6 b1, c6, c9: a widget's text/plain output is what an export without widgets shows
    from abcore.trees import random_uniform
    from abcore.widgets import OrderingLab, PracticeTrace, StepThrough
    from abcore.widgets.ordering_lab import _TITLES
    english = repr(OrderingLab(random_uniform(3, 3, seed=2, distinct=True)))
    assert english == "<OrderingLab: natural ordering, alpha-beta 19 leaves vs minimax 27>"
    abcore.use_language("fr")
    lab = OrderingLab(random_uniform(3, 3, seed=2, distinct=True))
    assert repr(lab) == f"<OrderingLab{NBSP}: ordre naturel, alpha-bêta 19 feuilles contre 27 pour minimax>"
    assert i18n._(_TITLES["worst-first"]) == "alpha-bêta, du pire au meilleur"
    from abcore.search import alphabeta
    tree, log = random_uniform(2, 2, seed=1), []
    alphabeta(tree, tree.initial_state, trace=log)
    step = StepThrough(tree, log)
    assert repr(step) == f"<StepThrough{NBSP}: alphabeta, image 0 (images 0 à {step.frames - 1})>"
    practice = PracticeTrace(seed=2027)
    assert repr(practice).endswith(", graine 2027, 0 ligne>"), repr(practice)


def test_a_checks_sentence_is_shown_as_text_and_a_chance_root_has_no_mover():
    """frreader7 c1, d1, a1: the sentence a check's call returns is shown as text (no repr, so no
    literal \\xa0) with no "matches none" after it, and a chance root is "un nœud chance"."""
    from abcore.checks import CheckFailed, check
    from abcore.trees import GameTree
    i18n.use_language("fr")
    tree = GameTree.from_nested([(0.75, 1), (0.25, 3)])
    with pytest.raises(CheckFailed) as e:
        check(lambda t: {}, lambda t: {"r": 1}, [tree], call=lambda f, t: f(t) or "au nœud r\u00a0: faux",
              name="f", draw=False)
    said = str(e.value)
    assert "(un nœud chance à la racine)" in said and said.endswith("mais au nœud r\u00a0: faux"), said


def test_frreader8_tournament_line_is_data_worded_by_the_referee():
    """b1: the seat sends the line of the player's error as a number, the referee words it in
    the reader's language; a forged line (not a plain number) is not shown."""
    from abcore.tournament import child
    from abcore.tournament.sandbox import SandboxedSeat
    try:
        raise RuntimeError("a bug in my player")
    except RuntimeError as e:
        assert child._detail(e) == "RuntimeError: a bug in my player"
        assert child._line(e, __file__) == e.__traceback__.tb_lineno      # this file as the player's
    assert child._line(SystemExit(3), __file__) is None and child._detail(SystemExit(3)) == "sys.exit(3)"
    reply = {"error": "exception", "detail": "RuntimeError: a bug in my player", "line": 2}
    assert SandboxedSeat._reported(reply).detail == "player said: RuntimeError: a bug in my player (line 2)"
    for forged in ("2); rm", True, -1, 2.0, None):
        assert SandboxedSeat._reported({**reply, "line": forged}).detail.endswith("my player"), forged
    abcore.use_language("fr")
    assert SandboxedSeat._reported(reply).detail == ("le joueur a dit\u00a0: RuntimeError: a bug in my player "
                                                     "(ligne 2)")


def test_frreader8_diagnosis_words():
    """a1, c1, d3, d4: « erreur répertoriée », « votre fonction » (not « la vôtre »), « L'écart
    apparaît » once; on the check's own tree with another window « ce même arbre avec la fenêtre »;
    a float the function returned keeps its .0 in the diagnosis too."""
    from abcore.diagnose import diagnose
    from abcore.diagnose.variants import strict_cut
    from abcore.trees import GameTree
    tree = GameTree.from_nested([[2, 2], [2, 1]])
    d = diagnose(strict_cut, "alphabeta", first=[tree], windows=[(1, 3), (-math.inf, math.inf)])
    english = str(d)
    assert d.given and "It first shows on the same tree with the window (α, β) = " in english, english
    abcore.use_language("fr")
    said = str(d)
    assert said.startswith(f"Cela ressemble à une erreur répertoriée{NBSP}: ") and "L'écart apparaît d'abord sur ce " \
        "même arbre avec la fenêtre (α, β) = " in said and "la vôtre" not in said and "Cela apparaît" not in said, said

    def mean_at_min(tree, state):          # the planted slip of 2.1: a float at MIN nodes
        if tree.is_terminal(state):
            return tree.utility(state, "max")
        vals = [mean_at_min(tree, tree.result(state, a)) for a in tree.actions(state)]
        return max(vals) if tree.to_move(state) == "max" else sum(vals) / len(vals)
    d = diagnose(mean_at_min, "minimax", first=[GameTree.from_nested([[-3, 1], [-2, 0]])])
    assert "votre fonction renvoie −1.0" in str(d), str(d)
    abcore.use_language("en")
    assert "yours returns −1.0" in str(d), str(d)


def test_frreader8_hidden_test_windows_and_the_no_window_label():
    """d3: the hidden tests' first line writes its window with −∞/+∞; b3: 4.1's 'no window' label
    in the reader's language, read back by its hint (hints.no_window)."""
    from abcore.assess import hints
    line = hints.say("3.1 wrong (hidden)", name="alphabeta_value (hidden tests)", tree=[1, 2], root="r",
                     alpha=-math.inf, beta=0, expected=1, got=2)
    assert "with the window (−∞, 0)" in line, line
    abcore.use_language("fr")
    line = hints.say("4.1 leaves (hidden)", name="failhard_value (hidden tests)", read=["a"], tree=[1, 2],
                     root="r", alpha=5, beta=math.inf, expected=["b"])
    assert "avec la fenêtre (5, +∞)" in line, line
    assert hints.no_window() == "sans fenêtre"

    def wrong_default(tree, state, alpha=0, beta=math.inf):
        return max(alpha, min(beta, 7))
    from abcore.trees import GameTree
    hint = hints.of("4.1", wrong_default)
    said = hint(["(−1, +1) -> 1", "sans fenêtre -> 7"], ["(−1, +1) -> 1", "sans fenêtre -> 0"],
                GameTree.from_nested([7]))
    assert said.startswith("avec la fenêtre (−∞, +∞) donnée, votre fonction renvoie 7, mais appelée sans fenêtre, "
                           "elle renvoie 0"), said         # the hint reads the French label back


def test_frreader8_student_quoted_and_check_words_in_french():
    """c4: a student's id in « » in French ('alice' in English); c5: « votre arbre »; a4, a5, a6,
    c2, c3, c9, c10, c11, c12: the catalogue's words."""
    from abcore.assess import hints
    from abcore.exercises.catalogue import quoted
    assert quoted("alice") == "'alice'"
    abcore.use_language("fr")
    assert quoted("alice") == f"«{NBSP}alice{NBSP}»"
    # review rev28r C3: an id with a quote or a control character is escaped, in both editions
    for odd, shown in (("o'brien", '"o\'brien"'), ("eve\n", "'eve\\n'"), ("a»b", "'a»b'")):
        assert quoted(odd) == shown
        abcore.use_language("en")
        assert quoted(odd) == shown
        abcore.use_language("fr")
    assert hints.say("9.4 hidden").endswith("sur votre arbre")
    fr = {m.id: m.string for m in entries() if isinstance(m.id, str)}
    assert "le négamax entre dans" in fr["α and β not swapped: negamax enters {node} with (−β, −α) = {want} from "
                                         "{parent}'s (α, β) = {window}, not {got}"]
    assert fr["select_child: the same choice as UCB1 on {count} random nodes"].endswith("nœuds tirés au hasard")
    assert not any(re.search(r"\bà (MAX|MIN)\b|\ben (MAX|MIN)\b|la garde «|de abcore|vôtre renvoie|"
                             r"erreurs? (cataloguée|connue|habituelle)|demande aussi sous la racine|"
                             r"deepen s'est arrêtée|tant qu'il dure|avoir regardé", s) for s in fr.values())


def test_frreader8_widgets_count_mcts_iterations_and_the_duel_reads():
    """a3: the MCTS board counts whole rounds as « itérations »; c6: « une recherche à N demi-coups
    de profondeur »; c7: the dice duel lists « +1/9 avec 249, −1/9 avec 357 »."""
    from abcore.widgets import DiceDuelBoard
    from abcore.widgets.mcts_boards import MCTSConnectFourBoard
    abcore.use_language("fr")
    board = MCTSConnectFourBoard(simulations=100, seed=0)
    board.click(4)
    assert "après 100 itérations" in board.message.value and "simulations" not in board.message.value, \
        board.message.value
    duel = DiceDuelBoard(seed=0)
    duel.click("168")
    said = duel.message.value
    assert "en comptant +1 par victoire et −1 par défaite : +1/9 avec 249, −1/9 avec 357)".replace(" :", f"{NBSP}:") \
        in said, said
    abcore.use_language("en")
    duel.reset()
    duel.click("168")
    assert "(my expected score, +1 a win and −1 a loss: 249: +1/9, 357: −1/9)" in duel.message.value


def test_frreader8_connect4_value_labels_do_not_overlap():
    """c8: a bound and its number (« ≤ +0.11 ») over every column, drawn without overlapping."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from abcore.draw import draw_connect4
    from abcore.games import ConnectFour
    fig = Figure(figsize=(0.6 * 7 + 0.6, 0.6 * 6 + 1.2))
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.05, 0.08, 0.9, 0.8))
    draw_connect4(ConnectFour().from_moves("3433342444145363"), ax,
                  values={c: "≤ +0.11" if c > 4 else "−0.03" for c in range(1, 8)})
    renderer = fig.canvas.get_renderer()
    boxes = [t.get_window_extent(renderer) for t in ax.texts if t.get_gid() == "value"]
    assert len(boxes) == 7 and all(not a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    assert all(b.y0 > ax.transData.transform((0, 6))[1] for b in boxes)          # above the board


@pytest.mark.parametrize("notebook, planted, says", [
    ("01_games", "ex1-2-longest-game__counts_leaves.py",                    # d5
     f"attendu 0, obtenu 1. Un de trop{NBSP}: il ne reste aucun coup à jouer depuis un état terminal"),
    ("01_games", "ex1-1-tree-size__root_only.py",                           # c9, and « C'est » capitalised
     "C'est la taille de l'arbre entier, depuis sa racine"),
    ("02_minimax", "ex2-3-principal-variation__a_generator.py",             # d6
     re.compile(r"Votre fonction renvoie une valeur de type generator là où le type list est attendu$")),
    ("02_minimax", "ex2-1-minimax-value__mean_at_min.py",                   # d4, c1
     f"au nœud r, votre fonction renvoie −1.0{NNBSP}; la bonne recherche renvoie −3."),
    ("04_bounds_and_windows", "ex4-1-failhard-value__fail_soft.py",         # b3
     "'sans fenêtre -> 0'"),
])
def test_frreader8_a_planted_answer_is_told_in_french(notebook, planted, says, monkeypatch):
    """What the real check cell of the French notebook says to a planted wrong answer."""
    from exercise_harness import run_planted
    monkeypatch.setenv("ABCORE_EDITION", "fr")
    said = str(run_planted(f"fr/{notebook}.ipynb", planted).check)
    assert (says.search(said) if isinstance(says, re.Pattern) else says in said), said


@pytest.mark.parametrize("notebook, planted, says", [
    ("03_alphabeta", "ex3-1-alphabeta-value__fail_hard.py",
     ["avec la fenêtre (3, 4)", "L'écart apparaît d'abord sur ce même arbre avec la fenêtre (α, β) = (1, 3)"]),
    ("04_bounds_and_windows", "ex4-1-failhard-value__fail_soft.py",
     ["en A avec la fenêtre (−∞, 0)", "L'écart apparaît d'abord sur ce même arbre avec la fenêtre (α, β) = (−1, 1)"]),
])
def test_frreader8_hidden_tests_name_the_same_tree_and_its_window(notebook, planted, says, monkeypatch):
    """d3: the hidden tests' first line writes its window with ∞, the second says « ce même arbre »
    with the window where the slip first shows."""
    from exercise_harness import run_planted
    monkeypatch.setenv("ABCORE_EDITION", "fr")
    said = str(run_planted(f"fr/{notebook}.ipynb", planted).hidden)
    assert all(s in said for s in says) and "cet arbre" not in said, said


def test_rev28r_a_type_is_named_with_its_article_and_a_none_keeps_its_diagnosis():
    """Review rev28r B4: 'an int', 'a list' in English, « le type int » in French; a None keeps
    where it first parts from the search, without « aucune des erreurs répertoriées »."""
    from abcore.checks import differs
    assert differs(3, None).startswith("yours returns None where an int is expected")
    assert differs([1], "x") == "yours returns a str where a list is expected"
    abcore.use_language("fr")
    assert differs(3, None).startswith("votre fonction renvoie None là où le type int est attendu")
    assert differs(3, "x") == "votre fonction renvoie une valeur de type str là où le type int est attendu"
    fr = {m.id: m.string for m in entries() if isinstance(m.id, str)}
    assert fr["Here is where it first parts from the right search."].startswith("Voici où ")


def test_frreader11_kit_words(tmp_path):
    """a5, b4, b6, c9-c14, d3: the French catalogue says « 0 nulle », (1 − Σ p), « votre fonction »,
    √2, « ont pour somme », « Partie terminée », no « siège »; WriteItYourself's « may use » of 7.2,
    9.1 and 9.3 names numbers, not a tree or a game; the student bar quotes the id as the exercises
    do (« alice »); the MCTS step-through's heading names the player bare."""
    said = {m.id if isinstance(m.id, str) else m.id[0]: m.string for m in entries()}
    french = "\n".join(s if isinstance(s, str) else "\n".join(s) for s in said.values())
    for wrong in ("siège", "sqrt 2", "Partie finie", "La partie est finie", "somment", "la vôtre {mine}",
                  "La vôtre est juste", "0 nul,", "rest · low", "utilitaire de ses propres"):
        assert wrong not in french, wrong
    from abcore.checks import TASKS
    english = {t: TASKS[t].allowed() for t in ("7.2", "9.1", "9.3")}
    assert "a sum over seen" in english["7.2"] and "math (log, sqrt)" in english["9.1"] \
        and "your ucb1 (exercise 9.1)" in english["9.3"], english
    from abcore.exercises.browser import save_and_say
    from abcore.mcts import mcts
    from abcore.games import TicTacToe
    from abcore.widgets import MCTSStepThrough
    log: list = []
    mcts(TicTacToe(), TicTacToe().initial_state, simulations=2, seed=0, trace=log)
    assert "values for X" in MCTSStepThrough(log).children[0].value
    assert "the tree of student 'alice'." in save_and_say("alice", tmp_path)[1]
    abcore.use_language("fr")
    for t, words in (("7.2", "une somme sur seen, sans arbre ni recherche"),
                     ("9.1", "avec math (log, sqrt)"), ("9.3", "votre ucb1 (exercice 9.1) ou sa formule")):
        assert words in TASKS[t].allowed() and "méthodes de l'arbre" not in TASKS[t].allowed(), t
    assert f"l'arbre de l'étudiant «{NBSP}alice{NBSP}»." in save_and_say("alice", tmp_path)[1]
    assert "valeurs pour X" in MCTSStepThrough(log).children[0].value
