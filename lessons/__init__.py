"""Lessons: data files under ``lessons/data`` and the loader that replays them
through the engines in ``rules`` and checks every step."""
