"""Puzzle files: loading, the registry of kinds, solutions and the catalogue.

See ``docs/puzzle-format.md`` for the file format and ``zoobook --help`` for
the command that solves, verifies and lists puzzles.
"""

from zoobook.puzzles.catalogue import CatalogueEntry, catalogue, verify
from zoobook.puzzles.fields import Table
from zoobook.puzzles.loading import (Answer, Puzzle, default_puzzle_dir, find_puzzle_files,
                                     load_puzzle, parse_puzzle, puzzle_toml, write_puzzle)
from zoobook.puzzles.registry import PuzzleKind, all_kinds, get_kind, register, unregister
from zoobook.puzzles.solution import Solution

__all__ = ["Answer", "CatalogueEntry", "Puzzle", "PuzzleKind", "Solution", "Table", "all_kinds",
           "catalogue", "default_puzzle_dir", "find_puzzle_files", "get_kind", "load_puzzle",
           "parse_puzzle", "puzzle_toml", "register", "unregister", "verify", "write_puzzle"]
