# source: tests/unusual_correct/10_extending_pytorch/masked_linear__where_and_late_buffer.py
class MaskedLinear(Linear):
    def __init__(self, mask, bias=True):
        super().__init__(mask.shape[1], mask.shape[0], bias=bias)
        self.register_buffer("mask", None)
        self.mask = mask  # a tensor assigned to a registered buffer name stays a buffer

    def forward(self, input):
        weight = torch.where(self.mask != 0, self.weight, torch.zeros_like(self.weight))
        return TorchLinearFunction.apply(input, weight, self.bias)
