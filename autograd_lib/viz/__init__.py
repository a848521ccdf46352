"""Matplotlib drawings for the course (no graphviz, no networkx, torch never imported here).

Every plotting function takes an optional ``ax`` (a new figure is made if it is None) and
returns the Axes it drew on (an array of Axes where it draws several panels).

* :func:`draw_graph`, :func:`draw_graphs_side_by_side`: the computation graph of an
  autograd_lib or torch tensor as a layered DAG; :func:`graph_nodes` extracts it.
* :func:`plot_function_and_derivative`, :func:`plot_fd_error`: chapter 0.
* :func:`plot_broadcast_gradient`: chapter 4.
* :func:`plot_jacobians`: chapter 5.
* :func:`plot_loss_curve`, :func:`plot_decision_boundary`, :func:`plot_gradient_flow`:
  chapter 9.
* :func:`use_chinese_font`: Chinese labels, for the Chinese edition's notebooks.
"""

from .broadcast import plot_broadcast_gradient, sum_rule
from .calculus import plot_fd_error, plot_function_and_derivative
from .draw_graph import draw_graph, draw_graphs_side_by_side
from .fonts import chinese_font, use_chinese_font
from .graph_model import GraphEdge, GraphNode, graph_nodes
from .jacobian import plot_jacobians
from .layout import Layout, layered_layout
from .training import plot_decision_boundary, plot_gradient_flow, plot_loss_curve

__all__ = [
    "GraphEdge",
    "GraphNode",
    "Layout",
    "chinese_font",
    "draw_graph",
    "draw_graphs_side_by_side",
    "graph_nodes",
    "layered_layout",
    "plot_broadcast_gradient",
    "plot_decision_boundary",
    "plot_fd_error",
    "plot_function_and_derivative",
    "plot_gradient_flow",
    "plot_jacobians",
    "plot_loss_curve",
    "sum_rule",
    "use_chinese_font",
]
