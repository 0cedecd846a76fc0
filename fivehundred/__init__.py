"""fivehundred: the rules of Five Hundred (500), as a pure-Python engine."""
