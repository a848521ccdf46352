# copy of i01: every name changed, comments dropped, the early returns turned into an elif chain, the three registry reads reordered
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``, by the five rules in their order: a Parameter, or any value
        for a registered parameter name, goes through register_parameter; a Module is
        registered as a submodule; a registered submodule or buffer name keeps its registry
        (None allowed); any other value becomes a plain attribute."""
        bufs = self.__dict__.get("_buffers", {})
        ps = self.__dict__.get("_parameters", {})
        mods = self.__dict__.get("_modules", {})
        if isinstance(value, Parameter):
            self.register_parameter(name, value)
        elif name in ps:
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        elif name in mods:
            self.add_module(name, value)
        elif name in bufs:
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
