# The right path, but the backup credited to the wrong player: each total moves the other way.
q = ex_9_4.question
trace_9_4 = "\n".join(f"{row.node} {total - 2 * credited}"
                      for row, (path, player, credited, visits, total) in zip(q.key, q.backup.detail))
