# copy of i03: the dict renamed, the membership tests split into nested ifs, super() written as object
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``, by the five rules in their order: a Parameter, or any value
        for a registered parameter name, goes through register_parameter; a Module is
        registered as a submodule; a registered submodule or buffer name keeps its registry
        (None allowed); any other value becomes a plain attribute."""
        state = self.__dict__
        if isinstance(value, Parameter) or name in state.get("_parameters", {}):
            self.register_parameter(name, value)
        elif isinstance(value, Module) or name in state.get("_modules", {}):
            self.add_module(name, value)
        elif name in state.get("_buffers", {}):
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
