"""``python -m bench``: print the benchmark tables."""
from .run import main

main()
