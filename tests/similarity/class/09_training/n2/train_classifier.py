# source: written for this set
def train_classifier(X, y, steps=100, seed=0):
    autograd_lib.manual_seed(seed)
    net = nn.MLP([X.shape[1], 16, 16, int(np.max(y)) + 1])
    opt = optim.Adam(net.parameters(), lr=0.05)
    xs, ys = autograd_lib.tensor(X), autograd_lib.tensor(y)

    def one_step():
        opt.zero_grad()
        loss = F.cross_entropy(net(xs), ys)
        loss.backward()
        opt.step()
        return loss.item()

    return net, [one_step() for _ in range(steps)]
