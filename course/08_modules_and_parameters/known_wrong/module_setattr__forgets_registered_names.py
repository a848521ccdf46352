# visible: passes
# Only looks at the type of the value: `self.bias = None` or a new buffer tensor becomes a plain
# attribute beside the stale registered one, which state_dict and parameters() still list.
class Module(ModuleBase):
    def __setattr__(self, name, value):
        if isinstance(value, Parameter):
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        else:
            object.__setattr__(self, name, value)
