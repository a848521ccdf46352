# Wrong: a registered submodule name keeps its registry only when set to None; any other non-Module value becomes a plain attribute instead of a TypeError.
class Module(ModuleBase):
    def __setattr__(self, name, value):
        params = self.__dict__.get("_parameters", {})
        modules = self.__dict__.get("_modules", {})
        buffers = self.__dict__.get("_buffers", {})
        if isinstance(value, Parameter) or name in params:
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        elif name in modules and value is None:
            self.add_module(name, value)
        elif name in buffers:
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
