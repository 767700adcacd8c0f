"""The tutor: param models (no panel import) in ``tutor.model``, thin Panel
views in ``tutor.views``. ``app.py`` assembles them."""
