# source: written for this set, a verbose student (explicit branches, comments)
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``, by the five rules in their order: a Parameter, or any value
        for a registered parameter name, goes through register_parameter; a Module is
        registered as a submodule; a registered submodule or buffer name keeps its registry
        (None allowed); any other value becomes a plain attribute."""
        params = self.__dict__.get("_parameters", {})
        modules = self.__dict__.get("_modules", {})
        buffers = self.__dict__.get("_buffers", {})
        # new parameters and submodules are registered by their type
        if isinstance(value, Parameter):
            self.register_parameter(name, value)
            return
        # a registered parameter name stays a parameter, whatever the value
        if name in params:
            self.register_parameter(name, value)
            return
        if isinstance(value, Module):
            self.add_module(name, value)
            return
        # other registered names stay in their registry
        if name in modules:
            self.add_module(name, value)
            return
        if name in buffers:
            self.register_buffer(name, value)
            return
        object.__setattr__(self, name, value)
