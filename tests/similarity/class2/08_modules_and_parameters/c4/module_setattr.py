# copy of i04: the registry dict comprehension written as a loop, the redundant type test dropped, the buffer and module tests reordered where independent
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``, by the five rules in their order: a Parameter, or any value
        for a registered parameter name, goes through register_parameter; a Module is
        registered as a submodule; a registered submodule or buffer name keeps its registry
        (None allowed); any other value becomes a plain attribute."""
        regs = {}
        for key in ("_parameters", "_modules", "_buffers"):
            regs[key] = self.__dict__.get(key, {})
        if isinstance(value, Parameter):
            self.register_parameter(name, value)
        elif name in regs["_parameters"]:
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            self.add_module(name, value)
        elif name in regs["_modules"]:
            self.add_module(name, value)
        elif name in regs["_buffers"]:
            self.register_buffer(name, value)
        else:
            object.__setattr__(self, name, value)
