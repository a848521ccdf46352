# visible: fails
# Registers Parameters only: a submodule becomes a plain attribute, so its weights are never listed.
class Module(ModuleBase):
    def __setattr__(self, name, value):
        if isinstance(value, Parameter):
            self.register_parameter(name, value)
        elif name in self.__dict__.get("_parameters", {}):
            self.register_parameter(name, value)
        elif name in self.__dict__.get("_buffers", {}):
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
