# visible: fails
# mistake: reads self._parameters
# why: before super().__init__() the registries do not exist yet, so a plain attribute set there (PyTorch allows it) makes self._parameters raise AttributeError.
# see: Exercise 1 · `Module.__setattr__` (3 points)
# hint: where do the registries live, and how do you read them safely before they exist?
class Module(ModuleBase):
    def __setattr__(self, name, value):
        if isinstance(value, Parameter):
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        elif name in self._parameters:
            self.register_parameter(name, value)
        elif name in self._modules:
            self.add_module(name, value)
        elif name in self._buffers:
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
