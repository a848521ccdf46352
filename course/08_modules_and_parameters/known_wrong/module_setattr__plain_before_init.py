# visible: fails
# mistake: anything before __init__ becomes plain
# why: a guard that stores every value plainly while the registries are missing also accepts a Parameter there; it is never registered, where PyTorch raises AttributeError.
# see: Exercise 1 · `Module.__setattr__` (3 points)
# hint: before super().__init__(), which values may be stored, and which must be refused by the register methods?
class Module(ModuleBase):
    def __setattr__(self, name, value):
        if "_parameters" not in self.__dict__:
            object.__setattr__(self, name, value)
        elif isinstance(value, Parameter):
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
