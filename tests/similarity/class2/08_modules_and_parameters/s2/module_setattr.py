# copy of solution: the final else moved up as an inverted test, the buffer and submodule-name branches swapped
class Module(ModuleBase):

    def __setattr__(self, name: str, value: Any) -> None:
        registered = self.__dict__
        if isinstance(value, Parameter) or name in registered.get("_parameters", {}):
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        elif name in registered.get("_buffers", {}):
            self.register_buffer(name, value)
        elif name in registered.get("_modules", {}):
            self.add_module(name, value)
        else:
            object.__setattr__(self, name, value)
