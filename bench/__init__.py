"""Benchmarks: ``python -m bench <name> [--json]`` from the repository root.

Each benchmark is a module ``bench/<name>.py`` with ``main(argv) -> int``. With
``--json`` its last printed line is one JSON object. Benchmarks compare side
by side in one run (ratios), because CI and laptops are noisy; they are never
run as timed tests.
"""
