"""5x5 Zoo: the zoo board, the lineup, scoring and the whole game."""
