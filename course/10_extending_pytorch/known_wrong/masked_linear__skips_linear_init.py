# visible: fails
# mistake: the parameters are made by hand, with zeros
# why: without Linear.__init__ the layer never runs reset_parameters, so it starts from zeros instead of nn.Linear's numbers.
# see: A Module around the Function
# hint: what does Linear.__init__ do after it creates the parameters, and how do you run it from a subclass?
class MaskedLinear(Linear):
    def __init__(self, mask, bias=True):
        nn.Module.__init__(self)
        out_features, in_features = mask.shape
        self.in_features, self.out_features = in_features, out_features
        self.weight = nn.Parameter(torch.zeros(out_features, in_features))
        if bias:
            self.bias = nn.Parameter(torch.zeros(out_features))
        else:
            self.register_parameter("bias", None)
        self.register_buffer("mask", mask)

    def forward(self, input):
        return TorchLinearFunction.apply(input, self.weight * self.mask, self.bias)
