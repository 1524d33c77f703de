"""zoobook: board-game rules and the graph algorithms hiding in them.

The library is organised one way round: a puzzle file is read into a rules
model, the model becomes a networkx graph, a solver finds the optimum with a
witness and an explanation, and widgets only draw the result.

>>> import zoobook
>>> zoobook.__version__
'0.1.0'
"""

__version__ = "0.1.0"
__all__ = ["__version__"]
