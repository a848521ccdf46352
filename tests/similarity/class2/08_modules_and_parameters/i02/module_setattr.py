# source: written for this set, a terse student (a loop over the registries, no docstrings)
class Module(ModuleBase):

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, Parameter) or name in self.__dict__.get("_parameters", ()):
            return self.register_parameter(name, value)
        if isinstance(value, Module):
            return self.add_module(name, value)
        for registry, register in (("_modules", self.add_module), ("_buffers", self.register_buffer)):
            if name in self.__dict__.get(registry, ()):
                return register(name, value)
        object.__setattr__(self, name, value)
