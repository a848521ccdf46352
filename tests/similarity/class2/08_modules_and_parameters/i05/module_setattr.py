# source: written for this set, a student who dispatches on a small table
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``, by the five rules in their order: a Parameter, or any value
        for a registered parameter name, goes through register_parameter; a Module is
        registered as a submodule; a registered submodule or buffer name keeps its registry
        (None allowed); any other value becomes a plain attribute."""
        inside = self.__dict__
        if isinstance(value, Parameter):
            kind = "parameter"
        elif name in inside.get("_parameters", ()):
            kind = "parameter"
        elif isinstance(value, Module) or name in inside.get("_modules", ()):
            kind = "module"
        elif name in inside.get("_buffers", ()):
            kind = "buffer"
        else:
            kind = None
        if kind == "parameter":
            self.register_parameter(name, value)
        elif kind == "module":
            self.add_module(name, value)
        elif kind == "buffer":
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
