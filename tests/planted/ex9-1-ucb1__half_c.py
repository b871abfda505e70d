# hunt4: c / 2; one hidden case (n = 4) made it look like the square root of ln N alone
def ucb1(mean, visits, parent_visits, c=math.sqrt(2)):
    if visits == 0:
        return math.inf
    return mean + c / 2 * math.sqrt(math.log(parent_visits) / visits)
