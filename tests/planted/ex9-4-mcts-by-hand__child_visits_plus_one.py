# hunt4: UCB1 with n + 1 under the square root; for a child with n = 1 its value is c = 1's, and it
# was named "c = 1" from that one row.
import math

q, tree = ex_9_4.question, ex_9_4.tree
totals = {tuple(p): total for p, _, _, _, total in q.backup.detail}
label = lambda path: tree.label("r" + "".join(f".{m}" for m in path))
rows = [f"{label(())} {totals[()]:g}"]
for ev in q.selects:
    N, kids = ev.detail
    for ch in sorted(kids, key=lambda ch: ch.move):
        path = tuple(ev.path) + (ch.move,)
        ucb = ch.mean + q.c * math.sqrt(math.log(N) / (ch.visits + 1))
        rows.append(f"{label(path)} {ucb:.2f}" + (f" {totals[path]:g}" if ch.move == ev.value.move else ""))
trace_9_4 = "\n".join(rows)
