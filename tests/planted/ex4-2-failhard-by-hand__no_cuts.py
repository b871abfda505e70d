# The right windows and values, but no arc marked cut.
import dataclasses
from abcore.practice import expected_rows

trace_4_2 = [dataclasses.replace(r, cut=()) for r in expected_rows("failhard", ex_4_2.tree)]
