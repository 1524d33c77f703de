"""Small helpers for writing explanations in plain English.

Every solver explains its answer in sentences; these keep the wording of lists,
counts and ruling citations the same across games.

Examples
--------
>>> join_words(["lion", "zebra", "camel"])
'lion, zebra and camel'
>>> plural(1, "link"), plural(3, "link"), plural(2, "family", "families")
('1 link', '3 links', '2 families')
>>> sentence("the route needs level 3")
'The route needs level 3.'
>>> with_article("elephant"), with_article("zebra")
('an elephant', 'a zebra')
"""

from __future__ import annotations

from collections.abc import Iterable

from zoobook.rulings import cite

__all__ = ["join_words", "plural", "sentence", "cite", "with_article"]


def join_words(words: Iterable[object], conjunction: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``; ``nothing`` for no words."""
    items = [str(w) for w in words]
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 link``, ``2 links`` (or the irregular *many* form)."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def with_article(word: str) -> str:
    """*word* after "a", or "an" before a vowel: ``an elephant``, ``a zebra``, ``an enclosure marker``.

    By the first letter, which is right for every word the games use (no "hour" or "unicorn").
    """
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def sentence(text: str) -> str:
    """Capitalise the first letter and end with a full stop (unless punctuated)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."
