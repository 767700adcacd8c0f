import pytest

from . import toygame


@pytest.fixture(autouse=True)
def toy_rules_section():
    """The toy game (its test-only section, its registrations) exists only during a test."""
    toygame.register()
    yield
    toygame.unregister()
