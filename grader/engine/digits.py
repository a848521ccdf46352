"""The digits milestone's data, training loops (the engine's and torch's) and pictures."""

from __future__ import annotations

from pathlib import Path

import numpy as np

HIDDEN, CLASSES, BATCH, LR, MOMENTUM, SEED = 64, 10, 32, 0.05, 0.9, 2


def load() -> dict:
    """scikit-learn's bundled 8x8 digits (no download), scaled to [0, 1]; a fixed 80/20 split."""
    from sklearn.datasets import load_digits

    bunch = load_digits()
    x, y = bunch.data / 16.0, bunch.target.astype(np.int64)
    order = np.random.default_rng(SEED).permutation(len(y))
    cut = int(0.8 * len(y))
    train, test = order[:cut], order[cut:]
    return {"x_train": x[train], "y_train": y[train], "x_test": x[test], "y_test": y[test],
            "images_test": bunch.images[test]}


def _batches(n: int, epoch: int) -> list[np.ndarray]:
    order = np.random.default_rng(SEED * 1000 + epoch).permutation(n)
    return [order[i:i + BATCH] for i in range(0, n, BATCH)]


def train_engine(lib, data: dict, epochs: int) -> dict:
    lib.manual_seed(SEED)
    model = lib.nn.MLP([64, HIDDEN, CLASSES])
    initial = {name: p.data.copy() for name, p in model.named_parameters()}
    optimiser = lib.optim.SGD(model.parameters(), lr=LR, momentum=MOMENTUM)
    # the student's CrossEntropy Function when their engine has it (grader.engine.pieces.ADDED)
    student_loss = getattr(lib.nn.functional, "CrossEntropy", None)
    loss_of = student_loss.apply if student_loss is not None else lib.nn.functional.cross_entropy
    losses = []
    for epoch in range(epochs):
        total = 0.0
        for batch in _batches(len(data["y_train"]), epoch):
            optimiser.zero_grad()
            loss = loss_of(model(lib.tensor(data["x_train"][batch])), lib.tensor(data["y_train"][batch]))
            loss.backward()
            optimiser.step()
            total += float(loss.data) * len(batch)
        losses.append(total / len(data["y_train"]))
    with lib.no_grad():
        logits = model(lib.tensor(data["x_test"])).data
    predicted = logits.argmax(axis=1)
    return {"initial": initial, "losses": losses, "predicted": predicted,
            "accuracy": float(np.mean(predicted == data["y_test"]))}


def train_torch(data: dict, initial: dict, epochs: int) -> dict:
    import torch

    torch.set_num_threads(1)  # small matrices: threads only cost time on a shared machine
    model = torch.nn.Sequential(torch.nn.Linear(64, HIDDEN), torch.nn.ReLU(), torch.nn.Linear(HIDDEN, CLASSES))
    model = model.double()
    with torch.no_grad():
        for name, p in model.named_parameters():
            p.copy_(torch.tensor(initial["layers." + name]))
    optimiser = torch.optim.SGD(model.parameters(), lr=LR, momentum=MOMENTUM)
    x_train, y_train = torch.tensor(data["x_train"]), torch.tensor(data["y_train"])
    losses = []
    for epoch in range(epochs):
        total = 0.0
        for batch in _batches(len(data["y_train"]), epoch):
            optimiser.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(x_train[batch]), y_train[batch])
            loss.backward()
            optimiser.step()
            total += float(loss.detach()) * len(batch)
        losses.append(total / len(data["y_train"]))
    with torch.no_grad():
        predicted = model(torch.tensor(data["x_test"])).argmax(dim=1).numpy()
    return {"losses": losses, "predicted": predicted, "accuracy": float(np.mean(predicted == data["y_test"]))}


def draw(data: dict, ours: dict, theirs: dict, out: Path) -> list[str]:
    """The loss curves, the confusion matrix and the misclassified digits, as PNGs in ``out``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out.mkdir(parents=True, exist_ok=True)
    paths = []
    fig, ax = plt.subplots(figsize=(5, 3.5))
    epochs = np.arange(1, len(ours["losses"]) + 1)
    ax.plot(epochs, ours["losses"], label="your engine")
    ax.plot(epochs, theirs["losses"], "--", label="torch, same initial weights")
    ax.set(title="Digits: training loss", xlabel="epoch", ylabel="mean cross-entropy", yscale="log")
    ax.legend()
    paths.append(_save(fig, out / "digits_loss.png"))
    confusion = np.zeros((CLASSES, CLASSES), dtype=int)
    np.add.at(confusion, (data["y_test"], ours["predicted"]), 1)
    fig, ax = plt.subplots(figsize=(5, 4.5))
    ax.imshow(confusion, cmap="Blues")
    for (i, j), count in np.ndenumerate(confusion):
        if count:
            ax.text(j, i, str(count), ha="center", va="center", fontsize=7)
    ax.set(title=f"Confusion matrix (test accuracy {ours['accuracy']:.1%})", xlabel="predicted", ylabel="true",
           xticks=range(CLASSES), yticks=range(CLASSES))
    paths.append(_save(fig, out / "digits_confusion.png"))
    wrong = np.flatnonzero(ours["predicted"] != data["y_test"])[:16]
    fig, axes = plt.subplots(2, 8, figsize=(8, 2.6))
    for ax, index in zip(axes.flat, list(wrong) + [None] * 16, strict=False):
        ax.axis("off")
        if index is not None:
            ax.imshow(data["images_test"][index], cmap="gray_r")
            ax.set_title(f"{data['y_test'][index]} as {ours['predicted'][index]}", fontsize=8)
    fig.suptitle("Misclassified test digits (true as predicted)")
    paths.append(_save(fig, out / "digits_misclassified.png"))
    return paths


def _save(fig, path: Path) -> str:
    import matplotlib.pyplot as plt

    fig.tight_layout()
    fig.savefig(path, dpi=80, metadata={"Software": None})
    plt.close(fig)
    return str(path)
