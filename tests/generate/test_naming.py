"""Generators are named one way (docs/architecture.md, "A game plugs in")."""

from __future__ import annotations

import importlib
from collections import Counter

from zoobook.generate.registry import Generator
from zoobook.puzzles.registry import generator_hooks


def test_every_generator_is_named_after_its_question():
    hooks = generator_hooks()
    assert len(hooks) >= 10
    questions = Counter(kind.split("/")[1] for kind in hooks)
    for kind, (hook, _package) in hooks.items():
        game, question = kind.split("/")
        module_name, attribute = hook.split(":")
        module = importlib.import_module(module_name)
        generator = getattr(module, attribute)
        assert isinstance(generator, Generator) and generator.kind == kind
        # a module asking one question of two games puts the game first (steam-zoo/clear: ZOO_CLEAR_...)
        shared = [k.split("/")[1] for k, (h, _) in hooks.items() if h.split(":")[0] == module_name]
        stem = question if shared.count(question) == 1 else f"{game.split('-')[-1]}_{question}"
        assert attribute == f"{stem.upper()}_GENERATOR", kind
        assert generator.sample.__name__ == f"sample_{stem}", kind
        assert generator.facts.__name__ in (f"{stem}_facts", f"{question}_facts"), kind
        assert getattr(module, f"{stem.upper()}_CALIBRATION") is generator.calibration, kind
        assert {attribute, f"sample_{stem}"} <= set(module.__all__), kind
    assert questions["clear"] == 2  # the two-game case above is exercised
