# visible: fails
# mistake: looks only at the value's type
# why: self.bias = None or a new buffer tensor is neither a Parameter nor a Module, so it becomes a plain attribute beside the stale registered value.
# see: How `self.x = value` is caught
# hint: what must happen when the name is already in a registry, whatever the new value?
class Module(ModuleBase):
    def __setattr__(self, name, value):
        if isinstance(value, Parameter):
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        else:
            object.__setattr__(self, name, value)
