"""The games, one folder each (see the README, "One folder per game")."""
