# source: written for this set
def accuracy(model, X, y):
    scores = model(autograd_lib.tensor(X)).data
    return float((scores.argmax(axis=1) == y).mean())
