"""Per-student exercises (issue 16): each student traces their own tree, drawn from their student
key, so answers cannot be copied; nbgrader grades each submission on its student's tree.

- :mod:`.student`: :func:`student_key` (JupyterHub user, login name, or nbgrader's student id
  under autograde) and :func:`use_student`;
- :mod:`.catalogue`: :data:`EXERCISES` (2.4, 3.3, 4.2, 7.3, 9.4), :func:`student_tree`,
  :func:`verdict`, :func:`answer_key` (the key, computed when asked, never stored);
- :mod:`.notebook`: what the notebooks call, :func:`my_exercise` (draws the student's tree) and
  :func:`check_exercise` (the self-check);
- :mod:`.autograde`: the nbgrader preprocessors that pass the student id to the kernel;
- ``python -m abcore.exercises show 03 --student alice``: a student's trees and keys, for feedback.
"""
from .catalogue import (EXERCISES, Exercise, StudentTree, answer_key, exercise, exercise_seed,
                        student_tree, verdict)
from .notebook import check_exercise, my_exercise, show
from .student import StudentKeyError, student_key, use_student

__all__ = ["EXERCISES", "Exercise", "StudentTree", "answer_key", "exercise", "exercise_seed",
           "student_tree", "verdict", "check_exercise", "my_exercise", "show", "StudentKeyError",
           "student_key", "use_student"]
