# visible: passes
# Reads self._parameters instead of self.__dict__.get("_parameters", {}): a plain attribute set
# before super().__init__() (which PyTorch allows) raises AttributeError.
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
