# hunt4: c * c where c is asked; c = sqrt 2 made it look like sqrt 2 taken twice on one case
def ucb1(mean, visits, parent_visits, c=math.sqrt(2)):
    if visits == 0:
        return math.inf
    return mean + c * c * math.sqrt(math.log(parent_visits) / visits)
