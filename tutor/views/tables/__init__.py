"""Per-game table renderers, one module per game id (``-`` written ``_``):
``palace_poker.py``, ``palace.py``, ``kings_pot.py``. Each registers its class
with ``@register_renderer(game_id)``; see :mod:`tutor.views` for the protocol."""
