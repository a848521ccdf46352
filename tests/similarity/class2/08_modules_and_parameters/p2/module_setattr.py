# source: written for this set, a student who tests the plain case first
class Module(ModuleBase):
    """ModuleBase plus the rule that files every assigned attribute into the right registry."""

    def __setattr__(self, name: str, value: Any) -> None:
        """``self.name = value``, by the five rules in their order: a Parameter, or any value
        for a registered parameter name, goes through register_parameter; a Module is
        registered as a submodule; a registered submodule or buffer name keeps its registry
        (None allowed); any other value becomes a plain attribute."""
        regs = [self.__dict__.get(r, {}) for r in ("_parameters", "_modules", "_buffers")]
        if not isinstance(value, (Parameter, Module)) and not any(name in r for r in regs):
            object.__setattr__(self, name, value)
        elif isinstance(value, Parameter) or name in regs[0]:
            self.register_parameter(name, value)
        elif isinstance(value, Module) or name in regs[1]:
            self.add_module(name, value)
        else:
            self.register_buffer(name, value)
