# The right path, but the totals as they were before the iteration: the playout never backed up.
q = ex_9_4.question
trace_9_4 = "\n".join(f"{row.node} {total - credited}"
                      for row, (path, player, credited, visits, total) in zip(q.key, q.backup.detail))
