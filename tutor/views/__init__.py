"""Thin Panel views (``pn.viewable.Viewer``) that only render ``tutor.model``."""
