"""Per-student exercises (issues 16, 22): each student traces their own tree, drawn from their
student key, so answers cannot be copied; nbgrader grades each submission on its student's tree.

- :mod:`.student`: :func:`student_key` (JupyterHub user, login name, or nbgrader's student id
  under autograde), :func:`use_student` and :func:`normalise`;
- :mod:`.catalogue`: :data:`EXERCISES` (2.4, 3.3, 4.2, 7.3, 9.4), :func:`student_tree` (a fair
  tree: equal work, every catalogued slip visible), :func:`verdict`;
- :mod:`.slips`: each exercise's catalogue of slips, and the slip a refused answer makes;
- :mod:`.notebook`: what the notebooks call, :func:`my_exercise` (draws the student's tree) and
  :func:`check_exercise` (the self-check);
- :mod:`.literal` and :mod:`.autograde`: the nbgrader preprocessors (answers must be written
  rows; the kernel told whose submission it grades);
- :mod:`.graded_path` (with :mod:`.cell_names`, which cells a grade needs, by their names): under
  autograde, the cells no grade needs are not run;
- :mod:`.instructor` (not in the student build): :func:`~.instructor.answer_key` and
  ``python -m abcore.exercises show 03 --student alice``, a student's trees and keys.
"""
from .catalogue import EXERCISES, Exercise, StudentTree, exercise, exercise_seed, student_tree, verdict
from .notebook import check_exercise, my_exercise
from .student import StudentKeyError, normalise, student_key, use_student

__all__ = ["EXERCISES", "Exercise", "StudentTree", "exercise", "exercise_seed", "student_tree",
           "verdict", "check_exercise", "my_exercise", "StudentKeyError", "normalise",
           "student_key", "use_student"]
