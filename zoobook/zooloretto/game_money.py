"""The money actions of a Zooloretto game: which ones to ask about, whether each is legal, what it does.

:class:`MoneyActions` is the part of :class:`~zoobook.zooloretto.game.ZoolorettoState` (which
inherits it) that turns a money action of the player to move (:data:`~zoobook.zooloretto.game_actions.MONEY_ACTIONS`)
into the zoo rules of :mod:`zoobook.zooloretto.actions`: the candidates ``legal_actions()`` checks,
the refusal (remembered until the state changes), and the new zoos -- a purchase changes two.

Examples
--------
>>> from zoobook.zooloretto.game import ZoolorettoState
>>> state = ZoolorettoState.new(players=2, seed=1)
>>> print(state.refusal(Expand()))
the expand action costs 3 coins and you have 2 [Z-MONEY-1]
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from zoobook.errors import IllegalAction, Refusal
from zoobook.zooloretto import actions as za
from zoobook.zooloretto.game_actions import (
    DISCARD, MONEY, PASS_SITES, PURCHASE, TURN, BuyPavilion, BuyRestaurant, Discard, Exchange, Expand, Move,
    MoveBetween, MoveStall, PassSites, Purchase, _refusal_from,
)
from zoobook.zooloretto.model import CONSTRUCTION_SITES, SITE, SOUVENIR_SHOP, THREE_BUILDINGS, Tile, Zoo

__all__ = ["MoneyActions"]


def _tile(code: str) -> Tile:
    """A barn or truck tile from its code (the souvenir shop too, which no truck carries)."""
    return Tile("stall", code) if code == SOUVENIR_SHOP else Tile.parse(code)


def _discard(zoo: Zoo, code: str, offspring: bool):
    """The zoo rules' ``discard`` of exactly the barn tile *code* (an offspring if *offspring*)."""
    if code == SOUVENIR_SHOP or code in zoo.barn.stalls:
        return za.discard(zoo, code)
    species, _, sex = code.partition("-")
    return za.discard(zoo, species, sex=sex or None, offspring=offspring)


class MoneyActions:
    """The money-action half of :class:`~zoobook.zooloretto.game.ZoolorettoState`.

    A mixin: it reads the state's ``zoos``, ``middle``, ``players`` and its cache of checked
    actions, and changes nothing but that cache.
    """

    def _money_candidates(self, seat: int):
        """Every money action worth asking about (a superset of the legal ones)."""
        zoo = self.zoos[seat]
        if zoo.coins <= 0:
            return
        keys = zoo.keys
        shop_options = [None]
        if self.middle.souvenir_shop:
            shop_options += list(keys) + [za.BARN]
        barn = zoo.barn
        for species in dict.fromkeys(barn.animals):
            variants = [(None, False)] + [(sex, False) for sex in ("male", "female")
                                          if f"{species}-{sex}" in barn.fertile]
            if barn.offspring:
                variants.append((None, True))
            # a cheap first check (one species per enclosure, an empty space); the move itself checks the rest
            open_keys = [e.key for e in zoo.enclosures if e.species in (None, species) and e.free_spaces > 0]
            for (sex, offspring), to in itertools.product(variants, open_keys):
                for shop in (shop_options if sex else [None]):
                    yield Move(species, to, sex, offspring, shop)
        for here in zoo.enclosures:
            if not here.animals:
                continue
            variants = ([(None, False)] + [(sex, False) for sex in dict.fromkeys(here.fertile)]
                        + [(None, True)] * bool(here.offspring))
            open_keys = [e.key for e in zoo.enclosures if e.key != here.key
                         and e.species in (None, here.species) and e.free_spaces > 0]
            for (sex, offspring), to in itertools.product(variants, open_keys):
                for shop in (shop_options if sex else [None]):
                    yield MoveBetween(here.species, here.key, to, sex, offspring, shop)
        for where, stalls in [(za.BARN, barn.stalls)] + [(e.key, e.stalls) for e in zoo.enclosures]:
            for stall in dict.fromkeys(stalls):
                if stall == SITE:
                    continue
                for to in keys + (za.BARN,):
                    if to != where:
                        yield MoveStall(stall, where, to)
        filled = [e.key for e in zoo.enclosures if e.animals]
        for first, second in itertools.combinations(filled, 2):
            yield Exchange(first, second)
        for first in filled:
            for species in dict.fromkeys(barn.animals):
                for shop in shop_options:
                    yield Exchange(first, za.BARN, species, shop)
        if zoo.coins >= 2:
            for other in self._opponents(seat):
                for code, offspring in self._barn_tiles(other):
                    tile = _tile(code)
                    for to in keys + (za.BARN,):
                        if tile.name == SOUVENIR_SHOP or za.refusal(zoo, tile, to) is None:  # cheap first check
                            for shop in (shop_options if tile.sex else [None]):
                                yield Purchase(other, code, to, shop, offspring)
            for code, offspring in self._barn_tiles(seat):
                yield Discard(code, offspring)
        if zoo.coins >= 3:
            yield Expand()
            if self.uses(THREE_BUILDINGS):
                yield BuyRestaurant()
                for key in keys:
                    yield BuyPavilion(key)
        if self.uses(CONSTRUCTION_SITES):
            own = [("enclosure", e.key) for e in zoo.enclosures for _ in range(e.sites)]
            own += [("stall", e.key) for e in zoo.enclosures for s in e.stalls if s == SITE]
            own += [("barn", za.BARN)] * barn.sites
            choices = {tuple(sorted(c)) for n in (1, 2) for c in itertools.combinations(own, n)}
            for markers in sorted(choices):
                yield PassSites(markers)

    def _barn_tiles(self, seat: int) -> list[tuple[str, bool]]:
        """Every distinct tile of *seat*'s barn as (code, offspring): a plain animal, each unbred fertile
        one, an offspring, each stall."""
        barn = self.zoos[seat].barn
        tiles = []
        young = barn.young
        for species in dict.fromkeys(barn.animals):
            fertile = [f for f in dict.fromkeys(barn.fertile) if f.split("-")[0] == species]
            plain = (barn.animals.count(species) - sum(f.split("-")[0] == species for f in barn.fertile)
                     - young.count(species))
            if plain > 0:
                tiles.append((species, False))
            tiles.extend((f, False) for f in fertile)
            if species in young:
                tiles.append((species, True))
        tiles.extend((s, False) for s in dict.fromkeys(barn.stalls))
        return tiles

    def _money_refusal(self, seat: int, action) -> Refusal | None:
        # Remembered until the state changes: legal_actions() checks what a bot then weighs.
        key = (seat, action)
        found = self._checked.get(key)
        if found is None:
            found = self._checked[key] = self._money_outcome(seat, action, check_only=True)
        zoos, rest = found
        return rest if zoos is None else None

    def _money_outcome(self, seat: int, action, check_only: bool = False):
        """(new zoos by seat, events) or (None, refusal) for a money action of *seat*."""
        zoo = self.zoos[seat]
        try:
            if isinstance(action, Purchase):  # two zoos change
                return self._purchase(seat, action, check_only)
            out = self._money_effect(seat, zoo, action)
        except IllegalAction as exc:
            return None, _refusal_from(exc, MONEY)
        except (KeyError, TypeError, AttributeError, ValueError) as exc:  # nonsense arguments
            return None, Refusal(f"{action!r} cannot be done: {exc}", MONEY)
        if isinstance(out, Refusal):
            return None, out
        why = self._shop_check(zoo, out.zoo, action.shop_to) if hasattr(action, "shop_to") else None
        return (None, why) if why else ({seat: out.zoo}, out.events)

    def _money_effect(self, seat: int, zoo: Zoo, action):
        """The zoo rules' outcome of a money action other than a purchase, or the refusal of its arguments."""
        if isinstance(action, Move):
            return za.move_from_barn(zoo, action.species, action.to, sex=action.sex,
                                     offspring=action.offspring, shop_to=action.shop_to)
        if isinstance(action, MoveBetween):
            if action.source == za.BARN:  # the zoo rules would take it as a Move: one action, one form
                return Refusal("a move from the barn is Move(species, to), not MoveBetween", "Z-MONEY-2")
            return za.move_between(zoo, action.species, action.source, action.to, sex=action.sex,
                                   offspring=action.offspring, shop_to=action.shop_to)
        if isinstance(action, MoveStall):
            return za.move_stall(zoo, action.stall, action.source, action.to)
        if isinstance(action, Exchange):
            if action.second != za.BARN and action.barn_species is not None:
                return Refusal("barn_species names the barn's group; this exchange is between two enclosures",
                               "Z-MONEY-5")
            return za.exchange(zoo, action.first, action.second, barn_species=action.barn_species,
                               shop_to=action.shop_to)
        if isinstance(action, Discard):
            if action.tile in (SITE, "barn-site") or action.tile.startswith("site:"):
                # a marker is no tile of the barn to discard, whether or not one is there (Z-SITES-9)
                return Refusal("a discard cannot remove a construction-site marker: pass it on to an opponent "
                               "(1 coin)", "Z-SITES-9")
            if (action.tile, action.offspring) not in self._barn_tiles(seat):
                return Refusal(f"there is no {'offspring ' if action.offspring else ''}{action.tile} "
                               "in your barn to discard", DISCARD)
            return _discard(zoo, action.tile, action.offspring)
        if isinstance(action, Expand):
            return za.expand(zoo)
        if isinstance(action, BuyRestaurant):
            return za.buy_restaurant(zoo)
        if isinstance(action, BuyPavilion):
            return za.buy_pavilion(zoo, action.to)
        if isinstance(action, PassSites):
            if tuple(sorted(action.markers)) != tuple(action.markers):
                return Refusal("write the markers in sorted order", PASS_SITES)
            return za.pass_sites(zoo, action.markers)
        return Refusal(f"{action!r} is not a money action", TURN)

    def _purchase(self, seat: int, action: Purchase, check_only: bool = False):
        if action.seller == seat or not isinstance(action.seller, int) or not 0 <= action.seller < self.players:
            return None, Refusal("a purchase takes a tile from another player's barn", PURCHASE)
        offered = self._barn_tiles(action.seller)
        if (action.tile, action.offspring) not in offered:
            offers = ", ".join(c + (" offspring" if o else "") for c, o in offered) or "nothing"
            return None, Refusal(f"player {action.seller}'s barn offers no {action.tile} (it offers {offers})",
                                 PURCHASE)
        zoo, seller = self.zoos[seat], self.zoos[action.seller]
        tile = _tile(action.tile)
        extra = {"offspring": True} if action.offspring else {}
        out = za.purchase(zoo, tile, action.to, shop_to=action.shop_to, **extra)
        why = self._shop_check(zoo, out.zoo, action.shop_to)
        if why:
            return None, why
        if check_only:
            return {seat: out.zoo}, out.events
        # The seller's barn loses exactly that tile (a discard's bookkeeping, without its price);
        # the seller gets 1 coin, the bank the other.
        sold = _discard(replace(seller, coins=seller.coins + 2), action.tile, action.offspring).zoo
        sold = replace(sold, coins=seller.coins + 1)
        return {seat: out.zoo, action.seller: sold}, out.events
