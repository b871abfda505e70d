# Fail-soft's trace in the fail-hard exercise: a cut node returns the value it found, not the bound.
from abcore.practice import expected_rows

trace_4_2 = expected_rows("failsoft", ex_4_2.tree)
