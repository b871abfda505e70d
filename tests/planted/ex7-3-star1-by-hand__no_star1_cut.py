# Plain expectimax's bookkeeping: the right windows and values, but no chance node cut with L and U.
import dataclasses
from abcore.practice import expected_rows

trace_7_3 = [dataclasses.replace(r, cut=()) for r in expected_rows("star1", ex_7_3.tree)]
