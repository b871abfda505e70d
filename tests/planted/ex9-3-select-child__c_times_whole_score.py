# hunt4: c times the whole score (the mean too); was told 'c = 1 whatever the c given', whose choices are the same for every c > 0
def select_child(children, parent_visits, c=math.sqrt(2)):
    best, best_score = None, -math.inf
    for child in children:
        if child.visits == 0:
            return child
        score = c * (child.total / child.visits + math.sqrt(math.log(parent_visits) / child.visits))
        if score > best_score:
            best, best_score = child, score
    return best
