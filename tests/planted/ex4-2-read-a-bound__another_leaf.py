soft_answer = hard_answer = what_it_proves = None     # your answers replace these
soft_answer = 9
hard_answer = 8
what_it_proves = "V <= answer"
