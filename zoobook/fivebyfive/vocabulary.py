"""The shared words of 5x5 Zoo: tile categories, visitor colours, and which goes on which.

The rulebook pairs each visitor colour with one category of Animal tile:
"Red ... Carnivorous animals, Blue ... Aquatic animals, Green ... Herbivores,
Yellow ... Birds, Black ... Reptiles. The Park tiles can accommodate all colours
of visitors." White cubes are wild: they "can be placed on any Animal tile"
(ruling F6). Everything else in :mod:`zoobook.fivebyfive` speaks these words.

Examples
--------
>>> Category.parse("bird").colour
<Colour.YELLOW: 'Y'>
>>> fits(Colour.YELLOW, Category.BIRD), fits(Colour.RED, Category.BIRD)
(True, False)
>>> fits(Colour.RED, Category.PARK), fits(Colour.WHITE, Category.REPTILE)
(True, True)
>>> colours("RRGW")
(<Colour.RED: 'R'>, <Colour.RED: 'R'>, <Colour.GREEN: 'G'>, <Colour.WHITE: 'W'>)
"""

from __future__ import annotations

from enum import Enum

__all__ = ["Category", "Colour", "ANIMAL_CATEGORIES", "BASIC_COLOURS", "fits", "colours",
           "colour_letters", "sorted_letters"]


class _Words(Enum):
    """What the two word lists share: members hashed by identity, and read from puzzle files
    with one clear error."""

    # Members are singletons compared by identity: hash them the fast way.
    __hash__ = object.__hash__

    @classmethod
    def parse(cls, text: str):
        """The member written *text*; :class:`ValueError` saying what was expected otherwise."""
        try:
            return cls(text)
        except ValueError:
            raise ValueError(f"{text!r} is not {cls._expected()}") from None


class Colour(_Words):
    """A visitor colour, written by its letter in puzzle files (``K`` is black)."""

    RED = "R"
    BLUE = "B"
    GREEN = "G"
    YELLOW = "Y"
    BLACK = "K"
    WHITE = "W"

    @property
    def letter(self) -> str:
        return self._value_

    @property
    def word(self) -> str:
        """The colour's name in lower case (``"black"``)."""
        return _COLOUR_WORDS[self._value_]

    @classmethod
    def _expected(cls) -> str:
        return "a colour letter (R, B, G, Y, K or W)"


class Category(_Words):
    """A category of Animal tile, written by its lower-case name in puzzle files."""

    CARNIVORE = "carnivore"
    HERBIVORE = "herbivore"
    AQUATIC = "aquatic"
    BIRD = "bird"
    REPTILE = "reptile"
    PARK = "park"

    @property
    def word(self) -> str:
        return self._value_

    @property
    def is_animal(self) -> bool:
        """True for the five animal categories; a Park is not one (ruling F13)."""
        return self is not Category.PARK

    @property
    def colour(self) -> Colour | None:
        """The visitor colour paired with this category; ``None`` for a Park (any colour)."""
        return _COLOUR_OF.get(self)

    @classmethod
    def _expected(cls) -> str:
        return f"a tile category ({', '.join(c.value for c in cls)})"


_COLOUR_WORDS = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "K": "black", "W": "white"}
_COLOUR_OF = {
    Category.CARNIVORE: Colour.RED,
    Category.AQUATIC: Colour.BLUE,
    Category.HERBIVORE: Colour.GREEN,
    Category.BIRD: Colour.YELLOW,
    Category.REPTILE: Colour.BLACK,
}

#: The five categories request cards can ask for, in the rulebook's order.
ANIMAL_CATEGORIES: tuple[Category, ...] = (Category.CARNIVORE, Category.AQUATIC, Category.HERBIVORE,
                                           Category.BIRD, Category.REPTILE)
#: The five colours that regular meeples and most cubes come in (white excluded).
BASIC_COLOURS: tuple[Colour, ...] = tuple(_COLOUR_OF[c] for c in ANIMAL_CATEGORIES)


def fits(colour: Colour, category: Category) -> bool:
    """Whether a visitor of *colour* may be placed on a tile of *category* (ruling F6)."""
    return colour is Colour.WHITE or category is Category.PARK or _COLOUR_OF[category] is colour


def colours(letters: str) -> tuple[Colour, ...]:
    """The colours written as letters, in order (``"RRGW"``); :class:`ValueError` on a bad letter."""
    return tuple(Colour.parse(letter) for letter in letters)


#: The colours in their order (listing an enum anew at each call costs more than the sort).
_COLOUR_ORDER: tuple[Colour, ...] = tuple(Colour)
#: Each colour letter's place in that order.
_LETTER_RANK = {colour.letter: rank for rank, colour in enumerate(_COLOUR_ORDER)}


def colour_letters(items) -> str:
    """The inverse of :func:`colours`, sorted in the order R B G Y K W.

    >>> colour_letters([Colour.WHITE, Colour.RED, Colour.BLACK])
    'RKW'
    """
    return "".join(c.letter for c in sorted(items, key=_COLOUR_ORDER.index))


def sorted_letters(letters: str) -> str:
    """``colour_letters(colours(letters))``: the letters sorted R B G Y K W, the same
    :class:`ValueError` on a bad one, without making a colour per letter (the game sorts a
    hand at every cube or meeple gained, the search bot thousands of times a decision).

    >>> sorted_letters("WRKR")
    'RRKW'
    """
    try:
        return "".join(sorted(letters, key=_LETTER_RANK.__getitem__))
    except (KeyError, TypeError):
        return colour_letters(colours(letters))     # the slow way, for its error or its odd input
