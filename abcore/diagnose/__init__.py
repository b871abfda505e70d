"""Checks that name the bug (issue 16): a catalogue of known wrong searches, and a diagnosis that
says which one a student's search matches, on which small tree and at which node it went astray.

- :mod:`.variants`: the right search of each exercise kind, and the known wrong variants;
- :mod:`.observe`: one search run on one case, written down step by step (calls, windows, leaves
  read, values returned);
- :mod:`.cases`: the small diagnostic cases of each kind, smallest first;
- :mod:`.diagnose`: the comparison, :func:`diagnose` and :func:`explain` (what the checks call).

>>> from abcore.diagnose import diagnose, VARIANTS
>>> diagnose(VARIANTS["one_ply_too_deep"].search, "limited").variant.slip
'the depth off by one (one ply too deep)'
"""
from .cases import cases
from .diagnose import EXERCISES, Diagnosis, diagnose, explain, name_the_slip
from .observe import Case, Stats, observe
from .variants import CATALOGUE, KINDS, REFERENCES, VARIANTS, Variant

__all__ = ["diagnose", "explain", "name_the_slip", "Diagnosis", "EXERCISES", "CATALOGUE", "VARIANTS",
           "Variant", "KINDS", "REFERENCES", "cases", "Case", "Stats", "observe"]
