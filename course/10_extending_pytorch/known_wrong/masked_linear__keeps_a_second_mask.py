# visible: fails
# mistake: forward uses a private copy of the mask
# why: the buffer is saved and loaded, but forward reads another attribute, so a layer that loads a state_dict keeps computing with its old mask.
# see: Parameters, buffers and plain attributes
# hint: after load_state_dict, which tensor holds the loaded mask, and which one does forward read?
class MaskedLinear(Linear):
    def __init__(self, mask, bias=True):
        out_features, in_features = mask.shape
        super().__init__(in_features, out_features, bias)
        self.register_buffer("mask", mask.clone())
        self.connections = mask

    def forward(self, input):
        return TorchLinearFunction.apply(input, self.weight * self.connections.to(self.weight.dtype), self.bias)
