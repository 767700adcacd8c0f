"""The race's rules under a second id, "relay", so tests can switch between two games."""

from . import RELAY as FAMILY

__all__ = ["FAMILY"]
