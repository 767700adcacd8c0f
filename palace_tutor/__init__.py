"""Host-side tooling for Palace Tutor: the ``palace-tutor`` command (checkers,
lessons, site build and serve). Not shipped to the browser: the site's wheel
holds only ``rules``, ``players``, ``lessons`` and ``tutor``."""
