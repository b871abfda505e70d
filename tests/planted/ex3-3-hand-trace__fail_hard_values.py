# Fail-hard's trace in a fail-soft exercise: a cut node returns the bound, not the value it found.
from abcore.practice import expected_rows

trace_3_3 = expected_rows("failhard", ex_3_3.tree)
