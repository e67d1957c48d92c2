"""Races: services write (``races``: the lobby and the race; ``moves``: play;
``results``: the worker's validation and places; ``ratings``)."""
