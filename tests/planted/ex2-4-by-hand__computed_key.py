# The key computed instead of written (the instructor's tool, or a search on the student's tree):
# under autograde a hand trace's answer must be rows written as text, so this gets 0.
from abcore.exercises.instructor import answer_key

values_2_4 = answer_key("2.4")
