# visible: passes
# Registers the value and also stores it with object.__setattr__: the name lives in two places,
# so `self.bias = None` later updates __dict__ while the old bias stays registered.
class Module(ModuleBase):
    def __setattr__(self, name, value):
        if isinstance(value, Parameter):
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        object.__setattr__(self, name, value)
