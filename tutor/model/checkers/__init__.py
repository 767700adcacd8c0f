"""Each game's checker forms, a module per game, declared in the game's registration
(``rules.games``: the ``checker`` part names the module's ``FORMS``); :mod:`tutor.model.checker`
gathers them for Settle a hand."""
