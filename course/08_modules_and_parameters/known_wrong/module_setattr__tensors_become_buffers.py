# visible: passes
# Treats every plain Tensor as state and registers it as a buffer; PyTorch keeps it a plain
# attribute (only register_buffer makes a buffer), so state_dict gains keys torch does not have.
class Module(ModuleBase):
    def __setattr__(self, name, value):
        if isinstance(value, Parameter):
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        elif name in self.__dict__.get("_parameters", {}):
            self.register_parameter(name, value)
        elif name in self.__dict__.get("_modules", {}):
            self.add_module(name, value)
        elif name in self.__dict__.get("_buffers", {}) or isinstance(value, Tensor):
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
