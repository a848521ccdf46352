"""draw_graph and draw_graphs_side_by_side on torch and autograd_lib-shaped graphs."""

from __future__ import annotations

import time

import matplotlib.pyplot as plt
import torch

from autograd_lib.viz import draw_graph, draw_graphs_side_by_side, graph_nodes


def node_patches(ax):
    return [p for p in ax.patches if (p.get_gid() or "").startswith("node:")]


def node_texts(ax):
    return [t.get_text() for t in ax.texts if (t.get_gid() or "").startswith("label:")]


def torch_example():
    a = torch.tensor([1.0, 2.0], requires_grad=True)
    b = torch.tensor([3.0, 4.0], requires_grad=True)
    c = (a * b + a).sum()
    c.backward()
    return a, b, c


def test_draws_one_patch_per_graph_node_for_a_torch_graph(tmp_path):
    a, b, c = torch_example()
    ax = draw_graph(c)
    assert len(node_patches(ax)) == len(graph_nodes(c)[0]) == 6
    assert sum(p.get_gid().startswith("node:function") for p in node_patches(ax)) == 3
    ax.figure.savefig(tmp_path / "graph.png")
    assert (tmp_path / "graph.png").stat().st_size > 0


def test_labels_show_names_shapes_data_grads_and_function_names():
    a, b, c = torch_example()
    texts = "\n".join(node_texts(draw_graph(c, names={a: "a", b: "b", c: "c"})))
    for expected in (
        "a (2,)",
        "b (2,)",
        "c ()",
        "data=[1., 2.]",
        "grad=[4., 5.]",
        "MulBackward0",
        "AddBackward0",
        "SumBackward0",
    ):
        assert expected in texts


def test_show_data_and_show_grad_can_be_turned_off():
    a, b, c = torch_example()
    texts = "\n".join(node_texts(draw_graph(c, show_data=False, show_grad=False)))
    assert "data" not in texts and "grad" not in texts


def test_reused_nodes_are_drawn_once():
    a = torch.tensor(2.0, requires_grad=True)
    b = a + a
    c = b + b
    ax = draw_graph(c, names={a: "a"})
    assert len(node_patches(ax)) == 4
    assert sum(t.startswith("a ") for t in node_texts(ax)) == 1
    assert sum(t.get_text() == "x2" for t in ax.texts) == 2


def test_numbering_puts_each_index_on_its_node():
    a, b, c = torch_example()
    add = c.grad_fn.next_functions[0][0]
    mul = add.next_functions[0][0]
    ax = draw_graph(c, numbering=[c.grad_fn, add, mul])
    numbers = {t.get_gid(): t for t in ax.texts if (t.get_gid() or "").startswith("number:")}
    assert sorted(numbers) == ["number:0", "number:1", "number:2"]
    patch_of = {p.get_gid(): p for p in node_patches(ax)}
    for index, fn in enumerate([c.grad_fn, add, mul]):
        box = patch_of[f"node:function:{id(fn)}"]
        x, y = numbers[f"number:{index}"].get_position()
        assert (x, y) == (box.get_x(), box.get_y() + box.get_height())


def test_numbering_an_accumulate_grad_numbers_its_leaf():
    a, b, c = torch_example()
    acc = c.grad_fn.next_functions[0][0].next_functions[1][0]
    ax = draw_graph(c, numbering=[acc])
    assert [t.get_text() for t in ax.texts if (t.get_gid() or "").startswith("number:")] == ["0"]


def test_layout_of_the_drawing_is_deterministic():
    a, b, c = torch_example()
    first = [(p.get_x(), p.get_y()) for p in node_patches(draw_graph(c))]
    second = [(p.get_x(), p.get_y()) for p in node_patches(draw_graph(c))]
    assert first == second


def test_draws_into_the_given_axes_with_title_and_axis_labels():
    _, ax = plt.subplots()
    a, b, c = torch_example()
    assert draw_graph(c, ax, title="mine") is ax
    assert ax.get_title() == "mine" and ax.get_xlabel() and ax.get_ylabel()
    assert draw_graph(c).get_title() == "Computation graph"


def test_autograd_lib_shaped_graph_draws_intermediates(fake_graph, tmp_path):
    g = fake_graph
    # names as pairs: the fake tensor, like numpy arrays, is unhashable
    ax = draw_graph(g["y"], names=[(g["a"], "a"), (g["b"], "b"), (g["ab"], "ab")])
    assert len(node_patches(ax)) == 8
    texts = "\n".join(node_texts(ax))
    assert "ab (2,)" in texts and "MulBackward" in texts and "grad=[4., 5.]" in texts
    ax.figure.savefig(tmp_path / "fake.png")


def test_names_may_map_labels_to_tensors(fake_graph):
    ax = draw_graph(fake_graph["y"], names={"y": fake_graph["y"]})
    assert ax.get_title() == "Computation graph of y"


def test_side_by_side_returns_two_axes_with_titles(fake_graph, tmp_path):
    a, b, c = torch_example()
    axes = draw_graphs_side_by_side(fake_graph["y"], c)
    assert len(axes) == 2
    assert [ax.get_title() for ax in axes] == ["autograd_lib", "PyTorch"]
    assert [len(node_patches(ax)) for ax in axes] == [8, 6]
    axes[0].figure.savefig(tmp_path / "side.png")


def test_sixty_node_graph_is_drawn_quickly_with_readable_text(tmp_path):
    h = torch.ones(4, 3)
    for _ in range(8):
        w = torch.full((3, 3), 0.1, requires_grad=True)
        bias = torch.zeros(3, requires_grad=True)
        h = torch.tanh(h @ w + bias) * 0.5 + h
    loss = (h**2).mean()
    loss.backward()
    nodes, _ = graph_nodes(loss)
    assert len(nodes) >= 55
    start = time.perf_counter()
    ax = draw_graph(loss)
    ax.figure.savefig(tmp_path / "big.png")
    assert time.perf_counter() - start < 5
    assert len(node_patches(ax)) == len(nodes)
    assert min(t.get_fontsize() for t in ax.texts) >= 4


def test_a_chinese_name_gets_the_chinese_font_and_a_box_wide_enough(monkeypatch):
    """The Chinese edition names a node in Chinese: its label falls back to the Chinese font (a
    generic "monospace" would draw boxes), and its box counts a Chinese character as two columns."""
    import matplotlib

    a = torch.tensor([1.0, 2.0], requires_grad=True)
    h = a * 2.0

    def label_and_box(name):
        ax = draw_graph(h, names={a: "a", h: name})
        label = next(t for t in ax.texts if name in t.get_text())
        box = next(p for p in node_patches(ax) if p.get_gid().endswith(label.get_gid().split(":", 1)[1]))
        return label, box.get_width()

    monkeypatch.setitem(matplotlib.rcParams, "font.family", ["sans-serif"])  # matplotlib's default
    english, english_width = label_and_box("h" * 12)
    assert english.get_fontfamily() == ["monospace"]
    monkeypatch.setitem(matplotlib.rcParams, "font.family", ["DejaVu Sans", "Noto Sans CJK SC"])
    chinese, chinese_width = label_and_box("钩" * 12)  # as many characters, twice the columns
    assert chinese.get_fontfamily() == ["DejaVu Sans Mono", "Noto Sans CJK SC"]
    assert chinese_width > english_width


def test_the_axis_labels_are_english_by_default_and_take_a_chapters_words():
    a, b, c = torch_example()
    flow = "forward direction: inputs -> Functions -> output"
    for direction, (xlabel, ylabel) in {
        "LR": (flow, "boxes in one column do not depend on each other"),
        "TB": ("boxes in one row do not depend on each other", flow),
    }.items():
        ax = draw_graph(c, direction=direction)
        assert (ax.get_xlabel(), ax.get_ylabel()) == (xlabel, ylabel)
        plt.close(ax.figure)
    words = {"flow": "前向方向：输入 -> Function -> 输出", "across": ("同一列的方框互不依赖", "同一行的方框互不依赖")}
    ax = draw_graph(c, direction="LR", **words)
    assert (ax.get_xlabel(), ax.get_ylabel()) == (words["flow"], words["across"][0])
    axes = draw_graphs_side_by_side(c, c, direction="TB", **words)
    assert [(x.get_xlabel(), x.get_ylabel()) for x in axes] == [(words["across"][1], words["flow"])] * 2
    plt.close("all")
