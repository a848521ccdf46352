# Wrong: a registered buffer name keeps its registry only for a Tensor or None; any other value (a float) silently becomes a plain attribute beside the buffer instead of a TypeError.
class Module(ModuleBase):
    def __setattr__(self, name, value):
        params = self.__dict__.get("_parameters", {})
        modules = self.__dict__.get("_modules", {})
        buffers = self.__dict__.get("_buffers", {})
        if isinstance(value, Parameter) or name in params:
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        elif name in modules:
            self.add_module(name, value)
        elif name in buffers and (value is None or isinstance(value, Tensor)):
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
