"""Per-game tables, one module per game: ``palace_poker.py``, ``palace.py``, ``kings_pot.py``.
Each game's registration (``rules.games``) names its table class as its ``table`` part;
see :mod:`tutor.views` for the protocol."""
