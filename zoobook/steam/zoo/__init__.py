"""The Age of Steam Zoo solo map: animal areas with danger, exit teleports, Feeding.

* :mod:`.model`: the map (areas, towns, exits, track) on the shared
  :mod:`zoobook.steam.hexmap`;
* :mod:`.shipping`: the lowest locomotive level for a shipment, by search in a
  state graph, with witness and explanation; the all-pairs table;
* :mod:`.kinds`: the puzzle kind ``steam-zoo/shipment``.
"""

from zoobook.steam.zoo.model import Area, Town, ZooMap
from zoobook.steam.zoo.shipping import (Network, Shipment, best_shipment, explain_shipment,
                                        level_table, min_locomotive, shipment_solution,
                                        shipment_table, state_graph)

__all__ = ["Area", "Town", "ZooMap", "Network", "Shipment", "best_shipment", "explain_shipment",
           "level_table", "min_locomotive", "shipment_solution", "shipment_table", "state_graph"]
