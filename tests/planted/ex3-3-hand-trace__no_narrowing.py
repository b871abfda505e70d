# Every node entered with the full window (-inf, inf): the window is never narrowed for the children.
import dataclasses
from abcore.practice import expected_rows

trace_3_3 = [dataclasses.replace(r, window=(-INF, INF)) for r in expected_rows("failsoft", ex_3_3.tree)]
