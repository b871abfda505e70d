soft_answer = hard_answer = what_it_proves = None     # your answers replace these
soft_answer = 7
hard_answer = 12
what_it_proves = "V <= answer"
