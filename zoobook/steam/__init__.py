"""Age of Steam solo maps: Zoo and Easter Island.

Shared by both maps: :mod:`zoobook.steam.hexmap` (terrain, nodes, track and
links on a hex map). Each map has its own sub-package (:mod:`.zoo`,
:mod:`.easter`).
"""
