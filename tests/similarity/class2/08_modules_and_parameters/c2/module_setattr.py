# copy of i02: the registry loop unrolled into an if chain, the returns dropped for elif, docstrings put back
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``, by the five rules in their order: a Parameter, or any value
        for a registered parameter name, goes through register_parameter; a Module is
        registered as a submodule; a registered submodule or buffer name keeps its registry
        (None allowed); any other value becomes a plain attribute."""
        if isinstance(value, Parameter) or name in self.__dict__.get("_parameters", ()):
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        elif name in self.__dict__.get("_modules", ()):
            self.add_module(name, value)
        elif name in self.__dict__.get("_buffers", ()):
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
