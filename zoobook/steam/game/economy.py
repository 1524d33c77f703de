"""The Age of Steam economy both solo maps use (the base game's, rulings S11 and S11b).

Income +1 per owned link shipped, expenses = shares + locomotive level, the income
reduction table, shares $5 each (at most 15) (ruling S11). ``Economy()`` is Easter
Island's start, 2 shares, $10, income 0, locomotive 2; the Zoo starts as the base game
does, 2 shares, $10, income 0, locomotive 1 (S11b; each map's start is ``MapRules.start``).
The end of a turn runs three steps in the base game's order: collect income, pay expenses,
reduce income. "If cash cannot
cover expenses, pay all cash and lose income equal to the shortfall; income
below 0 ends the game (lost)" (the base game, ruling S11).

Examples
--------
>>> start = Economy()
>>> start
Economy(cash=10, income=0, shares=2, locomotive=2)
>>> start.expenses
4
>>> after, lines = end_of_turn_money(start)
>>> after.cash, lines[-1]
(6, 'income reduction: none (income 0)')
>>> income_reduction(11), income_reduction(50)
(2, 10)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Economy", "income_reduction", "end_of_turn_money", "SHARE_PRICE", "MAX_SHARES",
           "MAX_LEVEL", "REDUCTIONS"]

#: "Shares: $5 each when issued, at most 15 issued" (the base game, S11).
SHARE_PRICE = 5
MAX_SHARES = 15
#: Locomotive levels run up to 6 (base game).
MAX_LEVEL = 6
#: Income reduction after expenses: (lowest income of the band, reduction) (the base game, S11).
REDUCTIONS = ((50, 10), (41, 8), (31, 6), (21, 4), (11, 2), (0, 0))


def income_reduction(income: int) -> int:
    """How much income drops after expenses: 0-10 none, 11-20 -2, ..., 50+ -10.

    >>> [income_reduction(i) for i in (0, 10, 11, 20, 21, 31, 41, 49, 50, 70)]
    [0, 0, 2, 2, 4, 6, 8, 8, 10, 10]
    """
    for low, cut in REDUCTIONS:
        if income >= low:
            return cut
    return 0


@dataclass(frozen=True)
class Economy:
    """The money side of a solo game: the player's four tracks (defaults: Easter Island's start, S11b)."""

    cash: int = 10
    income: int = 0
    shares: int = 2
    locomotive: int = 2

    @property
    def expenses(self) -> int:
        """"$1 per issued share + $1 per locomotive level" (the base game, S11)."""
        return self.shares + self.locomotive

    def with_(self, **changes: int) -> "Economy":
        """A copy with some tracks changed (``dataclasses.replace`` without its cost)."""
        new = object.__new__(Economy)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    def issue(self, count: int) -> "Economy":
        """*count* more shares, $5 each (the caller checks the limit of 15)."""
        return self.with_(shares=self.shares + count, cash=self.cash + SHARE_PRICE * count)


def end_of_turn_money(economy: Economy) -> tuple[Economy, list[str]]:
    """Collect income, pay expenses, reduce income; the new tracks and one log line per step.

    The caller ends the game when the returned income is below 0 (bankruptcy).

    >>> poor = Economy(cash=1, income=2, shares=4, locomotive=3)
    >>> after, lines = end_of_turn_money(poor)
    >>> after.cash, after.income
    (0, -2)
    >>> lines[1]
    'expenses: $7 due, $3 paid; income drops by the $4 shortfall to -2'
    """
    cash = economy.cash + economy.income
    lines = [f"income: +${economy.income} -> ${cash}"]
    due = economy.expenses
    income = economy.income
    if cash >= due:
        cash -= due
        lines.append(f"expenses: -${due} ({economy.shares} shares + locomotive {economy.locomotive})"
                     f" -> ${cash}")
    else:
        shortfall = due - cash
        lines.append(f"expenses: ${due} due, ${cash} paid; income drops by the ${shortfall} "
                     f"shortfall to {income - shortfall}")
        cash, income = 0, income - shortfall
    cut = income_reduction(income)
    if cut:
        lines.append(f"income reduction: -{cut} (income {income} -> {income - cut})")
        income -= cut
    else:
        lines.append(f"income reduction: none (income {income})")
    return economy.with_(cash=cash, income=income), lines
