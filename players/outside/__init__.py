"""Outside-style computer players: opponents written from published descriptions, not
ours, to measure our levels against (``python -m bench bots --outside``).

* ``ismcts``: information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012),
  one generic module (:mod:`.ismcts`) over the game contract, for every game;
* ``shedding``: for Palace, the simple shedding heuristic players describe (shed the
  lowest plain set, keep the specials, burn a big pile, take the pile only when stuck).

Each game's module here gives what the generic search needs from that game (the seat's
result at the end of a play-out) and registers the players, as ``player_for(game, name)``
finds them; the game's own player module (``players/palace.py``...) imports it.
"""

OUTSIDE = ("ismcts", "shedding")
"""The outside-style players, by name (not every game has every one)."""
