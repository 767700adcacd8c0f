import pytest

from . import toygame


@pytest.fixture(autouse=True)
def toy_rules_section():
    """The toy engine cites a test-only section; it exists only during a test."""
    toygame.register()
    yield
    toygame.unregister()
