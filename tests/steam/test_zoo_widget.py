"""The lesson's widget: set the controls, read the rendered answer and explanation."""

import matplotlib

matplotlib.use("Agg")

from zoobook.puzzles import load_puzzle  # noqa: E402
from zoobook.puzzles.loading import default_puzzle_dir  # noqa: E402
from zoobook.steam.zoo.model import Area, ZooMap  # noqa: E402
from zoobook.widgets.hexdraw import draw_hexmap  # noqa: E402
from zoobook.widgets.steam_zoo import ShipmentExplorer, draw_zoo, level_table_html  # noqa: E402


def seed_zoo():
    return ZooMap.build([Area("bears", (0, 0), 3), Area("goats", (2, 0), 2), Area("wolves", (4, 0), 4)],
                        tracks=[[(0, 0), (1, 0), (2, 0)], [(2, 0), (3, 0), (4, 0)]])


def test_the_answer_follows_the_level_slider():
    box = ShipmentExplorer(seed_zoo(), origin="bears", destination="wolves", level=2, draw=False)
    assert "Level 2 is not enough" in box.answer.value
    assert "lowest level that works is 3" in box.answer.value
    assert "cannot even leave bears" in box.answer.value
    box.level.value = 3
    assert "Level 3 is enough" in box.answer.value and "bears -&gt; goats -&gt; wolves" in box.answer.value
    assert "does not count" in box.explanation.value


def test_changing_the_destination_changes_the_answer():
    box = ShipmentExplorer(seed_zoo(), origin="goats", destination="wolves", level=2, draw=False)
    assert "Level 2 is enough" in box.answer.value and "goats -&gt; wolves" in box.answer.value
    box.destination.value = "bears"
    assert "Level 2 is enough" in box.answer.value and "goats -&gt; bears" in box.answer.value
    box.origin.value = "wolves"
    assert "Level 2 is not enough" in box.answer.value and "is 4" in box.answer.value
    box.destination.value = "wolves"
    assert "Pick two different animal areas" in box.answer.value


def test_feeding_checkbox_updates_the_explanation_and_the_picture():
    lion = load_puzzle(default_puzzle_dir() / "steam-zoo" / "rulebook-feeding-lion.toml").model
    box = ShipmentExplorer(lion.zoo, origin="zebra", destination="camel", level=5)
    assert "Level 5 is not enough" in box.answer.value and "lowest level that works is 6" in box.answer.value
    box.feeding.value = True
    assert "Level 5 is enough" in box.answer.value
    assert "Feeding lowers the danger of lion from 6 to 5" in box.explanation.value
    assert box.picture.value.startswith('<img alt="zebra to camel, level 5"')


def test_drawings_show_route_and_teleport():
    q = load_puzzle(default_puzzle_dir() / "steam-zoo" / "teleport-saves-links.toml").model
    from zoobook.steam.zoo.shipping import best_shipment

    s = best_shipment(q.zoo, q.origin, q.destination)
    fig, ax = draw_zoo(q.zoo, s, title="t")
    texts = {t.get_text() for t in ax.texts}
    assert {"gnus\n2", "buffaloes\n3", "exit"} <= texts
    polygons = sum(len(c.get_paths()) for c in ax.collections)  # hexes and nodes, one collection each
    assert polygons == len(q.zoo.hexmap.hexes()) + len(q.zoo.hexmap.nodes) and len(ax.patches) == 1  # + arc
    red = [line for line in ax.lines if line.get_color() == "#d62728"]
    links = [line for line in red if line.get_linestyle() == "-"]
    (arc,) = [line for line in red if line.get_linestyle() != "-"]  # the teleport, dashed
    assert len(links) == s.links
    # the whole arc is inside the picture (it used to bulge off the map and be clipped)
    (x0, x1), (y1, y0) = ax.get_xlim(), ax.get_ylim()
    assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in arc.get_xydata())
    fig2, ax2 = draw_hexmap(q.zoo.hexmap)
    assert not [line for line in ax2.lines if line.get_color() == "#d62728"]


def test_level_table_html_lists_every_pair():
    html = level_table_html(seed_zoo())
    assert html.count("<tr>") == 4 and "<td>3</td>" in html and "<td>4</td>" in html
