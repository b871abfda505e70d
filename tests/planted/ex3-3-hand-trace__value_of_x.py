window_x_on_entry = value_w = never_evaluated = None     # your answers replace these
window_x_on_entry = (-INF, 4)
value_w = 3
never_evaluated = {"w2", "v2"}
