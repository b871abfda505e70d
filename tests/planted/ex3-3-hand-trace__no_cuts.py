# The right windows and values, but no arc marked cut: a node that fails high (or low) goes on.
import dataclasses
from abcore.practice import expected_rows

trace_3_3 = [dataclasses.replace(r, cut=()) for r in expected_rows("failsoft", ex_3_3.tree)]
